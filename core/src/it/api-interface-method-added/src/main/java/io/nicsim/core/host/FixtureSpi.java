package io.nicsim.core.host;

/**
 * The fixture's SPI interface in the next build: an abstract method was added. Compiled MAC
 * models still link (binary compatible), but none of them compiles any more (source
 * incompatible): the check refuses this as it refuses a removal.
 */
public interface FixtureSpi {
  String name();

  long counter(String key);

  int weight();
}
