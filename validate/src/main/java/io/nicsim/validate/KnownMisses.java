package io.nicsim.validate;

import java.util.Map;

/**
 * Cases where the model is known not to agree yet, with the measured numbers: the verdict
 * stays a miss (exit 1); the table says it is known.
 */
public final class KnownMisses {
  private KnownMisses() {}

  public static final Map<String, String> ALL = Map.of();
}
