package io.nicsim.studies.uncertainty;

import java.util.Arrays;
import java.util.Comparator;

/** Spearman's rank correlation, in its two steps: ranks, then Pearson's correlation of them. */
public final class RankCorrelation {
  private RankCorrelation() {}

  /** Ranks of {@code v} (0-based; ties share the mean of their ranks). */
  public static double[] ranks(double[] v) {
    Integer[] idx = new Integer[v.length];
    for (int i = 0; i < v.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, Comparator.comparingDouble(i -> v[i]));
    double[] r = new double[v.length];
    int i = 0;
    while (i < v.length) {
      int j = i;
      while (j + 1 < v.length && v[idx[j + 1]] == v[idx[i]]) {
        j++;
      }
      for (int k = i; k <= j; k++) {
        r[idx[k]] = (i + j) / 2.0;
      }
      i = j + 1;
    }
    return r;
  }

  /** Pearson's correlation of {@code a} and {@code b} (0 when either is constant). */
  public static double correlation(double[] a, double[] b) {
    double ma = 0;
    double mb = 0;
    for (int i = 0; i < a.length; i++) {
      ma += a[i];
      mb += b[i];
    }
    ma /= a.length;
    mb /= b.length;
    double sab = 0;
    double saa = 0;
    double sbb = 0;
    for (int i = 0; i < a.length; i++) {
      sab += (a[i] - ma) * (b[i] - mb);
      saa += (a[i] - ma) * (a[i] - ma);
      sbb += (b[i] - mb) * (b[i] - mb);
    }
    return saa == 0 || sbb == 0 ? 0 : sab / Math.sqrt(saa * sbb);
  }
}
