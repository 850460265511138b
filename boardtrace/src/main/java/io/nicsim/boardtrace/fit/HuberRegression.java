package io.nicsim.boardtrace.fit;

import java.util.Arrays;

/**
 * Robust linear regression: Huber's M-estimator by iteratively reweighted least squares.
 * y ≈ X·b; start from ordinary least squares, then repeat: residuals r, scale
 * s = 1.4826 · median(|r − median(r)|) (at least {@code minScale}, the trace's tick: a span
 * timed by a clock printing microseconds is off by up to one tick either way, and a residual of
 * that size must count fully or the fit is pulled toward the tick's multiples), weights w = min(1, k·s / |r|) with k = 1.345
 * (95% efficiency under normal errors), weighted least squares, until b moves by less than
 * 1e-7 relative or 100 rounds. Residuals within k·s count fully, so the fit is the mean where
 * the data is clean (a quantized timestamp's error averages out), while an interrupt that
 * landed inside a span, or a cache-cold first call, counts as if it were only k·s away.
 *
 * <p>With {@code meanPerCall}, where the first column is all ones (the per-call cost), that
 * coefficient is then set to the mean of the spans' time less what the other coefficients
 * explain: the weights keep a few long
 * spans from tilting the per-count slopes, but the spans' total time is kept. A rate on a
 * CPU-bound board is set by the mean cost, not the typical one: a send whose p50 is 0.80 µs and
 * whose mean is 1.4 µs (cache misses after other tasks ran, a VM exit on an IPI) sends at the
 * mean's rate. Work the trace records inside a span (an interrupt, a softirq) is already taken
 * out of it by the span builder, so what remains of the tail is the span's own time. The
 * caller asks for it on a nanosecond clock only: on a microsecond one, spans that keep one phase
 * with the tick are off by up to half a tick each in the same direction, and the robust
 * per-call cost (which counts every residual within k·tick fully) is what its bias bound holds
 * for.
 */
public final class HuberRegression {
  /** Huber's tuning constant. */
  public static final double K = 1.345;

  private HuberRegression() {}

  /**
   * The fit: coefficients, their standard errors (s² (X'WX)⁻¹ of the last round: how well the
   * spans pin each one down; a count that barely varies leaves the per-call cost loose), the
   * robust scale of the residuals, the samples used.
   */
  public record Result(double[] coef, double[] se, double scale, int n, boolean singular) {}

  /**
   * Fits {@code y} on the columns of {@code x} (row-major, {@code p} columns, the first usually
   * all ones).
   */
  public static Result fit(double[] y, double[][] x, int n, int p, double minScale) {
    return fit(y, x, n, p, minScale, true);
  }

  /** As {@link #fit(double[], double[][], int, int, double)}, the mean per-call cost if asked. */
  public static Result fit(double[] y, double[][] x, int n, int p, double minScale,
      boolean meanPerCall) {
    if (n < p || n == 0) {
      return new Result(new double[p], new double[p], 0, n, true);
    }
    double[] w = new double[n];
    Arrays.fill(w, 0, n, 1.0);
    double[] b = wls(y, x, w, n, p);
    if (b == null) {
      return new Result(new double[p], new double[p], 0, n, true);
    }
    double[] r = new double[n];
    double scale = 0;
    for (int it = 0; it < 100; it++) {
      for (int i = 0; i < n; i++) {
        r[i] = y[i] - dot(x[i], b, p);
      }
      scale = Math.max(minScale, 1.4826 * mad(r, n));
      double c = K * scale;
      for (int i = 0; i < n; i++) {
        double a = Math.abs(r[i]);
        w[i] = a <= c ? 1 : c / a;
      }
      double[] nb = wls(y, x, w, n, p);
      if (nb == null) {
        break;
      }
      double move = 0;
      double size = 0;
      for (int j = 0; j < p; j++) {
        move = Math.max(move, Math.abs(nb[j] - b[j]));
        size = Math.max(size, Math.abs(nb[j]));
      }
      b = nb;
      if (move <= 1e-7 * Math.max(size, 1e-9)) {
        break;
      }
    }
    if (meanPerCall) {
      meanIntercept(y, x, n, p, b);
    }
    return new Result(b, standardErrors(x, w, n, p, scale), scale, n, false);
  }

  /**
   * Sets the per-call coefficient (column 0, when it is all ones) to the mean residual of the
   * others: the fit then predicts the spans' total time exactly.
   */
  static void meanIntercept(double[] y, double[][] x, int n, int p, double[] b) {
    for (int i = 0; i < n; i++) {
      if (x[i][0] != 1.0) {
        return;
      }
    }
    double sum = 0;
    for (int i = 0; i < n; i++) {
      double rest = y[i];
      for (int j = 1; j < p; j++) {
        rest -= x[i][j] * b[j];
      }
      sum += rest;
    }
    b[0] = sum / n;
  }

  /** sqrt of the diagonal of s² (X'WX)⁻¹. */
  static double[] standardErrors(double[][] x, double[] w, int n, int p, double scale) {
    double[][] xtwx = new double[p][p];
    for (int i = 0; i < n; i++) {
      double[] xi = x[i];
      for (int k = 0; k < p; k++) {
        for (int l = 0; l < p; l++) {
          xtwx[k][l] += w[i] * xi[k] * xi[l];
        }
      }
    }
    double[] se = new double[p];
    for (int j = 0; j < p; j++) {
      double[][] a = new double[p][p + 1];
      for (int k = 0; k < p; k++) {
        System.arraycopy(xtwx[k], 0, a[k], 0, p);
      }
      a[j][p] = 1;
      double[] col = Solve.linear(a, p);
      se[j] = col == null ? Double.POSITIVE_INFINITY : scale * Math.sqrt(Math.max(0, col[j]));
    }
    return se;
  }

  private static double dot(double[] xi, double[] b, int p) {
    double s = 0;
    for (int j = 0; j < p; j++) {
      s += xi[j] * b[j];
    }
    return s;
  }

  /** Weighted least squares by the normal equations; null when X'WX is singular. */
  static double[] wls(double[] y, double[][] x, double[] w, int n, int p) {
    double[][] a = new double[p][p + 1];
    for (int i = 0; i < n; i++) {
      double wi = w[i];
      if (wi == 0) {
        continue;
      }
      double[] xi = x[i];
      for (int j = 0; j < p; j++) {
        double wx = wi * xi[j];
        for (int k = j; k < p; k++) {
          a[j][k] += wx * xi[k];
        }
        a[j][p] += wx * y[i];
      }
    }
    for (int j = 0; j < p; j++) {
      for (int k = 0; k < j; k++) {
        a[j][k] = a[k][j];
      }
    }
    return Solve.linear(a, p);
  }

  /** Median absolute deviation from the median of r[0..n). */
  static double mad(double[] r, int n) {
    double[] c = Arrays.copyOf(r, n);
    double med = median(c, n);
    for (int i = 0; i < n; i++) {
      c[i] = Math.abs(c[i] - med);
    }
    return median(c, n);
  }

  static double median(double[] c, int n) {
    Arrays.sort(c, 0, n);
    return n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
  }
}
