package io.nicsim.core.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.soc.SocProfile;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-op perturbation on a host: each charged cost stays within its own profile number's
 * range, and a cost whose range is 0 (class exact, or a table without ranges) is never moved.
 */
class PerOpJitterTest {

  @Test
  void theCostTableCarriesEachProfileNumbersRange() {
    SocProfile p = SocProfile.load("testsoc");
    CostTable t = CostTable.of(p, 0.5);
    assertThat(t.range(KernelOps.IRQ_ENTRY)).isEqualTo(p.costs().get("irq_entry").range())
        .isEqualTo(0.30); // class estimate
    assertThat(t.range(KernelOps.SOFTIRQ_ENTRY)).isZero(); // class exact
    assertThat(t.require(KernelOps.IRQ_ENTRY)).isEqualTo(350); // scaled; the range is not
    CostTable plain = new CostTable("plain", Map.of("irq_entry", 700L), 1.0);
    assertThat(plain.range(KernelOps.IRQ_ENTRY)).isZero();
    assertThat(plain.ranges()).isEmpty();
  }

  /**
   * Hard interrupts whose handler charges an estimate (±30%) and an exact cost: per piece of
   * work, the estimate's share lies in its range and spreads over it, the exact one is the
   * profile's every time.
   */
  @Test
  void eachChargedCostStaysWithinItsOpsRangeAndRangeZeroIsNeverMoved() {
    KernelKit kit = KernelKit.plain();
    kit.cpu.perturb(Perturbation.ranges(11, 0));
    Core c0 = kit.cpu.core(0);
    long irqEntry = kit.cpu.costs().require(KernelOps.IRQ_ENTRY);
    long exact = kit.cpu.costs().require(KernelOps.SOFTIRQ_ENTRY);
    List<long[]> seen = new ArrayList<>();
    int n = 2000;
    for (int i = 0; i < n; i++) {
      kit.inHardirq(1_000_000L + i * 100_000L, 0, () -> {
        long a = c0.cursor();
        c0.charge(KernelOps.SOFTIRQ_ENTRY);
        long b = c0.cursor();
        c0.charge(KernelOps.IRQ_ENTRY);
        seen.add(new long[] {b - a, c0.cursor() - b});
      });
    }
    kit.runUntil(1_000_000L + n * 100_000L + 1_000_000L);
    assertThat(seen).hasSize(n);
    long min = Long.MAX_VALUE;
    long max = 0;
    for (long[] s : seen) {
      assertThat(s[0]).isEqualTo(exact);
      assertThat(s[1]).isBetween(Math.round(irqEntry * 0.7), Math.round(irqEntry * 1.3));
      min = Math.min(min, s[1]);
      max = Math.max(max, s[1]);
    }
    assertThat(min).isLessThan(Math.round(irqEntry * 0.72));
    assertThat(max).isGreaterThan(Math.round(irqEntry * 1.28));
    assertThat(c0.nsCharged(KernelOps.SOFTIRQ_ENTRY)).isEqualTo(n * exact);
  }

  @Test
  void theIdleExitLatencyCarriesItsParametersRange() {
    SocProfile p = SocProfile.parse("idle.yaml", String.join("\n",
        "name: idlesoc",
        "cpu:",
        "  cores: {value: 1, source: \"fixture\", class: exact}",
        "  hz: {value: 1000000000, source: \"fixture\", class: exact}",
        "kernel:",
        "  hz: {value: 100, source: \"fixture\", class: exact}",
        "params:",
        "  cpuidle_exit_ns: {value: 300000, source: \"fixture\", class: measured}",
        "costs:",
        "  irq_entry: {value: 700, source: \"fixture\", class: calibrated,"
            + " calibrated: \"a fixture figure\"}",
        ""));
    CostTable t = CostTable.of(p, 1);
    assertThat(t.range(KernelOps.CPUIDLE_EXIT)).isEqualTo(0.05); // measured
    assertThat(t.range(KernelOps.IRQ_ENTRY)).isEqualTo(0.05); // calibrated
    assertThat(t.asMap()).doesNotContainKey("cpuidle_exit"); // a range, not a cost
  }
}
