package io.nicsim.scenarios;

import io.nicsim.core.config.BadInputException;
import io.nicsim.runs.Metrics;
import io.nicsim.runs.RunFailure;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A scenario read from a user's YAML file by {@link ScenarioFile}. */
final class FileScenario implements Scenario {
  private final String name;
  private final String title;
  private final List<String> seeds;
  private final LinkedHashMap<String, String> assumptions;
  private final List<ScenarioFile.Run> runs;
  private final String label;

  FileScenario(String name, String title, List<String> seeds,
      LinkedHashMap<String, String> assumptions, List<ScenarioFile.Run> runs, String label) {
    this.name = name;
    this.title = title;
    this.seeds = List.copyOf(seeds);
    this.assumptions = assumptions;
    this.runs = List.copyOf(runs);
    this.label = label;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String title() {
    return title;
  }

  @Override
  public List<String> seeds() {
    return seeds;
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    return new LinkedHashMap<>(assumptions);
  }

  /** The runs in parallel (each its own host), the rows in file order. */
  @Override
  public List<Row> run(ReproContext ctx) {
    List<RunRequest> reqs = new ArrayList<>();
    for (ScenarioFile.Run r : runs) {
      reqs.add(r.seeded() ? r.request() : r.request().withSeed(ctx.seed()));
    }
    List<RunResult> results;
    try {
      results = ctx.runAll(reqs);
    } catch (BadInputException | RunFailure e) {
      throw new RunFailure(label + ": " + e.getMessage());
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      ScenarioFile.Run r = runs.get(i);
      RunResult res = results.get(i);
      for (ScenarioFile.Wanted w : r.metrics()) {
        double v = res.metric(w.metric());
        if (Double.isNaN(v)) {
          throw new RunFailure(label + ": runs[" + i + "] (" + r.caseName() + "): the run has no "
              + w.metric() + " (it measured: " + String.join(", ", res.summary().keySet()) + ")");
        }
        rows.add(new Row(r.caseName(), (String) res.config().get("soc"),
            (String) res.config().get("kernel"), patchEdits(res), coalesce(r), w.metric(),
            Metrics.unit(w.metric()), w.published(), v, w.role()).withCpu(res));
      }
    }
    return rows;
  }

  @SuppressWarnings("unchecked")
  private static List<String> patchEdits(RunResult res) {
    Object p = res.config().get("patch_edits");
    return p instanceof List<?> l ? (List<String>) l : List.of();
  }

  /** The ethtool -C values the run sets, in ethtool's order. */
  private static Map<String, Long> coalesce(ScenarioFile.Run r) {
    Map<String, Long> out = new LinkedHashMap<>();
    r.request().coalesce().values().forEach((k, v) -> out.put(k.cliName(), v));
    return out;
  }
}
