package io.nicsim.bcmgenet;

import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.host.MacModel;
import io.nicsim.testkit.MacConformance;
import java.util.List;
import java.util.Set;

/** The bcmgenet MAC in the conformance kit's suite (every SoC profile of it, every traffic kind). */
class BcmgenetConformanceTest extends MacConformance {
  @Override
  protected MacModel mac() {
    return new BcmgenetProvider().macModel();
  }

  /** rx-usecs is kept in the RDMA timeout's 8.192 us ticks, rounded up. */
  @Override
  protected Set<CoalesceParam> roundedParams() {
    return Set.of(CoalesceParam.RX_USECS);
  }

  @Override
  protected String coalesceRoundTrip() {
    return "tx-frames 32 rx-frames 16 rx-usecs 50";
  }

  @Override
  protected List<String> coalesceOutOfRange() {
    return List.of("tx-frames 512", "rx-usecs 524282");
  }
}
