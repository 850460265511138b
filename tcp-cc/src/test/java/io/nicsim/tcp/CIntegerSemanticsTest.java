package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * C integer semantics of the TCP helpers, each found wrong by port-check --execute against the
 * kernel's own C (6.1.192, 6.12.117, 6.18.19) and pinned here at the input that showed it.
 */
class CIntegerSemanticsTest {
  private final ManualHost host = new ManualHost();
  private final TcpSysctl sysctl = new TcpSysctl();

  private TcpSock sock(CongestionOps ca) {
    return host.socket(ca, ManualHost.patches(6, 17), sysctl, 20_000);
  }

  /** bbr_rate_bytes_per_sec: "unsigned int mss": a u64 product, never a sign extension. */
  @Test
  void bbrRateUsesTheMssAsUnsigned() {
    TcpSock sk = sock(new Bbr());
    sk.mssCache = Integer.MIN_VALUE; // 2^31
    // 4096 * 2^31 * 1 >> 8 * 990000 >> 24
    long expected = (((4096L << 31) >>> 8) * 990_000L) >>> 24;
    assertThat(Bbr.rateBytesPerSec(sk, 4096, 1)).isEqualTo(expected).isEqualTo(2_027_520_000L);
  }

  /** tcp_small_queue_check: max_t(unsigned long, ...) of an unsigned pacing rate. */
  @Test
  void tsqLimitIsAnUnsignedMaximum() {
    TcpSysctl s = new TcpSysctl();
    s.limitOutputBytes = 1;
    TcpSock limited = host.socket(new Cubic(), ManualHost.patches(6, 17), s, 20_000);
    limited.skPacingRate = -1L; // ~0UL: no pacing limit
    limited.skPacingShift = 0;
    limited.skPacingStatus = TcpSock.SK_PACING_NONE;
    limited.skWmemAlloc = 1;
    limited.rtxQueue.addTail(new TcpSkb());
    limited.rtxQueue.addTail(new TcpSkb());
    TcpSkb skb = new TcpSkb();
    skb.truesize = 0;
    // the limit is min(~0UL, 1) = 1: one byte charged is not over it
    assertThat(TcpOutput.smallQueueCheck(limited, skb, 0)).isFalse();
    assertThat(limited.skTsqFlags & TcpSock.TSQF_THROTTLED).isZero();
  }

  /** tcp_tso_autosize: "unsigned int mss_now" divides unsigned. */
  @Test
  void tsoAutosizeDividesByAnUnsignedMss() {
    TcpSock sk = sock(new Cubic());
    sk.skPacingRate = 0;
    sk.skGsoMaxSize = Integer.MIN_VALUE; // 2^31
    sk.rttMin.set(0, 0, 0);
    assertThat(TcpOutput.tsoAutosize(sk, Integer.MIN_VALUE, 0)).isEqualTo(1);
  }

  /** tcp_stamp_us_delta returns a u32; tcp_skb_sent_after compares u64 stamps unsigned. */
  @Test
  void rateStampsAreUnsigned() {
    assertThat(TcpSock.stampUsDelta(1L << 32, 0)).isZero(); // 2^32 truncated to u32
    assertThat(TcpSock.stampUsDelta(5, 10)).isZero();
    assertThat(TcpSock.skbSentAfter(0, -1L, 0, 0)).as("0 is not after 2^64-1").isFalse();
    TcpSkb skb = new TcpSkb();
    skb.skbMstampNs = -1L;
    assertThat(skb.timestampUs()).isEqualTo(18_446_744_073_709_551L); // div_u64
  }

  /**
   * tcp_rate_gen: the send phase is a u32 copy of interval_us, rate_interval_us is u32, and
   * (u64)rs->delivered sign-extends the s32.
   */
  @Test
  void rateGenKeepsTheKernelsWidths() {
    TcpSock sk = sock(new Cubic());
    RateSample rs = new RateSample();
    sk.tcpMstamp = 100;
    sk.rttMin.set(0, 0, 0);
    rs.priorMstamp = 100;
    rs.intervalUs = (1L << 32) + 7; // snd_us = 7 after the u32 copy
    rs.priorDelivered = 0;
    sk.delivered = 10;
    TcpRate.gen(sk, 1, 0, false, rs);
    assertThat(rs.sndIntervalUs).isEqualTo(7);
    assertThat(rs.intervalUs).isEqualTo(7);
    assertThat(sk.rateIntervalUs).isEqualTo(7);

    // an app-limited sample with delivered < 0: (u64)-1 * rate_interval_us is huge, so it wins
    TcpSock s2 = sock(new Cubic());
    RateSample r2 = new RateSample();
    s2.tcpMstamp = 1000;
    s2.rttMin.set(0, 0, 0);
    s2.delivered = 5;
    s2.rateDelivered = 1000;
    s2.rateIntervalUs = 1;
    r2.priorMstamp = 1;
    r2.priorDelivered = 6; // delivered = 5 - 6 = -1
    r2.isAppLimited = true;
    TcpRate.gen(s2, 1, 0, false, r2);
    assertThat(r2.delivered).isEqualTo(-1);
    assertThat(s2.rateDelivered).as("the kernel records it").isEqualTo(-1);
  }

