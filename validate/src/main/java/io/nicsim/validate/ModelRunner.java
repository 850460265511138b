package io.nicsim.validate;

import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunResult;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.sweep.RunPointTask;
import io.nicsim.studies.uncertainty.RunBands;
import io.nicsim.studies.uncertainty.RunSampleTask;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** One case in the model: the {@code nicsim run} the case describes, on nicsim's standard environment. */
final class ModelRunner {
  private final RunEnv env;

  ModelRunner(RunEnv env) {
    this.env = env == null ? RunEnv.standard() : env;
  }

  /** The model's figures, named as the real side's. */
  record Run(double mbps, double cwnd, double pacingMbps, double wmemBytes, double skbsBelow,
      double tsoSegs, double unacked, List<String> args) {}

  /** The goodput of the run {@code caseArgs} describes, with {@code seed}. */
  double mbps(List<String> caseArgs, long seed) {
    List<String> args = new ArrayList<>(caseArgs);
    args.add("--seed");
    args.add(Long.toString(seed));
    return get(env.engine().run(RunPointTask.request(args)), "tcp_mbps");
  }

  Run run(ValidateCase c, long durationS, long omitS, long seed) {
    return withSoc(c, socFile -> {
      List<String> args = new ArrayList<>(c.modelArgs(durationS, omitS, socFile));
      args.add("--seed");
      args.add(Long.toString(seed));
      RunResult r = env.engine().run(RunPointTask.request(args));
      return new Run(get(r, "tcp_mbps"), get(r, "tcp_cwnd"), get(r, "tcp_pacing_mbps"),
          get(r, "tcp_wmem_alloc_bytes"), get(r, "skbs_below_tcp"), get(r, "tcp_tso_segs"),
          get(r, "tcp_unacked"), shown(args, socFile));
    });
  }

  /** The run's arguments as reported: the temporary profile file named by what it holds. */
  private static List<String> shown(List<String> args, String socFile) {
    return args.stream().map(a -> a.equals(socFile) ? SOC_YAML_SHOWN : a).toList();
  }

  /** What the reported arguments say for the case's own profile file. */
  static final String SOC_YAML_SHOWN = "<model_soc_yaml>";

  /**
   * {@code f} given the file the case's own profile ({@link ValidateCase#modelSocYaml}) is
   * written to for as long as it runs, removed after; null when the case has none.
   */
  private static <T> T withSoc(ValidateCase c, Function<String, T> f) {
    if (c.modelSocYaml() == null) {
      return f.apply(null);
    }
    Path file = null;
    try {
      file = Files.createTempFile("nicsim-validate-" + c.name() + "-", ".yaml");
      Files.writeString(file, c.modelSocYaml());
      return f.apply(file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(c.name() + ": the model's profile file", e);
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException ignored) {
          // a temp file left behind
        }
      }
    }
  }

  /**
   * The case's {@code nicsim run … --uncertainty samples}: its goodput in each sample drawn
   * over the inputs' ranges (the timing class among them: a hold's run-to-run length, the
   * holder's wake-ups, the ACK pauses), each sample with its own seed ({@link #sampleSeed}),
   * on local threads.
   */
  double[] band(ValidateCase c, long durationS, long omitS, long seed, int samples,
      int threads) {
    return withSoc(c, socFile -> band(c, c.modelArgs(durationS, omitS, socFile), seed, samples,
        threads));
  }

  /** The band of the run {@code caseArgs} describes (without its seed). */
  double[] band(ValidateCase c, List<String> caseArgs, long seed, int samples, int threads) {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < samples; i++) {
      List<String> args = new ArrayList<>(caseArgs);
      args.add("--seed");
      args.add(Long.toString(sampleSeed(seed, i)));
      points.add(RunSampleTask.point(i, args));
    }
    List<PointResult> res;
    try (PointEngine pe = PointEngines.open("local", null, threads)) {
      res = pe.runAll(points, new RunSampleTask(env, seed, samples, RunPointTask::request),
          Progress.NONE);
    }
    int failed = RunBands.firstFailed(res);
    if (failed >= 0) {
      throw new IllegalStateException(c.name() + ": model band sample " + failed + " failed: "
          + res.get(failed).error());
    }
    double[] v = new double[res.size()];
    for (int i = 0; i < v.length; i++) {
      String x = res.get(i).columns().get("tcp_mbps");
      if (x == null) {
        throw new IllegalStateException(c.name() + ": the model band has no tcp_mbps");
      }
      v[i] = Double.parseDouble(x);
    }
    return v;
  }

  /**
   * Sample {@code i}'s own seed: the timing inputs (the ACK pauses, the holder's wake-ups) are
   * run-to-run chance, so each sample draws their times afresh, as each real run does. With the
   * nominal run's seed for all, every sample replayed one realisation of the pauses: on a case
   * that tips between states (CUBIC leaving slow start in a pause or not) the samples could all
   * sit in one state and the nominal run in another, outside its own band.
   */
  static long sampleSeed(long seed, int i) {
    return seed + 1 + i;
  }

  private static double get(RunResult r, String k) {
    Double v = r.summary().get(k);
    return v == null ? Double.NaN : v;
  }
}
