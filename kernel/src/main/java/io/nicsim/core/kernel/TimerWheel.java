package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.HardirqSource;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.sim.Event;
import java.util.ArrayList;

/**
 * One CPU's timer wheel and its periodic tick. The tick is a hard interrupt every jiffy while
 * the CPU is busy; on an idle CPU it is stopped (NO_HZ_IDLE, the arm/arm64 default) except at
 * a jiffy where a timer_list is due. A due timer raises TIMER softirq, whose handler runs the
 * expired timers.
 */
final class TimerWheel extends HardirqSource {
  private final Kernel kernel;
  private final Core core;
  private final ArrayList<TimerList> timers = new ArrayList<>(4);
  private final Event tick;
  private long nextTickJiffies;
  long ticks;
  long idleSkips;

  TimerWheel(Kernel kernel, Core core) {
    this.kernel = kernel;
    this.core = core;
    this.tick =
        new Event() {
          @Override
          protected void fire() {
            // NO_HZ_IDLE: an idle CPU's tick is stopped; it still wakes for a due timer_list
            if (!TimerWheel.this.core.isIdle() || timerDue()) {
              TimerWheel.this.core.raiseHardirq(TimerWheel.this);
            } else {
              idleSkips++;
            }
            scheduleNextTick();
          }

          @Override
          public boolean nestable() {
            return true; // raises the tick interrupt
          }
        };
  }

  void start() {
    nextTickJiffies = kernel.cpu().jiffiesAt(kernel.simulator().now()) + 1;
    scheduleNextTickAt(nextTickJiffies);
  }

  private void scheduleNextTick() {
    nextTickJiffies++;
    scheduleNextTickAt(nextTickJiffies);
  }

  private void scheduleNextTickAt(long j) {
    kernel.simulator().schedule(tick, kernel.cpu().jiffyStart(j));
  }

  private boolean timerDue() {
    long now = kernel.cpu().jiffiesAt(kernel.simulator().now());
    for (int i = 0; i < timers.size(); i++) {
      if (timers.get(i).expires <= now) {
        return true;
      }
    }
    return false;
  }

  void add(TimerList t) {
    timers.add(t);
    if (!kernel.config().tick()) {
      throw needsTick(t);
    }
  }

  private static IllegalStateException needsTick(TimerList t) {
    return new IllegalStateException("timer_list " + t.name() + " needs the periodic tick");
  }

  void remove(TimerList t) {
    timers.remove(t);
  }

  /** The tick's hrtimer callback, as traces name it (tick_nohz_handler since 6.10). */
  static final String TICK = "tick_sched_timer";

  /** tick_sched_timer → update_process_times → run_local_timers. */
  @Override
  protected void handle(Core c) {
    ticks++;
    boolean trace = kernel.tracer().enabled();
    if (trace) {
      // as a board's trace shows the tick with high-resolution timers: the local timer's
      // interrupt (handle_percpu_devid_irq) running the tick's hrtimer, which restarts itself
      kernel.tracer().irqHandlerEntry(c.cursor(), c.id(), irqNumber(), irqName());
      kernel.tracer().hrtimerExpireEntry(c.cursor(), c.id(), TICK, TICK, c.cursor());
    }
    c.charge(KernelOps.SCHED_TICK);
    long now = kernel.cpu().jiffiesAt(c.cursor());
    for (int i = 0; i < timers.size(); i++) {
      if (timers.get(i).expires <= now) {
        c.raiseSoftirq(Softirq.TIMER);
        break;
      }
    }
    if (trace) {
      kernel.tracer().hrtimerExpireExit(c.cursor(), c.id(), TICK);
      long next = kernel.cpu().jiffyStart(now + 1);
      kernel.tracer().hrtimerStart(c.cursor(), c.id(), TICK, TICK, next, next);
      kernel.tracer().irqHandlerExit(c.cursor(), c.id(), irqNumber(), true);
    }
  }

  /** run_timer_softirq: every due timer, in expiry order. */
  void runTimers(Core c) {
    long now = kernel.cpu().jiffiesAt(c.cursor());
    while (true) {
      TimerList next = null;
      for (int i = 0; i < timers.size(); i++) {
        TimerList t = timers.get(i);
        if (t.expires <= now && (next == null || t.expires < next.expires)) {
          next = t;
        }
      }
      if (next == null) {
        return;
      }
      timers.remove(next);
      next.expire(c);
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
