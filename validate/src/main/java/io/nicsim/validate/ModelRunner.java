package io.nicsim.validate;

import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunResult;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.sweep.RunPointTask;
import io.nicsim.studies.uncertainty.Band;
import io.nicsim.studies.uncertainty.RunBands;
import io.nicsim.studies.uncertainty.RunSampleTask;
import java.util.ArrayList;
import java.util.List;

/** One case in the model: the {@code nicsim run} the case describes, on nicsim's standard environment. */
final class ModelRunner {
  private final RunEnv env;

  ModelRunner(RunEnv env) {
    this.env = env == null ? RunEnv.standard() : env;
  }

  /** The model's figures, named as the real side's. */
  record Run(double mbps, double cwnd, double pacingMbps, double wmemBytes, double skbsBelow,
      double tsoSegs, double unacked, List<String> args) {}

  Run run(ValidateCase c, long durationS, long omitS, long seed) {
    List<String> args = new ArrayList<>(c.modelArgs(durationS, omitS));
    args.add("--seed");
    args.add(Long.toString(seed));
    RunResult r = env.engine().run(RunPointTask.request(args));
    return new Run(get(r, "tcp_mbps"), get(r, "tcp_cwnd"), get(r, "tcp_pacing_mbps"),
        get(r, "tcp_wmem_alloc_bytes"), get(r, "skbs_below_tcp"), get(r, "tcp_tso_segs"),
        get(r, "tcp_unacked"), List.copyOf(args));
  }

  /**
   * The case's {@code nicsim run … --uncertainty samples}: its goodput's band over the inputs'
   * ranges (the timing class among them: a hold's run-to-run length), on local threads.
   */
  Band band(ValidateCase c, long durationS, long omitS, long seed, int samples, int threads) {
    List<String> args = new ArrayList<>(c.modelArgs(durationS, omitS));
    args.add("--seed");
    args.add(Long.toString(seed));
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < samples; i++) {
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
    Band b = RunBands.of(res).get("tcp_mbps");
    if (b == null) {
      throw new IllegalStateException(c.name() + ": the model band has no tcp_mbps");
    }
    return b;
  }

  private static double get(RunResult r, String k) {
    Double v = r.summary().get(k);
    return v == null ? Double.NaN : v;
  }
}
