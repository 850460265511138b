package io.nicsim.bench.perf;

import java.util.Arrays;
import java.util.Locale;

/** Median and spread of repeated measurements. */
public record Stats(double median, double min, double max, int runs) {

  public static Stats of(double... xs) {
    if (xs.length == 0) {
      throw new IllegalArgumentException("no measurements");
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    double med = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    return new Stats(med, s[0], s[n - 1], n);
  }

  /** Three significant digits, plain notation. */
  public static String fmt(double v) {
    if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
      return String.valueOf(v == 0 ? "0" : v);
    }
    double a = Math.abs(v);
    int decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
