package io.nicsim.formats.text;

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
      return fixed(v, 0);
    }
    if (a >= 100) {
      return fixed(v, 1);
    }
    if (a >= 10) {
      return fixed(v, 2);
    }
    return fixed(v, 3);
  }

  /**
   * {@code String.format(Locale.ROOT, "%.Nf", v)} for a finite {@code v}, character for
   * character, without a Formatter (which parses its pattern on every call, the larger part of
   * printing a run's tables in a fresh JVM): the shortest decimal digits of {@code v} (those of
   * {@link Double#toString}, which Formatter rounds too) rounded half up to {@code decimals},
   * the sign kept when the value rounds to zero ({@code -0.000}), as Formatter keeps it.
   */
  public static String fixed(double v, int decimals) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
    String digits = new BigDecimal(Double.toString(Math.abs(v)))
        .setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    return Double.compare(v, 0.0) < 0 ? "-" + digits : digits;
  }

  /** A percentage difference, one decimal with its sign, or "-" when undefined. */
  public static String delta(Double published, double simulated) {
    if (published == null || published == 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%+.1f", 100.0 * (simulated - published) / published);
  }
}
