package io.nicsim.core.cpu;

import java.util.SplittableRandom;

/**
 * Timing perturbation for race exploration, deterministic per seed: every cost a CPU charges
 * is scaled by a random factor, and work that arrives at an idle core starts up to
 * {@code skewNs} later than it would (interrupt delivery, IPI and wake-up skew), so that
 * simultaneous work on different CPUs runs in the other order too.
 *
 * <p>Bounds. The cost factor is drawn uniformly from {@code [1 - r, 1 + r]}, where r is, in
 * the per-op mode ({@link #ranges}, {@code --jitter ranges}, the default of exploration), the
 * cost's own documented range: the relative half-width of its SoC-profile number
 * ({@code soc.Quantity.range()}, carried by {@link CostTable}), which is its uncertainty
 * class's default ({@code soc.UncertaintyClass}: ±30% for a cycle estimate, ±5% for a
 * calibrated or measured cost, ±2% datasheet, 0 exact) unless the profile overrides it; a
 * cost with no documented range (range 0, e.g. a table built from a plain map) is never moved.
 * In the flat mode ({@link #Perturbation(long, double, long)}, {@code --jitter PCT}) r is one
 * bound for every cost. The start skew, {@value #DEFAULT_SKEW_NS} ns, is the order of an
 * interrupt's delivery and entry on the Cortex-A cores modelled. Off by default: a host
 * without a perturbation draws no random number and runs exactly as before.
 *
 * <p>Preemption ({@link #withPreemption}, off unless asked for): at each preemption point of the
 * running code ({@link Cpu#preemptionPoint(String)}) a delay, with chance {@value #PREEMPT_CHANCE},
 * uniform up to a bound: the delay injection of the kernel's own race detector (KCSAN stalls a
 * CPU at a watched access for a random time up to CONFIG_KCSAN_UDELAY_TASK, 80 us, in a task and
 * CONFIG_KCSAN_UDELAY_INTERRUPT, 20 us, in interrupt context; lib/Kconfig.kcsan), which holds
 * one CPU where an interrupt could hold it, so that a window a few hundred nanoseconds wide is
 * reached often enough to be found.
 *
 * <p>Draws. One number per perturbed cost, per skewed start and per preemption point, from one
 * stream derived from the seed; a cost of 0 or a bound of 0 draws nothing. The two modes draw alike, so a flat
 * run is the one this class gave before the per-op mode existed.
 */
public final class Perturbation {
  /** Default start skew, ns. */
  public static final long DEFAULT_SKEW_NS = 500;

  private final SplittableRandom rng;
  /** Flat bound (relative), or negative in the per-op mode. */
  private final double costBound;
  private final long skewNs;
  /** Bounds of an injected preemption delay in interrupt and task context, ns (0: none). */
  private long preemptIrqNs;
  private long preemptTaskNs;
  private long draws;

  /**
   * The flat mode: every cost within one bound.
   *
   * @param seed the run's seed (the stream is derived from it, apart from the simulation's own)
   * @param costPercent cost bound in percent, 0..90
   * @param skewNs start skew bound in ns, 0..1 ms
   */
  public Perturbation(long seed, double costPercent, long skewNs) {
    this(stream(seed), checkedPercent(costPercent) / 100.0, skewNs);
  }

  private Perturbation(SplittableRandom rng, double costBound, long skewNs) {
    if (skewNs < 0 || skewNs > 1_000_000L) {
      throw new IllegalArgumentException("skew " + skewNs + " ns (accepted: 0..1000000)");
    }
    this.rng = rng;
    this.costBound = costBound;
    this.skewNs = skewNs;
  }

  /**
   * The per-op mode: every cost within its own documented range ({@link CostTable#range}).
   *
   * @param seed the run's seed
   * @param skewNs start skew bound in ns, 0..1 ms
   */
  public static Perturbation ranges(long seed, long skewNs) {
    return new Perturbation(stream(seed), -1, skewNs);
  }

