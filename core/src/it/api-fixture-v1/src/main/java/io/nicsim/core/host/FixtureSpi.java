package io.nicsim.core.host;

/** The fixture's SPI interface as released: a MAC model would implement both methods. */
public interface FixtureSpi {
  String name();

  long counter(String key);
}
