package io.nicsim.core.soc;

/**
 * A number from a SoC profile with where it came from.
 *
 * @param value the number
 * @param source provenance: a datasheet, a kernel file, a measurement, or "estimate: why"
 * @param calibrated when fitted to a published figure: which figure (a seed's "before"
 *     number); null when not fitted
 */
public record Quantity(double value, String source, String calibrated) {

  public long asLong() {
    return Math.round(value);
  }

  public boolean isCalibrated() {
    return calibrated != null;
  }
}
