package io.nicsim.core.cpu;

import io.nicsim.core.sim.Simulator;
import io.nicsim.core.trace.Tracer;
import java.util.Arrays;

/**
 * The simulated CPUs of one host, their shared cost table, the softirq vector table and the
 * jiffies clock (HZ). Knows which core is executing work right now, so kernel code can ask for
 * "this CPU" and for the time the running code has reached.
 */
public final class Cpu {
  private static final SoftirqHandler NOTHING = core -> false;

  private final Simulator sim;
  private final CostTable costs;
  private final Tracer tracer;
  private final int hz;
  private final long tickNs;
  private final long schedSliceNs;
  private final Core[] cores;
  private final SoftirqHandler[] handlers = new SoftirqHandler[Softirq.NR];
  private Core current;
  /** Timing perturbation for race exploration; null (the default) = none. */
  Perturbation perturbation;
  /**
   * The last jiffy {@link #jiffiesAt} computed and the times it spans, [start, end): the hot
   * paths ask for jiffies once or twice per packet, almost always within the same tick, and
   * this answers them without a 64-bit division.
   */
  private long cachedJiffy;
  private long cachedJiffyStart;
  private long cachedJiffyEnd;

  /**
   * @param hz CONFIG_HZ (100, 250, 300 or 1000)
   * @param schedSliceNs time a task runs before the scheduler rotates to another runnable one
   */
  public Cpu(Simulator sim, CostTable costs, int cores, int hz, long schedSliceNs, Tracer tracer) {
    if (cores < 1 || cores > 64) {
      throw new IllegalArgumentException("cores: " + cores + " (accepted: 1..64)");
    }
    if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
      throw new IllegalArgumentException("HZ: " + hz + " (accepted: 100, 250, 300, 1000)");
    }
    this.sim = sim;
    this.costs = costs;
    this.tracer = tracer == null ? Tracer.NONE : tracer;
    this.hz = hz;
    this.tickNs = 1_000_000_000L / hz;
    this.schedSliceNs = schedSliceNs;
    Arrays.fill(handlers, NOTHING);
    this.cores = new Core[cores];
    for (int i = 0; i < cores; i++) {
      this.cores[i] = new Core(this, i);
    }
  }

  public Simulator simulator() {
    return sim;
  }

  public CostTable costs() {
    return costs;
  }

  public Tracer tracer() {
    return tracer;
  }

  public int cores() {
    return cores.length;
  }

  public Core core(int i) {
    return cores[i];
  }

  /** The core executing work right now, or null between pieces of work. */
  public Core current() {
    return current;
  }

  /** The current core, which must exist (code that only runs as CPU work). */
  public Core requireCurrent() {
    if (current == null) {
      throw new IllegalStateException("kernel code called outside CPU work");
    }
    return current;
  }

  /**
   * ktime_get(): the running code's time (its core's cursor), or the simulator's clock between
   * pieces of work.
   */
  public long now() {
    return current != null ? current.cursor() : sim.now();
  }

  /**
   * A preemption point of the running code: where the order of this CPU's work against the
   * other CPUs' is the kernel's in every run, and where race exploration ({@code --jitter},
   * {@code explore}) may also inject a delay. Called where kernel code runs with interrupts enabled, holds nothing the other
   * CPUs' interrupt and softirq work needs, and where the order against other CPUs matters: the
   * entry of {@code dev_queue_xmit}, a driver's TX-lock release, and {@code napi_complete_done}
   * just before it clears SCHED (a TX poll's clean has unlocked and its completion is not yet
   * visible: the stmmac TX-timer window). Three things happen there, in this order:
   *
   * <ol>
   *   <li>in a perturbed run only, an injected delay ({@link Perturbation#withPreemption}): with the perturbation's chance,
   *       the CPU is held for up to its bound, as an interrupt arriving at this instruction
   *       would hold it (the delay-injection of kernel race testing, which makes rare
   *       interleavings common enough to find);
   *   <li>the other CPUs and the hardware catch up ({@link Simulator#catchUp}): the events due
   *       before this core's cursor that may run inside its work ({@link
   *       io.nicsim.core.sim.Event#nestable()}: hardware, the far end, other cores' hard
   *       interrupts and the softirq work that takes no socket lock) run now, in their order, as
   *       the kernel would have run them on other CPUs while this one was getting here. A piece
   *       of work otherwise runs atomically at its start, so a transmit deep inside a long poll
   *       would be ordered before another CPU's work that the kernel runs first;
   *   <li>the hard interrupts that reached this CPU meanwhile preempt it ({@link
   *       Core#takeInterrupts()}), where the kernel would have taken them.
   * </ol>
   *
   * @param site the kernel function the point sits in, for the trace line of an injected delay
   */
  public void preemptionPoint(String site) {
    Core c = current;
    if (c == null) {
      return;
    }
    long delay = perturbation == null ? 0 : perturbation.preemption(c.context());
    if (delay > 0) {
      if (tracer.enabled()) {
        tracer.preempted(c.cursor(), c.id(), site, delay);
      }
      c.chargeNs(KernelOps.PREEMPTED, delay);
    }
    current = null; // the events that run meanwhile run between pieces of work, as they would
    c.catchUp();
    current = c;
    c.takeInterrupts();
  }

  void enter(Core c) {
    current = c;
  }

  void leave(Core c) {
    current = null;
  }

  /**
   * Gives every core a deep idle state with this exit latency and target residency (see
   * {@link CpuIdle}); without one, idle cores wake at no cost.
   */
  public void setIdleState(long exitNs, long targetResidencyNs) {
    for (Core c : cores) {
      c.setIdle(new CpuIdle(exitNs, targetResidencyNs));
    }
  }

  /**
   * Turns timing perturbation on (race exploration, {@code --jitter}); call before the host
   * runs. Null turns it off.
   */
  public void perturb(Perturbation p) {
    this.perturbation = p;
    for (Core c : cores) {
      c.perturbation = p;
    }
  }

  /** The perturbation in force, or null. */
  public Perturbation perturbation() {
    return perturbation;
  }

  /** open_softirq. */
  public void openSoftirq(int vec, SoftirqHandler handler) {
    handlers[vec] = handler;
  }

  SoftirqHandler softirqHandler(int vec) {
    return handlers[vec];
  }

  public int hz() {
    return hz;
  }

  public long tickNs() {
    return tickNs;
  }

  long schedSliceNs() {
    return schedSliceNs;
  }

  /** jiffies at time {@code t} (ticks since boot; the first tick is at tickNs). */
  public long jiffiesAt(long t) {
    if (t >= cachedJiffyStart && t < cachedJiffyEnd) {
      return cachedJiffy;
    }
    long j = t / tickNs;
    if (t >= 0) {
      cachedJiffy = j;
      cachedJiffyStart = j * tickNs;
      cachedJiffyEnd = cachedJiffyStart + tickNs;
    }
    return j;
  }

  /** jiffies now. */
  public long jiffies() {
    return jiffiesAt(now());
  }

  /** The time at which jiffies becomes {@code j}. */
  public long jiffyStart(long j) {
    return j * tickNs;
  }

  /** usecs_to_jiffies: rounds up. */
  public long usecsToJiffies(long us) {
    return (us * hz + 999_999L) / 1_000_000L;
  }

  /** msecs_to_jiffies: rounds up. */
  public long msecsToJiffies(long ms) {
    return (ms * hz + 999L) / 1000L;
  }

  /** Sum of a cost op over all cores, ns. */
  public long nsCharged(CostOp op) {
    long sum = 0;
    for (Core c : cores) {
      sum += c.nsCharged(op);
    }
    return sum;
  }

  /** Sum over all cores of the times an op was charged. */
  public long timesCharged(CostOp op) {
    long sum = 0;
    for (Core c : cores) {
      sum += c.timesCharged(op);
    }
    return sum;
  }
}
