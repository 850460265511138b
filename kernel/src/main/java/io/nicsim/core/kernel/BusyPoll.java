package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.port.KernelPort;

/**
 * One task's napi_busy_loop, spread over task steps: each {@link #step} is one iteration of
 * __napi_busy_loop (claim the NAPI if it is idle, run the driver's poll with the busy-poll
 * budget, hand GRO's list up, test the loop's end), so that interrupts, the wire and other CPUs
 * run between iterations as they would while the task spins. {@link #stop} is busy_poll_stop:
 * one more poll, outside busy-poll mode, for the driver to re-enable its interrupt (or, with
 * SO_PREFER_BUSY_POLL and deferred IRQs, to arm the watchdog instead). The running task's time
 * is system time, as the kernel accounts busy polling. need_resched is not modelled: a
 * busy poller ends on its loop_end only.
 */
public final class BusyPoll {
  /** BUSY_POLL_BUDGET (include/net/busy_poll.h). */
  public static final int BUSY_POLL_BUDGET = 8;

  /** The loop's end test (sk_busy_loop_end, ep_busy_loop_end), given the start time. */
  @FunctionalInterface
  public interface LoopEnd {
    boolean end(long startTime);
  }

  private final Kernel kernel;
  private Napi napi;
  /** napi_poll != NULL: this loop owns the NAPI (IN_BUSY_POLL | SCHED). */
  private boolean owns;
  private boolean prefer;
  private int budget;
  private long startTime;
  private boolean active;
  private long loops;

  public BusyPoll(Kernel kernel) {
    this.kernel = kernel;
  }

  /** busy_loop_current_time: ktime_get_ns() >> 10, the "microseconds" busy polling counts. */
  public static long busyLoopCurrentTime(long nowNs) {
    return nowNs >>> 10;
  }

  /**
   * sk_busy_loop_timeout / busy_loop_timeout: {@code usecs} after {@code startTime}, both in
   * busy_loop_current_time's 1024-ns units; 0 means no busy polling (timed out at once).
   */
  public static boolean timedOut(long startTime, long usecs, long nowNs) {
    if (usecs == 0) {
      return true;
    }
    long end = startTime + usecs;
    return Jiffies.timeAfter(busyLoopCurrentTime(nowNs), end); // time_after(now, end_time)
  }

  /**
   * napi_busy_loop(napi_id, loop_end, arg, prefer_busy_poll, budget): begins the loop (RCU
   * lookup of the NAPI by id). False when no NAPI has that id (the loop does nothing).
   */
  public boolean start(Core core, int napiId, boolean preferBusyPoll, int pollBudget) {
    Napi n = kernel.napiById(napiId);
    if (n == null) {
      return false;
    }
    napi = n;
    owns = false;
    prefer = preferBusyPoll;
    budget = pollBudget;
    startTime = busyLoopCurrentTime(core.cursor());
    active = true;
    return true;
  }

  public boolean active() {
    return active;
  }

  /** The loop's start, in busy_loop_current_time units (for a loop_end test). */
  public long startTime() {
    return startTime;
  }

  /**
   * One iteration of __napi_busy_loop. Returns true while the loop goes on (the caller's task
   * stays runnable); when it returns false the loop has ended and {@link #stop} ran.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "__napi_busy_loop",
      versions = "v6.8..v6.18",
      commits = {"7fd3253a7de6"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "also napi_busy_loop before the v6.8 split (debian:linux-source-6.1@6.1.192: the"
          + " same iteration); need_resched and the restart after cond_resched are not"
          + " modelled")
  public boolean step(Core core, LoopEnd loopEnd) {
    core.charge(KernelOps.BUSY_POLL_LOOP);
    loops++;
    int work = 0;
    boolean polled = false;
    if (!owns) {
      napi.settleForBusyPoll();
      int val = napi.state;
      // several busy pollers may compete: avoid dirtying the state
      if ((val & (Napi.DISABLE | Napi.SCHED | Napi.IN_BUSY_POLL)) != 0) {
        if (prefer) {
          napi.state |= Napi.PREFER_BUSY_POLL;
        }
      } else {
        napi.state = val | Napi.IN_BUSY_POLL | Napi.SCHED;
        owns = true;
      }
    }
    if (owns) {
      work = napi.runPoll(core, budget);
      polled = true;
      if (kernel.tracer().enabled()) {
        kernel.tracer().napiPoll(core.cursor(), core.id(), napi.name(), napi.device(), work,
            budget);
        kernel.tracer().busyPoll(core.cursor(), core.id(), napi.name(), "poll", work);
      }
      napi.gro().normalList(core);
    }
    if (polled) {
      napi.countBusyPoll(work);
    }
    if (loopEnd == null || loopEnd.end(startTime)) {
      stop(core);
      return false;
    }
    return true;
  }

  /** Ends the loop now (the caller's own reason), with busy_poll_stop if it owns the NAPI. */
  public void stop(Core core) {
    if (owns) {
      busyPollStop(napi, prefer, budget, core);
    }
    owns = false;
    active = false;
  }

  /**
   * busy_poll_stop: MISSED and IN_BUSY_POLL are cleared and the driver polls once more, now as
   * an ordinary poll, to re-enable its interrupt; a poll that used its whole budget leaves the
   * NAPI to net_rx_action (__busy_poll_stop schedules it) unless SO_PREFER_BUSY_POLL with
   * deferred IRQs armed the watchdog instead.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "busy_poll_stop",
      versions = "v5.11..v6.18",
      commits = {"7fd3253a7de6"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  void busyPollStop(Napi napi, boolean prefer, int budget, Core core) {
    NapiNative c = kernel.inLoop(NapiNative.class);
    if (c != null && c.busyStop != null) { // --ports c: the tree's busy_poll_stop
      c.busyPollStop(napi, prefer, budget, core);
      return;
    }
    boolean skipSchedule = false;
    napi.state &= ~(Napi.MISSED | Napi.IN_BUSY_POLL);
    if (prefer && napi.netCore().has(NetCorePatches.PREFER_BUSY_POLL)) {
      napi.deferHardIrqsCount = napi.deferHardIrqs;
      long timeout = napi.groFlushTimeout;
      if (napi.deferHardIrqsCount != 0 && timeout != 0) {
        napi.timer().start(timeout);
        skipSchedule = true;
      }
    }
    int rc = napi.runPoll(core, budget);
    if (kernel.tracer().enabled()) {
      kernel.tracer().napiPoll(core.cursor(), core.id(), napi.name(), napi.device(), rc, budget);
      kernel.tracer().busyPoll(core.cursor(), core.id(), napi.name(), "stop", rc);
    }
    if (rc == budget) {
      busyPollStopFull(napi, skipSchedule, core);
    }
  }

  /** __busy_poll_stop: the last poll used its whole budget. */
  @KernelPort(
      file = "net/core/dev.c",
      function = "__busy_poll_stop",
      versions = "v5.11..v6.18",
      commits = {"7fd3253a7de6"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  void busyPollStopFull(Napi napi, boolean skipSchedule, Core core) {
    if (!skipSchedule) {
      napi.gro().normalList(core);
      napi.schedule(); // __napi_schedule: SCHED is still set
      return;
    }
    napi.gro().flushNormal(kernel.cpu().hz() >= 1000, core);
    napi.state &= ~Napi.SCHED;
  }

  /** Iterations run by this poller. */
  public long loops() {
    return loops;
  }
}
