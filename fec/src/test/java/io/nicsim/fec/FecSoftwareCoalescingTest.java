package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The software-coalescing figures, through {@code nicsim run} as a user types it: the kernel's own
 * software coalescing (napi_defer_hard_irqs with the gro_flush_timeout watchdog) on traffic
 * into the host ({@code iperf3 -R}). Each expectation is derived from the C's rule first, in the
 * test's comment; the simulator must reproduce it.
 */
class SoftwareCoalescingTest {

  static JsonNode run(String... args) throws Exception {
    List<String> a = new ArrayList<>(List.of("run"));
    a.addAll(List.of(args));
    a.add("--json");
    Cli.Result r = Cli.run(CliEnv.standard(), a.toArray(new String[0]));
    assertThat(r.exit()).as(r.err()).isZero();
    return new ObjectMapper().readTree(r.out());
  }

  static double m(JsonNode run, String metric) {
    JsonNode v = run.path("summary").path(metric);
    assertThat(v.isMissingNode()).as(metric + " in " + run.path("summary")).isFalse();
    return v.asDouble();
  }

  /**
   * bcmgenet on the Pi 4, 400 Mbit/s of 1400-byte datagrams from the peer.
   *
   * <p>v6.12: nothing sets napi_defer_hard_irqs or gro_flush_timeout, so napi_complete_done
   * returns true after every poll and bcmgenet_rx_poll unmasks the ring's interrupt. A datagram
   * takes 11.73 µs on the wire (1466 bytes with preamble and gap at 1 Gbit/s) and its poll is
   * done long before the next, so every datagram raises its own interrupt: rx_irq_per_s equals
   * the datagram rate, 35 678/s.
   *
   * <p>v6.18 (078bb22cfc65 and 28ed9bed5fb2, v6.17): bcmgenet_probe's
   * netdev_sw_irq_coalesce_default_on() sets gro_flush_timeout 20 000 ns and
   * napi_defer_hard_irqs 1. A poll with work reloads defer_hard_irqs_count to 1;
   * napi_complete_done counts it down to 0, arms the 20 µs watchdog and returns false, and
   * bcmgenet_rx_poll then leaves the interrupt masked. The watchdog schedules the NAPI again;
   * while it finds datagrams the cycle repeats; the first poll that finds none completes with
   * the count at 0 and returns true, and only then is the interrupt unmasked. iperf3 paces UDP
   * from a 1 ms timer (each tick sends what the rate allows, back to back): 35.7 datagrams per
   * tick, a burst of ~420 µs. So one interrupt per tick (1 000/s) and, per burst, one watchdog
   * re-poll per 20 µs plus a poll's time (about 16 per burst, at most 420/20 + 1 = 22, at least
   * half that), the last of them empty. Interrupts plus re-polls stay far below v6.12's.
   */
  @Test
  void bcmgenetOnV618TakesAnInterruptPerBurstAndRepollsFromTheWatchdog() throws Exception {
    String traffic = "iperf3 -u -b 400M -l 1400 -t 1 -R";
    JsonNode v612 = run("--mac", "bcmgenet", "--soc", "bcm2711", "--kernel", "v6.12",
        "--traffic", traffic);
    JsonNode v618 = run("--mac", "bcmgenet", "--soc", "bcm2711", "--kernel", "v6.18",
        "--traffic", traffic);
    double pps = m(v612, "udp_rcv_pps");
    assertThat(pps).isCloseTo(35_678, within(100.0));
    assertThat(m(v612, "rx_irq_per_s")).isCloseTo(pps, within(pps * 0.01));
    assertThat(v612.path("summary").has("napi_watchdog_per_s")).isFalse(); // nothing to show
    assertThat(v618.path("config").path("sysfs").path("gro_flush_timeout").asText())
        .isEqualTo("20000");
    assertThat(v618.path("config").path("sysfs").path("napi_defer_hard_irqs").asText())
        .isEqualTo("1");
    assertThat(m(v618, "udp_rcv_pps")).isEqualTo(pps); // nothing lost
    double irq = m(v618, "rx_irq_per_s");
    double watchdog = m(v618, "napi_watchdog_per_s");
    assertThat(irq).isCloseTo(1_000, within(20.0));
    assertThat(watchdog / irq).isBetween(11.0, 22.0);
    assertThat(m(v618, "napi_deferred_per_s")).isEqualTo(watchdog); // each deferral re-polls
    assertThat(m(v618, "rx_wakeups_per_s")).isEqualTo(irq + watchdog)
        .isLessThan(m(v612, "rx_irq_per_s") / 2);
    assertThat(m(v618, "cpu_pct")).isLessThan(m(v612, "cpu_pct"));
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
   * napi_complete_done returns true, as bcmgenet does from v6.17) the issue's expectation
   * holds: under bulk RX the watchdog re-polls every 200 µs while data keeps coming and the
   * interrupt stays masked, so interrupts plus re-polls come near the hardware default's rate
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

