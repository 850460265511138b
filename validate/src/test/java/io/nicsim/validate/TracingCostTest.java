package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tracing's cost per event: the median of the pairs, their range, never below zero. */
class TracingCostTest {
  @Test
  void medianOfThePairsWithTheirRange() {
    TracingCost t = TracingCost.of(List.of(68.5, 60.5, 62.1), 11.1, 200_000);
    assertThat(t.nsPerEvent()).isCloseTo(62.1, within(1e-9));
    assertThat(t.lo()).isCloseTo(60.5, within(1e-9));
    assertThat(t.hi()).isCloseTo(68.5, within(1e-9));
    assertThat(t.describe()).contains("62 ns per event", "pairs 61-69", "3 pairs");
  }

  @Test
  void aCostWithinTheNoiseIsNone() {
    TracingCost t = TracingCost.of(List.of(-3.0, 2.0, -1.0, -5.0), 11, 1000);
    assertThat(t.nsPerEvent()).isZero();
    assertThat(t.lo()).isCloseTo(-5, within(1e-9));
  }
}
