package io.nicsim.bench.run;

import io.nicsim.core.check.Liveness;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.Perturbation;
import java.util.List;

/**
 * How a run is perturbed and watched for races ({@code run --jitter}, {@code explore}): costs
 * jittered by up to {@code jitterPercent} either way, new work starting up to {@code skewNs}
 * late, liveness observed every {@code probeNs} and recorded rather than stopping the run. The
 * perturbation stream is derived from the run's seed, so a seed and these values reproduce a
 * run exactly.
 */
public record Exploration(double jitterPercent, long skewNs, long probeNs) {
  /** Liveness probe period in exploration: finer than any spell worth reporting. */
  public static final long DEFAULT_PROBE_NS = 10_000L;

  public Exploration {
    if (!(jitterPercent >= 0 && jitterPercent <= 90)) {
      throw BadInputException.field("--jitter", "must be 0..90 (percent of every CPU cost,"
          + " either way), not " + jitterPercent, "0..90, default "
          + Perturbation.DEFAULT_COST_PERCENT);
    }
  }

  /** The default bounds with {@code jitterPercent}. */
  public static Exploration of(double jitterPercent) {
    return new Exploration(jitterPercent, Perturbation.DEFAULT_SKEW_NS, DEFAULT_PROBE_NS);
  }

  Perturbation perturbation(long seed) {
    return new Perturbation(seed, jitterPercent, skewNs);
  }

  /** The {@code --jitter} value as a reproducer line spells it. */
  public String spelling() {
    return jitterPercent == Math.rint(jitterPercent)
        ? Long.toString((long) jitterPercent) : Double.toString(jitterPercent);
  }

  /**
   * What an explored run gave: the run's result (null when it failed), the one-line failure
   * (null when it did not), the stranded spells, packets sent, the run's end time, and how
   * often a CPU read a NAPI's state while another CPU's poll of it was completing (the
   * interleaving races such as the stmmac TX-timer window need; {@code Napi.inFlightReadCount}).
   */
  public record Run(RunResult result, String failure, List<Liveness.Episode> episodes,
      long packets, long endNs, long inFlightReads) {}
}
