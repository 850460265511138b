package io.nicsim.tcp;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.Out;

/**
 * The Java side of the tcp_output.c harnesses' socket: {@link #of} builds a {@link TcpSock} and
 * its queues from a record as {@code state.c}'s {@code nicsim_sock_set} does, {@link #put}
 * prints it as {@code nicsim_sock_put} does. It is also the socket's host and congestion module,
 * recording the boundary calls ({@code ip_queue_xmit}, the pacing hrtimer, the retransmit timer,
 * the TSQ work, the CC hooks, sk_write_space) with the stubs' answers from the record.
 */
final class HarnessSocket implements TcpHost, CongestionOps {
  static final String NOTES = "an established SACK socket without urgent data, MTU probing,"
      + " TCP_TX_DELAY, keys, repair, zero-copy or timestamping; memory accounting off; a pure"
      + " sender (icsk_ack.ato 0); tcp_early_retrans 0 (no tail loss probe); the TCP header"
      + " built by __tcp_transmit_skb is not compared (the model carries none); a CC's"
      + " min_tso_segs answers at least 1";

  final Out out = new Out();
  TcpSock sk;
  final TcpSkb[] wq = new TcpSkb[TcpOutputHarnesses.SLOTS];
  final TcpSkb[] rq = new TcpSkb[TcpOutputHarnesses.SLOTS];
  private long nowNs;
  private boolean ksoftirqd;
  private boolean pacingQueued;
  private int xmitResult;
  final TsqWork tsq = new TsqWork();
  private boolean hasMinTso;
  private int minTso;
  private boolean hasCongControl;
  private int ssthreshAnswer;
  private int sndbufExpandAnswer;

  /* the loop's record (--ports c; state.c's nicsim_loop_begin): null outside the loop */
  private boolean loop;
  private long[] loopRecord;
  private int loopAnswerBase;
  private int loopAnswers;
  private int loopK;
  /** The loop's rtx skbs by index (state.c's nicsim_loop_rtx): a function's rtx argument. */
  TcpSkb[] loopRtx;

  private HarnessSocket() {}

  /**
   * A loop's record whose driver prints its own output (the fields the function writes, not
   * the socket): true, and the output is {@link #out} as the driver leaves it.
   */
  boolean loopOutput() {
    loop = true;
    return true;
  }

  /** Whether this socket was built from a loop's record ({@link #loopBegin}). */
  boolean inLoop() {
    return loop;
  }

  /**
   * state.c's nicsim_loop_begin: where the record runs past port-check's fields (the loop's,
   * {@code --ports c}), the queues, hints and tsorted list from its tail {@code r[t..]}, and the
   * answers after them. The socket record's queue slots are empty in the loop.
   *
   * @return false for port-check's record (no tail)
   */
  boolean loopBegin(long[] r, int t) {
    if (r.length <= t) {
      return false;
    }
    int nwq = (int) r[t + 1];
    int nrq = (int) r[t + 2];
    int nts = (int) r[t + 3];
    sk.sysctl.hz = (int) r[t + 7];
    int f = t + TcpOutputHarnesses.LOOP_HDR;
    int seq = sk.sndNxt;
    for (int i = 0; i < nwq; i++, f += TcpOutputHarnesses.WQ_F) {
      TcpSkb skb = skb(seq, r, f);
      skb.truesize = (int) r[f + 5];
      skb.skbMstampNs = r[f + 6];
      sk.writeQueue.addTail(skb);
      seq = skb.endSeq;
    }
    seq = sk.sndUna - (int) r[t + 4];
    TcpSkb[] rtx = new TcpSkb[nrq];
    loopRtx = rtx;
    for (int i = 0; i < nrq; i++, f += TcpOutputHarnesses.RQ_F + 1) {
      TcpSkb skb = rtxSkb(seq, r, f);
      skb.txDeliveredMstamp = r[f + TcpOutputHarnesses.RQ_F];
      sk.rtxQueue.addTail(skb);
      rtx[i] = skb;
      seq = skb.endSeq;
    }
    for (int i = 0; i < nts; i++, f++) {
      sk.tsortedSentQueue.moveTail(rtx[(int) r[f]]);
    }
    sk.retransmitSkbHint = r[t + 5] >= 0 && r[t + 5] < nrq ? rtx[(int) r[t + 5]] : null;
    sk.highestSack = r[t + 6] >= 0 && r[t + 6] < nrq ? rtx[(int) r[t + 6]] : null;
    sk.sndCwndCnt = (int) r[t + 8];
    sk.prrDelivered = (int) r[t + 9];
    sk.highSeq = (int) r[t + 10];
    sk.tlpHighSeq = (int) r[t + 11];
    sk.undoMarker = (int) r[t + 12];
    loop = true;
    loopRecord = r;
    loopAnswers = (int) r[t];
    loopAnswerBase = f;
    loopK = 0;
    return true;
  }

