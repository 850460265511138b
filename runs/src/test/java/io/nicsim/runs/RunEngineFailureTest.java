package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.host.Host;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.PingSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run that breaks half-way fails with one line that carries the simulated time (the command
 * prints it and leaves no output file behind: cli's RunFailureCommandTest).
 */
public class RunEngineFailureTest {

  /** Ping whose model blows up once the measured window is over. */
  public static final class BrokenPing implements TrafficRunner {
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
  void aModelFailureMidRunIsOneLineWithTheTime() {
    RunEngine engine = new RunEngine(MacHosts.of(new ExampleMac())::create,
        List.of(new BrokenPing()));
    assertThatThrownBy(() -> Runs.run(engine, "--mac", "example", "--soc", "testsoc",
        "--traffic", "ping -c 2 -i 0.001"))
        .isInstanceOf(RunFailure.class)
        .hasMessage("the simulation stopped at 2000000 ns:"
            + " IllegalStateException: skb 3 freed twice");
  }
}
