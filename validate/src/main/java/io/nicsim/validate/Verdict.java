package io.nicsim.validate;

import io.nicsim.studies.uncertainty.Band;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether the model agrees with the real runs: within the tolerance of the real runs' median,
 * or, when the real runs split into modes (sorted, a gap wider than the tolerance between
 * neighbours), of one mode's median; then (or after a miss) the model's band must reach every
 * real mode itself ({@link #withBand}).
 *
 * @param pass the model agrees
 * @param median the median of all real runs
 * @param modes each mode's median (one entry when the runs do not split)
 * @param matched the mode the model matched (-1: none; 0 when there is one mode)
 * @param ratio the model over the reference it was judged against (the matched mode's median,
 *     else the overall median)
 * @param band where the real runs split or the nominal run missed: the model's
 *     {@code --uncertainty} band of its goodput ({@link #withBand}), else null
 * @param bandSamples that band's samples, sorted (empty without a band)
 * @param inBandState the case agrees because the model's band spreads over states and every
 *     real mode is one of them, though the nominal run sits in another
 */
public record Verdict(boolean pass, double median, List<Double> modes, int matched,
    double ratio, Band band, List<Double> bandSamples, boolean inBandState) {

  public Verdict {
    bandSamples = List.copyOf(bandSamples);
  }

  /** Judges {@code model} against {@code real} with a relative tolerance (0.15 = ±15 %). */
  public static Verdict judge(double[] real, double model, double tolerance) {
    double[] s = real.clone();
    Arrays.sort(s);
    double median = median(s, 0, s.length);
    List<Double> modes = new ArrayList<>();
    for (int[] g : groups(s, tolerance)) {
      modes.add(median(s, g[0], g[1]));
    }
    if (within(model, median, tolerance)) {
      return new Verdict(true, median, modes, modes.size() == 1 ? 0 : -1, model / median,
          null, List.of(), false);
    }
    if (modes.size() > 1) {
      for (int k = 0; k < modes.size(); k++) {
        if (within(model, modes.get(k), tolerance)) {
          return new Verdict(true, median, modes, k, model / modes.get(k), null, List.of(),
              false);
        }
      }
    }
    return new Verdict(false, median, modes, -1, model / median, null, List.of(), false);
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
   * The verdict once the model's band is in ({@code samples}: its runs' goodput, each drawn
   * over the inputs' ranges). A nominal run within the tolerance of the real runs' median keeps
   * its verdict, split or not. One that matched only a mode of split real runs needs the model
   * to reach the kernel's states itself: its samples must spread over more than one state (the
   * largest over the smallest beyond 1 + 2 x tolerance: no one value is within the tolerance of
   * both) and every real mode must be within the tolerance of a sample (a band of one state, or
   * of other states, says nothing about the kernel's). A nominal run that missed is rescued by
   * the same test: the kernel and the model tip between the same states (two, or more: CUBIC
   * held by TSQ climbs one 64 KB skb at a time), and the nominal run and the real runs happened
   * to land in different ones.
   */
  public Verdict withBand(double[] samples, double tolerance) {
    Band b = Band.of(samples);
    List<Double> sorted = Arrays.stream(samples).sorted().boxed().toList();
    boolean nearMedian = pass && (!split() || matched < 0);
    if (nearMedian) {
      return new Verdict(true, median, modes, matched, ratio, b, sorted, false);
    }
    boolean held = sorted.size() > 1 && sorted.get(0) > 0
        && sorted.get(sorted.size() - 1) > sorted.get(0) * (1 + 2 * tolerance);
    for (double m : modes) {
      boolean reached = false;
      for (double x : samples) {
        reached |= within(x, m, tolerance);
      }
      held &= reached;
    }
    return new Verdict(held, median, modes, matched, ratio, b, sorted, held && !pass);
  }

  /**
   * The model's states in a band's samples: sorted, a new state where one sample is beyond
   * 1 + 2 x tolerance of the one below; each state's range and count.
   */
  public static List<double[]> states(double[] samples, double tolerance) {
    double[] s = samples.clone();
    Arrays.sort(s);
    List<double[]> out = new ArrayList<>();
    for (int[] g : groups(s, tolerance)) {
      out.add(new double[] {s[g[0]], s[g[1] - 1], g[1] - g[0]});
    }
    return out;
  }

  /**
   * Index ranges [from, to) of {@code sorted} split where a value is beyond 1 + 2 x tolerance of
   * the one below: the real runs' modes, the band's states.
   */
  private static List<int[]> groups(double[] sorted, double tolerance) {
    List<int[]> out = new ArrayList<>();
    int from = 0;
    for (int i = 1; i <= sorted.length; i++) {
      if (i == sorted.length || sorted[i] > sorted[i - 1] * (1 + 2 * tolerance)) {
        out.add(new int[] {from, i});
        from = i;
      }
    }
    return out;
  }

  /** Whether the real runs split into modes. */
  public boolean split() {
    return modes.size() > 1;
  }
}