  /**
   * sock.c's nicsim_loop_answer: outside the loop {@code otherwise}; in it the model's answer
   * from the record (and the socket as the model left it), or, past the last one, the socket
   * printed and the run stopped.
   */
  private long loopAnswer(long otherwise) {
    if (loopRecord == null) {
      return otherwise;
    }
    int k = loopK++;
    if (k < loopAnswers) {
      long[] r = loopRecord;
      int e = loopAnswerBase + k * TcpOutputHarnesses.LOOP_AF;
      sk.sndCwnd = (int) r[e + 1];
      sk.sndSsthresh = (int) r[e + 2];
      sk.sndCwndCnt = (int) r[e + 3];
      sk.skPacingRate = r[e + 4];
      sk.appLimited = (int) r[e + 5];
      sk.skWmemAlloc = (int) r[e + 6];
      sk.skTsqFlags = (int) r[e + 7];
      nowNs = r[e + 8];
      return r[e];
    }
    out.put("stop", k);
    loopRecord = null;
    loopPut();
    throw new TcpInputRecord.Stop();
  }

  /** state.c's nicsim_loop_put: the socket, the rtx then the write queue, the tsorted list. */
  void loopPut() {
    putFields();
    for (TcpSkb skb = sk.rtxQueue.head(); skb != null; skb = skb.next) {
      loopSkbPut(1, skb);
    }
    for (TcpSkb skb = sk.writeQueue.head(); skb != null; skb = skb.next) {
      loopSkbPut(0, skb);
    }
    for (TcpSkb skb = sk.tsortedSentQueue.head(); skb != null; skb = skb.tsNext) {
      out.u32("tsorted", skb.seq);
    }
  }

  private void loopSkbPut(int q, TcpSkb skb) {
    out.put("skb.q", q).u32("skb.seq", skb.seq).u32("skb.end_seq", skb.endSeq)
        .u32("skb.len", skb.len).u32("skb.pcount", skb.pcount & 0xFFFF)
        .u32("skb.gso_size", skb.tcpGsoSize & 0xFFFF).u32("skb.flags", skb.tcpFlags & 0xFF)
        .u32("skb.sacked", skb.sacked & 0xFF).u32("skb.eor", skb.eor ? 1 : 0)
        .u32("skb.truesize", skb.truesize).u("skb.tstamp", skb.skbMstampNs)
        .u32("skb.tx.delivered", skb.txDelivered)
        .u("skb.tx.first_tx_mstamp", skb.txFirstTxMstamp)
        .u("skb.tx.delivered_mstamp", skb.txDeliveredMstamp)
        .u32("skb.tx.is_app_limited", skb.txIsAppLimited ? 1 : 0);
  }