  /** minmax_subwin_update: win / 4 and win / 2 of a u32 window. */
  @Test
  void minmaxQuarterWindowIsUnsigned() {
    MinMax m = new MinMax();
    m.reset(0, 0);
    int win = Integer.MIN_VALUE; // 2^31
    m.runningMin(win, 805_306_336, (int) 3_066_036_729L);
    assertThat(Integer.toUnsignedLong(m.t(1))).isEqualTo(805_306_336L);
    assertThat(Integer.toUnsignedLong(m.v(2))).isEqualTo(3_066_036_729L);
  }

  /**
   * bictcp_update adds usecs_to_jiffies(delay_min), an unsigned long, to t: a delay_min past
   * jiffies_to_usecs(MAX_JIFFY_OFFSET) adds MAX_JIFFY_OFFSET, t << BICTCP_HZ wraps to 1024 and
   * the target stays at the origin. The kernel (6.1.192, 6.12.118) gives cnt 20; the conversion
   * without the clamp gave 2.
   */
  @Test
  void cubicTimeUsesTheClampedUnsignedLongJiffies() {
    Cubic cubic = new Cubic();
    ManualHost h = new ManualHost();
    TcpSock sk = h.socket(cubic, ManualHost.patches(6, 12), sysctl, 20_000);
    h.now = sk.jiffiesToNs(11); // tcp_jiffies32 = 11
    cubic.reset();
    cubic.delayMin = (int) 4_294_967_294L;
    cubic.epochStart = 8;
    cubic.update(sk, 3, 0);
    assertThat(cubic.cnt()).isEqualTo(20);
    assertThat(cubic.lastTime).isEqualTo(11);
  }

  /**
   * bbr_lt_bw_interval_done averages two u32 bandwidths in u32: (bw + lt_bw) wraps before the
   * shift (the kernel gives 2 for 2^32 - 1 and 6; the 64-bit sum gave 2^31 + 2).
   */
  @Test
  void bbrLongTermAverageWrapsInU32() {
    Bbr bbr = new Bbr();
    TcpSock sk = sock(bbr);
    sk.mssCache = 1; // 7 packets/us << 24 apart is under 4 kbit/s at 1-byte segments
    bbr.ltBw = 6;
    bbr.ltBwIntervalDone(sk, -1); // 2^32 - 1: |bw - lt_bw| read as s32 is 7
    assertThat(bbr.ltUseBw).isTrue();
    assertThat(Integer.toUnsignedLong(bbr.ltBw)).isEqualTo(2);
  }

  /**
   * bbr_update_ack_aggregation: acked_sacked is a u32 ("<= 0" only for 0), the expected count's
   * u64 product divides unsigned; bbr_packets_in_net_at_edt takes a u64 max and div_u64.
   */
  @Test
  void bbrAggregationAndEdtUseTheKernelsUnsignedTypes() {
    Bbr bbr = new Bbr();
    TcpSock sk = sock(bbr);
    RateSample rs = new RateSample();
    rs.ackedSacked = Integer.MIN_VALUE; // 2^31 packets: counted, not refused as "<= 0"
    rs.delivered = 1;
    rs.intervalUs = 1;
    sk.deliveredMstamp = 0;
    bbr.ackEpochMstamp = 0;
    bbr.updateAckAggregation(sk, rs);
    assertThat(bbr.ackEpochAcked).isEqualTo(0xFFFFF);

    // bw 2^32 - 1 over 0xFF000004 us: the u64 product passes 2^63 and divides unsigned to an
    // expected 768 (a signed division gives 769 and would restart the epoch at 769 ACKed)
    bbr.bw.reset(0, -1);
    bbr.ackEpochAcked = 769;
    bbr.ackEpochMstamp = 0;
    bbr.extraAcked[0] = 0;
    sk.deliveredMstamp = 0xFF00_0004L;
    rs.ackedSacked = 1;
    sk.sndCwnd = 100;
    bbr.updateAckAggregation(sk, rs);
    assertThat(bbr.ackEpochMstamp).isZero();
    assertThat(bbr.ackEpochAcked).isEqualTo(770);
    assertThat(bbr.extraAcked[0]).isEqualTo(2);

    // an EDT at 2^63 ns is later than now (0), not earlier: 2^63 / 1000 us at one packet per
    // us, the u64 product wrapped and truncated, deliver 2783138807 packets before it
    sk.tcpClockCache = 0;
    sk.tcpWstampNs = Long.MIN_VALUE;
    bbr.bw.reset(0, 1 << 24);
    bbr.pacingGain = Bbr.BBR_UNIT;
    assertThat(bbr.packetsInNetAtEdt(sk, 5)).isZero();
    assertThat(Integer.toUnsignedLong(bbr.packetsInNetAtEdt(sk, -1)))
        .isEqualTo(0xFFFF_FFFFL - 2_783_138_807L);
  }

