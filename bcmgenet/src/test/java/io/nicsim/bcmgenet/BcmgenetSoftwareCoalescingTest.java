package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import io.nicsim.runs.options.RunArgs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * bcmgenet's software-coalescing figures, a run as {@code nicsim run --json} gives it: the
 * kernel's own software coalescing (napi_defer_hard_irqs with the gro_flush_timeout watchdog)
 * that bcmgenet_probe turns on from v6.17, on traffic into the host ({@code iperf3 -R}). Each
 * expectation is derived from the C's rule first, in the test's comment; the simulator must
 * reproduce it.
 */
class BcmgenetSoftwareCoalescingTest {
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
}