  /** The socket of record {@code r} (its first {@link TcpOutputHarnesses#SK} fields). */
  static HarnessSocket of(PatchSet patches, long[] r) {
    HarnessSocket h = new HarnessSocket();
    TcpSysctl sysctl = new TcpSysctl();
    sysctl.hz = TcpOutputHarnesses.HZ;
    sysctl.limitOutputBytes = (int) r[56];
    sysctl.tsoWinDivisor = (int) r[57];
    sysctl.minTsoSegs = (int) r[58];
    sysctl.slowStartAfterIdle = r[59] != 0;
    sysctl.tsoRttLog = (int) r[60];
    sysctl.skbHeadTruesize = (int) r[61];
    sysctl.wmemMax = (int) r[72];
    h.nowNs = r[0];
    h.ksoftirqd = r[62] != 0;
    h.pacingQueued = r[63] != 0;
    h.xmitResult = r[64] == 3 ? -105 : (int) r[64]; // -ENOBUFS
    if (r[65] != 0) {
      h.tsq.add(new TcpSock(h, sysctl, patches, h));
    }
    h.hasMinTso = r[66] != 0;
    h.minTso = (int) r[67];
    h.hasCongControl = r[68] != 0;
    h.ssthreshAnswer = (int) r[69];
    h.sndbufExpandAnswer = (int) r[73];

    TcpSock sk = new TcpSock(h, sysctl, patches, h);
    h.sk = sk;
    sk.skPacingRate = r[2];
    sk.skMaxPacingRate = -1L;
    sk.skPacingShift = (int) r[3];
    sk.skPacingStatus = (int) r[4];
    sk.skGsoMaxSize = (int) r[5];
    sk.skGsoMaxSegs = (int) r[6];
    sk.skWmemAlloc = r[7];
    sk.skWmemQueued = (int) r[8];
    sk.skSndbuf = (int) r[9];
    sk.skTsqFlags = (int) r[10];
    sk.ownedByUser = r[11] != 0;
    sk.sockNoSpace = r[12] != 0;
    sk.writeSpace = s -> h.out.call("sk_write_space");
    sk.icskCaState = (int) r[13];
    sk.icskRto = (int) r[14];
    sk.icskPending = (int) r[15];
    sk.icskTimeout = (int) r[16];
    sk.sndUna = (int) r[17];
    sk.sndNxt = (int) r[18];
    sk.writeSeq = (int) r[19];
    sk.sndWnd = (int) r[20];
    sk.sndSml = (int) r[21];
    sk.mssCache = (int) r[22];
    sk.nonagle = (int) r[23];
    sk.packetsOut = (int) r[24];
    sk.sackedOut = (int) r[25];
    sk.lostOut = (int) r[26];
    sk.retransOut = (int) r[27];
    sk.maxPacketsOut = (int) r[28];
    sk.isCwndLimited = r[29] != 0;
    sk.cwndUsageSeq = (int) r[30];
    sk.sndCwnd = (int) r[31];
    sk.sndSsthresh = (int) r[32];
    sk.sndCwndClamp = (int) r[33];
    sk.sndCwndUsed = (int) r[34];
    sk.sndCwndStamp = (int) r[35];
    sk.prrOut = (int) r[36];
    sk.srttUs = (int) r[37];
    sk.rttMin.set(0, 0, (int) r[38]);
    sk.tcpMstamp = r[39];
    sk.tcpClockCache = r[40];
    sk.tcpWstampNs = r[41];
    sk.lsndtime = (int) r[42];
    sk.dataSegsOut = (int) r[43];
    sk.segsOut = r[44];
    sk.bytesSent = r[45];
    sk.bytesRetrans = r[46];
    sk.totalRetrans = (int) r[47];
    sk.retransStamp = r[48];
    sk.undoRetrans = (int) r[49];
    sk.delivered = (int) r[50];
    sk.appLimited = (int) r[51];
    sk.firstTxMstamp = r[52];
    sk.deliveredMstamp = r[53];
    sk.priorCwnd = (int) r[70];
    sk.priorSsthresh = (int) r[71];
    sk.reordering = 3;

    int seq = sk.sndNxt;
    for (int i = 0; i < r[TcpOutputHarnesses.WQ] && i < h.wq.length; i++) {
      int b = TcpOutputHarnesses.WQ + 1 + i * TcpOutputHarnesses.WQ_F;
      TcpSkb skb = skb(seq, r, b);
      skb.truesize = (int) r[b + 5];
      skb.skbMstampNs = r[b + 6];
      sk.writeQueue.addTail(skb);
      h.wq[i] = skb;
      seq = skb.endSeq;
    }
    seq = sk.sndUna - (int) r[TcpOutputHarnesses.RQ + 1];
    for (int i = 0; i < r[TcpOutputHarnesses.RQ] && i < h.rq.length; i++) {
      int b = TcpOutputHarnesses.RQ + 2 + i * TcpOutputHarnesses.RQ_F;
      TcpSkb skb = rtxSkb(seq, r, b);
      sk.rtxQueue.addTail(skb);
      sk.tsortedSentQueue.moveTail(skb);
      h.rq[i] = skb;
      seq = skb.endSeq;
    }
    sk.retransmitSkbHint = r[54] >= 0 && r[54] < r[TcpOutputHarnesses.RQ]
        ? h.rq[(int) r[54]] : null;
    sk.highestSack = r[55] >= 0 && r[55] < r[TcpOutputHarnesses.RQ] ? h.rq[(int) r[55]] : null;
    return h;
  }

