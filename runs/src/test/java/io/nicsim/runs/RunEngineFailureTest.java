package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.core.host.Host;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.PingSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import io.nicsim.scenarios.ScenarioRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run that breaks half-way leaves no output file and reports one line with the time. */
class RunEngineFailureTest {

  /** Ping whose model blows up once the measured window is over. */
  static final class BrokenPing implements TrafficRunner {
    @Override
    public boolean accepts(TrafficSpec spec) {
      return spec instanceof PingSpec;
    }

    @Override
    public TrafficRun start(Host host, TrafficSpec spec, PathSpec path) {
      TrafficRun inner = new PingRunner().start(host, spec, path);
      return new TrafficRun() {
        @Override
        public void mark() {}

        @Override
        public void endMeasure() {}

        @Override
        public boolean drained() {
          throw new IllegalStateException("skb 3 freed twice");
        }

        @Override
        public long drainLimitNs() {
          return 1_000_000;
        }

        @Override
        public TrafficReport report(double windowSec) {
          return inner.report(windowSec);
        }

        @Override
        public List<String> violations() {
          return List.of();
        }

        @Override
        public String comm() {
          return "ping";
        }
      };
    }
  }

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
}
