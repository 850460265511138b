package io.nicsim.fec;

import io.nicsim.core.host.MacModel;
import io.nicsim.testkit.MacConformance;
import java.util.List;

/** The fec MAC in the conformance kit's suite (every SoC profile of it, every traffic kind). */
class FecConformanceTest extends MacConformance {
  @Override
  protected MacModel mac() {
    return new FecMacProvider().macModel();
  }

  /** The host-level checks on an ENET with interrupt coalescing (imx6q's get_coalesce refuses). */
  @Override
  protected String soc() {
    return "imx8qxp";
  }

  @Override
  protected String coalesceRoundTrip() {
    return "rx-usecs 100 rx-frames 16 tx-usecs 200 tx-frames 32";
  }

  @Override
  protected List<String> coalesceOutOfRange() {
    return List.of("rx-frames 256", "tx-frames 256");
  }
}
