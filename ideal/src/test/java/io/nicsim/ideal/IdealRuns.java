package io.nicsim.ideal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunSinks;
import io.nicsim.runs.RunText;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.runs.options.RunArgs;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A {@code nicsim run} argument list parsed as the command parses it and run by runs' engine,
 * on the MAC models found on the class path (the ideal MAC, found as a consumer's would be).
 */
final class IdealRuns {
  private static final RunEngine ENGINE =
      new RunEngine(NicsimHost.FACTORY, TrafficRunners.standard());

  private IdealRuns() {}

  static RunResult run(String... args) {
    return run(RunSinks.NONE, args);
  }

  static RunResult run(RunSinks sinks, String... args) {
    return ENGINE.run(RunArgs.request(List.of(args)), sinks);
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
