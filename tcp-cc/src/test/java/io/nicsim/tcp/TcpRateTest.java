package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TcpRateTest {
  private final ManualHost host = new ManualHost();
  private final TcpSysctl sysctl = new TcpSysctl();

  /** A socket where all four app-limited conditions hold: idle, empty, under cwnd. */
  private TcpSock idle() {
    TcpSock sk = host.socket(new Cubic(), ManualHost.patches(6, 17), sysctl, 20_000);
    sk.delivered = 500;
    sk.packetsOut = 3;
    sk.sndCwndSet(10);
    sk.writeSeq = sk.sndNxt + 1000; // less than one MSS unsent
    return sk;
  }

  @Test
  void marksAppLimitedWhenAllFourConditionsHold() {
    TcpSock sk = idle();
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isEqualTo(500 + 3);
  }

  @Test
  void appLimitedIsNeverZeroOnceMarked() {
    TcpSock sk = idle();
    sk.delivered = 0;
    sk.packetsOut = 0;
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isEqualTo(1);
  }

  @Test
  void aFullMssUnsentIsNotAppLimited() {
    TcpSock sk = idle();
    sk.writeSeq = sk.sndNxt + 1448;
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isZero();
  }

  @Test
  void dataStillInTheQdiscOrNicIsNotAppLimited() {
    TcpSock sk = idle();
    // one un-freed clone of any size: sk_wmem_alloc - 1 >= SKB_TRUESIZE(1)
    sk.skWmemAlloc = 1 + sysctl.skbTruesize1;
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isZero();

    sk.skWmemAlloc = sysctl.skbTruesize1; // a pure ACK's worth is below the threshold
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isEqualTo(503);
  }

  @Test
  void cwndLimitedIsNotAppLimited() {
    TcpSock sk = idle();
    sk.sndCwndSet(3);
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isZero();
  }

  @Test
  void unrepairedLossesAreNotAppLimited() {
    TcpSock sk = idle();
    sk.lostOut = 2;
    sk.retransOut = 1;
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isZero();
    sk.retransOut = 2;
    TcpRate.checkAppLimited(sk);
    assertThat(sk.appLimited).isNotZero();
  }

  @Test
  void markClearsOnlyOnceTheBubbleIsDelivered() {
    TcpSock sk = idle();
    TcpRate.checkAppLimited(sk);
    int bubble = sk.appLimited;
    RateSample rs = new RateSample();

    sk.delivered = bubble;
    TcpRate.gen(sk, 1, 0, false, rs);
    assertThat(sk.appLimited).isEqualTo(bubble);

    sk.delivered = bubble + 1;
    TcpRate.gen(sk, 1, 0, false, rs);
    assertThat(sk.appLimited).isZero();
  }

  @Test
  void skbsSentInsideTheBubbleYieldAppLimitedSamples() {
    TcpSock sk = idle();
    TcpRate.checkAppLimited(sk);
    TcpSkb skb = new TcpSkb();
    skb.skbMstampNs = 5_000_000L;
    TcpRate.skbSent(sk, skb);
    assertThat(skb.txIsAppLimited).isTrue();

    sk.appLimited = 0;
    TcpSkb later = new TcpSkb();
    TcpRate.skbSent(sk, later);
    assertThat(later.txIsAppLimited).isFalse();
  }

  @Test
  void sampleIntervalIsTheLongerOfSendAndAckPhasesAndInvalidBelowMinRtt() {
    TcpSock sk = idle();
    sk.rttMin.reset(0, 20_000); // min_rtt 20 ms
    sk.packetsOut = 0;
    TcpSkb first = new TcpSkb();
    first.skbMstampNs = 1_000_000_000L;
    TcpRate.skbSent(sk, first); // nothing in flight: starts the send phase
    sk.packetsOut = 10;
    TcpSkb last = new TcpSkb();
    last.skbMstampNs = 1_030_000_000L; // sent 30 ms later
    last.endSeq = 10;
    TcpRate.skbSent(sk, last);

    RateSample rs = new RateSample();
    TcpRate.skbDelivered(sk, last, rs);
    assertThat(rs.intervalUs).isEqualTo(30_000); // send phase
    sk.tcpMstamp = 1_025_000L; // ACK 25 ms after first send: ack phase 25 ms
    sk.delivered += 10;
    TcpRate.gen(sk, 10, 0, false, rs);
    assertThat(rs.intervalUs).isEqualTo(30_000);
    assertThat(rs.delivered).isEqualTo(10);

    // an ACK phase shorter than min_rtt (and a short send phase): invalid
    RateSample rs2 = new RateSample();
    TcpSkb quick = new TcpSkb();
    quick.skbMstampNs = 1_030_000_000L;
    quick.txFirstTxMstamp = 1_029_000L;
    quick.txDeliveredMstamp = 1_029_000L;
    quick.endSeq = 20;
    TcpRate.skbDelivered(sk, quick, rs2);
    sk.tcpMstamp = 1_039_000L;
    TcpRate.gen(sk, 1, 0, false, rs2);
    assertThat(rs2.intervalUs).isEqualTo(-1);
  }

  @Test
  void bulkUploadStarvedByLateCompletionsIsNeverMarkedAppLimited() {
    TcpSysctl s = new TcpSysctl();
    MiniNet net = new MiniNet(new Bbr(), ManualHost.patches(6, 17), s, 1_000_000_000L,
        5_000_000L, 1_000_000_000L, 1000, 23_000_000L, 1);
    boolean[] marked = {false};
    int[] acks = {0};
    net.afterAck = () -> {
      acks[0]++;
      // BBR's PROBE_RTT marks app_limited on purpose; only the sendmsg check counts here
      if (net.sk.appLimited != 0 && ((Bbr) net.sk.ca).mode != Bbr.BBR_PROBE_RTT) {
        marked[0] = true;
      }
    };
    net.runUntil(2_000_000_000L);
    assertThat(acks[0]).isGreaterThan(300);
    assertThat(net.sk.writeSeq - net.sk.sndNxt).isGreaterThan(1448);
    assertThat(marked[0]).isFalse();
  }
}
