package io.nicsim.studies.uncertainty;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What an uncertainty study gives one row: the 5th and 95th percentiles of its samples, and,
 * when the samples fall into two separated clusters, each cluster with its share.
 *
 * @param low 5th percentile
 * @param high 95th percentile
 * @param clusters empty, or the two clusters of a bistable row (low one first)
 * @param samples how many samples the band is made of
 */
public record Band(double low, double high, List<Cluster> clusters, int samples) {

  /** One state of a bistable row. */
  public record Cluster(double share, double low, double high) {}

  public Band {
    clusters = List.copyOf(clusters);
  }

  public boolean bistable() {
    return !clusters.isEmpty();
  }

  /** Whether {@code v} lies within the band (or, for a bistable row, within a cluster). */
  public boolean contains(double v) {
    double tol = 1e-9 * Math.max(Math.abs(low), Math.abs(high));
    return v >= low - tol && v <= high + tol;
  }

  /**
   * The band of {@code values}. Percentiles interpolate linearly between order statistics
   * (the "R-7" definition of numpy and R). A row is bistable when the widest gap between sorted
   * samples is at least a tenth of the largest magnitude, at least twice the spread (5..95%) of
   * either side, and each side holds at least 10% of the samples (and two of them).
   */
  public static Band of(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    Band plain = new Band(percentile(v, 0.05), percentile(v, 0.95), List.of(), n);
    if (n < 4) {
      return plain;
    }
    int cut = -1;
    double gap = 0;
    for (int i = 1; i < n; i++) {
      if (v[i] - v[i - 1] > gap) {
        gap = v[i] - v[i - 1];
        cut = i;
      }
    }
    double scale = Math.max(Math.abs(v[0]), Math.abs(v[n - 1]));
    int minSide = Math.max(2, (int) Math.ceil(0.10 * n));
    if (cut < minSide || n - cut < minSide || gap < 0.10 * scale) {
      return plain;
    }
    double[] a = Arrays.copyOfRange(v, 0, cut);
    double[] b = Arrays.copyOfRange(v, cut, n);
    double spread = Math.max(percentile(a, 0.95) - percentile(a, 0.05),
        percentile(b, 0.95) - percentile(b, 0.05));
    if (gap < 2 * spread) {
      return plain;
    }
    List<Cluster> cs = new ArrayList<>();
    cs.add(new Cluster((double) a.length / n, percentile(a, 0.05), percentile(a, 0.95)));
    cs.add(new Cluster((double) b.length / n, percentile(b, 0.05), percentile(b, 0.95)));
    return new Band(plain.low, plain.high, cs, n);
  }

  static double percentile(double[] sorted, double p) {
    int n = sorted.length;
    if (n == 1) {
      return sorted[0];
    }
    double h = (n - 1) * p;
    int lo = (int) Math.floor(h);
    int hi = Math.min(n - 1, lo + 1);
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
  }
}
