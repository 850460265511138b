package io.nicsim.validate;

import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunResult;
import io.nicsim.studies.sweep.RunPointTask;
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

  private static double get(RunResult r, String k) {
    Double v = r.summary().get(k);
    return v == null ? Double.NaN : v;
  }
}
