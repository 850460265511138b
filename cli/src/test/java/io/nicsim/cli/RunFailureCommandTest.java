package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.runs.RunEngineFailureTest.BrokenPing;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.scenarios.ScenarioRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nicsim run} when the run fails (runs' RunEngineFailureTest and RunChecksTest test the
 * failures themselves): exit 2, the failure's one line after {@code nicsim run: }, nothing on
 * standard output and none of the output files left behind.
 */
class RunFailureCommandTest {
  @Test
  void aModelFailureMidRunLeavesNothingBehind(@TempDir Path dir) throws Exception {
    CliEnv env = new CliEnv(Cli.HOSTS, List.of(new BrokenPing()),
        new ScenarioRegistry(List.of()), 1);
    Cli.Result r = Cli.run(env, "run", "--mac", "example", "--soc", "testsoc", "--traffic",
        "ping -c 2 -i 0.001", "--trace", dir.resolve("t").toString(), "--pcap",
        dir.resolve("p").toString(), "--plot", dir.resolve("x.png").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("nicsim run: the simulation stopped at 2000000 ns:"
        + " IllegalStateException: skb 3 freed twice\n");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aLeakStopsTheRunWithOneLine(@TempDir Path dir) throws Exception {
    CliEnv faulty = new CliEnv(MacHosts.of(ExampleMac.faulty())::create, TrafficRunners.standard(),
        new ScenarioRegistry(List.of()), 1);
    Cli.Result r = Cli.run(faulty, "run", "--mac", "faulty", "--soc", "faultysoc", "--traffic",
        "iperf3 -u -b 0 -l 1400 -t 20ms", "--patch", "+leak", "--pcap",
        dir.resolve("x.pcap").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).matches("nicsim run: invariant violated at 0\\.001000000 s in skb: \\d+"
        + " skbs allocated and not freed; the driver holds \\d+, the qdiscs \\d+: \\d+ leaked"
        + " \\(never freed, held by nobody\\)\n");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }
}
