package io.nicsim.cli.trace;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.scenarios.ScenarioRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The nicsim command with the real MAC models, for the trace command's tests: what the command
 * adds to boardtrace's commands (the one line, the exit status, the process). The figures the
 * commands print are boardtrace's tests'.
 */
final class TraceCli {
  static final CliEnv ENV = new CliEnv(NicsimHost.FACTORY, TrafficRunners.standard(),
      new ScenarioRegistry(List.of()), 1);

  private TraceCli() {}

  static Cli.Result run(List<String> args) {
    return Cli.run(ENV, args.toArray(new String[0]));
  }

  static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** A real-kernel fixture of boardtrace's test jar, copied into {@code dir} (once). */
  static Path fixture(Path dir, String name) throws IOException {
    Path f = dir.resolve("fixtures").resolve(name);
    if (!Files.exists(f)) {
      Files.createDirectories(f.getParent());
      try (InputStream in = TraceCli.class.getResourceAsStream("/fixtures/" + name)) {
        Files.copy(in, f);
      }
    }
    return f;
  }
}
