package io.nicsim.core.host;

/** The fixture's SPI class in the next build: intervalNs() is gone (binary incompatible). */
public final class FixtureBlock {
  public void start() {}
}
