package io.nicsim.ideal;

import io.nicsim.core.host.MacModel;
import io.nicsim.testkit.MacConformance;
import java.util.List;

/** The ideal MAC in the conformance kit's suite (every SoC profile of it, every traffic kind). */
class IdealConformanceTest extends MacConformance {
  @Override
  protected MacModel mac() {
    return new IdealMacProvider().macModel();
  }

  @Override
  protected String coalesceRoundTrip() {
    return "tx-usecs 100 tx-frames 16 rx-usecs 20";
  }

  @Override
  protected List<String> coalesceOutOfRange() {
    return List.of("tx-usecs 1000001", "rx-usecs 1000001");
  }
}
