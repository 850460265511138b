package io.nicsim.core.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PerturbationTest {

  @Test
  void sameSeedSameStreamOtherSeedAnother() {
    Perturbation a = new Perturbation(7, 20, 500);
    Perturbation b = new Perturbation(7, 20, 500);
    Perturbation c = new Perturbation(8, 20, 500);
    long[] xa = new long[50];
    long[] xb = new long[50];
    long[] xc = new long[50];
    for (int i = 0; i < 50; i++) {
      xa[i] = a.cost(1000, 0) + a.skew();
      xb[i] = b.cost(1000, 0) + b.skew();
      xc[i] = c.cost(1000, 0) + c.skew();
    }
    assertThat(xa).isEqualTo(xb);
    assertThat(xa).isNotEqualTo(xc);
  }

  @Test
  void costsStayWithinTheBoundAndUseAllOfIt() {
    Perturbation p = new Perturbation(1, 20, 0);
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int i = 0; i < 10_000; i++) {
      long ns = p.cost(1000, 0.05); // flat: the op's range is not used
      min = Math.min(min, ns);
      max = Math.max(max, ns);
    }
    assertThat(min).isBetween(800L, 810L);
    assertThat(max).isBetween(1190L, 1200L);
    assertThat(p.skew()).isZero();
  }

  @Test
  void skewStaysWithinItsBoundAndZeroCostsAreLeftAlone() {
    Perturbation p = new Perturbation(3, 0, 500);
    long max = 0;
    for (int i = 0; i < 10_000; i++) {
      long s = p.skew();
      assertThat(s).isBetween(0L, 500L);
      max = Math.max(max, s);
    }
    assertThat(max).isGreaterThan(490);
    long draws = p.draws();
    assertThat(p.cost(0, 0.3)).isZero();
    assertThat(p.cost(1234, 0.3)).isEqualTo(1234); // 0% jitter, whatever the op's range
    assertThat(p.draws()).isEqualTo(draws);
  }

  @Test
  void perOpEachCostStaysWithinItsOwnRangeAndUsesAllOfIt() {
    Perturbation p = Perturbation.ranges(5, 0);
    assertThat(p.byRanges()).isTrue();
    long[] min = {Long.MAX_VALUE, Long.MAX_VALUE};
    long[] max = {0, 0};
    double[] range = {0.30, 0.05};
    for (int i = 0; i < 10_000; i++) {
      for (int k = 0; k < 2; k++) {
        long ns = p.cost(1000, range[k]);
        min[k] = Math.min(min[k], ns);
        max[k] = Math.max(max[k], ns);
      }
    }
    assertThat(min[0]).isBetween(700L, 705L);
    assertThat(max[0]).isBetween(1295L, 1300L);
    assertThat(min[1]).isBetween(950L, 951L);
    assertThat(max[1]).isBetween(1049L, 1050L);
  }

  @Test
  void perOpACostWithRangeZeroIsNeverMovedAndDrawsNothing() {
    Perturbation p = Perturbation.ranges(5, 500);
    for (int i = 0; i < 1000; i++) {
      assertThat(p.cost(1234, 0)).isEqualTo(1234);
    }
    assertThat(p.draws()).isZero();
    p.cost(1234, 0.3);
    assertThat(p.draws()).isEqualTo(1);
  }

  /** The flat mode at r draws the very numbers the per-op mode draws for ops of range r. */
  @Test
  void flatAndPerOpDrawTheSameStream() {
    Perturbation flat = new Perturbation(9, 30, 500);
    Perturbation perOp = Perturbation.ranges(9, 500);
    for (int i = 0; i < 100; i++) {
      assertThat(perOp.cost(1000 + i, 0.30)).isEqualTo(flat.cost(1000 + i, 0));
      assertThat(perOp.skew()).isEqualTo(flat.skew());
    }
  }

  @Test
  void refusesBoundsOutsideTheDocumentedRange() {
    assertThatThrownBy(() -> new Perturbation(1, 95, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0..90");
    assertThatThrownBy(() -> new Perturbation(1, 10, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0..1000000");
  }

  @Test
  void preemptionHoldsAnEighthOfThePointsWithinTheContextsBound() {
    Perturbation p = Perturbation.ranges(9, 0)
        .withPreemption(Perturbation.KCSAN_INTERRUPT_NS, Perturbation.KCSAN_TASK_NS);
    int n = 80_000;
    int held = 0;
    long maxIrq = 0;
    long maxTask = 0;
    for (int i = 0; i < n; i++) {
      long irq = p.preemption(CpuContext.SOFTIRQ);
      long task = p.preemption(CpuContext.TASK);
      assertThat(irq).isBetween(0L, 20_000L);
      assertThat(task).isBetween(0L, 80_000L);
      held += (irq > 0 ? 1 : 0) + (task > 0 ? 1 : 0);
      maxIrq = Math.max(maxIrq, irq);
      maxTask = Math.max(maxTask, task);
    }
    // chance 1/8 at each of 2n points: 20000 expected, sd ~ 132
    assertThat(held).isBetween(19_300, 20_700);
    assertThat(maxIrq).isGreaterThan(19_900);
    assertThat(maxTask).isGreaterThan(79_500);
    assertThat(p.preemption(CpuContext.HARDIRQ)).isBetween(0L, 20_000L);
  }

  @Test
  void noPreemptionDrawsNothingAndBadBoundsAreRefused() {
    Perturbation p = Perturbation.ranges(9, 0);
    long draws = p.draws();
    assertThat(p.preemption(CpuContext.TASK)).isZero();
    assertThat(p.preemption(CpuContext.SOFTIRQ)).isZero();
    assertThat(p.draws()).isEqualTo(draws);
    assertThatThrownBy(() -> p.withPreemption(-1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0..10000000");
    assertThatThrownBy(() -> p.withPreemption(0, 10_000_001))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0..10000000");
  }
}
