package io.nicsim.bench.env;

import io.nicsim.bench.host.HostFactory;
import io.nicsim.bench.host.NicsimHost;
import io.nicsim.bench.repro.ScenarioRegistry;
import io.nicsim.bench.run.RunEngine;
import io.nicsim.bench.run.TrafficRunner;
import io.nicsim.bench.run.TrafficRunners;
import java.util.List;

/**
 * What the commands run against: the host component, the traffic runners and the scenarios.
 * The command uses {@link #standard()}; tests substitute core's example MAC and a demo
 * scenario.
 *
 * @param threads default worker threads for sweeps and scenarios
 */
public record BenchEnv(
    HostFactory hosts, List<TrafficRunner> runners, ScenarioRegistry scenarios, int threads) {

  /** nicsim's own hosts, runners and scenarios, one worker per available core. */
  public static BenchEnv standard() {
    return new BenchEnv(NicsimHost.FACTORY, TrafficRunners.standard(),
        ScenarioRegistry.standard(), Runtime.getRuntime().availableProcessors());
  }

  public RunEngine engine() {
    return new RunEngine(hosts, runners);
  }
}
