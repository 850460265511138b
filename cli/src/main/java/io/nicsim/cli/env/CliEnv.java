package io.nicsim.cli.env;

import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.TrafficRunner;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.scenarios.ScenarioEnv;
import io.nicsim.scenarios.ScenarioRegistry;
import io.nicsim.scenarios.seeds.SeedScenarios;
import java.util.List;

/**
 * What the commands run against: the host component, the traffic runners and the scenarios.
 * The command uses {@link #standard()}; tests substitute core's example MAC and a demo
 * scenario.
 *
 * @param threads default worker threads for sweeps and scenarios
 */
public record CliEnv(
    HostFactory hosts, List<TrafficRunner> runners, ScenarioRegistry scenarios, int threads) {

  /** nicsim's own hosts, runners and scenarios, one worker per available core. */
  public static CliEnv standard() {
    RunEnv runs = RunEnv.standard();
    return new CliEnv(runs.hosts(), runs.runners(), SeedScenarios.registry(),
        runs.threads());
  }

  /** The run part, what studies and their tasks take. */
  public RunEnv runs() {
    return new RunEnv(hosts, runners, threads);
  }

  /** The scenario part, what scenario studies take. */
  public ScenarioEnv scenarioEnv() {
    return new ScenarioEnv(runs(), scenarios);
  }

  public RunEngine engine() {
    return new RunEngine(hosts, runners);
  }
}
