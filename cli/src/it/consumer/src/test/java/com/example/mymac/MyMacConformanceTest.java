package com.example.mymac;

import io.nicsim.core.host.MacModel;
import io.nicsim.testkit.MacConformance;
import java.util.List;

/** mymac in nicsim's MAC conformance suite: every traffic kind on mymac-board, under the audit. */
class MyMacConformanceTest extends MacConformance {
  @Override
  protected MacModel mac() {
    return new MyMacProvider().macModel();
  }

  @Override
  protected String coalesceRoundTrip() {
    return "rx-usecs 100";
  }

  @Override
  protected List<String> coalesceOutOfRange() {
    return List.of("rx-usecs 100000");
  }
}
