package io.nicsim.runs.options;

import io.nicsim.core.config.BadInputException;
import io.nicsim.runs.Exploration;
import picocli.CommandLine.Option;

/** {@code --jitter} and {@code --preempt}: how an exploring run is perturbed. */
public final class ExplorationOptions {
  @Option(names = "--jitter", paramLabel = "ranges|PCT", arity = "0..1",
      fallbackValue = Exploration.RANGES,
      description = "explore races: every CPU cost jittered within its own documented range"
          + " (ranges, the profile number's uncertainty: the default) or by up to PCT%% either"
          + " way, and simultaneous work on different CPUs in either order, deterministic per"
          + " --seed; liveness findings are listed instead of stopping the run")
  String jitter;

  @Option(names = "--preempt", paramLabel = "kcsan|DURATION",
      description = "with --jitter: at each preemption point (dev_queue_xmit, a TX-lock"
          + " release, napi_complete_done before SCHED clears) hold the CPU, with chance 1/8,"
          + " as an interrupt there would: kcsan (KCSAN's bounds, up to 20us in interrupt"
          + " context, 80us in a task) or a DURATION for every context (default: none)")
  String preempt;

  /** Whether either option was given. */
  public boolean given() {
    return jitter != null || preempt != null;
  }

  /** The option a study that cannot be combined with exploration names in its refusal. */
  public String givenName() {
    return jitter != null ? "--jitter" : "--preempt";
  }

  /** What --jitter and --preempt ask for; null without --jitter (--preempt needs it). */
  public Exploration exploration() {
    if (jitter == null) {
      if (preempt != null) {
        throw BadInputException.field("--preempt", "needs --jitter",
            "--jitter [ranges|PCT] --preempt kcsan|DURATION");
      }
      return null;
    }
    Exploration x = Exploration.parse(jitter);
    return preempt == null ? x : x.withPreempt(preempt);
  }
}
