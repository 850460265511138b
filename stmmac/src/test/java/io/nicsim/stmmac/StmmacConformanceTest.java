package io.nicsim.stmmac;

import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.host.MacModel;
import io.nicsim.testkit.MacConformance;
import java.util.List;
import java.util.Set;

/** The stmmac MAC in the conformance kit's suite (every SoC profile of it, every traffic kind). */
class StmmacConformanceTest extends MacConformance {
  @Override
  protected MacModel mac() {
    return new StmmacMacProvider().macModel();
  }

  /** rx-usecs is RIWT units on the hardware (stmmac_usec2riwt and back round down). */
  @Override
  protected Set<CoalesceParam> roundedParams() {
    return Set.of(CoalesceParam.RX_USECS);
  }

  @Override
  protected String coalesceRoundTrip() {
    return "tx-usecs 500 tx-frames 64";
  }

  @Override
  protected List<String> coalesceOutOfRange() {
    return List.of("tx-usecs 100001", "tx-frames 257");
  }
}
