package io.nicsim.validate;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The holder's release wake-ups as the model's ideal MAC draws them: the real runs' wake-up
 * lateness quantiles (holder.c's {@code wake_*}, min to max), pooled as the median of each over
 * the runs, written as a profile that inherits the case's and sets
 * {@code params.ideal_tx_wake_late_*_ns} (class timing, range: the runs' spread).
 */
final class WakeLateness {
  /** The ideal MAC's keys, in {@link RealRunner#WAKE_KEYS}'s order. */
  static final String[] PARAMS = {"ideal_tx_wake_late_min_ns", "ideal_tx_wake_late_p10_ns",
      "ideal_tx_wake_late_p50_ns", "ideal_tx_wake_late_p90_ns", "ideal_tx_wake_late_p99_ns",
      "ideal_tx_wake_late_p999_ns", "ideal_tx_wake_late_max_ns"};
  /** The smallest range given (a single run, or runs that agree, still vary run to run). */
  static final double MIN_RANGE = 0.10;

  private WakeLateness() {}

  /** The median of each quantile over the runs (µs), or null when no run measured them. */
  static double[] pooled(List<double[]> runs) {
    List<double[]> rs = runs.stream().filter(r -> r != null).toList();
    if (rs.isEmpty()) {
      return null;
    }
    double[] out = new double[PARAMS.length];
    for (int i = 0; i < out.length; i++) {
      double[] v = new double[rs.size()];
      for (int j = 0; j < v.length; j++) {
        v[j] = rs.get(j)[i];
      }
      Arrays.sort(v);
      out[i] = Verdict.median(v, 0, v.length);
    }
    return out;
  }

  /** Each quantile's range: the runs' largest distance from the pooled value, as a fraction. */
  static double[] ranges(List<double[]> runs, double[] pooled) {
    double[] out = new double[PARAMS.length];
    for (int i = 0; i < out.length; i++) {
      double d = 0;
      for (double[] r : runs) {
        if (r != null) {
          d = Math.max(d, Math.abs(r[i] - pooled[i]));
        }
      }
      out[i] = pooled[i] > 0 ? Math.min(0.9, Math.max(MIN_RANGE, d / pooled[i])) : MIN_RANGE;
    }
    return out;
  }

  /** A profile that is {@code base} with the runs' wake-ups (null when none were measured). */
  static String profile(String base, String caseName, List<double[]> runs) {
    double[] q = pooled(runs);
    if (q == null) {
      return null;
    }
    double[] r = ranges(runs, q);
    StringBuilder sb = new StringBuilder();
    sb.append("name: ").append(base).append("-measured\n");
    sb.append("title: \"").append(base).append(" with the release wake-ups nicsim validate")
        .append(" measured for ").append(caseName).append("\"\n");
    sb.append("inherits: ").append(base).append('\n');
    sb.append("params:\n");
    for (int i = 0; i < PARAMS.length; i++) {
      sb.append(String.format(Locale.ROOT, "  %s: {value: %d, range: %d%%, source: \"measured:"
          + " holder.c %s, the median of %s's real runs; range: their spread\", class: timing}%n",
          PARAMS[i], Math.round(q[i] * 1000), Math.round(r[i] * 100),
          RealRunner.WAKE_KEYS[i], caseName));
    }
    return sb.toString();
  }
}
