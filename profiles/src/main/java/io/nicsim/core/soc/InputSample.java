package io.nicsim.core.soc;

import java.util.function.Supplier;

/**
 * One joint draw of the uncertain inputs: what value each input number takes in this run. An
 * uncertainty study binds a sample to the thread that runs one point ({@link #with}); every
 * profile resolved and every path parsed on that thread then carries the sample's values
 * instead of the nominal ones. Nothing else changes, and with no sample bound every number is
 * its nominal value (plain runs are unchanged).
 *
 * <p>A point runs its hosts on the one thread it was given, so a sample never leaks into
 * another point.
 */
public interface InputSample {

  /**
   * The value input {@code id} ({@code cyclone5:costs.irq_entry}, {@code path:rtt}) takes; it
   * must lie within {@code q}'s range.
   */
  double value(String id, Quantity q);

  /** The sample bound to this thread, or null. */
  static InputSample current() {
    return Holder.CURRENT.get();
  }

  /** Runs {@code body} with {@code s} bound to this thread. */
  static <T> T with(InputSample s, Supplier<T> body) {
    InputSample prev = Holder.CURRENT.get();
    Holder.CURRENT.set(s);
    try {
      return body.get();
    } finally {
      if (prev == null) {
        Holder.CURRENT.remove();
      } else {
        Holder.CURRENT.set(prev);
      }
    }
  }

  /** {@code q} as the bound sample has it ({@code q} itself when none is bound or it is exact). */
  static Quantity apply(String id, Quantity q) {
    InputSample s = current();
    if (s == null || !q.uncertain()) {
      return q;
    }
    double v = s.value(id, q);
    if (v < q.low() - 1e-9 * Math.abs(q.value()) || v > q.high() + 1e-9 * Math.abs(q.value())) {
      throw new IllegalStateException(id + " sampled at " + v + " outside its range");
    }
    return q.at(v);
  }

  /** Holds the thread's binding. */
  final class Holder {
    static final ThreadLocal<InputSample> CURRENT = new ThreadLocal<>();

    private Holder() {}
  }
}
