package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.JavaKernelC;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunText;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.runs.options.RunArgs;
import java.util.LinkedHashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * napi_complete_done's bridge against the plain Java, no kernel tree needed: the Java port run
 * through the bridge (its state captured into a record, its answer applied back) must give the
 * run the plain Java gives. In this TCP upload a hard IRQ lands inside the completion's own
 * charge and sets MISSED; the kernel's cmpxchg reads the state after that work, so the bridge
 * must take its state decision on the state as it is then, not as it was at entry.
 */
class NapiBridgeStateTest {
  private static final RunEngine ENGINE =
      new RunEngine(NicsimHost.FACTORY, TrafficRunners.standard());

  @Test
  void anIrqInsideTheCompletionIsSeenThroughTheBridge() {
    RunRequest plain = RunArgs.request(List.of("--mac", "stmmac", "--soc", "ipq806x",
        "--traffic", "iperf3 -C cubic -t 1 -O 1", "--path", "rtt=300us", "--kernel",
        "v6.12.118"));
    RunRequest bridged = plain.withKernelC(new JavaKernelC("6.12.118",
        new LinkedHashSet<>(List.of("net/core/dev.c napi_complete_done"))));
    assertThat(RunText.json(ENGINE.run(bridged))).isEqualTo(RunText.json(ENGINE.run(plain)));
  }
}
