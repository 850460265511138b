package io.nicsim.studies.explore;

import io.nicsim.runs.ExploreResult;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.options.RunArgs;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import java.util.LinkedHashMap;

/**
 * One exploration point: the point's arguments are a {@code nicsim run … --seed N --jitter J}
 * line (J: {@code ranges} or a percent; with {@code --preempt D} when delays are injected); the result lists the run's findings. Holds no state
 * (a distributed engine ships it).
 */
public final class ExploreTask implements PointTask {
  private static final long serialVersionUID = 1L;

  @Override
  public PointResult run(Point point) {
    RunArgs.Parsed parsed = RunArgs.parse(point.args());
    ExploreResult run = RunEnv.standard().engine().explore(parsed.exploreRequest());
    LinkedHashMap<String, String> cols = new LinkedHashMap<>();
    cols.put("seed", Long.toString(parsed.request().seed()));
    cols.put("packets", Long.toString(run.packets()));
    cols.put("end_ns", Long.toString(run.endNs()));
    cols.put("inflight_reads", Long.toString(run.inFlightReads()));
    cols.put("hits", Findings.encode(Findings.of(run.episodes(), run.failure(), run.endNs())));
    return PointResult.ok(point.index(), cols);
  }
}
