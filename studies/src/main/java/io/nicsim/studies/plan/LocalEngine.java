package io.nicsim.studies.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** Points on a fixed pool of threads in this JVM ({@code --engine local}, the default). */
public final class LocalEngine implements PointEngine {
  private final int threads;

  public LocalEngine(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads " + threads);
    }
    this.threads = threads;
  }

  @Override
  public String name() {
    return "local";
  }

  @Override
  public List<PointResult> runAll(List<Point> points, PointTask task, Progress progress) {
    AtomicInteger done = new AtomicInteger();
    List<Supplier<PointResult>> jobs = new ArrayList<>();
    for (Point p : points) {
      jobs.add(() -> {
        PointResult r = PointTasks.guarded(task, p);
        progress.pointsDone(done.incrementAndGet(), points.size());
        return r;
      });
    }
    return ParallelRuns.map(jobs, threads);
  }
}
