package io.nicsim.studies.plan;

import io.nicsim.core.config.BadInputException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs the points of a plan and gathers their results in point order. Engines differ only in
 * where the points run (threads of this JVM, Spark local, a Spark cluster); the rows they
 * return are identical.
 */
public interface PointEngine extends AutoCloseable {

  /** A short name for progress lines and bench rows ({@code local}, {@code spark}). */
  String name();

  /**
   * Runs every point; an exception inside the task becomes that point's error row (see
   * {@link PointTasks#guarded}). Progress lines go to {@code progress} (stderr), never stdout.
   */
  List<PointResult> runAll(List<Point> points, PointTask task, Progress progress);

  /**
   * Writes the gathered table as Parquet under {@code dir} ({@code --out}); engines without a
   * Parquet writer refuse it.
   */
  default void save(ResultTable table, Path dir) {
    throw BadInputException.field("--out",
        "Parquet output needs --engine spark", "--engine spark, or --csv FILE");
  }

  @Override
  default void close() {}
}
