package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * net/ipv4/tcp_output.c, sender side: the {@code tcp_write_xmit} loop with pacing, cwnd, TSO
 * sizing and deferral, TCP Small Queues, transmission with EDT departure stamps, the TX
 * completion path ({@code tcp_wfree} to the TSQ handler) and retransmission.
 *
 * <p>Not modelled: MTU probing (tcp_mtu_probing=0 default, so {@link #mtuProbe} declines), urgent
 * data, TCP_TX_DELAY, MD5/AO, repair mode, chrono statistics and tail loss probes (see README).
 */
public final class TcpOutput {
  private TcpOutput() {}

  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  /* nonagle */
  public static final int TCP_NAGLE_OFF = 1;
  public static final int TCP_NAGLE_CORK = 2;
  public static final int TCP_NAGLE_PUSH = 4;

  /* ip_queue_xmit return codes */
  public static final int NET_XMIT_SUCCESS = 0;
  public static final int NET_XMIT_DROP = 1;
  public static final int NET_XMIT_CN = 2;

  /** tcp_stream_alloc_skb(): an empty skb whose head is charged to sk_wmem_queued. */
  public static TcpSkb streamAllocSkb(TcpSock sk) {
    TcpSkb skb = new TcpSkb();
    skb.truesize = sk.skbHeadTruesize;
    return skb;
  }

  /** New data went out: move it to the retransmit queue and count it in flight. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_event_new_data_sent",
      versions = "v4.15..v6.18", source = SRC,
      notes = "tcp_check_space() wakes the app through TcpInput.checkSpace")
  static void eventNewDataSent(TcpSock tp, TcpSkb skb) {
    int priorPackets = tp.packetsOut;

    tp.sndNxt = skb.endSeq;

    tp.writeQueue.unlink(skb);
    tp.rtxQueue.addTail(skb);

    if (tp.highestSack == null) {
      tp.highestSack = skb;
    }

    tp.packetsOut += skb.pcount;
    if (priorPackets == 0 || tp.icskPending == TcpSock.ICSK_TIME_LOSS_PROBE) {
      TcpTimer.rearmRto(tp);
    }

    TcpInput.checkSpace(tp);
  }

  /** Congestion state accounting after a data packet was sent. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_event_data_sent",
      versions = "v4.20..v6.18", source = SRC,
      notes = "pingpong accounting is receiver-side and left out")
  static void eventDataSent(TcpSock tp) {
    int now = tp.tcpJiffies32();

    if (tp.packetsInFlight() == 0) {
      tp.caEvent(TcpSock.CA_EVENT_TX_START);
    }

    tp.lsndtime = now;
  }

  /**
   * The TX completion destructor of every transmitted data clone (or software-GSO segment).
   * Returns the skb's truesize to the socket and, if TSQ had throttled it, queues the socket
   * for the TSQ work.
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_wfree",
      versions = "v4.20..v6.18", commits = {"75eefc6c59fd"}, source = SRC,
      notes = "queue_work(system_bh_wq) replaced a tasklet in v6.10; same effect here")
  public static void wfree(TcpSock sk, int truesize) {
    if (sk.outputC != null && sk.outputC.wfree(sk, truesize)) {
      return; // --ports c: the tree's C
    }
    TsqWork tsq;
    boolean empty;
    int oval;

    // keep one reference; dropped by sk_free() here or in the TSQ work
    sk.skWmemAlloc -= truesize - 1;

    // in ksoftirqd we are under stress: wait until qdisc and device queues drain
    if (sk.skWmemAlloc >= sk.sysctl.skbTruesize1 && sk.host.inKsoftirqd()) {
      sk.skWmemAlloc -= 1; // sk_free
      return;
    }

    oval = sk.skTsqFlags;
    if ((oval & TcpSock.TSQF_THROTTLED) == 0 || (oval & TcpSock.TSQF_QUEUED) != 0) {
      sk.skWmemAlloc -= 1; // sk_free
      return;
    }
    sk.skTsqFlags = (oval & ~TcpSock.TSQF_THROTTLED) | TcpSock.TSQF_QUEUED;

    // queue this socket to the BH work of this CPU
    tsq = sk.host.tsqWork();
    empty = tsq.isEmpty();
    tsq.add(sk);
    if (empty) {
      sk.host.queueTsqWork(tsq);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_tsq_write",
      versions = "v4.18..v6.18", source = SRC,
      notes = "the socket is always ESTABLISHED in the model")
  static void tsqWrite(TcpSock tp) {
    if (Integer.compareUnsigned(tp.lostOut, tp.retransOut) > 0
        && Integer.compareUnsigned(tp.sndCwnd(), tp.packetsInFlight()) > 0) {
      tp.mstampRefresh();
      xmitRetransmitQueue(tp);
    }

    writeXmit(tp, currentMss(tp), tp.nonagle, 0);
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_tsq_handler",
      versions = "v4.18..v6.18", source = SRC)
  static void tsqHandler(TcpSock sk) {
    if (!sk.ownedByUser) {
      tsqWrite(sk);
    } else {
      sk.skTsqFlags |= TcpSock.TCPF_TSQ_DEFERRED;
    }
  }

  /** release_sock() callback: run what BH work deferred while the app held the lock. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_release_cb",
      versions = "v4.18..v6.18", source = SRC,
      notes = "only the TSQ_DEFERRED bit is modelled")
  public static void releaseCb(TcpSock sk) {
    int flags = sk.skTsqFlags;

    if ((flags & TcpSock.TCPF_TSQ_DEFERRED) == 0) {
      return;
    }
    sk.skTsqFlags = flags & ~TcpSock.TCPF_TSQ_DEFERRED;
    tsqWrite(sk);
  }

  /** The pacing hrtimer expired: try to send again. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_pace_kick",
      versions = "v4.18..v6.18", source = SRC)
  public static void paceKick(TcpSock sk) {
    if (sk.writeXmitC != null && sk.writeXmitC.paceKick(sk)) {
      return; // --ports c: the tree's C
    }
    tsqHandler(sk);
  }

  /**
   * After a (re)transmit: advance the EDT clock by len / pacing_rate, less up to half of it as
   * credit for time the socket sat idle; the first 10 segments go unpaced.
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_update_skb_after_send",
      versions = "v5.0..v6.18", source = SRC)
  static void updateSkbAfterSend(TcpSock tp, TcpSkb skb, long priorWstamp) {
    if (tp.skPacingStatus != TcpSock.SK_PACING_NONE) {
      long rate = tp.skPacingRate;

      // sch_fq never paced the first 10 MSS either
      if (rate != TcpSock.UNLIMITED_RATE && rate != 0
          && Integer.compareUnsigned(tp.dataSegsOut, 10) >= 0) {
        long lenNs = Long.divideUnsigned(Seq.u32(skb.len) * 1_000_000_000L, rate);
        long credit = tp.tcpWstampNs - priorWstamp;

        // take OS jitter into account
        lenNs -= TcpSock.umin64(lenNs / 2, credit);
        tp.tcpWstampNs += lenNs;
      }
    }
    tp.tsortedSentQueue.moveTail(skb);
  }

  /**
   * Transmit a clone of {@code skb} (or the skb itself when {@code cloneIt} is false): stamp
   * its departure time, charge its truesize to sk_wmem_alloc, hand it to IP.
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "__tcp_transmit_skb",
      versions = "v4.20..v6.18", source = SRC,
      notes = "header/options building, checksums and ECN are not modelled; the clone's "
          + "truesize is the original's, as skb_clone copies it")
  static int transmitSkb(TcpSock tp, TcpSkb skb, boolean cloneIt) {
    long priorWstamp;
    int err;

    priorWstamp = tp.tcpWstampNs;
    tp.tcpWstampNs = TcpSock.umax64(tp.tcpWstampNs, tp.tcpClockCache); // u64 stamps
    skb.skbMstampNs = tp.tcpWstampNs;

    // GSO packets carry PSH to expedite the receiver's GRO flush: the kernel sets it on the
    // skb it hands to IP, a clone when clone_it (the model's host sees no header, so only the
    // skb sent itself keeps it)
    if (skb.pcount > 1 && !cloneIt) {
      skb.tcpFlags |= TcpSkb.TCPHDR_PSH;
    }

    // skb_set_owner_w for the clone: destructor tcp_wfree, truesize charged now
    tp.skWmemAlloc += skb.truesize;

    if (skb.len != 0) {
      eventDataSent(tp);
      tp.dataSegsOut += skb.pcount;
      tp.bytesSent += skb.len;
    }

    tp.segsOut += skb.pcount;

    if (cloneIt) {
      skb.clonesInHost++;
    }
    err = tp.host.queueXmit(tp, skb, skb.truesize);

    if (err > 0) {
      TcpInput.enterCwr(tp);
      err = err == NET_XMIT_CN ? 0 : err; // net_xmit_eval
    }
    if (err == 0 && cloneIt) {
      updateSkbAfterSend(tp, skb, priorWstamp);
      TcpRate.skbSent(tp, skb);
    }
    return err;
  }

  /** Append an skb the application filled to the write queue. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_queue_skb",
      versions = "v4.15..v6.18", source = SRC)
  public static void queueSkb(TcpSock tp, TcpSkb skb) {
    tp.writeSeq = skb.endSeq;
    tp.writeQueue.addTail(skb);
    tp.skWmemQueued += skb.truesize;
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_set_skb_tso_segs",
      versions = "v4.15..v6.18", source = SRC)
  static int setSkbTsoSegs(TcpSkb skb, int mssNow) {
    int tsoSegs;

    if (skb.len <= mssNow) {
      skb.tcpGsoSize = 0;
      skb.pcount = 1;
      return 1;
    }
    skb.tcpGsoSize = mssNow & 0xFFFF; // u16 tcp_gso_size
    tsoSegs = Integer.divideUnsigned(skb.len + mssNow - 1, mssNow); // DIV_ROUND_UP, unsigned
    skb.pcount = tsoSegs & 0xFFFF; // tcp_skb_pcount_set: the u16 tcp_gso_segs
    return tsoSegs;
  }

  /** pcount of an skb already counted in flight changed: fix the counters. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_adjust_pcount",
      versions = "v4.15..v6.18", source = SRC, notes = "SACK connections only (no Reno)")
  static void adjustPcount(TcpSock tp, TcpSkb skb, int decr) {
    tp.packetsOut -= decr;

    if ((skb.sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
      tp.sackedOut -= decr;
    }
    if ((skb.sacked & TcpSkb.TCPCB_SACKED_RETRANS) != 0) {
      tp.retransOut -= decr;
    }
    if ((skb.sacked & TcpSkb.TCPCB_LOST) != 0) {
      tp.lostOut -= decr;
    }
  }

  /** Split an skb of the retransmit (or write) queue at {@code len}. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_fragment",
      versions = "v5.3..v6.18", source = SRC,
      notes = "no TX timestamps; skb memory never runs out")
  static int fragment(TcpSock sk, boolean inRtxQueue, TcpSkb skb, int len, int mssNow) {
    TcpSkb buff;
    int oldFactor;
    int nlen;
    int flags;
    long limit;

    if (sk.warnOn(Integer.compareUnsigned(len, skb.len) > 0)) {
      return -22; // -EINVAL
    }

    // tcp_sendmsg() may overshoot sk_wmem_queued by a full skb; the rtx head and tail may split
    limit = sk.skSndbuf + 2L * (65536 + 256 + 320); // + 2 * SKB_TRUESIZE(GSO_LEGACY_MAX_SIZE)
    if ((sk.skWmemQueued >> 1) > limit && inRtxQueue && skb != sk.rtxQueue.head()
        && skb != sk.rtxQueue.tail()) {
      return -12; // -ENOMEM
    }

    buff = streamAllocSkb(sk);
    sk.skWmemQueued += buff.truesize;
    nlen = skb.len - len;
    buff.truesize += nlen;
    skb.truesize -= nlen;

    buff.seq = skb.seq + len;
    buff.endSeq = skb.endSeq;
    skb.endSeq = buff.seq;

    // PSH and FIN belong to the second part
    flags = skb.tcpFlags;
    skb.tcpFlags = flags & ~(TcpSkb.TCPHDR_FIN | TcpSkb.TCPHDR_PSH);
    buff.tcpFlags = flags;
    buff.sacked = skb.sacked;
    buff.eor = skb.eor;
    skb.eor = false;

    // skb_split
    buff.len = nlen;
    skb.len = len;

    buff.skbMstampNs = skb.skbMstampNs;

    oldFactor = skb.pcount;

    setSkbTsoSegs(skb, mssNow);
    setSkbTsoSegs(buff, mssNow);

    // delivery info for the new segment
    buff.txFirstTxMstamp = skb.txFirstTxMstamp;
    buff.txDeliveredMstamp = skb.txDeliveredMstamp;
    buff.txDelivered = skb.txDelivered;
    buff.txIsAppLimited = skb.txIsAppLimited;

    // already sent: fix the packet counters
    if (!Seq.before(sk.sndNxt, buff.endSeq)) {
      int diff = oldFactor - skb.pcount - buff.pcount;

      if (diff != 0) {
        adjustPcount(sk, skb, diff);
      }
    }

    if (inRtxQueue) {
      sk.rtxQueue.addAfter(skb, buff);
      sk.tsortedSentQueue.addAfter(skb, buff);
    } else {
      sk.writeQueue.addAfter(skb, buff);
    }
    return 0;
  }

  /** Drop ACKed bytes from the front of a partially ACKed skb. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_trim_head",
      versions = "v4.15..v6.18", source = SRC)
  static int trimHead(TcpSock sk, TcpSkb skb, int len) {
    int deltaTruesize = len; // __pskb_trim_head: paged data only

    skb.len -= len;
    skb.seq += len;

    skb.truesize -= deltaTruesize;
    sk.skWmemQueued -= deltaTruesize;

    if (skb.pcount > 1) {
      setSkbTsoSegs(skb, skb.mss());
    }
    return 0;
  }

  /** tcp_current_mss(): no SACK blocks are sent by a pure sender, so mss_cache. */
  static int currentMss(TcpSock tp) {
    return tp.mssCache;
  }

  /**
   * RFC 2861: after an idle period longer than the RTO, halve cwnd once per RTO of idleness, down
   * to the initial window (the model has no route metrics: tcp_init_cwnd gives TCP_INIT_CWND).
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_cwnd_restart",
      versions = "v4.10..v6.18", source = SRC)
  static void cwndRestart(TcpSock tp, int delta) {
    int restartCwnd = Seq.umin(tp.sysctl.initCwnd, tp.sndCwndClamp); // tcp_init_cwnd(tp, NULL)
    int cwnd = tp.sndCwnd();

    tp.caEvent(TcpSock.CA_EVENT_CWND_RESTART);

    tp.sndSsthresh = tp.currentSsthresh();
    restartCwnd = Seq.umin(restartCwnd, cwnd);

    while ((delta -= tp.icskRto) > 0 && Integer.compareUnsigned(cwnd, restartCwnd) > 0) {
      cwnd >>>= 1;
    }
    tp.sndCwndSet(Seq.umax(cwnd, restartCwnd));
    tp.sndCwndStamp = tp.tcpJiffies32();
    tp.sndCwndUsed = 0;
  }

  /** RFC 2861 slow part: halve unused cwnd after an RTO without filling it. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_cwnd_application_limited",
      versions = "v4.20..v6.18", source = SRC)
  static void cwndApplicationLimited(TcpSock tp) {
    if (tp.icskCaState == TcpSock.TCP_CA_OPEN && !tp.sockNoSpace) {
      // limited by the application or the receive window
      int initWin = Seq.umin(tp.sysctl.initCwnd, tp.sndCwndClamp);
      int winUsed = Seq.umax(tp.sndCwndUsed, initWin);
      if (Integer.compareUnsigned(winUsed, tp.sndCwnd()) < 0) {
        tp.sndSsthresh = tp.currentSsthresh();
        tp.sndCwndSet((tp.sndCwnd() + winUsed) >>> 1);
      }
      tp.sndCwndUsed = 0;
    }
    tp.sndCwndStamp = tp.tcpJiffies32();
  }

  /** Track per window whether cwnd was the limit, and the largest flight. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_cwnd_validate",
      versions = "v4.20..v6.18", source = SRC,
      notes = "the SNDBUF_LIMITED chrono is statistics only")
  static void cwndValidate(TcpSock tp, boolean isCwndLimited) {
    if (!Seq.before(tp.sndUna, tp.cwndUsageSeq)
        || isCwndLimited
        || (!tp.isCwndLimited
            && Integer.compareUnsigned(tp.packetsOut, tp.maxPacketsOut) > 0)) {
      tp.isCwndLimited = isCwndLimited;
      tp.maxPacketsOut = tp.packetsOut;
      tp.cwndUsageSeq = tp.sndNxt;
    }

    if (tp.isCwndLimited()) {
      // network is fed fully
      tp.sndCwndUsed = 0;
      tp.sndCwndStamp = tp.tcpJiffies32();
    } else {
      // network starves
      if (Integer.compareUnsigned(tp.packetsOut, tp.sndCwndUsed) > 0) {
        tp.sndCwndUsed = tp.packetsOut;
      }

      // (s32)(tcp_jiffies32 - snd_cwnd_stamp) >= icsk_rto: the u32 rto makes it unsigned
      if (tp.sysctl.slowStartAfterIdle
          && Integer.compareUnsigned(tp.tcpJiffies32() - tp.sndCwndStamp, tp.icskRto) >= 0
          && !tp.ca.hasCongControl()) {
        cwndApplicationLimited(tp);
      }
    }
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_minshall_check",
      versions = "v4.20..v6.18", source = SRC)
  static boolean minshallCheck(TcpSock tp) {
    return Seq.after(tp.sndSml, tp.sndUna) && !Seq.after(tp.sndSml, tp.sndNxt);
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_minshall_update",
      versions = "v4.20..v6.18", source = SRC)
  static void minshallUpdate(TcpSock tp, int mssNow, TcpSkb skb) {
    // skb->len (unsigned int) < pcount * mss_now (unsigned int): an unsigned compare
    if (Integer.compareUnsigned(skb.len, skb.pcount * mssNow) < 0) {
      tp.sndSml = skb.endSeq;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_nagle_check",
      versions = "v4.20..v6.18", source = SRC)
  static boolean nagleCheck(boolean partial, TcpSock tp, int nonagle) {
    return partial
        && ((nonagle & TCP_NAGLE_CORK) != 0
            || (nonagle == 0 && tp.packetsOut != 0 && minshallCheck(tp)));
  }

  /** Segments per TSO skb: about 1 ms at the pacing rate, plus a bonus for short RTTs. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_tso_autosize",
      versions = "v4.20..v6.18", commits = {"65466904b015", "ab14f1802cfb"}, source = SRC,
      notes = "before 65466904b015 (v5.18): min(rate >> shift, gso_max_size - 1 - "
          + "MAX_TCP_HEADER) with no RTT bonus; ab14f1802cfb (v5.18) moved the subtraction"
          + " into sk_setup_caps")
  static int tsoAutosize(TcpSock sk, int mssNow, int minTsoSegs) {
    long bytes;

    if (!sk.patchTsoRttBonus) {
      // the subtraction sk_setup_caps makes once since ab14f1802cfb
      bytes = TcpSock.umin64(sk.skPacingRate >>> sk.skPacingShift,
          sk.patchSkGsoMaxSizeAdjusted ? Seq.u32(sk.skGsoMaxSize)
              : sk.skGsoMaxSize - 1 - sk.sysctl.maxTcpHeader);
      return Seq.umax((int) Long.divideUnsigned(bytes, Seq.u32(mssNow)), minTsoSegs);
    }

    int r;

    bytes = sk.skPacingRate >>> sk.skPacingShift;

    r = sk.minRtt() >>> sk.sysctl.tsoRttLog;
    if (Integer.compareUnsigned(r, 32) < 0) { // BITS_PER_TYPE(sk_gso_max_size)
      bytes += Seq.u32(sk.skGsoMaxSize) >>> r;
    }

    bytes = TcpSock.umin64(bytes, Seq.u32(sk.skGsoMaxSize));

    return Seq.umax((int) Long.divideUnsigned(bytes, Seq.u32(mssNow)), minTsoSegs);
  }

  /** Segments wanted per TSO skb: the CC's minimum or tcp_min_tso_segs, autosized. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_tso_segs",
      versions = "v4.20..v6.18", source = SRC)
  public static int tsoSegs(TcpSock sk, int mssNow) {
    if (sk.outputC != null) {
      int c = sk.outputC.tsoSegs(sk, mssNow);
      if (c != TcpOutputHook.JAVA) {
        return c; // --ports c: the tree's C (tcp_tso_autosize inside)
      }
    }
    int minTso;
    int tsoSegs;

    minTso = sk.ca.hasMinTsoSegs() ? sk.ca.minTsoSegs(sk) : sk.sysctl.minTsoSegs;

    tsoSegs = tsoAutosize(sk, mssNow, minTso);
    return Seq.umin(tsoSegs, sk.skGsoMaxSegs);
  }

  /**
   * {@link #tsoSegs}'s answer for a report (the run's means, ss): the Java port, never the
   * tree's C, since reports read the socket between pieces of CPU work, where no kernel code
   * runs.
   */
  public static int tsoSegsForReport(TcpSock sk, int mssNow) {
    TcpOutputHook c = sk.outputC;
    sk.outputC = null;
    try {
      return tsoSegs(sk, mssNow);
    } finally {
      sk.outputC = c;
    }
  }

  /** The part of skb that can go now (window and Nagle). */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_mss_split_point",
      versions = "v4.20..v6.18", source = SRC)
  static int mssSplitPoint(TcpSock tp, TcpSkb skb, int mssNow, int maxSegs, int nonagle) {
    if (tp.outputC != null) {
      int c = tp.outputC.mssSplitPoint(tp, skb, mssNow, maxSegs, nonagle);
      if (c != TcpOutputHook.JAVA) {
        return c; // --ports c: the tree's C
      }
    }
    int partial;
    int needed;
    int window;
    int maxLen;

    window = tp.wndEnd() - skb.seq;
    maxLen = mssNow * maxSegs;

    if (Integer.compareUnsigned(maxLen, window) <= 0 && skb != tp.writeQueue.tail()) {
      return maxLen;
    }

    needed = Seq.umin(skb.len, window);

    if (Integer.compareUnsigned(maxLen, needed) <= 0) {
      return maxLen;
    }

    partial = Integer.remainderUnsigned(needed, mssNow);
    // a short last segment may wait for more data if Nagle says so
    if (nagleCheck(partial != 0, tp, nonagle)) {
      return needed - partial;
    }

    return needed;
  }

  /** Segments cwnd allows now; at least half a cwnd so two GSO packets can be in flight. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_cwnd_test",
      versions = "v4.20..v6.18", commits = {"22555032c513"}, source = SRC,
      notes = "before 22555032c513 (v6.10) a 1-segment FIN skb was always allowed; the "
          + "model never sends FIN")
  static int cwndTest(TcpSock tp) {
    if (tp.outputC != null) {
      int c = tp.outputC.cwndTest(tp);
      if (c != TcpOutputHook.JAVA) {
        return c; // --ports c: the tree's C
      }
    }
    int inFlight;
    int cwnd;
    int halfcwnd;

    inFlight = tp.packetsInFlight();
    cwnd = tp.sndCwnd();
    if (Integer.compareUnsigned(inFlight, cwnd) >= 0) {
      return 0;
    }

    halfcwnd = Seq.umax(cwnd >>> 1, 1);
    return Seq.umin(halfcwnd, cwnd - inFlight);
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_init_tso_segs",
      versions = "v4.20..v6.18", source = SRC)
  static int initTsoSegs(TcpSkb skb, int mssNow) {
    int tsoSegs = skb.pcount;

    if (tsoSegs == 0 || (tsoSegs > 1 && skb.mss() != mssNow)) {
      return setSkbTsoSegs(skb, mssNow);
    }

    return tsoSegs;
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_nagle_test",
      versions = "v4.20..v6.18", source = SRC)
  static boolean nagleTest(TcpSock tp, TcpSkb skb, int curMss, int nonagle) {
    if ((nonagle & TCP_NAGLE_PUSH) != 0) {
      return true;
    }

    if ((skb.tcpFlags & TcpSkb.TCPHDR_FIN) != 0) {
      return true;
    }

    return !nagleCheck(skb.len < curMss, tp, nonagle);
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_snd_wnd_test",
      versions = "v4.20..v6.18", source = SRC)
  static boolean sndWndTest(TcpSock tp, TcpSkb skb, int curMss) {
    int endSeq = skb.endSeq;

    if (skb.len > curMss) {
      endSeq = skb.seq + curMss;
    }

    return !Seq.after(endSeq, tp.wndEnd());
  }

  /** Split an unsent TSO skb at {@code len}; the rest stays in the write queue. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tso_fragment",
      versions = "v4.20..v6.18", source = SRC)
  static int tsoFragment(TcpSock sk, TcpSkb skb, int len, int mssNow) {
    int nlen = skb.len - len;
    TcpSkb buff;
    int flags;

    buff = streamAllocSkb(sk);
    sk.skWmemQueued += buff.truesize;
    buff.truesize += nlen;
    skb.truesize -= nlen;

    buff.seq = skb.seq + len;
    buff.endSeq = skb.endSeq;
    skb.endSeq = buff.seq;

    flags = skb.tcpFlags;
    skb.tcpFlags = flags & ~(TcpSkb.TCPHDR_FIN | TcpSkb.TCPHDR_PSH);
    buff.tcpFlags = flags;

    buff.eor = skb.eor;
    skb.eor = false;

    buff.len = nlen;
    skb.len = len;

    setSkbTsoSegs(skb, mssNow);
    setSkbTsoSegs(buff, mssNow);

    sk.writeQueue.addAfter(skb, buff);

    return 0;
  }

  /**
   * TSO "Nagle": hold a partial TSO skb back a little when more cwnd is about to open, unless
   * the last send was over 1 ms ago or the next ACK is far away (more than min(srtt/2, 1 ms)
   * from now; before 295ce1eb36ae: the rtx head left less than srtt/2 ago).
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_tso_should_defer",
      versions = "v5.0..v6.18", commits = {"295ce1eb36ae"}, source = SRC,
      notes = "before 295ce1eb36ae (v6.18; 6.1.158, 6.12.55) the last test was 'rtx head sent"
          + " less than srtt/2 ago: send now'")
  static boolean tsoShouldDefer(TcpSock tp, TcpSkb skb, boolean[] isCwndLimited,
      boolean[] isRwndLimited, int maxSegs) {
    if (tp.outputC != null) {
      int c = tp.outputC.tsoShouldDefer(tp, skb, isCwndLimited, isRwndLimited, maxSegs);
      if (c != TcpOutputHook.JAVA) {
        return c != 0; // --ports c: the tree's C
      }
    }
    int sendWin;
    int congWin;
    int limit;
    int inFlight;
    TcpSkb head;
    int winDivisor;
    long delta;

    if (tp.icskCaState >= TcpSock.TCP_CA_RECOVERY) {
      return false;
    }

    // only defer if the last write was recent (tcp_wstamp_ns may lie in the future)
    delta = tp.tcpClockCache - tp.tcpWstampNs - 1_000_000L;
    if (delta > 0) {
      return false;
    }

    inFlight = tp.packetsInFlight();

    sendWin = tp.wndEnd() - skb.seq;

    congWin = (tp.sndCwnd() - inFlight) * tp.mssCache;

    limit = Seq.umin(sendWin, congWin);

    // a full-sized TSO skb fits
    if (Integer.compareUnsigned(limit, maxSegs * tp.mssCache) >= 0) {
      return false;
    }

    // not the tail: it will not grow, send what fits
    if (skb != tp.writeQueue.tail() && Integer.compareUnsigned(limit, skb.len) >= 0) {
      return false;
    }

    winDivisor = tp.sysctl.tsoWinDivisor;
    if (winDivisor != 0) {
      int chunk = Seq.umin(tp.sndWnd, tp.sndCwnd() * tp.mssCache);

      // a fair fraction of the window is available: use it
      chunk = Integer.divideUnsigned(chunk, winDivisor);
      if (Integer.compareUnsigned(limit, chunk) >= 0) {
        return false;
      }
    } else {
      // not past a single ACK: more than 3 frames of room means send now
      if (Integer.compareUnsigned(limit, 3 * tp.mssCache) > 0) {
        return false;
      }
    }

    head = tp.rtxQueue.head();
    if (head == null) {
      return false;
    }
    if (tp.patchTsoDeferExpectedAck) {
      // srtt_us is srtt << 3: (NSEC_PER_USEC >> 3) * srtt_us is srtt in ns
      long srttInNs = 125L * Seq.u32(tp.srttUs);
      long expectedAck = head.skbMstampNs + srttInNs;
      long howFarIsTheAck = expectedAck - tp.tcpClockCache;
      // the next ACK is due in more than min(1 ms, srtt/2): do not defer
      long threshold = Math.min(srttInNs >>> 1, 1_000_000L);
      if (howFarIsTheAck - threshold > 0) {
        return false;
      }
    } else {
      delta = tp.tcpClockCache - head.skbMstampNs;
      // the next ACK is likely to come too late (half srtt): do not defer
      if (delta - 1000L * (Seq.u32(tp.srttUs) >>> 4) < 0) {
        return false;
      }
    }

    if (Integer.compareUnsigned(congWin, sendWin) < 0) {
      if (Integer.compareUnsigned(congWin, skb.len) <= 0) {
        isCwndLimited[0] = true;
        return true;
      }
    } else {
      if (Integer.compareUnsigned(sendWin, skb.len) <= 0) {
        isRwndLimited[0] = true;
        return true;
      }
    }

    // this skb will get no more data: do not wait
    if ((skb.tcpFlags & TcpSkb.TCPHDR_FIN) != 0 || skb.eor) {
      return false;
    }

    return true;
  }

  /** MTU probing; sysctl tcp_mtu_probing=0 leaves it disabled: -1, "not probing". */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_mtu_probe",
      versions = "v4.20..v6.18", source = SRC,
      notes = "only the icsk_mtup.enabled == 0 exit is modelled")
  static int mtuProbe(TcpSock sk) {
    return -1;
  }

  /** Internal pacing: hold the loop until the EDT clock is reached, arming the pacing timer. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_pacing_check",
      versions = "v4.20..v6.18", source = SRC)
  static boolean pacingCheck(TcpSock tp) {
    if (!tp.needsInternalPacing()) {
      return false;
    }

    if (Long.compareUnsigned(tp.tcpWstampNs, tp.tcpClockCache) <= 0) { // u64 stamps
      return false;
    }

    if (!tp.host.pacingTimerQueued(tp)) {
      tp.host.pacingTimerStart(tp, tp.tcpWstampNs);
    }
    return true;
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_rtx_queue_empty_or_single_skb",
      versions = "v6.1.60..v6.1, v6.6..v6.18", commits = {"f921a4a5bffa"}, source = SRC)
  static boolean rtxQueueEmptyOrSingleSkb(TcpSock sk) {
    return sk.rtxQueue.size() <= 1;
  }

  /**
   * TCP Small Queues: keep at most ~2 skbs or ~1 ms of data (doubled for retransmits) in the
   * qdisc and device. Returns true when the socket is throttled until a TX completion.
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_small_queue_check",
      versions = "v4.20..v6.18",
      commits = {"75eefc6c59fd", "75c119afe14f", "c73e5807e4f6", "f921a4a5bffa",
          "9ea3bfa61b09", "c4221a8cc3a7"},
      source = SRC,
      notes = "TCP_TX_DELAY extra bytes not modelled; the limit default and its scope follow "
          + "the era (TcpSock.limitOutputBytes)")
  public static boolean smallQueueCheck(TcpSock sk, TcpSkb skb, int factor) {
    if (sk.outputC != null) {
      int c = sk.outputC.smallQueueCheck(sk, skb, factor);
      if (c != TcpOutputHook.JAVA) {
        return c != 0; // --ports c: the tree's C
      }
    }
    long limit;

    // max_t(unsigned long, 2 * skb->truesize, rate >> shift): 2 * truesize is unsigned int
    limit = umax64(Seq.u32(2 * skb.truesize), sk.skPacingRate >>> sk.skPacingShift);
    if (!sk.patchTsqPacedUncapped || sk.patchTsqAlwaysLimit
        || sk.skPacingStatus == TcpSock.SK_PACING_NONE) {
      limit = TcpSock.umin64(limit, sk.limitOutputBytes);
    }
    limit <<= factor;

    if (Long.compareUnsigned(sk.skWmemAlloc, limit) > 0) {
      // always send when the rtx queue is empty (or holds one skb): TX completions may be
      // too slow to call us back
      if (sk.patchTsqRtxSingleSkb || !sk.patchRtxRbtree
          ? tsqShortcutSingle(sk, skb)
          : sk.rtxQueueEmpty()) {
        return false;
      }

      sk.skTsqFlags |= TcpSock.TSQF_THROTTLED;
      // a TX completion may have run before the flag was set: test again
      if (Long.compareUnsigned(sk.skWmemAlloc, limit) > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The "at most one skb unacked" shortcut: tcp_rtx_queue_empty_or_single_skb() since
   * f921a4a5bffa, "skb is the first or second of sk_write_queue" before the rb-tree rtx queue.
   */
  private static boolean tsqShortcutSingle(TcpSock sk, TcpSkb skb) {
    if (sk.patchRtxRbtree) {
      return rtxQueueEmptyOrSingleSkb(sk);
    }
    // pre-4.15: sent and unsent skbs shared one queue
    TcpSkb first = sk.rtxQueue.isEmpty() ? sk.writeQueue.head() : sk.rtxQueue.head();
    TcpSkb second = first == null ? null
        : first.next != null ? first.next : sk.rtxQueue.isEmpty() ? null : sk.writeQueue.head();
    return skb == first || skb == second;
  }

  /** Move payload from the next write-queue skb into a short head skb. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_grow_skb",
      versions = "v6.10..v6.18", commits = {"8ee602c63520"}, source = SRC)
  static void growSkb(TcpSock sk, TcpSkb skb, int amount) {
    TcpSkb nextSkb = skb.next;
    int nlen;

    if (nextSkb == null) { // tcp_skb_is_last
      return;
    }

    if (skb.eor) { // !tcp_skb_can_collapse
      return;
    }

    nlen = Math.min(amount, nextSkb.len);
    if (nlen == 0) {
      return;
    }
    // skb_shift: frags and their truesize move
    skb.len += nlen;
    skb.truesize += nlen;
    nextSkb.len -= nlen;
    nextSkb.truesize -= nlen;

    skb.endSeq += nlen;
    nextSkb.seq += nlen;

    if (nextSkb.len == 0) {
      // FIN may be set: take next's end_seq
      skb.endSeq = nextSkb.endSeq;

      eatOneSkb(sk, skb, nextSkb);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_eat_one_skb",
      versions = "v6.10..v6.18", source = SRC)
  static void eatOneSkb(TcpSock sk, TcpSkb dst, TcpSkb src) {
    dst.tcpFlags |= src.tcpFlags;
    dst.eor = src.eor;
    sk.writeQueue.unlink(src);
    sk.skWmemQueued -= src.truesize; // tcp_wmem_free_skb
  }

  /**
   * Send as much of the write queue as pacing, cwnd, the receive window, TSO deferral and TSQ
   * allow, in the kernel's order. Returns true when nothing is in flight yet data is queued
   * (the caller then arms the zero-window probe timer).
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_write_xmit",
      versions = "v4.20..v6.18", commits = {"8ee602c63520", "d5b38a71d333"}, source = SRC,
      notes = "before 8ee602c63520 (v6.10) tso_segs came from tcp_init_tso_segs() and short "
          + "skbs were not grown; chrono stats and loss-probe scheduling are left out")
  public static boolean writeXmit(TcpSock tp, int mssNow, int nonagle, int pushOne) {
    if (tp.writeXmitC != null) {
      int c = tp.writeXmitC.writeXmit(tp, mssNow, nonagle, pushOne);
      if (c != TcpWriteXmitHook.JAVA) {
        return c != 0; // --ports c: the tree's C, its callees inside
      }
    }
    TcpSkb skb;
    int tsoSegs;
    int sentPkts;
    int cwndQuota;
    int maxSegs;
    int result;
    boolean[] isCwndLimited = tp.isCwndLimitedOut;
    boolean[] isRwndLimited = tp.isRwndLimitedOut;

    isCwndLimited[0] = false;
    isRwndLimited[0] = false;

    sentPkts = 0;

    tp.mstampRefresh();
    if (pushOne == 0) {
      result = mtuProbe(tp);
      if (result == 0) {
        return false;
      } else if (result > 0) {
        sentPkts = 1;
      }
    }

    maxSegs = tsoSegs(tp, mssNow);
    while ((skb = tp.sendHead()) != null) {
      int limit;
      int missingBytes;

      if (pacingCheck(tp)) {
        break;
      }

      // before grow-skb the skb's segments were counted before the cwnd test
      tsoSegs = tp.patchGrowSkb ? 0 : initTsoSegs(skb, mssNow);

      cwndQuota = cwndTest(tp);
      if (cwndQuota == 0) {
        if (pushOne == 2) {
          cwndQuota = 1; // force out a loss probe
        } else {
          break;
        }
      }
      // before grow-skb the min() was taken at tcp_mss_split_point()'s argument: the same value
      cwndQuota = Seq.umin(cwndQuota, maxSegs);
      if (tp.patchGrowSkb) {
        missingBytes = cwndQuota * mssNow - skb.len;
        if (missingBytes > 0) {
          growSkb(tp, skb, missingBytes);
        }

        tsoSegs = setSkbTsoSegs(skb, mssNow);
      }

      if (!sndWndTest(tp, skb, mssNow)) {
        isRwndLimited[0] = true;
        break;
      }

      if (tsoSegs == 1) {
        if (!nagleTest(tp, skb, mssNow, skb.next == null ? nonagle : TCP_NAGLE_PUSH)) {
          break;
        }
      } else {
        if (pushOne == 0
            && tsoShouldDefer(tp, skb, isCwndLimited, isRwndLimited, maxSegs)) {
          break;
        }
      }

      limit = mssNow;
      if (tsoSegs > 1) {
        limit = mssSplitPoint(tp, skb, mssNow, cwndQuota, nonagle);
      }

      if (Integer.compareUnsigned(skb.len, limit) > 0
          && tsoFragment(tp, skb, limit, mssNow) != 0) {
        break;
      }

      if (smallQueueCheck(tp, skb, 0)) {
        break;
      }

      // an empty skb: an app is sleeping in sendmsg; never send a pure ACK from here
      if (skb.endSeq == skb.seq) {
        break;
      }

      if (transmitSkb(tp, skb, true) != 0) {
        break;
      }

      // advance send_head; packets_out grows
      eventNewDataSent(tp, skb);

      minshallUpdate(tp, mssNow, skb);
      sentPkts += skb.pcount;

      if (pushOne != 0) {
        break;
      }
    }

    isCwndLimited[0] |= Integer.compareUnsigned(tp.packetsInFlight(), tp.sndCwnd()) >= 0;
    if (sentPkts != 0 || isCwndLimited[0]) {
      cwndValidate(tp, isCwndLimited[0]);
    }

    if (sentPkts != 0) {
      if (tp.inCwndReduction()) {
        tp.prrOut += sentPkts;
      }
      return false;
    }
    return tp.packetsOut == 0 && !tp.writeQueueEmpty();
  }

  /** Push pending frames (the app wrote, or an ACK opened the window). */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "__tcp_push_pending_frames",
      versions = "v4.20..v6.18", source = SRC,
      notes = "tcp_check_probe_timer() is not modelled (the receive window never closes)")
  public static void pushPendingFrames(TcpSock sk, int curMss, int nonagle) {
    if (sk.writeXmitC != null && sk.writeXmitC.pushPendingFrames(sk, curMss, nonagle)) {
      return; // --ports c: the tree's C, tcp_write_xmit inside
    }
    if (writeXmit(sk, curMss, nonagle, 0)) {
      checkProbeTimer(sk);
    }
  }

  /**
   * tcp_check_probe_timer(): data is queued yet nothing is in flight (held by pacing, say):
   * arm the zero-window probe timer at max(icsk_rto, TCP_RTO_MIN), paced.
   */
  static void checkProbeTimer(TcpSock sk) {
    if (sk.packetsOut == 0 && sk.icskPending == 0) {
      TcpTimer.resetXmitTimer(sk, TcpSock.ICSK_TIME_PROBE0, Seq.umax(sk.icskRto, sk.tcpRtoMin()),
          true);
    }
  }

  /** A prior transmit of this skb still sits in a qdisc or driver queue. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "skb_still_in_host_queue",
      versions = "v5.11..v6.18", source = SRC)
  static boolean skbStillInHostQueue(TcpSock sk, TcpSkb skb) {
    if (skb.fcloneBusy()) {
      sk.skTsqFlags |= TcpSock.TSQF_THROTTLED;
      if (skb.fcloneBusy()) {
        return true;
      }
    }
    return false;
  }

  /** Retransmit one skb (up to {@code segs} segments of it). */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "__tcp_retransmit_skb",
      versions = "v5.11..v6.18", source = SRC,
      notes = "retransmit collapsing and the headroom-copy path are left out")
  static int retransmitSkbInner(TcpSock tp, TcpSkb skb, int segs) {
    int curMss;
    int diff;
    int len;
    int err;
    int availWnd;

    if (skbStillInHostQueue(tp, skb)) {
      return -16; // -EBUSY
    }

    if (Seq.before(skb.seq, tp.sndUna)) {
      if (Seq.before(skb.endSeq, tp.sndUna)) {
        tp.warnOn(true); // WARN_ON_ONCE(1)
        return -22; // -EINVAL
      }
      if (trimHead(tp, skb, tp.sndUna - skb.seq) != 0) {
        return -12; // -ENOMEM
      }
    }

    curMss = currentMss(tp);
    availWnd = tp.wndEnd() - skb.seq;

    // the receiver shrank its window below this skb: only a zero-window probe may go
    if (availWnd <= 0) {
      if (skb.seq != tp.sndUna) {
        return -11; // -EAGAIN
      }
      availWnd = curMss;
    }

    len = curMss * segs;
    if (len > availWnd) {
      len = availWnd / curMss * curMss;
      if (len == 0) {
        len = availWnd;
      }
    }
    // skb->len is an unsigned int: the int len converts to unsigned for the compare
    if (Integer.compareUnsigned(skb.len, len) > 0) {
      if (fragment(tp, true, skb, len, curMss) != 0) {
        return -12;
      }
    } else {
      diff = skb.pcount;
      setSkbTsoSegs(skb, curMss);
      diff -= skb.pcount;
      if (diff != 0) {
        adjustPcount(tp, skb, diff);
      }
    }

    segs = skb.pcount;
    tp.totalRetrans += segs;
    tp.bytesRetrans += skb.len;

    err = transmitSkb(tp, skb, true);

    // never take RTT samples from a transmit that may not have happened
    skb.sacked |= TcpSkb.TCPCB_EVER_RETRANS;

    return err;
  }

  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_retransmit_skb",
      versions = "v5.11..v6.18", source = SRC)
  static int retransmitSkb(TcpSock tp, TcpSkb skb, int segs) {
    if (tp.writeXmitC != null) {
      int c = tp.writeXmitC.retransmitSkb(tp, skb, segs);
      if (c != TcpWriteXmitHook.JAVA) {
        return c; // --ports c: the tree's C (__tcp_retransmit_skb inside)
      }
    }
    int err = retransmitSkbInner(tp, skb, segs);

    if (err == 0) {
      skb.sacked |= TcpSkb.TCPCB_RETRANS;
      tp.retransOut += skb.pcount;
    }

    // stamp of the first (attempted) retransmit: tcp_skb_timestamp(), ms, in the u32
    // retrans_stamp (no usec timestamps in the model: tcp_usec_ts 0)
    if (tp.retransStamp == 0) {
      tp.retransStamp = Long.divideUnsigned(skb.skbMstampNs, 1_000_000L) & 0xFFFF_FFFFL;
    }

    if (tp.undoRetrans < 0) {
      tp.undoRetrans = 0;
    }
    tp.undoRetrans += skb.pcount;
    return err;
  }

  /** Retransmit skbs marked lost, in sequence order, as cwnd, pacing and TSQ allow. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_xmit_retransmit_queue",
      versions = "v5.11..v6.18", source = SRC)
  public static void xmitRetransmitQueue(TcpSock tp) {
    if (tp.writeXmitC != null && tp.writeXmitC.xmitRetransmitQueue(tp)) {
      return; // --ports c: the tree's C (tcp_retransmit_skb inside)
    }
    TcpSkb skb;
    TcpSkb rtxHead;
    TcpSkb hole = null;
    boolean rearmTimer = false;
    int maxSegs;

    if (tp.packetsOut == 0) {
      return;
    }

    rtxHead = tp.rtxQueue.head();
    skb = tp.retransmitSkbHint != null ? tp.retransmitSkbHint : rtxHead;
    maxSegs = tsoSegs(tp, currentMss(tp));
    for (; skb != null; skb = skb.next) {
      int sacked;
      int segs;

      if (pacingCheck(tp)) {
        break;
      }

      if (hole == null) {
        tp.retransmitSkbHint = skb;
      }

      segs = tp.sndCwnd() - tp.packetsInFlight();
      if (segs <= 0) {
        break;
      }
      sacked = skb.sacked;
      segs = Math.min(segs, maxSegs);

      if (Integer.compareUnsigned(tp.retransOut, tp.lostOut) >= 0) {
        break;
      } else if ((sacked & TcpSkb.TCPCB_LOST) == 0) {
        if (hole == null
            && (sacked & (TcpSkb.TCPCB_SACKED_RETRANS | TcpSkb.TCPCB_SACKED_ACKED)) == 0) {
          hole = skb;
        }
        continue;
      }

      if ((sacked & (TcpSkb.TCPCB_SACKED_ACKED | TcpSkb.TCPCB_SACKED_RETRANS)) != 0) {
        continue;
      }

      if (smallQueueCheck(tp, skb, 1)) {
        break;
      }

      if (retransmitSkb(tp, skb, segs) != 0) {
        break;
      }

      if (tp.inCwndReduction()) {
        tp.prrOut += skb.pcount;
      }

      if (skb == rtxHead && tp.icskPending != TcpSock.ICSK_TIME_REO_TIMEOUT) {
        rearmTimer = true;
      }
    }
    if (rearmTimer) {
      TcpTimer.resetXmitTimer(tp, TcpSock.ICSK_TIME_RETRANS, tp.icskRto, true);
    }
  }

  /** max_t(unsigned long, a, b). */
  static long umax64(long a, long b) {
    return Long.compareUnsigned(a, b) >= 0 ? a : b;
  }
}
