package io.nicsim.cli;

import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.Output;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.plan.ThrottledProgress;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a plan's points run, for every command that runs many points (sweep, tune):
 * {@code --engine local|spark}, {@code --master}, {@code --threads}, {@code --out}.
 */
public final class EngineOptions {
  @Option(names = "--engine", paramLabel = "local|spark",
      description = "run the points on threads of this JVM (local, the default) or on Apache"
          + " Spark (spark: embedded local[*], or a cluster with --master)")
  String engine;

  @Option(names = "--master", paramLabel = "URL",
      description = "the Spark master for --engine spark: local[*] (default), local[N] or"
          + " spark://HOST:PORT")
  String master;

  @Option(names = "--threads", paramLabel = "N",
      description = "worker threads for --engine local (default: all cores);"
          + " with --engine spark and no --master, local[N]")
  Integer threads;

  @Option(names = "--out", paramLabel = "DIR",
      description = "also write the rows as a Parquet table in DIR (--engine spark)")
  @Output(directory = true)
  Path out;

  /**
   * Refuses a bad thread count, engine or master now, before the command plans or runs
   * anything (a Spark master URL is checked without starting Spark).
   */
  void check(int defaultThreads) {
    int n = threads == null ? defaultThreads : threads;
    if (n < 1 || n > 1024) {
      throw BadInputException.field("--threads", n + " is out of range", "1..1024");
    }
    if (out != null && !"spark".equals(engine)) {
      throw BadInputException.field("--out", "Parquet output needs --engine spark",
          "--engine spark, or --csv FILE");
    }
    PointEngines.check(engine, master);
  }

  /** The engine these options name; refuses a bad thread count or engine first. */
  PointEngine open(int defaultThreads) {
    int n = threads == null ? defaultThreads : threads;
    if (n < 1 || n > 1024) {
      throw BadInputException.field("--threads", n + " is out of range", "1..1024");
    }
    if (out != null && !"spark".equals(engine)) {
      throw BadInputException.field("--out", "Parquet output needs --engine spark",
          "--engine spark, or --csv FILE");
    }
    String m = master;
    if (m == null && "spark".equals(engine) && threads != null) {
      m = "local[" + n + "]";
    }
    return PointEngines.open(engine, m, n);
  }

  /** Progress lines on {@code err}, at most one a second (a short plan prints none). */
  static Progress progress(PrintWriter err, String label) {
    return new ThrottledProgress(err, label, 1000);
  }
}
