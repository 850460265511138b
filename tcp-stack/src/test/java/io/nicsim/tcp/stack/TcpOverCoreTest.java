package io.nicsim.tcp.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.net.Ethernet;
import io.nicsim.tcp.Bbr;
import io.nicsim.tcp.CongestionOps;
import io.nicsim.tcp.Cubic;
import io.nicsim.tcp.TcpOutput;
import io.nicsim.tcp.TcpSock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sender on core's engine: a bulk upload from a host with tcp-model's test NIC over a
 * 1 Gbit/s link and a 23 ms path with a one-BDP buffer.
 */
class TcpOverCoreTest {
  private static final long SEC = Scenario.SEC;
  private static final int MSS = 1448;
  /** 1 Gbit/s of 1448-byte segments in 1538-byte wire slots. */
  private static final double LINE_GOODPUT_MBPS =
      1000.0 * MSS / Ethernet.wireBytes(MSS + TcpFlow.HDR_LEN);

  private static Scenario gigabit(String soc, CongestionOps ca, int seconds) {
    return new Scenario(soc, ca, Scenario.gigabit23ms(), seconds * SEC, 1)
        .run(seconds, SEC);
  }

  private static void assertLineRateFromSecondTwo(Scenario s) {
    assertThat(LINE_GOODPUT_MBPS).isBetween(941.0, 942.0);
    List<Double> g = s.goodputMbps;
    for (int i = 1; i < g.size(); i++) {
      assertThat(g.get(i)).as("goodput in second %d", i + 1)
          .isGreaterThanOrEqualTo(0.9 * LINE_GOODPUT_MBPS);
    }
    assertThat(s.flow.sock().totalRetrans).isZero();
  }

  @Test
  void bbrReachesNinetyPercentOfLineRateWithinTwoSeconds() {
    Scenario s = gigabit("tcptestsoc", new Bbr(), 3);
    assertLineRateFromSecondTwo(s);
    // the bandwidth estimate is the wire's payload rate
    assertThat(s.bbrBwMbps()).isBetween(0.98 * LINE_GOODPUT_MBPS, 1.02 * LINE_GOODPUT_MBPS);
  }

  @Test
  void cubicReachesNinetyPercentOfLineRateWithinTwoSeconds() {
    assertLineRateFromSecondTwo(gigabit("tcptestsoc", new Cubic(), 3));
  }

  /**
   * With TSQ allowing ~2 skbs below TCP and the NIC freeing them only every 5 ms, a flow gets
   * at most 2 skbs x segs x MSS per 5 ms. BBR samples that as its bandwidth and shrinks its
   * skbs to bbr_min_tso_segs; CUBIC's cwnd-driven pacing rate keeps its skbs large.
   */
  @Test
  void fiveMsCompletionsStarveBbrButNotCubic() {
    long period = 5_000_000L;
    Scenario bbr = gigabit("tcptestsoc-5ms", new Bbr(), 10);
    Scenario cubic = gigabit("tcptestsoc-5ms", new Cubic(), 10);

    for (Scenario s : List.of(bbr, cubic)) {
      TcpSock sk = s.flow.sock();
      int segs = TcpOutput.tsoSegs(sk, MSS);
      long truesize = sk.skbHeadTruesize + (long) segs * MSS;
      long tsqLimit = Math.max(2 * truesize, sk.skPacingRate >> sk.skPacingShift);
      double ceiling = 2.0 * segs * MSS * 8 / (period / 1e9) / 1e6;
      double last8 = s.goodputMbps.subList(2, 10).stream().mapToDouble(d -> d).average()
          .orElseThrow();
      // TSQ is the binding limit: two skbs per completion period
      assertThat(tsqLimit).isEqualTo(2 * truesize);
      assertThat(last8).isBetween(0.9 * ceiling, 1.01 * ceiling);
    }

    for (int i = 1; i < 10; i++) {
      assertThat(bbr.goodputMbps.get(i)).as("BBR second %d", i + 1).isBetween(1.0, 10.0);
      assertThat(cubic.goodputMbps.get(i)).as("CUBIC second %d", i + 1).isGreaterThan(100.0);
    }
    assertThat(bbr.bbrBwMbps()).isLessThan(10.0);
    assertThat(TcpOutput.tsoSegs(bbr.flow.sock(), MSS)).isEqualTo(2); // bbr_min_tso_segs
    // never app-limited although nothing is left unsent: the NIC holds the data
    assertThat(bbr.flow.sock().appLimited).isZero();
  }