  /**
   * tcp_cong_avoid_ai grows cwnd in u32: 2147483592 + 23943 / 12 passes INT_MAX, which
   * tcp_snd_cwnd_set warns about before it stores it; the clamp then brings cwnd back to 3.
   */
  @Test
  void congAvoidAiPastIntMaxIsTcpSndCwndSetsWarn() {
    TcpSock sk = host.socket(new Cubic(), ManualHost.patches(6, 12), sysctl, 20_000);
    sk.sndCwnd = 2_147_483_592;
    sk.sndSsthresh = 1;
    sk.sndCwndClamp = 3;
    sk.sndCwndCnt = 0;
    TcpCong.congAvoidAi(sk, 12, 23_943);
    assertThat(host.warnings).as("tcp_snd_cwnd_set's WARN_ON_ONCE").isEqualTo(1);
    assertThat(sk.sndCwnd()).isEqualTo(3);
    assertThat(sk.sndCwndCnt).isEqualTo(23_943 - 1_995 * 12);
  }

  /** TCPCB_RETRANS includes TCPCB_REPAIRED (include/net/tcp.h). */
  @Test
  void aRepairedSkbCountsAsRetransmitted() {
    assertThat(TcpSkb.TCPCB_RETRANS & TcpSkb.TCPCB_REPAIRED).isNotZero();
  }

  /** hystart_update: (s32)(now - round_start) > threshold is unsigned (threshold is a u32). */
  @Test
  void hystartAckTrainComparesAgainstAnUnsignedThreshold() {
    Cubic ca = new Cubic();
    TcpSock sk = sock(ca);
    sk.sndCwndSet(16);
    sk.tcpMstamp = 0;
    sk.skPacingRate = 0;
    ca.endSeq = sk.sndUna;
    ca.roundStart = 1; // after now
    ca.lastAck = 0;
    ca.delayMin = 0;
    ca.currRtt = 0;
    ca.hystartUpdate(sk, 0);
    assertThat(ca.found()).isTrue();
    assertThat(sk.sndSsthresh).isEqualTo(16);
  }

  /**
   * tcp_fragment: sk_wmem_queued is an int. Splitting the rtx head charges the new skb's
   * truesize; past INT_MAX the sum wraps negative, so the "(sk_wmem_queued &gt;&gt; 1) &gt; limit"
   * guard no longer refuses a split in the middle of the queue (6.18.19, tcp_ack with a SACK
   * block inside a TSO skb).
   */
  @Test
  void fragmentGuardSeesTheWrappedIntQueueCharge() {
    TcpSock sk = sock(new Cubic());
    sk.skSndbuf = 749_058;
    sk.skWmemQueued = Integer.MAX_VALUE - 619;
    TcpSkb head = skb(0, 3 * 1000, 1000);
    TcpSkb tail = skb(3000, 3001, 1000);
    sk.rtxQueue.addTail(head);
    sk.rtxQueue.addTail(tail);
    assertThat(TcpOutput.fragment(sk, true, head, 1000, 1000)).isZero(); // the head may split
    assertThat(sk.skWmemQueued).isNegative(); // the int wrapped
    TcpSkb middle = head.next;
    assertThat(TcpOutput.fragment(sk, true, middle, 1000, 1000)).isZero();
    assertThat(sk.rtxQueue.size()).isEqualTo(4);
  }

  private static TcpSkb skb(int seq, int endSeq, int mss) {
    TcpSkb skb = new TcpSkb();
    skb.seq = seq;
    skb.endSeq = endSeq;
    skb.len = endSeq - seq;
    skb.truesize = skb.len;
    skb.tcpGsoSize = mss;
    skb.pcount = Math.max(1, (skb.len + mss - 1) / mss);
    return skb;
  }
}
