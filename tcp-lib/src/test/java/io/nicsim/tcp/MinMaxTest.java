package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

class MinMaxTest {
  @Test
  void maxForgetsASampleOnceItLeavesTheWindow() {
    MinMax m = new MinMax();
    m.reset(0, 0);
    m.runningMax(10, 0, 100);
    m.runningMax(10, 3, 50);
    assertThat(m.get()).isEqualTo(100);
    m.runningMax(10, 11, 40); // t=0 is out of the 10-round window
    assertThat(m.get()).isEqualTo(50);
  }

  @Test
  void minTreatsValuesAsUnsigned() {
    MinMax m = new MinMax();
    m.reset(0, ~0); // "no sample": ~0U
    m.runningMin(300, 1, 20_000);
    assertThat(m.get()).isEqualTo(20_000);
  }

  /** The tracked max is always one of the samples in the window and never below the newest. */
  @Property
  void runningMaxStaysWithinTheWindowsSamples(
      @ForAll @Size(min = 1, max = 200) List<@IntRange(min = 0, max = 1_000_000) Integer> vals) {
    MinMax m = new MinMax();
    int win = 10;
    m.reset(0, 0);
    for (int t = 0; t < vals.size(); t++) {
      int got = m.runningMax(win, t + 1, vals.get(t));
      int lo = Math.max(0, t - win);
      int best = 0;
      for (int i = lo; i <= t; i++) {
        best = Math.max(best, vals.get(i));
      }
      assertThat(got).isLessThanOrEqualTo(best).isGreaterThanOrEqualTo(vals.get(t));
    }
  }
}
