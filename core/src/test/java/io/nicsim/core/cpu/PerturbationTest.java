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
      xa[i] = a.cost(1000) + a.skew();
      xb[i] = b.cost(1000) + b.skew();
      xc[i] = c.cost(1000) + c.skew();
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
      long ns = p.cost(1000);
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
    assertThat(p.cost(0)).isZero();
    assertThat(p.cost(1234)).isEqualTo(1234); // 0% jitter
    assertThat(p.draws()).isEqualTo(draws);
  }

  @Test
  void refusesBoundsOutsideTheDocumentedRange() {
    assertThatThrownBy(() -> new Perturbation(1, 95, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0..90");
    assertThatThrownBy(() -> new Perturbation(1, 10, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0..1000000");
  }
}
