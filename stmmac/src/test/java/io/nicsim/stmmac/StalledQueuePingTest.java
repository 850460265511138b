package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.runs.options.RunArgs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A ping stuck in stmmac's stalled queue is loss, not a failed check of the run's audit (runs'
 * RunChecksTest holds the audit's own checks).
 */
class StalledQueuePingTest {
  @Test
  void aPingStuckInAStalledQueueIsLossNotAFailedCheck() {
    // stmmac v6.6 with tx-usecs 0: no timer, IC every 25 frames; BQL stops the queue after the
    // first request and nothing ever completes it: the second request stays in the qdisc
    RunResult r = new RunEngine(NicsimHost.FACTORY, TrafficRunners.standard()).run(
        RunArgs.request(List.of("--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v6.6",
            "-C", "tx-usecs 0", "--traffic", "ping -c 2 -i 100us -s 0")));
    assertThat(RunText.format(r)).contains("2 packets transmitted, 1 received, 50% packet loss");
  }
}