  /** The perturbation's stream: derived from the seed, apart from the simulation's own. */
  private static SplittableRandom stream(long seed) {
    return new SplittableRandom(seed ^ 0x6a09e667f3bcc909L);
  }

  private static double checkedPercent(double costPercent) {
    if (!(costPercent >= 0 && costPercent <= 90)) {
      throw new IllegalArgumentException("jitter " + costPercent + "% (accepted: 0..90)");
    }
    return costPercent;
  }

  /**
   * A cost of {@code ns}, perturbed within the bound: the flat one, or in the per-op mode
   * {@code opRange}, the op's documented range (relative half-width, 0 ≤ opRange &lt; 1).
   */
  long cost(long ns, double opRange) {
    double bound = costBound >= 0 ? costBound : opRange;
    if (ns == 0 || bound == 0) {
      return ns;
    }
    draws++;
    double f = 1.0 + bound * (2.0 * rng.nextDouble() - 1.0);
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

  /** Chance of a delay at each preemption point when {@link #withPreemption} set a bound. */
  public static final double PREEMPT_CHANCE = 1.0 / 8;
  /** The largest preemption bound accepted, ns (10 ms). */
  public static final long MAX_PREEMPT_NS = 10_000_000L;
  /** KCSAN's delay bound for tasks: CONFIG_KCSAN_UDELAY_TASK's default, 80 us. */
  public static final long KCSAN_TASK_NS = 80_000L;
  /** KCSAN's delay bound in interrupt context: CONFIG_KCSAN_UDELAY_INTERRUPT's default, 20 us. */
  public static final long KCSAN_INTERRUPT_NS = 20_000L;

  /**
   * Turns on delay injection at preemption points ({@link Cpu#preemptionPoint(String)}): at each, with
   * chance {@value #PREEMPT_CHANCE}, the CPU is held for a time uniform in (0, bound], the bound
   * being {@code interruptNs} in hardirq or softirq context and {@code taskNs} in a task, as an
   * interrupt (or, on PREEMPT_RT, a higher-priority thread) arriving there would hold it. 0 and
   * 0 turn it off. Returns this perturbation.
   */
  public Perturbation withPreemption(long interruptNs, long taskNs) {
    for (long ns : new long[] {interruptNs, taskNs}) {
      if (ns < 0 || ns > MAX_PREEMPT_NS) {
        throw new IllegalArgumentException(
            "preempt " + ns + " ns (accepted: 0.." + MAX_PREEMPT_NS + ")");
      }
    }
    this.preemptIrqNs = interruptNs;
    this.preemptTaskNs = taskNs;
    return this;
  }

  /** The injected delay at a preemption point reached in {@code context} now, ns: mostly 0. */
  long preemption(CpuContext context) {
    long bound = context == CpuContext.TASK ? preemptTaskNs : preemptIrqNs;
    if (bound == 0) {
      return 0;
    }
    draws++;
    double u = rng.nextDouble();
    if (u >= PREEMPT_CHANCE) {
      return 0;
    }
    // the rest of the same draw places the delay: uniform in (0, bound]
    return 1 + (long) (u / PREEMPT_CHANCE * bound);
  }

  /** The preemption bound in hardirq and softirq context, ns (0: none). */
  public long preemptInterruptNs() {
    return preemptIrqNs;
  }

  /** The preemption bound in task context, ns (0: none). */
  public long preemptTaskNs() {
    return preemptTaskNs;
  }

  /** How much later new work starts on an idle core. */
  long skew() {
    if (skewNs == 0) {
      return 0;
    }
    draws++;
    return rng.nextLong(skewNs + 1);
  }

  /** Whether each cost is perturbed within its own documented range (the per-op mode). */
  public boolean byRanges() {
    return costBound < 0;
  }

  /** The flat bound in percent; NaN in the per-op mode. */
  public double costPercent() {
    return costBound < 0 ? Double.NaN : costBound * 100.0;
  }

  public long skewNs() {
    return skewNs;
  }

  /** Random numbers drawn so far (for tests). */
  public long draws() {
    return draws;
  }
}
