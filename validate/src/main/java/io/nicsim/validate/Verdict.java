package io.nicsim.validate;

import io.nicsim.studies.uncertainty.Band;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether the model agrees with the real runs: within the tolerance of the real runs' median,
 * or, when the real runs split into modes (sorted, a gap wider than the tolerance between
 * neighbours), of one mode's median.
 *
 * @param pass the model agrees
 * @param median the median of all real runs
 * @param modes each mode's median (one entry when the runs do not split)
 * @param matched the mode the model matched (-1: none; 0 when there is one mode)
 * @param ratio the model over the reference it was judged against (the matched mode's median,
 *     else the overall median)
 * @param band where the real runs split or the nominal run missed: the model's
 *     {@code --uncertainty} band of its goodput ({@link #withBand}), else null
 * @param inBandState the case agrees because the model's band is bistable and every real mode
 *     lies in one of its states, though the nominal run sits in another
 */
public record Verdict(boolean pass, double median, List<Double> modes, int matched,
    double ratio, Band band, boolean inBandState) {

  /** Judges {@code model} against {@code real} with a relative tolerance (0.15 = ±15 %). */
  public static Verdict judge(double[] real, double model, double tolerance) {
    double[] s = real.clone();
    Arrays.sort(s);
    double median = median(s, 0, s.length);
    List<Double> modes = new ArrayList<>();
    int from = 0;
    for (int i = 1; i <= s.length; i++) {
      if (i == s.length || s[i] > s[i - 1] * (1 + 2 * tolerance)) {
        modes.add(median(s, from, i));
        from = i;
      }
    }
    if (within(model, median, tolerance)) {
      return new Verdict(true, median, modes, modes.size() == 1 ? 0 : -1, model / median,
          null, false);
    }
    if (modes.size() > 1) {
      for (int k = 0; k < modes.size(); k++) {
        if (within(model, modes.get(k), tolerance)) {
          return new Verdict(true, median, modes, k, model / modes.get(k), null, false);
        }
      }
    }
    return new Verdict(false, median, modes, -1, model / median, null, false);
  }

  static boolean within(double model, double ref, double tolerance) {
    return ref > 0 && Math.abs(model / ref - 1) <= tolerance;
  }

  static double median(double[] sorted, int from, int to) {
    int n = to - from;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted[from + n / 2]
        : (sorted[from + n / 2 - 1] + sorted[from + n / 2]) / 2;
  }

  /**
   * The verdict once the model's band is in. A nominal run within the tolerance of the real
   * runs' median keeps its verdict, split or not. One that matched only a mode of split real
   * runs needs the model to reach the kernel's states itself: its band must be bistable with
   * every real mode within the tolerance of one of its states (a band from one state, or from
   * two other states, says nothing about the kernel's). A nominal run that missed is rescued
   * by the same test: the kernel and the model tip between the same two states, and the
   * nominal run and the real runs happened to land in different ones.
   */
  public Verdict withBand(Band b, double tolerance) {
    boolean nearMedian = pass && (!split() || matched < 0);
    if (nearMedian) {
      return new Verdict(true, median, modes, matched, ratio, b, false);
    }
    boolean held = b.bistable();
    for (double m : modes) {
      boolean inOne = false;
      for (Band.Cluster c : b.clusters()) {
        inOne |= m >= c.low() * (1 - tolerance) && m <= c.high() * (1 + tolerance);
      }
      held &= inOne;
    }
    return new Verdict(held, median, modes, matched, ratio, b, held && !pass);
  }

  /** Whether the real runs split into modes. */
  public boolean split() {
    return modes.size() > 1;
  }
}
