package io.nicsim.bench.perf;

import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.sweep.RunPointTask;
import io.nicsim.studies.sweep.SweepPlan;
import io.nicsim.studies.sweep.Vary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The plan engines' cost: Spark {@code local[*]} against threads of this JVM on the same
 * sweep (points per second, results compared), and each engine's scheduling cost per point
 * (no-op points, so nothing but the engine is timed). Spark's rows need the nicsim-spark
 * module ({@code nicsim bench sweep --engine spark}).
 */
public final class PlanBenchmarks {
  /**
   * The sweep the engine rows time, a sweep users run: seed 003's tx-usecs × tx-frames question
   * for the YT6801 under BBR over its 23 ms path, each setting under four seeds (the spread a
   * tuning study needs), 64 points of the bbr row's 10 s upload. Each point is a tenth of a
   * second to most of a second of CPU on a warm JIT (short points would time JIT warm-up and
   * the tail of the last point, not the engine). 64 points rather than 16: a round of 16 took
   * about a second on two threads, so a Spark job's fixed cost and Spark's own code still being
   * compiled weighed on it as they do not on the long sweeps Spark is for (thousands
   * of runs), and the last point's tail on one of two workers was a larger share of the round.
   */
  public static final List<String> RUN = List.of("--mac", "stmmac", "--soc", BbrUpload.SOC,
      "--kernel", BbrUpload.KERNEL, "--patch", "+" + BbrUpload.PATCH, "--traffic",
      "iperf3 -C bbr -t 10", "--path", BbrUpload.PATH);
  public static final List<String> VARY = List.of("tx-usecs=100,1000,5000,20000",
      "tx-frames=1,8,25,64", "seed=1,2,3,4");

  /** {@code nicsim sweep} with {@link #RUN} and {@link #VARY}, as the command line spells it. */
  public static List<String> sweepArgs() {
    List<String> a = new ArrayList<>();
    a.add("sweep");
    a.addAll(RUN);
    for (String v : VARY) {
      a.add("--vary");
      a.add(v);
    }
    return a;
  }
  static final int NOOP_POINTS = 400;

  private final int runs;
  private final PrintWriter log;
  private final int cores = Runtime.getRuntime().availableProcessors();

  public PlanBenchmarks(int runs, PrintWriter log) {
    this.runs = runs;
    this.log = log;
  }

  /** The sweep's points as {@code nicsim sweep} builds them. */
  static List<Point> sweepPoints() {
    List<String> seeded = new ArrayList<>(RUN);
    seeded.addAll(List.of("--seed", "1"));
    RunRequest base = RunPointTask.request(seeded);
    List<Vary> vs = new ArrayList<>();
    for (String v : VARY) {
      vs.add(Vary.parse(v));
    }
    List<Point> out = new ArrayList<>();
    for (SweepPlan.Point p : new SweepPlan(base, vs).points()) {
      out.add(new Point(p.index(), p.knobs().toString(),
          RunPointTask.args(RUN, p.request().seed(), p.knobs())));
    }
    return out;
  }

