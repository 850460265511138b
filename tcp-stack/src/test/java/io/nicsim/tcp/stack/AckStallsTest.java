package io.nicsim.tcp.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The ACK path's pauses: Poisson starts at the rate given, exponential lengths of the mean
 * given, ACKs held to a pause's end and kept in order.
 */
class AckStallsTest {
  static final long MS = 1_000_000L;

  @Test
  void pausesComeAtTheRateAndLastTheMeanGiven() {
    AckStalls s = new AckStalls(4, 2 * MS, new SplittableRandom(5));
    // an ACK every 100 µs for 1000 s: the time they are held adds up to rate x mean x E[...]
    long held = 0;
    long n = 10_000_000L;
    for (long i = 0; i < n; i++) {
      long now = i * 100_000L;
      long leave = s.leave(now);
      assertThat(leave).isGreaterThanOrEqualTo(now);
      held += leave - now;
    }
    assertThat(s.stalls()).isBetween(3_800L, 4_200L); // 4/s over 1000 s
    // each pause of length L holds the ACKs inside it L/2 on average: total ~ N_stalls x E[L^2]/2
    // / gap, E[L^2] = 2 mean^2 for an exponential
    double expect = s.stalls() * (2.0 * 2 * MS * 2 * MS) / 2 / 100_000.0;
    assertThat((double) held).isBetween(0.85 * expect, 1.15 * expect);
  }

  @Test
  void anAckSentInAPauseLeavesAtItsEndAndOrderIsKept() {
    AckStalls s = new AckStalls(50, 5 * MS, new SplittableRandom(9));
    long last = Long.MIN_VALUE;
    int heldBack = 0;
    for (long now = 0; now < 1_000 * MS; now += 37_000) {
      long leave = s.leave(now);
      assertThat(leave).isGreaterThanOrEqualTo(Math.max(now, last));
      if (leave > now) {
        heldBack++;
      }
      last = leave;
    }
    assertThat(heldBack).isPositive();
  }

  @Test
  void theSameSeedPausesAlike() {
    AckStalls a = new AckStalls(4, 2 * MS, new SplittableRandom(3));
    AckStalls b = new AckStalls(4, 2 * MS, new SplittableRandom(3));
    for (long now = 0; now < 5_000 * MS; now += 250_000) {
      assertThat(a.leave(now)).isEqualTo(b.leave(now));
    }
  }

  @Test
  void nonsenseIsRefused() {
    assertThatThrownBy(() -> new AckStalls(0, MS, new SplittableRandom(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AckStalls(4, 0, new SplittableRandom(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
