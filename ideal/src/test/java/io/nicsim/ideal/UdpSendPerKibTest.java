package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.runs.RunResult;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * host-veth's measured per-KiB send cost ({@code udp_send_kb}): a 1400-byte datagram's sendto
 * costs its per-call {@code udp_sendmsg} plus 155 ns/KiB of its payload, a 64-byte one the same
 * per-call cost plus its 64 bytes' share, and a profile that gives no per-KiB cost charges none.
 */
class UdpSendPerKibTest {
  /** ns of {@code op} per call in {@code r} (CPU % of all cores back to ns a call). */
  private static double nsPerCall(RunResult r, String op) {
    double calls = r.callsPerSecByOp().getOrDefault(op, 0.0);
    double pct = r.cpuPctByOp().getOrDefault(op, 0.0);
    return calls == 0 ? 0 : pct / 100 * r.cores() * 1e9 / calls;
  }

  private static RunResult flood(String soc, int len) {
    long bps = 20_000L * len * 8;
    return IdealRuns.run("--mac", "ideal", "--soc", soc, "--kernel", "v6.18", "--traffic",
        "iperf3 -u -b " + bps + " -l " + len + " -t 0.05");
  }

  @Test
  void theSendCostGrowsWithThePayload() {
    RunResult small = flood("host-veth", 64);
    RunResult large = flood("host-veth", 1400);
    assertThat(nsPerCall(large, "udp_send_kb")).isCloseTo(155.0 * 1400 / 1024, offsetOf(1));
    assertThat(nsPerCall(small, "udp_send_kb")).isCloseTo(155.0 * 64 / 1024, offsetOf(1));
    assertThat(nsPerCall(large, "udp_sendmsg")).isCloseTo(nsPerCall(small, "udp_sendmsg"),
        offsetOf(1));
    assertThat(large.callsPerSecByOp().get("udp_send_kb"))
        .isEqualTo(large.callsPerSecByOp().get("udp_sendmsg"));
  }

  @Test
  void aProfileWithoutItChargesNone() {
    RunResult r = flood("ideal", 1400);
    assertThat(r.callsPerSecByOp()).doesNotContainKey("udp_send_kb");
    assertThat(r.callsPerSecByOp().get("udp_sendmsg")).isGreaterThan(0);
  }

  private static Offset<Double> offsetOf(double ns) {
    return Offset.offset(ns);
  }
}
