package io.nicsim.cli.testkit;

import io.nicsim.cli.Nicsim;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.env.EnvFactory;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.scenarios.ScenarioRegistry;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/** Runs the nicsim command in-process against the example MAC. */
public final class Cli {
  /** Hosts of the example MAC and its knob variant, each host with models of its own. */
  public static final HostFactory HOSTS =
      c -> MacHosts.of(new ExampleMac(), ExampleMac.knob()).create(c);

  private Cli() {}

  /** Example MAC, the standard runners, the demo scenario, {@code threads} workers. */
  public static CliEnv env(int threads) {
    return new CliEnv(HOSTS, TrafficRunners.standard(),
        new ScenarioRegistry(List.of(new DemoScenario())), threads);
  }

  /** What one invocation printed and returned. */
  public record Result(int exit, String out, String err) {}

  public static Result run(String... args) {
    return run(env(2), args);
  }

  public static Result run(CliEnv env, String... args) {
    CommandLine cli = Nicsim.commandLine(new EnvFactory(env), args);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    return new Result(exit, out.toString(), err.toString());
  }
}
