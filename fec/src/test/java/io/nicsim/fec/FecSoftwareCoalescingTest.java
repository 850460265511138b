package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import io.nicsim.runs.options.RunArgs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fec's software-coalescing figures, a run as {@code nicsim run --json} gives it: the kernel's
 * own software coalescing (napi_defer_hard_irqs with the gro_flush_timeout watchdog) on traffic
 * into the host ({@code iperf3 -R}). Each expectation is derived from the C's rule first, in the
 * test's comment; the simulator must reproduce it.
 */
class FecSoftwareCoalescingTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();

  static JsonNode run(String... args) throws Exception {
    RunResult r = ENGINE.run(RunArgs.request(List.of(args)));
    return new ObjectMapper().readTree(RunText.json(r));
  }

  static double m(JsonNode run, String metric) {
    JsonNode v = run.path("summary").path(metric);
    assertThat(v.isMissingNode()).as(metric + " in " + run.path("summary")).isFalse();
    return v.asDouble();
  }

  static final String BULK = "iperf3 -R -t 1";
  static final String PING = "ping -c 20 -i 0.2";
  static final String OFF = "rx-usecs 0 rx-frames 1";
  static final String SYSFS = "napi_defer_hard_irqs=2 gro_flush_timeout=200000";

  /**
   * fec on the i.MX8QXP (v6.17): the hardware default (rx-usecs 1000, rx-frames 200) against
   * hardware coalescing off plus napi_defer_hard_irqs 2 and a 200 µs gro_flush_timeout.
   *
   * <p>The C's rule, mainline: fec_enet_rx_napi calls napi_complete_done and unmasks
   * FEC_DEFAULT_IMASK whatever it returns. So the deferral arms the watchdog but the interrupt
   * is back on at once: the next frame interrupts as it would without the settings, and the
   * watchdog's 200 µs re-arm each deferred completion, so it rarely fires. The bulk RX IRQ rate
   * is not brought down (it stays at least rx-usecs 0's), GRO merges more (the timeout keeps
   * this jiffy's packets for the next poll) so the CPU falls; a ping's reply is not delayed
   * (nothing waits for a timer), its RTT is rx-usecs 0's.
   *
   * <p>With fec's what-if {@code +napi-complete-done-return} (rx_napi unmasks only when
   * napi_complete_done returns true, as bcmgenet does from v6.17) the settings do what they
   * are meant to: under bulk RX the watchdog re-polls every 200 µs while data keeps coming and
   * the interrupt stays masked, so interrupts plus re-polls come near the hardware default's rate
   * (its 1 ms timer and 200-frame threshold: ~800 RX interrupts/s at 940 Mbit/s); a lone ping
   * finds the interrupt on (the last poll was empty), so its RTT stays rx-usecs 0's, not the
   * 1 ms timer's.
   */
  @Test
  void fecWithDeferredHardIrqsKeepsTheLowRttAndCutsInterruptsOnlyWhenThePollHeedsTheReturn()
      throws Exception {
    String[] host = {"--mac", "fec", "--soc", "imx8qxp"};
    JsonNode hwBulk = run(with(host, "--traffic", BULK));
    JsonNode offBulk = run(with(host, "-C", OFF, "--traffic", BULK));
    JsonNode swBulk = run(with(host, "-C", OFF, "--sysfs", SYSFS, "--traffic", BULK));
    JsonNode whatIfBulk = run(with(host, "-C", OFF, "--sysfs", SYSFS, "--patch",
        "+napi-complete-done-return", "--traffic", BULK));
    JsonNode hwPing = run(with(host, "--traffic", PING));
    JsonNode offPing = run(with(host, "-C", OFF, "--traffic", PING));
    JsonNode swPing = run(with(host, "-C", OFF, "--sysfs", SYSFS, "--traffic", PING));
    JsonNode whatIfPing = run(with(host, "-C", OFF, "--sysfs", SYSFS, "--patch",
        "+napi-complete-done-return", "--traffic", PING));

    double hwIrq = m(hwBulk, "rx_irq_per_s");
    assertThat(hwIrq).isBetween(600.0, 1_000.0);
    assertThat(m(offBulk, "rx_irq_per_s")).isGreaterThan(30 * hwIrq);
    // mainline: no interrupt saved, but GRO's bigger batches save CPU
    assertThat(m(swBulk, "rx_irq_per_s")).isGreaterThanOrEqualTo(m(offBulk, "rx_irq_per_s"));
    assertThat(m(swBulk, "cpu_pct")).isLessThan(m(offBulk, "cpu_pct"));
    // the what-if: wakeups (interrupts and watchdog re-polls) near the hardware default's
    double wakeups = m(whatIfBulk, "rx_wakeups_per_s");
    assertThat(m(whatIfBulk, "rx_irq_per_s")).isLessThan(hwIrq / 10);
    assertThat(wakeups).isBetween(hwIrq, 6 * hwIrq).isLessThan(m(offBulk, "rx_irq_per_s") / 10);
    assertThat(m(whatIfBulk, "cpu_pct")).isCloseTo(m(hwBulk, "cpu_pct"),
        within(0.2 * m(hwBulk, "cpu_pct")));
    assertThat(m(whatIfBulk, "tcp_mbps")).isCloseTo(m(hwBulk, "tcp_mbps"), within(10.0));

    double hwRtt = m(hwPing, "ping_rtt_ms");
    double offRtt = m(offPing, "ping_rtt_ms");
    assertThat(hwRtt).isGreaterThan(1.0); // the RX timer's 1 ms
    assertThat(offRtt).isLessThan(0.4);
    assertThat(m(swPing, "ping_rtt_ms")).isCloseTo(offRtt, within(0.02));
    assertThat(m(whatIfPing, "ping_rtt_ms")).isCloseTo(offRtt, within(0.02));
  }

  static String[] with(String[] host, String... more) {
    List<String> a = new ArrayList<>(List.of(host));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }
}
