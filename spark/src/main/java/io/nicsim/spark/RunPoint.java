package io.nicsim.spark;

import io.nicsim.bench.plan.Point;
import io.nicsim.bench.plan.PointResult;
import io.nicsim.bench.plan.PointTask;
import io.nicsim.bench.plan.PointTasks;
import org.apache.spark.api.java.function.Function;

/** The Spark function of a plan: one point in, its row (or its error row) out. */
final class RunPoint implements Function<Point, PointResult> {
  private static final long serialVersionUID = 1L;

  private final PointTask task;

  RunPoint(PointTask task) {
    this.task = task;
  }

  @Override
  public PointResult call(Point p) {
    return PointTasks.guarded(task, p);
  }
}
