package io.nicsim.testkit;

import io.nicsim.core.host.MacModel;
import io.nicsim.hostkit.ExampleMac;
import java.util.List;

/** The kit's own example MAC joins the conformance suite (it has no coalescing knobs). */
class ExampleMacConformanceTest extends MacConformance {
  @Override
  protected MacModel mac() {
    return new ExampleMac();
  }

  /** testsoc is core's kernel fixture, without the costs of ping and TCP. */
  @Override
  protected List<String> socs() {
    return List.of("example-a72");
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
