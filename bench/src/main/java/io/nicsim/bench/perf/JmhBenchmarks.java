package io.nicsim.bench.perf;

import java.util.Collection;
import java.util.Locale;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The engine, flood and BBR rows measured by JMH (forked JVM, the benchmarks' own warm-up
 * and measurement iterations) instead of in-process: the measured value is JMH's score, the
 * spread its 99.9 % confidence interval.
 */
public final class JmhBenchmarks {
  private JmhBenchmarks() {}

  public static BenchRow engine() {
    Result<?> r = secondary(run(EngineBenchmark.class), "events");
    return row("engine", "engine: schedule + dispatch, typical event mix, one core (JMH)",
        "M events/s", 20, true, r, 1e-6, EngineBenchmark.class);
  }

  public static BenchRow flood() {
    Result<?> r = secondary(run(FloodBenchmark.class), "packets");
    return row("flood", "stmmac UDP flood, 64-byte frames, 1 Gbit/s, cyclone5 with CPU costs x"
        + FloodWorkload.CPU_SCALE + " (JMH)", "M packets/s", 3, true, r, 1e-6,
        FloodBenchmark.class);
  }

  public static BenchRow bbr() {
    Result<?> r = run(BbrBenchmark.class).getPrimaryResult();
    return row("bbr", "10 s BBR upload of stmmac-xmit-more after d21a374995df (JMH, warm)",
        "s wall", 1, false, r, 1e-3, BbrBenchmark.class);
  }

  private static BenchRow row(String name, String figure, String unit, double target,
      boolean atLeast, Result<?> r, double scale, Class<?> bench) {
    double score = r.getScore() * scale;
    double err = Double.isNaN(r.getScoreError()) ? 0 : r.getScoreError() * scale;
    return new BenchRow(name, figure, unit, target, atLeast, score, Math.max(0, score - err),
        score + err,
        (int) r.getSampleCount(), "nicsim bench --jmh " + name,
        String.format(Locale.ROOT, "JMH %s: %s ± %s %s (99.9%%)", bench.getSimpleName(),
            Stats.fmt(score), Stats.fmt(err), unit));
  }

  private static RunResult run(Class<?> bench) {
    Options opt = new OptionsBuilder().include("^" + bench.getName().replace(".", "\\.") + "\\.")
        .verbosity(VerboseMode.SILENT).build();
    try {
      Collection<RunResult> results = new Runner(opt).run();
      if (results.isEmpty()) {
        throw new IllegalStateException("JMH found no benchmark " + bench.getName()
            + " (is META-INF/BenchmarkList on the class path?)");
      }
      return results.iterator().next();
    } catch (RunnerException e) {
      throw new IllegalStateException("JMH: " + e.getMessage(), e);
    }
  }

  private static Result<?> secondary(RunResult r, String counter) {
    Result<?> s = r.getSecondaryResults().get(counter);
    if (s == null) {
      throw new IllegalStateException("JMH result has no counter " + counter);
    }
    return s;
  }
}
