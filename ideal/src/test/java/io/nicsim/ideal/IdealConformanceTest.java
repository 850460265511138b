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

  /**
   * The host-level checks run on the MAC's own profile: the first in the catalog's order is
   * host-veth, a veth with no line rate whose transmit polls its own NAPI, where an unpaced
   * flood never fills the ring (every profile still runs every traffic kind).
   */
  @Override
  protected String soc() {
    return "ideal";
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
