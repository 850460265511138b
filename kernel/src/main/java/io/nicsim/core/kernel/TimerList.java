package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.port.KernelPort;

/**
 * A jiffies timer (struct timer_list, kernel/time/timer.c). It expires at the tick where
 * jiffies reaches {@code expires} and runs in TIMER softirq on the CPU that armed it. The wheel's
 * coarser levels (timeouts of 64 jiffies and more are rounded up) are not modelled.
 */
public final class TimerList {

  @FunctionalInterface
  public interface Callback {
    void fire(TimerList timer);
  }

  private final Kernel kernel;
  private final String name;
  private final Callback function;
  long expires;
  boolean pending;
  Core base;
  private long mods;
  private long expiries;

  /** timer_setup. */
  public TimerList(Kernel kernel, String name, Callback function) {
    this.kernel = kernel;
    this.name = name;
    this.function = function;
  }

  public String name() {
    return name;
  }

  /**
   * mod_timer: (re)arms the timer for jiffy {@code expires}; returns 1 if it was pending.
   * Callers write {@code jiffies + usecs_to_jiffies(us)}, which rounds up to whole jiffies.
   */
  @KernelPort(
      file = "kernel/time/timer.c",
      function = "mod_timer",
      versions = "v4.8..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "wheel level granularity not modelled; the timer stays on the CPU that armed it")
  public int modTimer(long expiresJiffies) {
    Core core = kernel.cpu().current();
    if (core != null) {
      core.charge(KernelOps.MOD_TIMER);
    }
    int ret = pending ? 1 : 0;
    if (pending) {
      kernel.wheel(base).remove(this);
    }
    expires = expiresJiffies;
    base = core != null ? core : kernel.cpu().core(0);
    kernel.wheel(base).add(this);
    pending = true;
    mods++;
    if (kernel.tracer().enabled()) {
      kernel.tracer().timerStart(kernel.now(), base.id(), name, name, expires, kernel.cpu().jiffies());
    }
    return ret;
  }

  /** del_timer: returns 1 if it was pending. */
  public int delTimer() {
    Core core = kernel.cpu().current();
    if (core != null) {
      core.charge(KernelOps.DEL_TIMER);
    }
    if (!pending) {
      return 0;
    }
    kernel.wheel(base).remove(this);
    pending = false;
    return 1;
  }

  /** timer_pending. */
  public boolean pending() {
    return pending;
  }

  public long expires() {
    return expires;
  }

  public long modCount() {
    return mods;
  }

  public long expiryCount() {
    return expiries;
  }

  void expire(Core core) {
    pending = false;
    expiries++;
    core.charge(KernelOps.TIMER_EXPIRE);
    if (kernel.tracer().enabled()) {
      kernel.tracer().timerExpireEntry(core.cursor(), core.id(), name, name, kernel.cpu().jiffies());
    }
    function.fire(this);
  }
}
