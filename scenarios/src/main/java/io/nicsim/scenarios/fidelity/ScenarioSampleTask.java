package io.nicsim.scenarios.fidelity;

import io.nicsim.core.soc.InputSample;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import io.nicsim.scenarios.ScenarioEnv;
import io.nicsim.scenarios.ScenarioFile;
import io.nicsim.scenarios.seeds.SeedScenarios;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import io.nicsim.studies.uncertainty.InputDesign;
import io.nicsim.studies.uncertainty.LatinHypercube;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * One scenario under one joint draw of its inputs: point args {@code [scenario, design,
 * sample, file]}. {@code design} is {@code lhs} (sample {@code sample} of the study's Latin
 * hypercube) or {@code oat:INPUT:low|high} (one input at an end of its range, every other at its
 * value). The scenario runs on this thread (threads = 1) with the draw bound, so every profile
 * and path it resolves carries the draw. Columns: {@code rowN} = the row's value, {@code keyN} =
 * its case and metric (to check the rows line up), {@code inputs} = the inputs drawn.
 */
public final class ScenarioSampleTask implements PointTask {
  private static final long serialVersionUID = 1L;

  private final long seed;
  private final int samples;
  private final boolean check;
  /** The command's environment in this JVM; a task shipped elsewhere uses the standard one. */
  private final transient ScenarioEnv env;

  public ScenarioSampleTask(ScenarioEnv env, long seed, int samples, boolean check) {
    this.env = env;
    this.seed = seed;
    this.samples = samples;
    this.check = check;
  }

  /** The point for sample {@code i} of scenario {@code name} ({@code file} "" for built-ins). */
  public static Point lhs(int index, String name, int i, String file) {
    return new Point(index, name + "#" + i, List.of(name, "lhs", Integer.toString(i), file));
  }

  /** The point for input {@code id} at its low or high end. */
  public static Point oat(int index, String name, String id, boolean high, String file) {
    String d = "oat:" + id + ":" + (high ? "high" : "low");
    return new Point(index, name + "#" + d, List.of(name, d, "0", file));
  }

  @Override
  public PointResult run(Point point) {
    ScenarioEnv e = env != null ? env : SeedScenarios.env();
    String name = point.args().get(0);
    String design = point.args().get(1);
    String file = point.args().get(3);
    Scenario s = file.isEmpty() ? e.scenarios().select(List.of(name)).get(0)
        : ScenarioFile.load(Path.of(file), e.runs().hosts(), new HashSet<>());
    InputSample draw;
    LatinHypercube lhs = null;
    if (design.equals("lhs")) {
      lhs = new LatinHypercube(seed, samples, Integer.parseInt(point.args().get(2)));
      draw = lhs;
    } else {
      int at = design.lastIndexOf(':');
      String id = design.substring("oat:".length(), at);
      boolean high = design.endsWith(":high");
      // every draw at the middle of its range but the one input (or group) at an end
      draw = (in, q) -> InputDesign.value(in, q, d -> !d.equals(id) ? 0.5 : high ? 1 : 0);
    }
    List<Row> rows = s.run(new ReproContext(e.runs().engine(), seed, 1, check, draw));
    LinkedHashMap<String, String> cols = new LinkedHashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      cols.put("key" + i, rows.get(i).caseName() + "|" + rows.get(i).metric());
      cols.put("row" + i, Double.toString(rows.get(i).simulated()));
    }
    if (lhs != null) {
      cols.put("inputs", String.join(" ", lhs.inputs()));
    }
    return PointResult.ok(point.index(), cols);
  }
}
