package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** BBR v1 state machine on MiniNet paths. */
class BbrTest {
  private static final long MS = 1_000_000L;
  private static final long S = 1_000_000_000L;

  /** 1 Gbit/s NIC, a 100 Mbit/s bottleneck with a 1-BDP-ish buffer, 20 ms RTT. */
  private static MiniNet path(Bbr bbr, long bottleneckBps, long seed) {
    TcpSysctl sysctl = new TcpSysctl();
    return new MiniNet(bbr, ManualHost.patches(6, 17), sysctl, 1_000_000_000L, 0,
        bottleneckBps, 200, 20 * MS, seed);
  }

  @Test
  void startupEndsAfterThreeRoundsWithoutTwentyFivePercentGrowth() {
    Bbr bbr = new Bbr();
    MiniNet net = path(bbr, 100_000_000L, 1);
    int[] lastGrowthRound = {-1};
    int[] exitRound = {-1};
    List<String> violations = new ArrayList<>();
    int[] fullBw = {0};
    net.afterAck = () -> {
      if (bbr.mode == Bbr.BBR_STARTUP && bbr.roundStart && bbr.fullBw != fullBw[0]) {
        // full_bw moved: the max grew by >= 25% over the previous full_bw
        if ((long) bbr.fullBw * 4 < (long) fullBw[0] * 5) {
          violations.add("full_bw grew less than 25% at round " + bbr.rttCnt);
        }
        fullBw[0] = bbr.fullBw;
        lastGrowthRound[0] = bbr.rttCnt;
      }
      if (exitRound[0] < 0 && bbr.mode != Bbr.BBR_STARTUP) {
        exitRound[0] = bbr.rttCnt;
      }
    };
    net.runUntil(2 * S);

    assertThat(violations).isEmpty();
    assertThat(exitRound[0]).isPositive();
    assertThat(bbr.fullBwReachedFlag()).isTrue();
    assertThat(exitRound[0] - lastGrowthRound[0]).isEqualTo(3);
    assertThat((long) bbr.maxBw() * 4).isLessThan((long) bbr.fullBw * 5);
    assertThat(net.sk.sndSsthresh).isLessThan(TcpSock.TCP_INFINITE_SSTHRESH);
  }

  @Test
  void probeBwCyclesTheGainsInOrder() {
    Bbr bbr = new Bbr();
    MiniNet net = path(bbr, 100_000_000L, 7);
    List<Integer> phases = new ArrayList<>();
    net.afterAck = () -> {
      if (bbr.mode == Bbr.BBR_PROBE_BW
          && (phases.isEmpty() || phases.get(phases.size() - 1) != bbr.cycleIdx)) {
        phases.add(bbr.cycleIdx);
        assertThat(bbr.pacingGain).isEqualTo(Bbr.BBR_PACING_GAIN[bbr.cycleIdx]);
        assertThat(bbr.cwndGain).isEqualTo(Bbr.BBR_CWND_GAIN);
      }
    };
    net.runUntil(4 * S);

    assertThat(phases.size()).isGreaterThan(16); // two full cycles at least
    for (int i = 1; i < phases.size(); i++) {
      assertThat(phases.get(i)).isEqualTo((phases.get(i - 1) + 1) % 8);
    }
    assertThat(Bbr.BBR_PACING_GAIN).containsExactly(320, 192, 256, 256, 256, 256, 256, 256);
  }

  @Test
  void probeBwStartsAtARandomPhaseButNeverTheDrainingOne() {
    TreeSet<Integer> starts = new TreeSet<>();
    for (long seed = 1; seed <= 24; seed++) {
      Bbr bbr = new Bbr();
      MiniNet net = path(bbr, 20_000_000L, seed);
      int[] first = {-1};
      net.afterAck = () -> {
        if (first[0] < 0 && bbr.mode == Bbr.BBR_PROBE_BW) {
          first[0] = bbr.cycleIdx;
        }
      };
      net.runUntil(1 * S);
      assertThat(first[0]).isNotNegative();
      starts.add(first[0]);
    }
    assertThat(starts).doesNotContain(1).hasSizeGreaterThan(3);
  }

  @Test
  void probeRttAfterTenSecondsWithoutALowerRttHoldsFourPacketsFor200ms() {
    Bbr bbr = new Bbr();
    MiniNet net = path(bbr, 10_000_000L, 3);
    TcpSock sk = net.sk;
    long[] enter = {-1};
    long[] exit = {-1};
    int[] stampAtEnter = {0};
    int[] stampPrev = {0};
    int[] maxCwndInside = {0};
    int[] priorCwnd = {0};
    net.afterAck = () -> {
      if (enter[0] < 0 && bbr.mode == Bbr.BBR_PROBE_RTT) {
        enter[0] = net.now;
        // the entering ACK refreshes the stamp (expired filter): use the one before it
        stampAtEnter[0] = stampPrev[0];
        priorCwnd[0] = bbr.priorCwnd;
      } else if (enter[0] < 0) {
        stampPrev[0] = bbr.minRttStamp;
      }
      if (enter[0] >= 0 && exit[0] < 0) {
        if (bbr.mode == Bbr.BBR_PROBE_RTT) {
          maxCwndInside[0] = Math.max(maxCwndInside[0], sk.sndCwnd());
        } else {
          exit[0] = net.now;
        }
      }
    };
    net.runUntil(12 * S);

    assertThat(enter[0]).as("entered PROBE_RTT").isPositive();
    // entered once the 10 s min_rtt window expired, not before
    long windowEnd = sk.jiffiesToNs(stampAtEnter[0] + 10 * sk.sysctl.hz);
    assertThat(enter[0]).isGreaterThan(windowEnd);
    assertThat(enter[0] - windowEnd).isLessThan(50 * MS);
    assertThat(maxCwndInside[0]).isEqualTo(4);
    assertThat(exit[0]).as("left PROBE_RTT").isPositive();
    assertThat(exit[0] - enter[0]).isBetween(200 * MS, 200 * MS + 200 * MS);
    assertThat(bbr.mode).isEqualTo(Bbr.BBR_PROBE_BW);
    assertThat(sk.sndCwnd()).isGreaterThanOrEqualTo(priorCwnd[0] > 4 ? 5 : 4);
  }

  @Test
  void bandwidthEstimateOnAnIdealPathMatchesTheBottleneckWithinTwoPercent() {
    for (long rate : new long[] {20_000_000L, 100_000_000L}) {
      Bbr bbr = new Bbr();
      MiniNet net = path(bbr, rate, 5);
      net.runUntil(3 * S);
      // segments per second through the bottleneck, in payload bytes
      double expected = rate / 8.0 / (1448 + MiniNet.WIRE_OVERHEAD) * 1448;
      assertThat((double) bbr.bwBytesPerSec(net.sk)).as("at %d bit/s", rate)
          .isCloseTo(expected, within(0.02 * expected));
    }
  }
}
