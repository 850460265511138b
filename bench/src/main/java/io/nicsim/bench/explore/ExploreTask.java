package io.nicsim.bench.explore;

import io.nicsim.bench.cli.RunCommand;
import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.plan.Point;
import io.nicsim.bench.plan.PointResult;
import io.nicsim.bench.plan.PointTask;
import io.nicsim.bench.run.Exploration;
import io.nicsim.bench.run.RunRequest;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One exploration point: the point's arguments are a {@code nicsim run … --seed N --jitter J}
 * line (J: {@code ranges} or a percent; with {@code --preempt D} when delays are injected); the result lists the run's findings. Holds no state
 * (a distributed engine ships it).
 */
public final class ExploreTask implements PointTask {
  private static final long serialVersionUID = 1L;

  @Override
  public PointResult run(Point point) {
    Map.Entry<RunRequest, Exploration> parsed = RunCommand.parse(point.args());
    Exploration x = parsed.getValue();
    Exploration.Run run = BenchEnv.standard().engine().run(parsed.getKey(), x);
    LinkedHashMap<String, String> cols = new LinkedHashMap<>();
    cols.put("seed", Long.toString(parsed.getKey().seed()));
    cols.put("packets", Long.toString(run.packets()));
    cols.put("end_ns", Long.toString(run.endNs()));
    cols.put("inflight_reads", Long.toString(run.inFlightReads()));
    cols.put("hits", Findings.encode(Findings.of(run.episodes(), run.failure(), run.endNs())));
    return PointResult.ok(point.index(), cols);
  }
}
