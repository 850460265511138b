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

  private HarnessSocket() {}

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
      TcpSkb skb = skb(seq, r, b);
      skb.sacked = (int) r[b + 5];
      skb.truesize = (int) r[b + 6];
      skb.skbMstampNs = r[b + 7];
      skb.clonesInHost = (int) r[b + 8];
      skb.txDelivered = (int) r[b + 9];
      skb.txFirstTxMstamp = r[b + 10];
      skb.txIsAppLimited = r[b + 11] != 0;
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
    return xmitResult;
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
    return ssthreshAnswer;
  }

  @Override
  public int undoCwnd(TcpSock s) {
    return s.sndCwnd;
  }

  @Override
  public void setState(TcpSock s, int newState) {
    out.call("ca_set_state", newState);
  }

  @Override
  public void cwndEvent(TcpSock s, int event) {
    out.call("ca_cwnd_event", event);
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
    return sndbufExpandAnswer;
  }
}
