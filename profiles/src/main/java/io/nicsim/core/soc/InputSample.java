package io.nicsim.core.soc;

/**
 * One joint draw of the uncertain inputs: what value each input number takes in this run. An
 * uncertainty study hands a sample to what it builds: a profile takes the sample's values
 * through {@link SocProfile#sampled}, a host through its {@code HostConfig}, a path when it is
 * parsed with one. Nothing else changes, and without a sample every number is its nominal
 * value (plain runs are unchanged). The sample is always passed, never bound to a thread, so
 * what a parser returns depends only on its arguments.
 */
public interface InputSample {

  /**
   * The value input {@code id} ({@code cyclone5:costs.irq_entry}, {@code path:rtt}) takes; it
   * must lie within {@code q}'s range.
   */
  double value(String id, Quantity q);

  /**
   * {@code q} as sample {@code s} has it ({@code q} itself when {@code s} is null or {@code q}
   * is exact); a value outside {@code q}'s range is refused.
   */
  static Quantity apply(InputSample s, String id, Quantity q) {
    if (s == null || !q.uncertain()) {
      return q;
    }
    double v = s.value(id, q);
    if (v < q.low() - 1e-9 * Math.abs(q.value()) || v > q.high() + 1e-9 * Math.abs(q.value())) {
      throw new IllegalStateException(id + " sampled at " + v + " outside its range");
    }
    return q.at(v);
  }
}