  /** A write-queue skb's {@link TcpOutputHarnesses#WQ_F} words at {@code b}. */
  static void putWqSkb(long[] r, int b, TcpSkb skb) {
    putSkb(r, b, skb);
    r[b + 5] = Seq.u32(skb.truesize);
    r[b + 6] = skb.skbMstampNs;
  }

  /** A retransmit-queue skb's {@link TcpOutputHarnesses#RQ_F} words at {@code b}. */
  static void putRtxSkb(long[] r, int b, TcpSkb skb) {
    putSkb(r, b, skb);
    r[b + 5] = skb.sacked & 0xFF;
    r[b + 6] = Seq.u32(skb.truesize);
    r[b + 7] = skb.skbMstampNs;
    r[b + 8] = skb.clonesInHost;
    r[b + 9] = Seq.u32(skb.txDelivered);
    r[b + 10] = skb.txFirstTxMstamp;
    r[b + 11] = skb.txIsAppLimited ? 1 : 0;
  }

  /**
   * The inverse of {@link #of} for a live socket ({@code --ports c}): its fields into
   * {@code r[0 .. SK)}, the first {@link TcpOutputHarnesses#SLOTS} skbs of each queue into the
   * queue slots (a longer queue is cut there: the functions bridged on this record read no skb
   * past the slots), the hints as slot indices (-1 past them). The CC's {@code .min_tso_segs}
   * answer ({@code r[67]}), the transmit result ({@code r[64]}) and the CC's other answers are
   * the caller's to set. The socket fields the harness C fixes (sock.c: HZ, the reordering
   * metric, tcp_frto, tcp_early_retrans) are the caller's to check.
   *
   * @return why the record cannot hold this socket, or null
   */
  static String capture(TcpSock sk, long[] r) {
    if (sk.skWmemAlloc < 1 || sk.skWmemAlloc > Integer.MAX_VALUE) {
      return "sk_wmem_alloc outside the record's 1..INT_MAX";
    }
    TcpHost host = sk.host;
    TcpSysctl sysctl = sk.sysctl;
    r[0] = host.nowNs();
    r[1] = Seq.u32(sk.tcpJiffies32());
    r[2] = sk.skPacingRate;
    r[3] = sk.skPacingShift;
    r[4] = sk.skPacingStatus;
    r[5] = Seq.u32(sk.skGsoMaxSize);
    r[6] = sk.skGsoMaxSegs & 0xFFFF;
    r[7] = sk.skWmemAlloc;
    r[8] = sk.skWmemQueued;
    r[9] = sk.skSndbuf;
    r[10] = sk.skTsqFlags;
    r[11] = sk.ownedByUser ? 1 : 0;
    r[12] = sk.sockNoSpace ? 1 : 0;
    r[13] = sk.icskCaState;
    r[14] = Seq.u32(sk.icskRto);
    r[15] = sk.icskPending;
    r[16] = Seq.u32(sk.icskTimeout);
    r[17] = Seq.u32(sk.sndUna);
    r[18] = Seq.u32(sk.sndNxt);
    r[19] = Seq.u32(sk.writeSeq);
    r[20] = Seq.u32(sk.sndWnd);
    r[21] = Seq.u32(sk.sndSml);
    r[22] = Seq.u32(sk.mssCache);
    r[23] = sk.nonagle;
    r[24] = Seq.u32(sk.packetsOut);
    r[25] = Seq.u32(sk.sackedOut);
    r[26] = Seq.u32(sk.lostOut);
    r[27] = Seq.u32(sk.retransOut);
    r[28] = Seq.u32(sk.maxPacketsOut);
    r[29] = sk.isCwndLimited ? 1 : 0;
    r[30] = Seq.u32(sk.cwndUsageSeq);
    r[31] = Seq.u32(sk.sndCwnd);
    r[32] = Seq.u32(sk.sndSsthresh);
    r[33] = Seq.u32(sk.sndCwndClamp);
    r[34] = Seq.u32(sk.sndCwndUsed);
    r[35] = Seq.u32(sk.sndCwndStamp);
    r[36] = Seq.u32(sk.prrOut);
    r[37] = Seq.u32(sk.srttUs);
    r[38] = Seq.u32(sk.rttMin.get()); // the field; tcp_min_rtt is the C's to call
    r[39] = sk.tcpMstamp;
    r[40] = sk.tcpClockCache;
    r[41] = sk.tcpWstampNs;
    r[42] = Seq.u32(sk.lsndtime);
    r[43] = Seq.u32(sk.dataSegsOut);
    r[44] = Seq.u32((int) sk.segsOut);
    r[45] = sk.bytesSent;
    r[46] = sk.bytesRetrans;
    r[47] = Seq.u32(sk.totalRetrans);
    r[48] = Seq.u32((int) sk.retransStamp);
    r[49] = sk.undoRetrans;
    r[50] = Seq.u32(sk.delivered);
    r[51] = Seq.u32(sk.appLimited);
    r[52] = sk.firstTxMstamp;
    r[53] = sk.deliveredMstamp;
    r[56] = sk.limitOutputBytes;
    r[57] = sysctl.tsoWinDivisor;
    r[58] = sysctl.minTsoSegs;
    r[59] = sysctl.slowStartAfterIdle ? 1 : 0;
    r[60] = sysctl.tsoRttLog;
    r[61] = sk.skbHeadTruesize; // the live head truesize (the sysctl's 0 derives it)
    r[62] = host.inKsoftirqd() ? 1 : 0;
    r[63] = host.pacingTimerQueued(sk) ? 1 : 0;
    r[64] = 0;
    TcpSock q = host.tsqWork().head();
    while (q != null && q == sk) {
      q = q.tsqNext;
    }
    r[65] = q != null ? 1 : 0;
    r[66] = sk.ca.hasMinTsoSegs() ? 1 : 0;
    r[67] = 0;
    r[68] = sk.ca.hasCongControl() ? 1 : 0;
    r[69] = 0;
    r[70] = Seq.u32(sk.priorCwnd);
    r[71] = Seq.u32(sk.priorSsthresh);
    r[72] = sysctl.wmemMax;
    r[73] = 0;
    int n = 0;
    for (TcpSkb skb = sk.writeQueue.head(); skb != null && n < TcpOutputHarnesses.SLOTS;
        skb = skb.next, n++) {
      putWqSkb(r, TcpOutputHarnesses.WQ + 1 + n * TcpOutputHarnesses.WQ_F, skb);
    }
    r[TcpOutputHarnesses.WQ] = n;
    n = 0;
    r[54] = -1;
    r[55] = -1;
    TcpSkb head = sk.rtxQueue.head();
    r[TcpOutputHarnesses.RQ + 1] = head == null ? 0 : Seq.u32(sk.sndUna - head.seq);
    for (TcpSkb skb = head; skb != null && n < TcpOutputHarnesses.SLOTS; skb = skb.next, n++) {
      putRtxSkb(r, TcpOutputHarnesses.RQ + 2 + n * TcpOutputHarnesses.RQ_F, skb);
      if (skb == sk.retransmitSkbHint) {
        r[54] = n;
      }
      if (skb == sk.highestSack) {
        r[55] = n;
      }
    }
    r[TcpOutputHarnesses.RQ] = n;
    return null;
  }

