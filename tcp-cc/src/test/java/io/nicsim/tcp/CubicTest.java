package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class CubicTest {
  private final ManualHost host = new ManualHost();
  private final TcpSysctl sysctl = new TcpSysctl();

  CubicTest() {
    sysctl.hz = 1000;
  }

  @Property
  void cubicRootIsWithinOnePercentOfTheRealCubeRoot(
      @ForAll @LongRange(min = 64, max = 1L << 50) long a) {
    double exact = Math.cbrt((double) a);
    assertThat((double) Cubic.cubicRoot(a)).isCloseTo(exact, within(exact * 0.01 + 1));
  }

  @Test
  void cubicRootOfSmallValuesUsesTheTable() {
    assertThat(Cubic.cubicRoot(0)).isZero();
    assertThat(Cubic.cubicRoot(1)).isEqualTo(1);
    assertThat(Cubic.cubicRoot(27)).isEqualTo(3);
    assertThat(Cubic.cubicRoot(63)).isEqualTo(4); // (254 + 35) >> 6
  }

  @Test
  void lossSetsWmaxAndSsthreshWithBeta717AndFastConvergence() {
    Cubic cubic = new Cubic();
    TcpSock sk = host.socket(cubic, ManualHost.patches(6, 17), sysctl, 10_000);
    sk.sndCwndSet(1000);
    assertThat(cubic.ssthresh(sk)).isEqualTo(1000 * 717 / 1024);
    assertThat(cubic.lastMaxCwnd()).isEqualTo(1000);

    // a second loss below the previous Wmax releases bandwidth: Wmax * (1 + beta) / 2
    sk.sndCwndSet(800);
    assertThat(cubic.ssthresh(sk)).isEqualTo(800 * 717 / 1024);
    assertThat(cubic.lastMaxCwnd()).isEqualTo(800 * (1024 + 717) / 2048);
  }

  /**
   * After a loss at Wmax, clock ACKs at one RTT per window. Every cubic target the kernel's
   * fixed-point arithmetic computes is within one segment of the closed form W(t) = C (t -
   * K)^3 + Wmax, C = 410/1024, evaluated at the kernel's own K and its t (time since the epoch
   * start plus delay_min, in 1/1024 s); K itself is within 0.5% of cbrt((Wmax - cwnd) / C).
   * cwnd never runs more than one segment past the target.
   */
  @Test
  void cwndFollowsTheCubicCurveWithinOneSegment() {
    Cubic cubic = new Cubic(0);
    TcpSock sk = host.socket(cubic, ManualHost.patches(6, 17), sysctl, 100_000);
    int wmax = 1000;
    long rttNs = 100_000_000L;
    cubic.delayMin = 100_000; // one RTT

    sk.sndCwndSet(wmax);
    int ssthresh = cubic.ssthresh(sk);
    sk.sndSsthresh = ssthresh;
    sk.sndCwndSet(ssthresh); // end of recovery: cwnd = ssthresh
    sk.isCwndLimited = true;

    double c = 410.0 / 1024;
    int targets = 0;

    for (int round = 0; round < 150; round++) {
      int acks = sk.sndCwnd();
      for (int i = 0; i < acks; i++) {
        host.now += rttNs / acks;
        sk.mstampRefresh();
        int before = cubic.lastBicTarget();
        TcpInput.congAvoid(sk, 0, 1);
        if (cubic.lastBicTarget() != before) {
          double k = cubic.bicK() / 1024.0;
          long ticks = (sk.tcpJiffies32() - cubic.epochStart()) + sk.usecsToJiffies(100_000);
          double t = (ticks << 10) / sysctl.hz / 1024.0;
          assertThat((double) cubic.lastBicTarget()).as("target at t=%.3f s", t)
              .isCloseTo(w(c, k, wmax, t), within(1.0));
          targets++;
        }
        assertThat(sk.sndCwnd()).isLessThanOrEqualTo(Math.max(cubic.lastBicTarget(), ssthresh) + 1);
      }
    }
    double exactK = Math.cbrt((wmax - ssthresh) / c);
    assertThat(cubic.bicK() / 1024.0).isCloseTo(exactK, within(0.005 * exactK));
    assertThat(targets).isGreaterThan(100);
    assertThat(sk.sndCwnd()).isGreaterThan(wmax); // past the plateau, probing again
  }

  private static double w(double c, double k, int wmax, double t) {
    return c * Math.pow(t - k, 3) + wmax;
  }

  @Test
  void cwndIsFlatAroundWmaxAndReachesItAtK() {
    Cubic cubic = new Cubic(0);
    TcpSock sk = host.socket(cubic, ManualHost.patches(6, 17), sysctl, 100_000);
    cubic.delayMin = 100_000;
    sk.sndCwndSet(2000);
    sk.sndSsthresh = cubic.ssthresh(sk);
    sk.sndCwndSet(sk.sndSsthresh);
    sk.isCwndLimited = true;

    TcpInput.congAvoid(sk, 0, 1);
    // K in 1/1024 s, from the kernel's fixed-point cube root, against the closed form
    double kSeconds = Math.cbrt(2000 * (1 - 717.0 / 1024) / (410.0 / 1024));
    assertThat(cubic.bicK() / 1024.0).isCloseTo(kSeconds, within(0.02 * kSeconds));
  }

  /** Feeds one ACK carrying an RTT sample at the given time. */
  private static void ackWithRtt(ManualHost host, TcpSock sk, Cubic cubic, long atNs,
      long rttUs) {
    host.now = atNs;
    sk.mstampRefresh();
    cubic.pktsAcked(sk, 1, rttUs);
  }

  private TcpSock slowStarting(Cubic cubic) {
    TcpSock sk = host.socket(cubic, ManualHost.patches(6, 17), sysctl, 10_000);
    sk.sndCwndSet(32);
    sk.sndNxt += 32 * 1448;
    sk.sndSsthresh = TcpSock.TCP_INFINITE_SSTHRESH;
    return sk;
  }

  @Test
  void hystartLeavesSlowStartWhenTheRoundsMinimumRttRisesPastTheThreshold() {
    Cubic cubic = new Cubic();
    TcpSock sk = slowStarting(cubic);
    cubic.found = false;
    long t = 1_000_000_000L;
    // round 1 at 10 ms sets delay_min; ACKs 3 ms apart so no ACK train forms
    for (int i = 0; i < 10; i++) {
      ackWithRtt(host, sk, cubic, t += 3_000_000, 10_000);
    }
    assertThat(cubic.delayMin()).isEqualTo(10_000);
    assertThat(cubic.found()).isFalse();

    // next round (snd_una past end_seq): every sample 10 + 4 + 1 ms
    sk.sndUna = sk.sndNxt + 1;
    sk.sndNxt += 64 * 1448;
    for (int i = 0; i < 8; i++) {
      ackWithRtt(host, sk, cubic, t += 3_000_000, 15_000);
      assertThat(cubic.found()).isFalse(); // the first 8 samples only build curr_rtt
    }
    ackWithRtt(host, sk, cubic, t += 3_000_000, 15_000);
    assertThat(cubic.found()).isTrue();
    assertThat(sk.sndSsthresh).isEqualTo(sk.sndCwnd());
    assertThat(sk.inSlowStart()).isFalse();
  }

  @Test
  void hystartIgnoresADelayIncreaseBelowTheClampedThreshold() {
    Cubic cubic = new Cubic();
    TcpSock sk = slowStarting(cubic);
    long t = 1_000_000_000L;
    for (int i = 0; i < 10; i++) {
      ackWithRtt(host, sk, cubic, t += 3_000_000, 10_000);
    }
    sk.sndUna = sk.sndNxt + 1;
    sk.sndNxt += 64 * 1448;
    for (int i = 0; i < 20; i++) {
      ackWithRtt(host, sk, cubic, t += 3_000_000, 13_900); // < 10 ms + 4 ms
    }
    assertThat(cubic.found()).isFalse();
    assertThat(sk.inSlowStart()).isTrue();
  }

  @Test
  void hystartAckTrainFiresWhenClosedSpacedAcksSpanHalfTheMinRtt() {
    Cubic cubic = new Cubic();
    TcpSock sk = slowStarting(cubic);
    long t = 1_000_000_000L;
    ackWithRtt(host, sk, cubic, t, 10_000);
    sk.sndUna = sk.sndNxt + 1;
    sk.sndNxt += 64 * 1448;
    ackWithRtt(host, sk, cubic, t += 3_000_000, 10_000); // new round starts here
    // unpaced: threshold = (delay_min + ack_delay) / 2; ACKs 500 us apart
    long threshUs = (10_000 + Cubic.hystartAckDelay(sk)) / 2;
    long start = t;
    while (t - start <= threshUs * 1000L) {
      assertThat(cubic.found()).isFalse();
      ackWithRtt(host, sk, cubic, t += 500_000, 10_000);
    }
    assertThat(cubic.found()).isTrue();
  }

  /**
   * What the receiver's ACK spacing does to the ACK train (nicsim validate's 2 ms holds): the
   * train lives while each ACK comes within hystart_ack_delta_us (2000 us) of the last. ACKs in
   * pairs 10 us apart (a receiver handed two whole skbs at once) whose pairs come 2024 us apart
   * (a 2 ms hold released 24 us late) leave a 2014 us gap: the train never grows. Pairs 2000 us
   * apart leave 1990 us: it spans the threshold and HyStart leaves slow start.
   */
  @Test
  void hystartAckTrainBreaksOnAGapPastTheAckDelta() {
    for (long cycleUs : new long[] {2024, 2000}) {
      Cubic cubic = new Cubic();
      TcpSock sk = slowStarting(cubic);
      long t = 1_000_000_000L;
      ackWithRtt(host, sk, cubic, t, 10_000);
      sk.sndUna = sk.sndNxt + 1;
      sk.sndNxt += 640 * 1448;
      ackWithRtt(host, sk, cubic, t += 3_000_000, 10_000); // the round starts here
      for (int pair = 0; pair < 20; pair++) { // 40 ms: far past (10 ms + ack_delay) / 2
        ackWithRtt(host, sk, cubic, t += cycleUs * 1000 - 10_000, 10_000);
        ackWithRtt(host, sk, cubic, t += 10_000, 10_000);
      }
      assertThat(cubic.found()).as("cycle %d us", cycleUs).isEqualTo(cycleUs == 2000);
    }
  }
}
