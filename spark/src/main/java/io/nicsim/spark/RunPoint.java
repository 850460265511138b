package io.nicsim.spark;

import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import io.nicsim.studies.plan.PointTasks;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.TaskContext;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

/**
 * The Spark task function of a plan: a partition's points in (one, as the engine partitions),
 * their rows (or error rows) out. A named class, not a lambda: Spark's closure cleaner has
 * nothing to inspect in it (for a lambda it reads and parses the defining class's bytecode on
 * every job), and it is the whole job, with no map stage before the collection.
 */
final class RunPoint extends AbstractFunction2<TaskContext, Iterator<Point>, PointResult[]>
    implements Serializable {
  private static final long serialVersionUID = 2L;

  private final PointTask task;

  RunPoint(PointTask task) {
    this.task = task;
  }

  @Override
  public PointResult[] apply(TaskContext context, Iterator<Point> points) {
    List<PointResult> out = new ArrayList<>(1);
    while (points.hasNext()) {
      out.add(PointTasks.guarded(task, points.next()));
    }
    return out.toArray(new PointResult[0]);
  }
}
