package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A fixed hold's release waits on a wake-up that comes a random time after the earliest hold is
 * due (the holder's ppoll loop): its lateness follows the profile's quantiles, it frees every
 * hold due by then, an arriving skb does not cut it short, holds end in order, and nothing is
 * drawn without quantiles.
 */
class TxCompletionWakeTest {
  static final long US = 1_000;
  /** The ideal-xmit shape: a floor, a body and a long tail (µs). */
  static final long[] WAKE = {35 * US, 45 * US, 80 * US, 150 * US, 800 * US, 1500 * US,
      2500 * US};

  /** Release times (one per interrupt) of skbs written back at {@code atUs}, 1 ms holds. */
  private static List<Long> releases(long[] wake, long... atUs) {
    Simulator sim = new Simulator(7);
    List<Long> at = new ArrayList<>();
    TxCompletion c = new TxCompletion(sim, () -> at.add(sim.now()));
    c.set(1000, 1);
    if (wake != null) {
      c.setWakeLateness(wake, new SplittableRandom(11));
    }
    for (long t : atUs) {
      sim.schedule(Event.of(c::writtenBack), t * US);
    }
    sim.runUntil((atUs[atUs.length - 1] + 100_000) * US);
    assertThat(c.released()).isEqualTo(atUs.length);
    return at;
  }

  private static long[] every(int n, long gapUs) {
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = i * gapUs;
    }
    return t;
  }

  @Test
  void withoutQuantilesEachHoldLastsExactlyItsDelay() {
    assertThat(releases(null, 0, 100, 200)).containsExactly(1000 * US, 1100 * US, 1200 * US);
    assertThat(releases(new long[7], 0, 100, 200))
        .containsExactly(1000 * US, 1100 * US, 1200 * US);
  }

  @Test
  void aLoneHoldsLatenessFollowsTheQuantiles() {
    // holds 10 ms apart: each has a wake-up of its own
    int n = 20_000;
    List<Long> at = releases(WAKE, every(n, 10_000));
    double[] late = new double[n];
    for (int i = 0; i < n; i++) {
      late[i] = (at.get(i) - (i * 10_000L + 1000) * US) / (double) US;
    }
    Arrays.sort(late);
    assertThat(late[0]).isGreaterThanOrEqualTo(35);
    assertThat(late[n - 1]).isLessThanOrEqualTo(2500);
    assertThat(late[n / 10]).isBetween(44.0, 46.0);
    assertThat(late[n / 2]).isBetween(77.0, 83.0);
    assertThat(late[n * 9 / 10]).isBetween(140.0, 160.0);
    assertThat(late[n * 99 / 100]).isBetween(700.0, 900.0);
  }

  @Test
  void oneWakeUpFreesEveryHoldDueByThen() {
    // 5 µs apart, the wake-up at least 35 µs late: always one release for both
    for (int i = 0; i < 200; i++) {
      List<Long> at = releases(WAKE, i * 10_000, i * 10_000 + 5);
      assertThat(at).hasSize(1);
    }
    // 3 ms apart: two wake-ups
    assertThat(releases(WAKE, 0, 3000)).hasSize(2);
  }

  @Test
  void anArrivingSkbDoesNotCutAWakeUpShort() {
    // every wake-up 1 ms late: the hold due at 1 ms waits for its wake-up at 2 ms though a new
    // skb arrives at 1.1 ms (the measured lateness is over all the holder's releases)
    long[] late1ms = {1000 * US, 1000 * US, 1000 * US, 1000 * US, 1000 * US, 1000 * US,
        1000 * US};
    assertThat(releases(late1ms, 0, 1100)).containsExactly(2000 * US, 3100 * US);
  }

  @Test
  void holdsEndInTheOrderTheyBegan() {
    List<Long> at = releases(WAKE, every(2000, 7));
    for (int i = 1; i < at.size(); i++) {
      assertThat(at.get(i)).isGreaterThanOrEqualTo(at.get(i - 1));
    }
    assertThat(at.get(0)).isGreaterThanOrEqualTo(1035 * US); // the wake-up's floor (35 us)
  }

  @Test
  void quantilesThatFallAreMadeNonDecreasing() {
    // a band draws each quantile apart: a p50 under the p10 is read as the p10
    long[] fall = {50 * US, 100 * US, 60 * US, 100 * US, 100 * US, 100 * US, 100 * US};
    List<Long> at = releases(fall, every(500, 10_000));
    for (int i = 0; i < at.size(); i++) {
      long late = at.get(i) - (i * 10_000L + 1000) * US;
      assertThat(late).isBetween(50 * US, 100 * US);
    }
  }

  @Test
  void theSameSeedDrawsTheSameWakeUps() {
    assertThat(releases(WAKE, every(500, 3))).isEqualTo(releases(WAKE, every(500, 3)));
  }
}
