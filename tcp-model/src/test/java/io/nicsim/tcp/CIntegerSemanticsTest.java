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
}