  /** The fields both queues' slots share (len, pcount, gso_size, tcp_flags, eor). */
  static void putSkb(long[] r, int b, TcpSkb skb) {
    r[b] = Seq.u32(skb.len);
    r[b + 1] = skb.pcount & 0xFFFF;
    r[b + 2] = skb.tcpGsoSize & 0xFFFF;
    r[b + 3] = skb.tcpFlags & 0xFF;
    r[b + 4] = skb.eor ? 1 : 0;
  }

  /** An rtx slot's skb (the fields of both queues', then the rtx queue's own). */
  private static TcpSkb rtxSkb(int seq, long[] r, int b) {
    TcpSkb skb = skb(seq, r, b);
    skb.sacked = (int) r[b + 5];
    skb.truesize = (int) r[b + 6];
    skb.skbMstampNs = r[b + 7];
    skb.clonesInHost = (int) r[b + 8];
    skb.txDelivered = (int) r[b + 9];
    skb.txFirstTxMstamp = r[b + 10];
    skb.txIsAppLimited = r[b + 11] != 0;
    return skb;
  }

  private static TcpSkb skb(int seq, long[] r, int b) {
    TcpSkb skb = new TcpSkb();
    skb.seq = seq;
    skb.len = (int) r[b];
    skb.tcpFlags = (int) r[b + 3];
    skb.endSeq = seq + skb.len + ((skb.tcpFlags & TcpSkb.TCPHDR_FIN) != 0 ? 1 : 0);
    skb.pcount = (int) r[b + 1];
    skb.tcpGsoSize = (int) r[b + 2];
    skb.eor = r[b + 4] != 0;
    return skb;
  }

