package io.nicsim.core.soc;

/**
 * A number from a SoC profile with where it came from and how sure we are of it.
 *
 * @param value the number
 * @param source provenance: a datasheet, a kernel file, a measurement, or "estimate: why"
 * @param calibrated when fitted to a published figure: which figure (a seed's "before"
 *     number); null when not fitted
 * @param uncertainty its class (the default range comes from {@link UncertaintyClass})
 * @param range relative half-width: the number lies in value × (1 ± range)
 * @param origin the profile (or path) that states the number: an inherited number keeps its
 *     parent's origin, so every profile inheriting it draws the same sample
 */
public record Quantity(double value, String source, String calibrated,
    UncertaintyClass uncertainty, double range, String origin) {

  /** A number of class exact (fixtures, derived values). */
  public Quantity(double value, String source, String calibrated) {
    this(value, source, calibrated, UncertaintyClass.EXACT, 0, "");
  }

  public Quantity {
    if (!(range >= 0 && range < 1)) {
      throw new IllegalArgumentException("range " + range);
    }
    origin = origin == null ? "" : origin;
  }

  public long asLong() {
    return Math.round(value);
  }

  public boolean isCalibrated() {
    return calibrated != null;
  }

  /** The low end of the range. */
  public double low() {
    return value * (1 - range);
  }

  /** The high end of the range. */
  public double high() {
    return value * (1 + range);
  }

  /** Whether a study may move it. */
  public boolean uncertain() {
    return range > 0 && value != 0;
  }

  /** The same number at {@code v} (a sample): a whole number stays whole. */
  public Quantity at(double v) {
    double w = value == Math.rint(value) ? Math.rint(v) : v;
    return new Quantity(w, source, calibrated, uncertainty, range, origin);
  }
}
