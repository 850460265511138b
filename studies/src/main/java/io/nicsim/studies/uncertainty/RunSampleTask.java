package io.nicsim.studies.uncertainty;

import io.nicsim.core.soc.InputSample;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One {@code nicsim run} under sample {@code i} of the study's Latin hypercube: point args are
 * the run's own command-line arguments; they are parsed again with the sample (so the path
 * and the SoC profile carry the sample's values). Columns: every summary metric.
 */
public final class RunSampleTask implements PointTask {
  private static final long serialVersionUID = 1L;

  /** Parses run arguments into a request under a sample (serializable: the CLI's parser). */
  public interface Parser extends Serializable,
      BiFunction<List<String>, InputSample, RunRequest> {}

  private final long seed;
  private final int samples;
  private final Parser parser;
  private final transient RunEnv env;

  public RunSampleTask(RunEnv env, long seed, int samples, Parser parser) {
    this.env = env;
    this.seed = seed;
    this.samples = samples;
    this.parser = parser;
  }

  /** The point for sample {@code i} of a run given by {@code args}. */
  public static Point point(int i, List<String> args) {
    return new Point(i, "run#" + i, args);
  }

  @Override
  public PointResult run(Point point) {
    RunEnv e = env != null ? env : RunEnv.standard();
    RunResult r = e.engine().run(parser.apply(point.args(),
        new LatinHypercube(seed, samples, point.index())));
    LinkedHashMap<String, String> cols = new LinkedHashMap<>();
    for (Map.Entry<String, Double> m : r.summary().entrySet()) {
      if (m.getValue() != null && Double.isFinite(m.getValue())) {
        cols.put(m.getKey(), Double.toString(m.getValue()));
      }
    }
    return PointResult.ok(point.index(), cols);
  }
}
