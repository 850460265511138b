package io.nicsim.bench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Deterministic number spellings for JSON, CSV and tables. */
public final class Num {
  private Num() {}

  /**
   * JSON/CSV: rounded to 6 decimals, no exponent, no trailing zeros ({@code 83851},
   * {@code 0.0125}); the same double always gives the same text.
   */
  public static String plain(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw new IllegalArgumentException("not a finite number: " + v);
    }
    BigDecimal d = BigDecimal.valueOf(v).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
    if (d.signum() == 0) {
      return "0";
    }
    return d.toPlainString();
  }

  /** Tables: about four significant digits, grouped by size. */
  public static String human(double v) {
    double a = Math.abs(v);
    if (a == 0) {
      return "0";
    }
    if (a >= 1000) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (a >= 100) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.2f", v);
    }
    return String.format(Locale.ROOT, "%.3f", v);
  }

  /** A percentage difference, one decimal with its sign, or "-" when undefined. */
  public static String delta(Double published, double simulated) {
    if (published == null || published == 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%+.1f", 100.0 * (simulated - published) / published);
  }
}
