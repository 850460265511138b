package io.nicsim.boardtrace.fit;

import java.util.List;

/**
 * One fit of a span group: ns per unit of each regressor.
 *
 * @param key the fit key ("softirq NET_RX")
 * @param columns the regressors, the per-call one first
 * @param coef ns per unit of each column
 * @param se each coefficient's standard error (ns)
 * @param spread per column: half the range of the same fit on each tenth of the window,
 *     relative to the coefficient (NaN when fewer than two slices could be fitted)
 * @param n spans fitted (the sample)
 * @param seen spans of the group in the window
 * @param scale the robust scale of the residuals, ns
 * @param singular the columns could not be told apart (no fit)
 * @param means each column's mean per span
 */
public record CostFit(String key, List<Regressor> columns, double[] coef, double[] se,
    double[] spread, int n,
    long seen, double scale, boolean singular, double[] means) {

  /** Standard error over |coefficient| of column {@code j}. */
  public double relativeSe(int j) {
    return coef[j] == 0 ? Double.POSITIVE_INFINITY : se[j] / Math.abs(coef[j]);
  }

  public double coef(Regressor r) {
    int j = columns.indexOf(r);
    return j < 0 ? Double.NaN : coef[j];
  }

  /** The mean time per span the fit predicts. */
  public double meanPerSpan() {
    double s = 0;
    for (int j = 0; j < coef.length; j++) {
      s += coef[j] * means[j];
    }
    return s;
  }
}