  @Test
  void everyTruesizeComesBackThroughSoftwareGsoDestructors() {
    Scenario s = new Scenario("tcptestsoc-5ms", new Cubic(), Scenario.gigabit23ms(),
        SEC / 2, 1);
    s.host.run(SEC / 4);
    TcpSock sk = s.flow.sock();
    assertThat(sk.skWmemAlloc).isGreaterThan(1);
    assertThat(s.flow.skbsInHost()).isPositive();
    s.host.run(2 * SEC); // the writer stopped at 0.5 s; everything is ACKed and freed by now
    assertThat(sk.packetsOut).isZero();
    assertThat(sk.writeQueueEmpty()).isTrue();
    assertThat(sk.skWmemAlloc).isEqualTo(1);
    assertThat(sk.skWmemQueued).isZero();
    assertThat(s.host.skbs().live()).isZero();
    assertThat(s.flow.skbsInHost()).isZero();
    assertThat(s.path.receiver().bytesReceived()).isEqualTo(s.app.written());
  }

  @Test
  void randomLossIsRepairedBySackRecovery() {
    PathConfig lossy = PathConfig.of(20 * Scenario.MS, 100_000_000L, 170).withLoss(0.01);
    for (CongestionOps ca : new CongestionOps[] {new Bbr(), new Cubic()}) {
      Scenario s = new Scenario("tcptestsoc", ca, lossy, 3 * SEC, 7).run(3, SEC);
      s.host.run(3 * SEC); // drain: everything written must arrive, in order
      TcpSock sk = s.flow.sock();
      assertThat(s.path.randomDrops()).isPositive();
      assertThat(sk.totalRetrans).isGreaterThanOrEqualTo((int) s.path.randomDrops() / 2);
      assertThat(s.path.receiver().bytesReceived()).isEqualTo(s.app.written());
      assertThat(sk.packetsOut).isZero();
    }
  }

  @Test
  void anOutageIsRepairedByRetransmissionTimeouts() {
    PathConfig p = PathConfig.of(20 * Scenario.MS, 100_000_000L, 170);
    for (CongestionOps ca : new CongestionOps[] {new Bbr(), new Cubic()}) {
      Scenario s = new Scenario("tcptestsoc", ca, p, 3 * SEC, 5);
      s.host.run(SEC);
      s.path.outageUntil(SEC + 500 * Scenario.MS);
      s.run(4, SEC);
      TcpSock sk = s.flow.sock();
      assertThat(s.path.outageDrops()).isPositive();
      assertThat(sk.rtoCount).isPositive();
      assertThat(s.path.receiver().bytesReceived()).isEqualTo(s.app.written());
      assertThat(sk.packetsOut).isZero();
      assertThat(sk.icskCaState).isEqualTo(TcpSock.TCP_CA_OPEN);
    }
  }

  @Test
  void bufferOverflowIsRecoveredAndCubicFillsTheBottleneck() {
    PathConfig shallow = PathConfig.of(20 * Scenario.MS, 100_000_000L, 20);
    Scenario s = new Scenario("tcptestsoc", new Cubic(), shallow, 8 * SEC, 3).run(8, SEC);
    assertThat(s.path.bufferDrops()).isPositive();
    assertThat(s.flow.sock().totalRetrans).isPositive();
    double bottleneck = 100.0 * MSS / Ethernet.wireBytes(MSS + TcpFlow.HDR_LEN);
    assertThat(s.goodputMbps.get(7)).isGreaterThan(0.5 * bottleneck);
  }

  @Test
  void fqPacesBbrInsteadOfTheInternalTimer() {
    Scenario s = new Scenario("tcptestsoc", new Bbr(), PathConfig.of(20 * Scenario.MS,
        100_000_000L, 170), 3 * SEC, 1);
    FqQdisc fq = new FqQdisc(s.host.kernel(), s.host.dev().mtu());
    s.host.dev().attachQdisc(0, fq);
    s.run(3, SEC);
    assertThat(s.flow.sock().skPacingStatus).isEqualTo(TcpSock.SK_PACING_FQ);
    assertThat(fq.throttledCount()).isPositive();
    double bottleneck = 100.0 * MSS / Ethernet.wireBytes(MSS + TcpFlow.HDR_LEN);
    assertThat(s.goodputMbps.get(2)).isGreaterThan(0.9 * bottleneck);
    assertThat(s.bbrBwMbps()).isBetween(0.95 * bottleneck, 1.05 * bottleneck);
  }
}
