package io.nicsim.boardtrace;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.scenarios.ScenarioRegistry;
import java.util.ArrayList;
import java.util.List;

/** The nicsim command with the real MAC models, for the trace commands' end-to-end tests. */
final class BoardTraceCli {
  static final CliEnv ENV = new CliEnv(NicsimHost.FACTORY, TrafficRunners.standard(),
      new ScenarioRegistry(List.of()), 1);

  private BoardTraceCli() {}

  static Cli.Result run(List<String> args) {
    return Cli.run(ENV, args.toArray(new String[0]));
  }

  static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
