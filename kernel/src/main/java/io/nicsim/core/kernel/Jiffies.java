package io.nicsim.core.kernel;

/**
 * include/linux/jiffies.h's wrap-safe comparisons of {@code unsigned long} counters (jiffies,
 * busy_loop_current_time). The kernel subtracts in unsigned long and casts the difference to
 * long before testing its sign: {@code time_after(a, b)} is {@code (long)((b) - (a)) < 0}. A
 * Java {@code long} holds the 64-bit unsigned long's bits and its subtraction wraps as the C
 * one does, so the cast is the identity; the operand order is what matters. Written the other
 * way round ({@code a - b > 0}) the test disagrees when the counters are exactly 2^63 apart:
 * {@code -LONG_MIN} is {@code LONG_MIN}, below zero both ways.
 */
public final class Jiffies {
  private Jiffies() {}

  /** time_after(a, b): {@code (long)((b) - (a)) < 0}. */
  public static boolean timeAfter(long a, long b) {
    return b - a < 0;
  }

  /** time_before(a, b): time_after(b, a). */
  public static boolean timeBefore(long a, long b) {
    return timeAfter(b, a);
  }

  /** time_after_eq(a, b): {@code (long)((a) - (b)) >= 0}. */
  public static boolean timeAfterEq(long a, long b) {
    return a - b >= 0;
  }

  /** time_before_eq(a, b): time_after_eq(b, a). */
  public static boolean timeBeforeEq(long a, long b) {
    return timeAfterEq(b, a);
  }
}