  /**
   * Spark local[*]'s overhead over {@code --engine local} with as many threads, in % of the
   * local engine's points per second; each run times both engines back to back (session
   * already started, both warmed by one untimed sweep), in alternating order (local first in
   * even runs, Spark first in odd ones, so that neither always inherits the other's garbage
   * and the load's drift), and compares their rows. Then Spark's scheduling cost per point, on
   * the same session (Spark does not like a second context in one JVM).
   */
  public List<BenchRow> sparkRows() {
    List<Point> points = sweepPoints();
    log.println("nicsim bench: sweep-spark: " + points.size() + " points, --engine local vs"
        + " --engine spark --master local[*], one untimed round of each, then " + runs
        + " timed rounds in alternating order");
    log.flush();
    PointTask task = new RunPointTask(RunEnv.standard());
    double[] over = new double[runs];
    double[] localPps = new double[runs];
    double[] sparkPps = new double[runs];
    double[] sparkCores = new double[runs];
    boolean same = true;
    long s0 = System.nanoTime();
    try (PointEngine local = PointEngines.open("local", null, cores);
        PointEngine spark = PointEngines.open("spark", "local[*]", cores)) {
      double start = (System.nanoTime() - s0) / 1e9;
      List<PointResult> ref = local.runAll(points, task, Progress.NONE);
      same &= spark.runAll(points, task, Progress.NONE).equals(ref);
      for (int i = 0; i < runs; i++) {
        double tl = 0;
        double ts = 0;
        for (int k = 0; k < 2; k++) {
          boolean sparkTurn = (k == 0) == (i % 2 == 1);
          long t0 = System.nanoTime();
          long c0 = Benchmarks.processCpuNs();
          same &= (sparkTurn ? spark : local).runAll(points, task, Progress.NONE).equals(ref);
          double t = (System.nanoTime() - t0) / 1e9;
          if (sparkTurn) {
            ts = t;
            sparkCores[i] = (Benchmarks.processCpuNs() - c0) / 1e9 / t;
          } else {
            tl = t;
          }
        }
        localPps[i] = points.size() / tl;
        sparkPps[i] = points.size() / ts;
        over[i] = (ts / tl - 1) * 100;
      }
      Stats s = Stats.of(over);
      BenchRow overhead = new BenchRow("sweep-spark", "Spark local[*] overhead over --engine"
          + " local (" + cores + " threads), same sweep, identical rows", "%", 10, false,
          same ? s.median() : Double.NaN, s.min(), s.max(), s.runs(),
          "nicsim bench sweep --engine spark", String.format(Locale.ROOT,
              "points/s: local %s (%s..%s), spark %s (%s..%s); the Spark rounds got %s cores of"
                  + " CPU (process CPU / wall); SparkSession start %.1f s (not in the figure);"
                  + " rows %s; nicsim %s [--engine spark]",
              Stats.fmt(Stats.of(localPps).median()), Stats.fmt(Stats.of(localPps).min()),
              Stats.fmt(Stats.of(localPps).max()), Stats.fmt(Stats.of(sparkPps).median()),
              Stats.fmt(Stats.of(sparkPps).min()), Stats.fmt(Stats.of(sparkPps).max()),
              Stats.fmt(Stats.of(sparkCores).median()), start, same ? "identical" : "DIFFER",
              Benchmarks.spelled(sweepArgs())));
      return List.of(overhead, schedulingOverhead(spark, "spark", "local[*]"));
    }
  }

  /** Milliseconds the local engine spends per point beyond the point itself. */
  public BenchRow schedulingOverhead() {
    try (PointEngine e = PointEngines.open("local", null, cores)) {
      return schedulingOverhead(e, "local", null);
    }
  }

  /** Milliseconds an engine spends per point beyond the point itself (no-op points). */
  private BenchRow schedulingOverhead(PointEngine e, String engine, String master) {
    log.println("nicsim bench: plan-" + engine + ": " + NOOP_POINTS + " no-op points");
    log.flush();
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < NOOP_POINTS; i++) {
      points.add(new Point(i, "noop=" + i, List.of()));
    }
    PointTask noop = new Noop();
    double[] ms = new double[runs];
    e.runAll(points, noop, Progress.NONE); // warm-up
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      List<PointResult> r = e.runAll(points, noop, Progress.NONE);
      ms[i] = (System.nanoTime() - t0) / 1e6 / points.size();
      if (r.size() != points.size()) {
        throw new IllegalStateException(r.size() + " results for " + points.size());
      }
    }
    Stats s = Stats.of(ms);
    double target = engine.equals("spark") ? 5 : 0.5;
    return new BenchRow("plan-" + engine, "scheduling cost per point, --engine " + engine
        + (master != null ? " --master " + master : " --threads " + cores)
        + " (wall per no-op point)", "ms", target, false, s.median(), s.min(), s.max(), s.runs(),
        "nicsim bench sweep" + (engine.equals("spark") ? " --engine spark" : ""),
        NOOP_POINTS + " points a run, one untimed run first");
  }

  /** A point that does nothing: what is timed is the engine. */
  static final class Noop implements PointTask {
    private static final long serialVersionUID = 1L;

    @Override
    public PointResult run(Point p) {
      return PointResult.ok(p.index(), Map.of("n", Integer.toString(p.index())));
    }
  }
}
