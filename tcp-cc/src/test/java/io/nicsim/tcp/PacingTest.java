package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PacingTest {
  private static final long RATE = 12_500_000L; // 100 Mbit/s

  private final ManualHost host = new ManualHost();
  private final TcpSysctl sysctl = new TcpSysctl();

  private TcpSock paced(CongestionOps ca) {
    TcpSock sk = host.socket(ca, ManualHost.patches(6, 17), sysctl, 23_000);
    sk.sndCwndSet(1000);
    sk.skPacingRate = RATE;
    sk.skSndbuf = 64 << 20;
    sk.writeSpace = x -> { };
    return sk;
  }

  /** Frees every clone handed to the host so far, as an immediate-completion NIC would. */
  private int completed;

  private void completeAll(TcpSock sk) {
    while (completed < host.xmits.size()) {
      while (completed < host.xmits.size()) {
        host.complete(sk, completed++);
      }
      host.runTsqWork();
    }
  }

  private static long gapNs(int len) {
    return len * 1_000_000_000L / RATE;
  }

  @Test
  void internalPacingSpacesSkbsByLenOverRateAfterTheFirstTenSegments() {
    TcpSock sk = paced(new Bbr());
    long t0 = host.now;
    TcpSendmsg.sendmsgLocked(sk, 4 << 20);
    completeAll(sk);

    // the first skbs (the first 10 segments) leave back to back at t0
    assertThat(host.xmits.get(0).tstampNs()).isEqualTo(t0);
    assertThat(host.xmits.get(1).tstampNs()).isEqualTo(t0);
    assertThat(host.pacingTimerExpires).isGreaterThan(t0);

    // then one skb per pacing-timer expiry, each len/rate after the previous
    for (int i = 0; i < 20; i++) {
      host.now = host.pacingTimerExpires;
      assertThat(host.firePacingTimer()).isTrue();
      TcpOutput.paceKick(sk);
      completeAll(sk);
    }
    for (int i = 2; i < host.xmits.size(); i++) {
      ManualHost.Xmit prev = host.xmits.get(i - 1);
      ManualHost.Xmit cur = host.xmits.get(i);
      assertThat(cur.tstampNs() - prev.tstampNs()).as("gap before skb %d", i)
          .isEqualTo(gapNs(prev.len()));
      assertThat(cur.atNs()).isEqualTo(cur.tstampNs()); // sent when its EDT came
    }
  }

  @Test
  void lateTimerEarnsCreditOfAtMostHalfAGap() {
    TcpSock sk = paced(new Bbr());
    TcpSendmsg.sendmsgLocked(sk, 4 << 20);
    completeAll(sk);

    host.now = host.pacingTimerExpires;
    host.firePacingTimer();
    TcpOutput.paceKick(sk);
    completeAll(sk);
    ManualHost.Xmit onTime = host.xmits.get(host.xmits.size() - 1);
    long g = gapNs(onTime.len());

    // the timer runs a quarter gap late: the next gap shrinks by that quarter
    long late = g / 4;
    host.now = host.pacingTimerExpires + late;
    host.firePacingTimer();
    TcpOutput.paceKick(sk);
    completeAll(sk);
    ManualHost.Xmit quarterLate = host.xmits.get(host.xmits.size() - 1);
    assertThat(quarterLate.tstampNs()).isEqualTo(host.now);
    assertThat(host.pacingTimerExpires - quarterLate.tstampNs()).isEqualTo(g - late);

    // two gaps late: the credit is capped at half a gap
    host.now = host.pacingTimerExpires + 2 * g;
    host.firePacingTimer();
    TcpOutput.paceKick(sk);
    completeAll(sk);
    ManualHost.Xmit veryLate = host.xmits.get(host.xmits.size() - 1);
    assertThat(host.pacingTimerExpires - veryLate.tstampNs()).isEqualTo(g - g / 2);
  }

  @Test
  void cubicWithoutFqIsNotPaced() {
    TcpSock sk = paced(new Cubic());
    assertThat(sk.skPacingStatus).isEqualTo(TcpSock.SK_PACING_NONE);
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    completeAll(sk);

    assertThat(host.pacingTimerStarts).isZero();
    assertThat(host.xmits.size()).isGreaterThan(10);
    assertThat(host.xmits).allSatisfy(x -> assertThat(x.tstampNs()).isEqualTo(0L));
  }

  @Test
  void withFqTcpStampsDepartureTimesButSendsAtOnce() {
    TcpSock sk = paced(new Cubic());
    sk.skPacingStatus = TcpSock.SK_PACING_FQ; // what sch_fq sets on the flow's socket
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    completeAll(sk);

    assertThat(host.pacingTimerStarts).isZero();
    assertThat(host.xmits).allSatisfy(x -> assertThat(x.atNs()).isEqualTo(0L));
    ManualHost.Xmit a = host.xmits.get(3);
    ManualHost.Xmit b = host.xmits.get(4);
    assertThat(b.tstampNs() - a.tstampNs()).isEqualTo(gapNs(a.len()));
  }

  @Test
  void cubicPacingRateIsTwiceCwndOverSrttInSlowStartThenOnePointTwo() {
    TcpSock sk = host.socket(new Cubic(), ManualHost.patches(6, 17), sysctl, 20_000);
    sk.sndCwndSet(100);
    sk.srttUs = 20_000 << 3;
    sk.sndSsthresh = TcpSock.TCP_INFINITE_SSTHRESH;
    TcpInput.updatePacingRate(sk);
    assertThat(sk.skPacingRate).isEqualTo(2L * 100 * 1448 * 1_000_000 / 20_000);

    sk.sndSsthresh = 150; // cwnd >= ssthresh / 2: approaching the end of slow start
    TcpInput.updatePacingRate(sk);
    assertThat(sk.skPacingRate).isEqualTo(12L * 100 * 1448 * 1_000_000 / 10 / 20_000);
  }
}
