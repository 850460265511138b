package io.nicsim.runs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.runs.options.RunArgs;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Runs' tests' way to make a run: a {@code nicsim run} argument list parsed by {@link RunArgs}
 * (as the command parses it) and run by {@link RunEngine} on hostkit's example MAC (SoC
 * example-a72 carries every traffic kind's costs) or on a host factory of the test's own. The
 * drivers' models are not on runs' class path: they test with testkit, which sits above runs.
 */
final class Runs {
  /** The example MAC's hosts and the standard runners. */
  static final RunEngine ENGINE =
      new RunEngine(MacHosts.of(new ExampleMac())::create, TrafficRunners.standard());

  private Runs() {}

  static RunResult run(String... args) {
    return run(ENGINE, args);
  }

  static RunResult run(HostFactory hosts, String... args) {
    return run(new RunEngine(hosts, TrafficRunners.standard()), args);
  }

  static RunResult run(RunEngine engine, String... args) {
    return engine.run(RunArgs.request(List.of(args)));
  }

  /** The {@code summary} object of the run's {@code --json} output. */
  static JsonNode summary(RunResult r) {
    try {
      return new ObjectMapper().readTree(RunText.json(r)).get("summary");
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