  /** A WARN_ON of the model (tcp_snd_cwnd_set's, say), recorded where the C's fires. */
  @Override
  public void warnOn(TcpSock s) {
    out.call("WARN_ON");
  }

  /** The output record: the function's own tokens already in {@link #out}, then the socket. */
  Out put() {
    TcpSock s = sk;
    putFields();
    int i = 0;
    for (TcpSkb skb = s.writeQueue.head(); skb != null; skb = skb.next) {
      putSkb("wq", i++, skb);
    }
    out.put("wq.n", i);
    i = 0;
    for (TcpSkb skb = s.rtxQueue.head(); skb != null; skb = skb.next) {
      putSkb("rtx", i++, skb);
    }
    out.put("rtx.n", i);
    i = 0;
    for (TcpSkb skb = s.tsortedSentQueue.head(); skb != null; skb = skb.tsNext) {
      out.u32("tsorted[" + i++ + "]", skb.seq);
    }
    // this CPU's TSQ list, head first: 1 this socket, 0 another
    i = 0;
    for (TcpSock q = tsq.head(); q != null; q = q.tsqNext) {
      out.put("tsq[" + i++ + "]", q == s);
    }
    return out;
  }

  /** state.c's nicsim_sock_fields_put: every socket field the tcp_output.c functions write. */
  private void putFields() {
    TcpSock s = sk;
    out.put("sk_wmem_alloc", s.skWmemAlloc).put("sk_wmem_queued", (int) s.skWmemQueued)
        .put("sk_sndbuf", s.skSndbuf).u32("sk_tsq_flags", s.skTsqFlags)
        .put("SOCK_NOSPACE", s.sockNoSpace)
        .put("icsk_ca_state", s.icskCaState).u32("icsk_rto", s.icskRto)
        .put("icsk_pending", s.icskPending).u32("icsk_timeout", s.icskTimeout)
        .u32("snd_nxt", s.sndNxt).u32("write_seq", s.writeSeq).u32("snd_sml", s.sndSml)
        .u32("packets_out", s.packetsOut).u32("sacked_out", s.sackedOut)
        .u32("lost_out", s.lostOut).u32("retrans_out", s.retransOut)
        .u32("max_packets_out", s.maxPacketsOut).put("is_cwnd_limited", s.isCwndLimited)
        .u32("cwnd_usage_seq", s.cwndUsageSeq).u32("snd_cwnd", s.sndCwnd)
        .u32("snd_ssthresh", s.sndSsthresh).u32("snd_cwnd_cnt", s.sndCwndCnt)
        .u32("snd_cwnd_used", s.sndCwndUsed)
        .u32("snd_cwnd_stamp", s.sndCwndStamp).u32("prior_cwnd", s.priorCwnd)
        .u32("prior_ssthresh", s.priorSsthresh).u32("prr_out", s.prrOut)
        .u32("prr_delivered", s.prrDelivered).u32("high_seq", s.highSeq)
        .u32("tlp_high_seq", s.tlpHighSeq)
        .u32("undo_marker", s.undoMarker).u("tcp_mstamp", s.tcpMstamp)
        .u("tcp_clock_cache", s.tcpClockCache).u("tcp_wstamp_ns", s.tcpWstampNs)
        .u32("lsndtime", s.lsndtime).u32("data_segs_out", s.dataSegsOut)
        .u32("segs_out", (int) s.segsOut).u("bytes_sent", s.bytesSent)
        .u("bytes_retrans", s.bytesRetrans).u32("total_retrans", s.totalRetrans)
        .u32("retrans_stamp", (int) s.retransStamp).put("undo_retrans", s.undoRetrans)
        .u32("app_limited", s.appLimited).u("first_tx_mstamp", s.firstTxMstamp)
        .u("delivered_mstamp", s.deliveredMstamp)
        .put("retransmit_skb_hint", seqOrNone(s.retransmitSkbHint))
        .put("highest_sack", seqOrNone(s.highestSack));
  }

