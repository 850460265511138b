package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JiffiesTest {

  @Test
  void timeAfterIsTheSignOfBMinusA() {
    assertThat(Jiffies.timeAfter(11, 10)).isTrue();
    assertThat(Jiffies.timeAfter(10, 10)).isFalse();
    assertThat(Jiffies.timeAfter(9, 10)).isFalse();
    // across the wrap of the unsigned counter
    assertThat(Jiffies.timeAfter(2, -3)).isTrue();
    assertThat(Jiffies.timeAfter(-3, 2)).isFalse();
  }

  @Test
  void exactlyHalfTheRangeApartIsAfterOneWayOnly() {
    // (long)(b - a) with b - a == 2^63 is LONG_MIN: a is after b; a - b is LONG_MIN too, so
    // "a - b > 0" would say it is not
    long b = Long.MIN_VALUE + 3;
    assertThat(Jiffies.timeAfter(3, b)).isTrue();
    assertThat(Jiffies.timeAfter(b, 3)).isTrue();
    assertThat(Jiffies.timeBefore(3, b)).isTrue();
    assertThat(Jiffies.timeAfterEq(3, b)).isFalse();
    assertThat(Jiffies.timeAfterEq(b, 3)).isFalse();
    assertThat(Jiffies.timeBeforeEq(b, 3)).isFalse();
    assertThat(Jiffies.timeAfterEq(5, 5)).isTrue();
  }
}
