package io.nicsim.core.host;

/** A public class of the fixture's released SPI. */
public final class FixtureBlock {
  public void start() {}

  public long intervalNs() {
    return 0;
  }
}