  /** tune searches the sysfs knobs beside -C and recommends what to echo. */
  @Test
  void tuneSearchesTheSysfsKnobsBesideEthtool() {
    Cli.Result r = Cli.run(CliEnv.standard(), "tune", "--mac", "fec", "--soc", "imx8qxp", "--patch",
        "+napi-complete-done-return", "--traffic", "ping -c 10 -i 0.1", "--traffic",
        "iperf3 -R -t 0.2", "--vary", "rx-usecs=0,1000", "--vary", "napi_defer_hard_irqs=0,2",
        "--vary", "gro_flush_timeout=0,200000", "--objective", "ping_rtt_ms<=0.5",
        "--objective", "min cpu_pct");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("recommended: ethtool -C eth0 rx-usecs 0; echo 2 >"
        + " /sys/class/net/eth0/napi_defer_hard_irqs; echo 200000 >"
        + " /sys/class/net/eth0/gro_flush_timeout\n")
        .containsPattern("napi_defer_hard_irqs +0 +2\n")
        .contains("-C 'rx-usecs 0' --sysfs 'napi_defer_hard_irqs=2 gro_flush_timeout=200000'"
            + " --traffic 'iperf3 -R -t 0.2'");
  }

  /** nicsim sysfs reads the files and napi-get as the host has them after its writes. */
  @Test
  void sysfsShowsTheDriversDefaultsAndTheWrites() {
    Cli.Result v618 = Cli.run(CliEnv.standard(), "sysfs", "--mac", "bcmgenet", "--soc", "bcm2711", "--kernel",
        "v6.18");
    assertThat(v618.exit()).as(v618.err()).isZero();
    assertThat(v618.out()).startsWith("/sys/class/net/eth0/gro_flush_timeout:20000\n"
        + "/sys/class/net/eth0/napi_defer_hard_irqs:1\n/sys/class/net/eth0/threaded:0\n")
        .contains("{'defer-hard-irqs': 1, 'gro-flush-timeout': 20000, 'id': 513, 'ifindex': 2,"
            + " 'irq-suspend-timeout': 0, 'threaded': 'disabled'}");
    Cli.Result v612 = Cli.run(CliEnv.standard(), "sysfs",
        "--mac", "bcmgenet", "--soc", "bcm2711", "--kernel",
        "v6.12", "--sysfs", "threaded=1");
    assertThat(v612.out()).contains("/sys/class/net/eth0/gro_flush_timeout:0\n")
        .contains("/sys/class/net/eth0/threaded:1\n").contains("{'id': 513, 'ifindex': 2}");
    Cli.Result v54 = Cli.run(CliEnv.standard(), "sysfs",
        "--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v5.4");
    assertThat(v54.out()).isEqualTo("/sys/class/net/eth0/gro_flush_timeout:0\n"
        + "napi-get: no netdev netlink NAPI objects before v6.9 (kernel v5.4)\n");
  }

  static String[] with(String[] host, String... more) {
    List<String> a = new ArrayList<>(List.of(host));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }
}
