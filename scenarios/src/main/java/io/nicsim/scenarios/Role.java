package io.nicsim.scenarios;

import java.util.Locale;

/** What a row's simulated number is to its published one. */
public enum Role {
  /** A profile or path number was fitted to this published "before" figure. */
  CALIBRATION("calib"),
  /** Nothing was fitted to this figure: the model predicts it. */
  PREDICTION("pred"),
  /** No published figure; the model's answer to a question the thread raised. */
  EXTRA("extra"),
  /** A seed's qualitative statement with the model's verdict and its evidence figure. */
  CLAIM("claim");

  private final String abbrev;

  Role(String abbrev) {
    this.abbrev = abbrev;
  }

  /** The JSON spelling. */
  public String json() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The table spelling (5 columns). */
  public String abbrev() {
    return abbrev;
  }
}
