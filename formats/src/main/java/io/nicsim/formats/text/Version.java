package io.nicsim.formats.text;

/** nicsim's version as reports print it. */
public final class Version {
  public static final String NICSIM = "0.1.0-SNAPSHOT";

  private Version() {}
}
