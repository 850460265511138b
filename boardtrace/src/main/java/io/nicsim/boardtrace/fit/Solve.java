package io.nicsim.boardtrace.fit;

/** Small dense linear systems (the normal equations of a fit with a few columns). */
public final class Solve {
  private Solve() {}

  /**
   * Solves the augmented p x (p+1) matrix {@code a} (modified) by Gaussian elimination with
   * partial pivoting; null when it is singular.
   */
  public static double[] linear(double[][] a, int p) {
    double norm = 0;
    for (int j = 0; j < p; j++) {
      norm = Math.max(norm, Math.abs(a[j][j]));
    }
    for (int col = 0; col < p; col++) {
      int piv = col;
      for (int r = col + 1; r < p; r++) {
        if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) {
          piv = r;
        }
      }
      if (Math.abs(a[piv][col]) <= 1e-12 * Math.max(norm, 1e-300)) {
        return null;
      }
      double[] t = a[piv];
      a[piv] = a[col];
      a[col] = t;
      for (int r = col + 1; r < p; r++) {
        double f = a[r][col] / a[col][col];
        if (f != 0) {
          for (int k = col; k <= p; k++) {
            a[r][k] -= f * a[col][k];
          }
        }
      }
    }
    double[] b = new double[p];
    for (int j = p - 1; j >= 0; j--) {
      double s = a[j][p];
      for (int k = j + 1; k < p; k++) {
        s -= a[j][k] * b[k];
      }
      b[j] = s / a[j][j];
    }
    return b;
  }

}
