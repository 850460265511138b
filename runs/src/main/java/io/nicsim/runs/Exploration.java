package io.nicsim.runs;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.Perturbation;
import io.nicsim.runs.traffic.Units;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * How a run is perturbed and watched for races ({@code run --jitter}, {@code explore}): every
 * CPU cost jittered within its own documented range ({@code jitterPercent} null:
 * {@code --jitter ranges}, the default) or by up to {@code jitterPercent} either way (one flat
 * bound for every cost: {@code --jitter PCT}), new work starting up to {@code skewNs} late,
 * liveness observed every {@code probeNs} and recorded rather than stopping the run. The
 * perturbation stream is derived from the run's seed, so a seed and these values reproduce a
 * run exactly.
 */
public record Exploration(Double jitterPercent, long skewNs, long probeNs, long preemptNs,
    long preemptTaskNs) {
  /** Liveness probe period in exploration: finer than any spell worth reporting. */
  public static final long DEFAULT_PROBE_NS = 10_000L;
  /** The {@code --jitter} spelling of the per-op mode. */
  public static final String RANGES = "ranges";
  /** The accepted {@code --jitter} values, for messages and help. */
  public static final String ACCEPTED = RANGES + " (each CPU cost within its own documented"
      + " range; the default) or a percent 0..90";
  private static final Pattern PERCENT = Pattern.compile("[0-9]{1,9}(\\.[0-9]{1,9})?");

  /**
   * The {@code --preempt} spelling of KCSAN's delay bounds, explore's default: up to 20 us in
   * hardirq and softirq context, 80 us in a task (CONFIG_KCSAN_UDELAY_INTERRUPT and _TASK).
   */
  public static final String KCSAN = "kcsan";
  /** explore's --preempt unless told otherwise. */
  public static final String DEFAULT_PREEMPT = KCSAN;
  /** The accepted {@code --preempt} values, for messages. */
  public static final String PREEMPT_ACCEPTED = KCSAN + " (KCSAN's delays: up to 20us in"
      + " interrupt context, 80us in a task), a duration 0..10ms for every context (e.g. 20us),"
      + " or 0 for none";

  public Exploration {
    if (jitterPercent != null && !(jitterPercent >= 0 && jitterPercent <= 90)) {
      throw BadInputException.field("--jitter", spelling(jitterPercent) + " is out of range",
          ACCEPTED);
    }
    for (long ns : new long[] {preemptNs, preemptTaskNs}) {
      if (ns < 0 || ns > Perturbation.MAX_PREEMPT_NS) {
        throw BadInputException.field("--preempt", ns + " ns is out of range",
            PREEMPT_ACCEPTED);
      }
    }
  }

  /** No delay injection ({@code --preempt 0}). */
  public Exploration(Double jitterPercent, long skewNs, long probeNs) {
    this(jitterPercent, skewNs, probeNs, 0, 0);
  }

  /** The same with delays of up to {@code ns} in every context at preemption points. */
  public Exploration withPreemptNs(long ns) {
    return new Exploration(jitterPercent, skewNs, probeNs, ns, ns);
  }

  /** The same with KCSAN's delay bounds ({@code --preempt kcsan}). */
  public Exploration withKcsanPreempt() {
    return new Exploration(jitterPercent, skewNs, probeNs, Perturbation.KCSAN_INTERRUPT_NS,
        Perturbation.KCSAN_TASK_NS);
  }

  private boolean kcsan() {
    return preemptNs == Perturbation.KCSAN_INTERRUPT_NS
        && preemptTaskNs == Perturbation.KCSAN_TASK_NS;
  }

  /**
   * The same with the delay bounds {@code --preempt} spells: {@value #KCSAN}, or a duration
   * for every context ({@code 20us}, {@code 2.5us}, {@code 0}); anything else is refused naming
   * --preempt and the accepted range.
   */
  public Exploration withPreempt(String spelling) {
    if (KCSAN.equals(spelling)) {
      return withKcsanPreempt();
    }
    long ns;
    try {
      ns = "0".equals(spelling) ? 0
          : Units.durationNs("--preempt", spelling, null);
    } catch (BadInputException e) {
      throw BadInputException.field("--preempt", "'" + spelling + "' is neither " + KCSAN
          + " nor a duration with its unit", PREEMPT_ACCEPTED);
    }
    if (ns < 0 || ns > Perturbation.MAX_PREEMPT_NS) {
      throw BadInputException.field("--preempt", "'" + spelling + "' is out of range",
          PREEMPT_ACCEPTED);
    }
    return withPreemptNs(ns);
  }

  /** The {@code --preempt} value as a reproducer line spells it ({@link #withPreempt} reads it). */
  public String preemptSpelling() {
    return kcsan() ? KCSAN : preemptNs + "ns";
  }

  /** Whether delays are injected at preemption points at all. */
  public boolean preempts() {
    return preemptNs > 0 || preemptTaskNs > 0;
  }

  /** The default bounds, each cost within its own range ({@code --jitter ranges}). */
  public static Exploration ranges() {
    return of(null);
  }

  /** The default bounds with a flat {@code jitterPercent} (null: each cost's own range). */
  public static Exploration of(Double jitterPercent) {
    return new Exploration(jitterPercent, Perturbation.DEFAULT_SKEW_NS, DEFAULT_PROBE_NS);
  }

  /**
   * The default bounds with the jitter {@code --jitter} spells: {@value #RANGES} or a percent;
   * anything else is refused naming --jitter and the accepted forms.
   */
  public static Exploration parse(String spelling) {
    if (RANGES.equals(spelling)) {
      return ranges();
    }
    if (spelling == null || !PERCENT.matcher(spelling).matches()) {
      throw BadInputException.field("--jitter", "'" + spelling + "' is neither " + RANGES
          + " nor a percent", ACCEPTED);
    }
    return of(Double.parseDouble(spelling));
  }

  Perturbation perturbation(long seed) {
    Perturbation p = jitterPercent == null ? Perturbation.ranges(seed, skewNs)
        : new Perturbation(seed, jitterPercent, skewNs);
    return p.withPreemption(preemptNs, preemptTaskNs);
  }

  /** The {@code --jitter} value as a reproducer line spells it ({@link #parse} reads it back). */
  public String spelling() {
    return jitterPercent == null ? RANGES : spelling(jitterPercent);
  }

  private static String spelling(double pct) {
    return Double.isFinite(pct)
        ? BigDecimal.valueOf(pct).stripTrailingZeros().toPlainString()
        : Double.toString(pct);
  }
}
