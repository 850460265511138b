package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * validate --cpu's veth carries the case's traffic alone: on the threaded case (whose NET_RX
 * runs are few enough that four stray polls were a quarter of them), a 2 s run traces no frame
 * on the veth that is not IPv4 and no NET_RX run polling one. Before the testbed turned IPv6
 * off and made each peer a permanent neighbour, every such run traced an ARP reply, MLDv2
 * reports and a DAD neighbour solicitation from the receiver's namespace (2026-12-07: 4 NET_RX
 * runs with a backlog poll in each of three runs), which the model has no counterpart of. Runs
 * as root with tracefs and trace-cmd, skipped otherwise, saying what is missing; what it
 * counts does not depend on the machine's load.
 */
class CpuTestbedTrafficOnlyTest {
  @TempDir Path dir;

  @Test
  void theVethCarriesNothingButTheFlood() throws Exception {
    List<String> missing = new ArrayList<>(Preflight.missing());
    missing.addAll(CpuTestbed.missing());
    assumeTrue(missing.isEmpty(), "the real side cannot run here: " + missing);
    CpuCase threaded = CpuCase.ALL.stream().filter(CpuCase::threaded).findFirst().orElseThrow();
    CpuTestbed.Measured m;
    try (CpuTestbed bed = CpuTestbed.open(dir)) {
      m = bed.run(threaded, 2.0);
    }
    assertThat(m.received()).as(m.senderOutput()).isPositive();
    CpuMechanisms mm = CpuMechanisms.of(CpuValidator.traffic(m.trace()), CpuValidator.TRAFFIC,
        CpuValidator.SENDER_CPU);
    assertThat(mm.sends()).isPositive();
    assertThat(mm.otherFrames()).as("frames on the veth that are not IPv4").isZero();
    assertThat(mm.netRxOtherOnly()).isZero();
  }
}
