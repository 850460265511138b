package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.HardirqSource;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.sim.InvariantViolation;
import java.util.Arrays;

/**
 * One CPU's hrtimer base (hrtimer_cpu_base, CLOCK_MONOTONIC) and its local timer interrupt.
 * Holds few timers, so a list scanned linearly stands in for the rb-tree.
 */
final class HrTimerBase extends HardirqSource {
  private final Kernel kernel;
  private final Core core;
  /** The queued timers in the order they were queued (ties in expiry go to the earlier). */
  private HrTimer[] queued = new HrTimer[4];
  private int count;
  long interrupts;

  HrTimerBase(Kernel kernel, Core core) {
    this.kernel = kernel;
    this.core = core;
  }

  Core core() {
    return core;
  }

  void enqueue(HrTimer t) {
    if (count == queued.length) {
      queued = Arrays.copyOf(queued, 2 * count);
    }
    queued[count++] = t;
    t.enqueued = true;
  }

  void remove(HrTimer t) {
    for (int i = 0; i < count; i++) {
      if (queued[i] == t) {
        count--;
        for (int j = i; j < count; j++) {
          queued[j] = queued[j + 1];
        }
        queued[count] = null;
        break;
      }
    }
    t.enqueued = false;
  }

  private int indexOf(HrTimer t) {
    for (int i = 0; i < count; i++) {
      if (queued[i] == t) {
        return i;
      }
    }
    return -1;
  }

  /** Whether {@code t} is the base's next event (ahead of the tick and every other timer). */
  boolean isFirst(HrTimer t) {
    if (kernel.config().tick()) {
      long nextTick = kernel.cpu().jiffyStart(kernel.cpu().jiffiesAt(kernel.now()) + 1);
      if (t.expires >= nextTick) {
        return false;
      }
    }
    for (int i = 0; i < count; i++) {
      HrTimer o = queued[i];
      if (o != t && o.expires <= t.expires) {
        return false;
      }
    }
    return true;
  }

  /** A queued timer this far past its expiry has lost its expiry event. */
  static final long LOST_AFTER_NS = 100_000_000L;

  /** Every queued timer is marked queued on this base, once, and not long overdue. */
  void checkState() {
    long now = kernel.simulator().now();
    for (int i = 0; i < count; i++) {
      HrTimer t = queued[i];
      if (!t.enqueued || t.base != this || indexOf(t) != i) {
        throw new InvariantViolation("hrtimer " + t.name(),
            "on cpu" + core.id() + "'s base " + (indexOf(t) != i ? "twice" : "but marked "
                + (t.enqueued ? "queued on another base" : "inactive")));
      }
      if (now - t.expires > LOST_AFTER_NS) {
        throw new InvariantViolation("hrtimer " + t.name(),
            "queued to expire at " + t.expires + " ns and still not run at " + now + " ns");
      }
    }
  }

  /** A queued timer's expiry event fired: raise the local timer interrupt. */
  void timerDue() {
    core.raiseHardirq(this);
  }

  @KernelPort(
      file = "kernel/time/hrtimer.c",
      function = "hrtimer_interrupt",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "runs every expired timer in expiry order (__hrtimer_run_queues); the hang"
          + " detection and clockevent programming are not modelled")
  @Override
  protected void handle(Core c) {
    interrupts++;
    boolean trace = kernel.tracer().enabled();
    if (trace) {
      // the local timer's interrupt, as a board's trace shows it (handle_percpu_devid_irq)
      kernel.tracer().irqHandlerEntry(c.cursor(), c.id(), irqNumber(), irqName());
    }
    while (true) {
      long now = c.cursor();
      HrTimer next = null;
      for (int i = 0; i < count; i++) {
        HrTimer t = queued[i];
        if (t.expires <= now && (next == null || t.expires < next.expires)) {
          next = t;
        }
      }
      if (next == null) {
        break;
      }
      next.runExpired(c);
    }
    if (trace) {
      kernel.tracer().irqHandlerExit(c.cursor(), c.id(), irqNumber(), true);
    }
  }

  @Override
  public String irqName() {
    return "arch_timer";
  }

  @Override
  public int irqNumber() {
    return 11;
  }
}
