package io.nicsim.spark;

import io.nicsim.studies.plan.Progress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/** Counts points done on the driver (a task re-run after a lost executor counts once). */
final class TaskProgress extends SparkListener {
  private final int total;
  private final Progress progress;
  private final Set<Integer> done = ConcurrentHashMap.newKeySet();

  TaskProgress(int total, Progress progress) {
    this.total = total;
    this.progress = progress;
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd end) {
    if (end.taskInfo() != null && end.taskInfo().successful() && done.add(end.taskInfo().index())) {
      progress.pointsDone(done.size(), total);
    }
  }
}
