package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.InvariantViolation;

/**
 * A high-resolution timer (kernel/time/hrtimer.c), CLOCK_MONOTONIC, on the base of the CPU that
 * started it. Expiry raises the local timer interrupt on that core; {@code hrtimer_interrupt}
 * runs the expired callbacks in hard interrupt context.
 */
public final class HrTimer {

  /** enum hrtimer_restart. */
  public enum Restart {
    NORESTART,
    RESTART
  }

  /** The timer's {@code function}. */
  @FunctionalInterface
  public interface Callback {
    Restart fire(HrTimer timer);
  }

  private final Kernel kernel;
  private final String name;
  private final Callback function;
  private final Event expiry;
  HrTimerBase base;
  long expires;
  boolean enqueued;
  boolean running;
  long starts;
  /** The relative time the last hrtimer_start was given (a harness reads the call back). */
  long lastStartArg;
  long cancels;
  long expiries;

  /**
   * hrtimer_setup (hrtimer_init + .function): CLOCK_MONOTONIC, HRTIMER_MODE_REL.
   *
   * @param name the callback's kernel name, for traces (e.g. {@code stmmac_tx_timer})
   */
  public HrTimer(Kernel kernel, String name, Callback function) {
    this.kernel = kernel;
    this.name = name;
    this.function = function;
    this.expiry =
        new Event() {
          @Override
          protected void fire() {
            base.timerDue();
          }

          @Override
          public boolean nestable() {
            return true; // raises the timer interrupt
          }
        };
  }

  public String name() {
    return name;
  }

  /** Absolute expiry time (ns) of the last start. */
  public long expires() {
    return expires;
  }

  /**
   * hrtimer_start(timer, ns_to_ktime(relNs), HRTIMER_MODE_REL): (re)queues the timer to expire
   * {@code relNs} after now. Restarting a queued timer removes it first, so its expiry moves.
   */
  @KernelPort(
      file = "kernel/time/hrtimer.c",
      function = "hrtimer_start_range_ns",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "slack 0; base switch to the local CPU unless the callback is running; the"
          + " clockevent reprogram is charged when the timer becomes its base's first")
  public void start(long relNs) {
    lastStartArg = relNs;
    if (relNs < 0) {
      relNs = 0;
    }
    Core core = kernel.cpu().requireCurrent();
    core.charge(KernelOps.HRTIMER_START);
    long now = core.cursor();
    HrTimerBase old = base;
    if (enqueued) {
      old.remove(this);
    }
    // switch_hrtimer_base: a timer whose callback runs stays where it is
    HrTimerBase target = running ? old : kernel.hrtimerBase(core);
    expires = now + relNs;
    base = target;
    target.enqueue(this);
    if (target.isFirst(this)) {
      core.charge(KernelOps.HRTIMER_REPROGRAM);
    }
    starts++;
    kernel.simulator().schedule(expiry, Math.max(expires, kernel.simulator().now()));
    if (kernel.tracer().enabled()) {
      kernel.tracer().hrtimerStart(now, core.id(), name, name, expires, expires);
    }
  }

  /**
   * hrtimer_try_to_cancel: 1 if the timer was queued and is now removed, 0 if it was not
   * queued, -1 if its callback is running (it cannot be stopped).
   */
  @KernelPort(
      file = "kernel/time/hrtimer.c",
      function = "hrtimer_try_to_cancel",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  public int tryToCancel() {
    Core core = kernel.cpu().current();
    cancels++;
    // the lockless hrtimer_active() test first: an inactive timer costs only that read
    if (!active()) {
      if (core != null) {
        core.charge(KernelOps.HRTIMER_ACTIVE);
      }
      return 0;
    }
    if (core != null) {
      core.charge(KernelOps.HRTIMER_CANCEL);
    }
    if (running) {
      return -1;
    }
    base.remove(this);
    kernel.simulator().cancel(expiry);
    if (kernel.tracer().enabled()) {
      kernel.tracer().hrtimerCancel(kernel.now(), core == null ? 0 : core.id(), name);
    }
    return 1;
  }

  /**
   * hrtimer_cancel: waits for a running callback, then removes the timer; returns 1 if it was
   * active. Called from the timer's own callback it would wait forever, as in the kernel.
   */
  @KernelPort(
      file = "kernel/time/hrtimer.c",
      function = "hrtimer_cancel",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  public int cancel() {
    HrTimerNative c = kernel.inLoop(HrTimerNative.class);
    if (c != null) { // --ports c: the tree's hrtimer_cancel
      return c.cancel(this);
    }
    int ret = tryToCancel();
    if (ret < 0) {
      throw new InvariantViolation("hrtimer " + name,
          "hrtimer_cancel from its own callback: deadlock in the kernel");
    }
    return ret;
  }

  /** hrtimer_active: queued or its callback running. */
  public boolean active() {
    return enqueued || running;
  }

  /** hrtimer_is_queued. */
  public boolean isQueued() {
    return enqueued;
  }

  /** hrtimer_callback_running. */
  public boolean callbackRunning() {
    return running;
  }

  /**
   * hrtimer_forward_now: moves the expiry forward by whole intervals until it is after now;
   * returns the number of intervals (overruns). For callbacks that return RESTART.
   */
  public long forwardNow(long intervalNs) {
    if (enqueued) {
      // hrtimer_forward: WARN_ON(timer->state & HRTIMER_STATE_ENQUEUED), returns 0
      throw new InvariantViolation("hrtimer " + name,
          "hrtimer_forward of a queued timer");
    }
    long now = kernel.now();
    long delta = now - expires;
    if (delta < 0) {
      return 0;
    }
    long orun = delta / intervalNs + 1;
    expires += orun * intervalNs;
    return orun;
  }

  /** Number of hrtimer_start calls on this timer. */
  public long startCount() {
    return starts;
  }

  /** Number of try_to_cancel/cancel calls on this timer. */
  public long cancelCount() {
    return cancels;
  }

  /** Number of times the callback ran. */
  public long expiryCount() {
    return expiries;
  }

  /** __run_hrtimer: dequeue, run the callback with the timer marked running, maybe requeue. */
  void runExpired(Core core) {
    base.remove(this);
    kernel.simulator().cancel(expiry);
    running = true;
    expiries++;
    core.charge(KernelOps.HRTIMER_EXPIRE);
    if (kernel.tracer().enabled()) {
      kernel.tracer().hrtimerExpireEntry(core.cursor(), core.id(), name, name, core.cursor());
    }
    Restart restart = function.fire(this);
    if (kernel.tracer().enabled()) {
      kernel.tracer().hrtimerExpireExit(core.cursor(), core.id(), name);
    }
    running = false;
    if (restart == Restart.RESTART && !enqueued) {
      base.enqueue(this);
      kernel.simulator().schedule(expiry, Math.max(expires, kernel.simulator().now()));
    }
  }
}
