package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A fixed hold's random lateness (the holder's wake-up spread): exponential with the profile's
 * mean, never ending a hold before an earlier one (the holder's queue releases in order), and
 * nothing drawn when the mean is 0.
 */
class TxCompletionJitterTest {
  static final long US = 1_000;

  /** Release times of {@code n} skbs written back {@code gapUs} apart, 1 ms fixed holds. */
  private static List<Long> releases(long jitterNs, int n, long gapUs) {
    Simulator sim = new Simulator(7);
    List<Long> at = new ArrayList<>();
    TxCompletion c = new TxCompletion(sim, () -> at.add(sim.now()));
    c.set(1000, 1);
    if (jitterNs > 0) {
      c.setJitter(jitterNs, new SplittableRandom(11));
    }
    for (int i = 0; i < n; i++) {
      sim.schedule(Event.of(c::writtenBack), i * gapUs * US);
    }
    sim.runUntil((n * gapUs + 100_000) * US);
    assertThat(c.released()).isEqualTo(n);
    return at;
  }

  @Test
  void withoutJitterEachHoldLastsExactlyItsDelay() {
    List<Long> at = releases(0, 3, 100);
    assertThat(at).containsExactly(1000 * US, 1100 * US, 1200 * US);
  }

  @Test
  void theLatenessIsExponentialWithTheGivenMean() {
    // skbs far enough apart (10 ms) that no hold waits on an earlier one
    int n = 20_000;
    List<Long> at = releases(65 * US, n, 10_000);
    double[] late = new double[n];
    for (int i = 0; i < n; i++) {
      late[i] = at.get(i) - (i * 10_000L + 1000) * US;
      assertThat(late[i]).isGreaterThanOrEqualTo(0);
    }
    double mean = java.util.Arrays.stream(late).average().orElseThrow();
    assertThat(mean).isBetween(62.0 * US, 68.0 * US);
    java.util.Arrays.sort(late);
    // an exponential's median is ln 2 of its mean, its 90th percentile ln 10 of it
    assertThat(late[n / 2]).isBetween(0.66 * 65 * US, 0.73 * 65 * US);
    assertThat(late[n * 9 / 10]).isBetween(2.2 * 65 * US, 2.4 * 65 * US);
  }

  @Test
  void holdsEndInTheOrderTheyBegan() {
    // 1 µs apart with a 65 µs mean: a later skb's draw often ends before an earlier one's;
    // it is released with it, never before
    List<Long> at = releases(65 * US, 2000, 1);
    for (int i = 1; i < at.size(); i++) {
      assertThat(at.get(i)).isGreaterThanOrEqualTo(at.get(i - 1));
    }
    assertThat(at.get(0)).isGreaterThanOrEqualTo(1000 * US);
  }

  @Test
  void theSameSeedDrawsTheSameHolds() {
    assertThat(releases(65 * US, 500, 3)).isEqualTo(releases(65 * US, 500, 3));
  }
}