  private static long seqOrNone(TcpSkb skb) {
    return skb == null ? -1 : Seq.u32(skb.seq);
  }

  private void putSkb(String q, int i, TcpSkb skb) {
    String p = q + "[" + i + "].";
    out.u32(p + "seq", skb.seq).u32(p + "end_seq", skb.endSeq).u32(p + "len", skb.len)
        .put(p + "pcount", skb.pcount & 0xFFFF).put(p + "gso_size", skb.tcpGsoSize & 0xFFFF)
        .put(p + "flags", skb.tcpFlags & 0xFF).put(p + "sacked", skb.sacked & 0xFF)
        .put(p + "eor", skb.eor).u32(p + "truesize", skb.truesize).u(p + "tstamp", skb.skbMstampNs)
        .u32(p + "tx.delivered", skb.txDelivered).u(p + "tx.first_tx_mstamp", skb.txFirstTxMstamp)
        .u(p + "tx.delivered_mstamp", skb.txDeliveredMstamp)
        .put(p + "tx.is_app_limited", skb.txIsAppLimited);
  }

  /* ---------------- TcpHost: the boundary below TCP ---------------- */

  @Override
  public long nowNs() {
    return nowNs;
  }

  @Override
  public int queueXmit(TcpSock s, TcpSkb skb, int truesize) {
    out.call("queue_xmit", Seq.u32(skb.seq), Seq.u32(skb.endSeq), Seq.u32(skb.len),
        skb.pcount & 0xFFFF, Seq.u32(truesize), skb.skbMstampNs);
    return (int) loopAnswer(xmitResult);
  }

  @Override
  public void pacingTimerStart(TcpSock s, long expiresNs) {
    out.call("pacing_timer_start", expiresNs);
    pacingQueued = true;
  }

  @Override
  public boolean pacingTimerQueued(TcpSock s) {
    return pacingQueued;
  }

  @Override
  public void queueTsqWork(TsqWork work) {
    out.call("tsq_work_queue");
  }

  @Override
  public TsqWork tsqWork() {
    return tsq;
  }

  @Override
  public boolean inKsoftirqd() {
    return ksoftirqd;
  }

  @Override
  public void xmitTimerReset(TcpSock s, int expiresJiffies) {
    out.call("xmit_timer_reset", Seq.u32(expiresJiffies));
  }

  @Override
  public void xmitTimerClear(TcpSock s) {
    out.call("xmit_timer_clear");
  }

  @Override
  public int randomU32Below(int ceil) {
    throw new UnsupportedOperationException("no tcp_output.c function draws a random number");
  }

  /* ---------------- CongestionOps: the record's congestion module ---------------- */

  @Override
  public String name() {
    return "harness";
  }

  @Override
  public void init(TcpSock s) {}

  @Override
  public int ssthresh(TcpSock s) {
    out.call("ca_ssthresh");
    return (int) loopAnswer(ssthreshAnswer);
  }

  @Override
  public int undoCwnd(TcpSock s) {
    return s.sndCwnd;
  }

  @Override
  public void setState(TcpSock s, int newState) {
    out.call("ca_set_state", newState);
    loopAnswer(0);
  }

  @Override
  public void cwndEvent(TcpSock s, int event) {
    out.call("ca_cwnd_event", event);
    loopAnswer(0);
  }

  @Override
  public boolean hasMinTsoSegs() {
    return hasMinTso;
  }

  @Override
  public int minTsoSegs(TcpSock s) {
    return minTso;
  }

  @Override
  public boolean hasCongControl() {
    return hasCongControl;
  }

  @Override
  public int sndbufExpand(TcpSock s) {
    if (loopRecord != null && sndbufExpandAnswer != 0) {
      // in the loop the live module answers (the record's word says only that it has one)
      out.call("ca_sndbuf_expand");
      return (int) loopAnswer(0);
    }
    return sndbufExpandAnswer;
  }
}
