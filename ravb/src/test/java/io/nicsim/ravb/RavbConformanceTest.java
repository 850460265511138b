package io.nicsim.ravb;

import io.nicsim.core.host.MacModel;
import io.nicsim.testkit.MacConformance;
import java.util.List;

/**
 * The ravb MAC in the conformance kit's suite (every SoC profile of it, every traffic kind).
 * ravb has no get_coalesce or set_coalesce: {@code -c} and {@code -C} are -EOPNOTSUPP.
 */
class RavbConformanceTest extends MacConformance {
  @Override
  protected MacModel mac() {
    return new RavbProvider().macModel();
  }

  @Override
  protected String coalesceRoundTrip() {
    return "";
  }

  @Override
  protected List<String> coalesceOutOfRange() {
    return List.of();
  }
}
