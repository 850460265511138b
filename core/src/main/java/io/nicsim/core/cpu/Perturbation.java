package io.nicsim.core.cpu;

import java.util.SplittableRandom;

/**
 * Timing perturbation for race exploration, deterministic per seed: every cost a CPU charges
 * is scaled by a factor drawn uniformly from {@code [1 - costBound, 1 + costBound]}, and work
 * that arrives at an idle core starts up to {@code skewNs} later than it would (interrupt
 * delivery, IPI and wake-up skew), so that simultaneous work on different CPUs runs in the other
 * order too.
 *
 * <p>Bounds. A SoC profile's costs are cycle estimates or fits; the default bound,
 * {@value #DEFAULT_COST_PERCENT}% either way, is the documented default range of a cycle
 * estimate (bench/README "Races and stalls") until every profile number carries its own range.
 * The start skew, {@value #DEFAULT_SKEW_NS} ns, is the order of an interrupt's delivery and
 * entry on the Cortex-A cores modelled. Off by default: a host without a perturbation draws no
 * random number and runs exactly as before.
 */
public final class Perturbation {
  /** Default cost bound, percent either way. */
  public static final int DEFAULT_COST_PERCENT = 20;
  /** Default start skew, ns. */
  public static final long DEFAULT_SKEW_NS = 500;

  private final SplittableRandom rng;
  private final double costBound;
  private final long skewNs;
  private long draws;

  /**
   * @param seed the run's seed (the stream is derived from it, apart from the simulation's own)
   * @param costPercent cost bound in percent, 0..90
   * @param skewNs start skew bound in ns, 0..1 ms
   */
  public Perturbation(long seed, double costPercent, long skewNs) {
    if (!(costPercent >= 0 && costPercent <= 90)) {
      throw new IllegalArgumentException("jitter " + costPercent + "% (accepted: 0..90)");
    }
    if (skewNs < 0 || skewNs > 1_000_000L) {
      throw new IllegalArgumentException("skew " + skewNs + " ns (accepted: 0..1000000)");
    }
    this.rng = new SplittableRandom(seed ^ 0x6a09e667f3bcc909L);
    this.costBound = costPercent / 100.0;
    this.skewNs = skewNs;
  }

  /** A cost of {@code ns}, perturbed within the bound. */
  long cost(long ns) {
    if (ns == 0 || costBound == 0) {
      return ns;
    }
    draws++;
    double f = 1.0 + costBound * (2.0 * rng.nextDouble() - 1.0);
    return Math.max(0, Math.round(ns * f));
  }

  /**
   * A CPU for an interrupt vector, as irqbalance would spread them: any of {@code cores}, drawn
   * from the seed (exploration places each vector afresh, so that work of the TX and RX
   * vectors runs on different CPUs in some runs and on one in others).
   */
  public int irqCpu(int cores) {
    draws++;
    return rng.nextInt(cores);
  }

  /** How much later new work starts on an idle core. */
  long skew() {
    if (skewNs == 0) {
      return 0;
    }
    draws++;
    return rng.nextLong(skewNs + 1);
  }

  public double costPercent() {
    return costBound * 100.0;
  }

  public long skewNs() {
    return skewNs;
  }

  /** Random numbers drawn so far (for tests). */
  public long draws() {
    return draws;
  }
}
