package io.nicsim.runs;

import io.nicsim.runs.host.HostFactory;
import io.nicsim.runs.host.NicsimHost;
import java.util.List;

/**
 * What runs are made with: the host components and the traffic runners, and how many worker
 * threads a study of many runs uses by default. {@link #standard()} is nicsim's own; tests
 * substitute core's example MAC.
 */
public record RunEnv(HostFactory hosts, List<TrafficRunner> runners, int threads) {
  public RunEnv {
    runners = List.copyOf(runners);
  }

  /** nicsim's own hosts (every MAC model on the class path) and runners, a worker per core. */
  public static RunEnv standard() {
    return new RunEnv(NicsimHost.FACTORY, TrafficRunners.standard(),
        Runtime.getRuntime().availableProcessors());
  }

  public RunEngine engine() {
    return new RunEngine(hosts, runners);
  }
}
