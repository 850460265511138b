package io.nicsim.scenarios.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.runs.RunEnv;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ravb's probe defaults on the real driver: the single-core RZ/G2UL's receive loses its
 * per-frame interrupts and its NET_RX softirq to the watchdog and the NAPI thread from v6.11;
 * the dual-core RZ/G2L defers without the thread; R-Car E3 gets neither.
 */
class RavbSoftwareCoalescingTest {
  private final ReproContext ctx = new ReproContext(RunEnv.standard().engine(), 1, 2);

  private static double value(List<Row> rows, String caseName, String metric) {
    for (Row r : rows) {
      if (r.caseName().equals(caseName) && r.metric().equals(metric)) {
        return r.simulated();
      }
    }
    throw new AssertionError("no row " + caseName + " / " + metric);
  }

  @Test
  void theDefaultsMoveReceiveWorkPerSoc() {
    List<Row> rows = new RavbSoftwareCoalescing().run(ctx);
    assertThat(rows).allMatch(r -> r.role() == Role.EXTRA && Double.isFinite(r.simulated()));
    // RZ/G2UL: one interrupt a frame before, the watchdog after; NET_RX moves to the kthread
    assertThat(value(rows, "rzg2ul udp rx v6.18", "nic_irq_per_s"))
        .isLessThan(value(rows, "rzg2ul udp rx v6.10", "nic_irq_per_s") / 100);
    assertThat(value(rows, "rzg2ul udp rx v6.18", "softirq_cpu_pct")).isZero();
    assertThat(value(rows, "rzg2ul udp rx v6.10", "softirq_cpu_pct")).isPositive();
    assertThat(value(rows, "rzg2ul udp rx v6.18", "udp_mbps"))
        .isGreaterThan(value(rows, "rzg2ul udp rx v6.10", "udp_mbps"));
    // sw off in sysfs brings the interrupts back (threaded stays on)
    assertThat(value(rows, "rzg2ul udp rx sw off", "nic_irq_per_s"))
        .isGreaterThan(100 * value(rows, "rzg2ul udp rx v6.18", "nic_irq_per_s"));
    // RZ/G2L: deferred, not threaded
    assertThat(value(rows, "rzg2l udp rx v6.18", "nic_irq_per_s"))
        .isLessThan(value(rows, "rzg2l udp rx v6.10", "nic_irq_per_s") / 100);
    assertThat(value(rows, "rzg2l udp rx v6.18", "softirq_cpu_pct")).isPositive();
    // R-Car Gen3: no coalesce_irqs, the same interrupt rate in both eras
    assertThat(value(rows, "r8a77990 udp rx v6.18", "nic_irq_per_s"))
        .isGreaterThan(value(rows, "r8a77990 udp rx v6.10", "nic_irq_per_s") / 2);
  }
}
