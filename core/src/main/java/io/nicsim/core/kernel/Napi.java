package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.port.KernelPort;

/**
 * A NAPI context (struct napi_struct) with the state bits that matter for coalescing: SCHED,
 * MISSED and DISABLE. The driver's poll runs from net_rx_action on the CPU whose poll list the
 * NAPI was put on by {@link #schedule()}.
 */
public final class Napi {
  /** NAPI_STATE_SCHED. */
  static final int SCHED = 1;
  /** NAPI_STATE_MISSED. */
  static final int MISSED = 1 << 1;
  /** NAPI_STATE_DISABLE. */
  static final int DISABLE = 1 << 2;

  /** The driver's poll function: returns the work done, at most {@code budget}. */
  @FunctionalInterface
  public interface Poll {
    int poll(Napi napi, int budget);
  }

  private final Kernel kernel;
  private final String name;
  private final String device;
  private final Poll poll;
  private final int weight;
  int state;
  boolean onList;
  Core listCore;
  Core pollingOn;
  /** The CPU whose napi_complete_done has not yet become visible to the others. */
  private Core completingCore;
  /** When the completing CPU's napi_complete_done becomes visible to the others (its cursor). */
  private long publishAt;
  private final io.nicsim.core.sim.Event publishCompletion =
      new io.nicsim.core.sim.Event() {
        @Override
        protected void fire() {
          publishCompletion();
        }

        @Override
        public boolean nestable() {
          return true; // a store becoming visible
        }
      };

  private boolean txOnly;
  private long schedules;
  private long polls;
  private long work;
  private long completions;
  private long missed;
  private long inFlightReads;

  /** netif_napi_add_weight: the NAPI starts disabled until {@link #enable()} (napi_enable). */
  public Napi(Kernel kernel, String name, String device, Poll poll, int weight) {
    this.kernel = kernel;
    this.name = name;
    this.device = device;
    this.poll = poll;
    this.weight = weight;
    this.state = SCHED; // netif_napi_add sets SCHED until napi_enable clears it
    kernel.registerNapi(this);
  }

  public String name() {
    return name;
  }

  /**
   * A piece of CPU work runs atomically at its start, but napi_complete_done happens at the
   * end of the driver's poll. Its clearing of SCHED is therefore published to other CPUs only
   * when the completing CPU's cursor gets there; the completing CPU itself sees it at once. A
   * reader on another CPU reads at its own cursor (its work's start plus what it has charged
   * so far), in every run: an xmit late in a burst of several, all run at the burst's start,
   * sees the completion once its cursor has passed the completing CPU's. A completion that must poll again (MISSED) is left to its
   * event, which reschedules on the completing CPU.
   */
  private void settle() {
    if (completingCore == null) {
      return;
    }
    Core current = kernel.cpu().current();
    if (current == completingCore
        || (current != null && (state & MISSED) == 0 && current.cursor() >= publishAt)) {
      kernel.simulator().cancel(publishCompletion);
      publishCompletion();
    }
  }

  private void publishCompletion() {
    Core core = completingCore;
    completingCore = null;
    int val = state;
    if ((val & MISSED) != 0) {
      // another CPU tried to schedule while the poll was finishing: the kernel's
      // napi_complete_done would have returned false and polled again
      state = (val & ~MISSED) | SCHED;
      if (!onList) {
        kernel.softnet(core).pollList.addLast(this);
        onList = true;
        listCore = core;
      }
      core.raiseSoftirq(io.nicsim.core.cpu.Softirq.NET_RX);
      return;
    }
    state = val & ~SCHED;
  }

  /**
   * netif_napi_add_tx: this NAPI's poll only cleans a TX ring and hands nothing to the stack
   * (a driver's separate TX NAPI). It takes no socket lock, so another CPU's race exploration may
   * run it while that CPU is inside TCP ({@link io.nicsim.core.cpu.Cpu#preemptionPoint(String)}).
   */
  public Napi markTxOnly() {
    this.txOnly = true;
    return this;
  }

  /** See {@link #markTxOnly()}. */
  public boolean isTxOnly() {
    return txOnly;
  }

  public String device() {
    return device;
  }

  public int weight() {
    return weight;
  }

  /** napi_enable. */
  public void enable() {
    state &= ~(SCHED | DISABLE | MISSED);
  }

  /** napi_disable: the NAPI is left SCHED so nobody schedules it. */
  public void disable() {
    if (completingCore != null) {
      kernel.simulator().cancel(publishCompletion);
      completingCore = null;
      state &= ~SCHED;
    }
    state |= DISABLE;
    if (onList) {
      kernel.softnet(listCore).pollList.remove(this);
      onList = false;
    }
    state |= SCHED;
    state &= ~MISSED;
  }

  /**
   * napi_schedule_prep: claims the NAPI for scheduling. False if it is disabled or already
   * scheduled (then MISSED is set so that the running poll is repeated).
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_schedule_prep",
      versions = "v5.0..v6.18",
      commits = {"39e6c8208d7b"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  public boolean schedulePrep() {
    settle();
    int val = state;
    if ((val & DISABLE) != 0) {
      return false;
    }
    int nw = val | SCHED;
    if ((val & SCHED) != 0) {
      nw |= MISSED;
    }
    state = nw;
    if ((val & SCHED) != 0) {
      missed++;
    }
    return (val & SCHED) == 0;
  }

  /**
   * __napi_schedule: puts the NAPI on this CPU's poll list and raises NET_RX. The caller has
   * won {@link #schedulePrep()}.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "____napi_schedule",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "threaded NAPI and the in_net_rx_action shortcut (v6.8) are not modelled:"
          + " NET_RX is always raised")
  public void schedule() {
    if ((state & SCHED) == 0) {
      throw scheduleWithoutPrep();
    }
    Core core = kernel.cpu().requireCurrent();
    core.charge(KernelOps.NAPI_SCHEDULE);
    schedules++;
    if (!onList) {
      kernel.softnet(core).pollList.addLast(this);
      onList = true;
      listCore = core;
    }
    core.raiseSoftirq(Softirq.NET_RX);
  }

  /** napi_schedule: prep, then schedule; returns whether it scheduled. */
  public boolean napiSchedule() {
    if (schedulePrep()) {
      schedule();
      return true;
    }
    return false;
  }

  /** napi_is_scheduled: NAPI_STATE_SCHED is set. */
  public boolean isScheduled() {
    settle();
    Core reader = kernel.cpu().current();
    if (completingCore != null && (state & MISSED) == 0 && reader != null
        && reader != completingCore) {
      inFlightReads++; // SCHED read only because the completion is not yet visible here
    }
    return (state & SCHED) != 0;
  }

  /**
   * Whether this NAPI's poll will run (again): scheduled, enabled, and not merely finishing a
   * poll that completed (a completion not yet visible to other CPUs still shows SCHED, but no
   * poll follows it unless a schedule attempt was missed meanwhile). For the liveness check.
   */
  public boolean willPoll() {
    int val = state;
    if ((val & SCHED) == 0 || (val & DISABLE) != 0) {
      return false;
    }
    return completingCore == null || (val & MISSED) != 0;
  }

  /**
   * A poll has called napi_complete_done and its clearing of SCHED is not yet visible to the
   * other CPUs (they still read SCHED), with no schedule attempt missed meanwhile.
   */
  public boolean completionInFlight() {
    return completingCore != null && (state & MISSED) == 0;
  }

  /**
   * napi_complete_done: ends polling. When a schedule attempt was missed meanwhile, the NAPI
   * is rescheduled instead and false is returned (the driver must not re-enable interrupts).
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_complete_done",
      versions = "v4.10..v6.18",
      commits = {"39e6c8208d7b"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "busy-poll, GRO flush and napi_defer_hard_irqs timeouts are not modelled")
  public boolean completeDone(int workDone) {
    // race exploration: the other CPUs catch up, and interrupts that reached this one preempt
    // the poll here, between the driver's clean and the clearing of SCHED
    Core core = kernel.cpu().requireCurrent();
    settle();
    core.charge(KernelOps.NAPI_COMPLETE);
    // race exploration: a preemption point just before SCHED clears (after a TX poll's clean
    // unlocked); another CPU's schedule attempt meanwhile sets MISSED, as it would
    kernel.cpu().preemptionPoint("napi_complete_done");
    if (onList) {
      kernel.softnet(listCore).pollList.remove(this);
      onList = false;
    }
    int val = state;
    // if MISSED was set, keep SCHED: we will poll again
    if ((val & MISSED) != 0) {
      state = (val & ~MISSED) | SCHED;
      schedule();
      return false;
    }
    completions++;
    // SCHED clears for the other CPUs when this CPU's work reaches this point
    state = val & ~MISSED;
    completingCore = core;
    publishAt = core.cursor();
    kernel.simulator().schedule(publishCompletion, publishAt);
    return true;
  }

  /** Runs the driver's poll (from napi_poll); tracks that it never runs on two CPUs at once. */
  int runPoll(Core core, int budget) {
    settle();
    if (pollingOn != null || !isScheduled()) {
      throw pollMisuse(core);
    }
    pollingOn = core;
    polls++;
    int done;
    try {
      done = poll.poll(this, budget);
    } finally {
      pollingOn = null;
    }
    work += done;
    return done;
  }

  /**
   * SCHED against the poll lists: a NAPI on a list must be scheduled and listed once; a
   * scheduled, enabled NAPI that is on no list, not being taken by net_rx_action and not
   * completing would never be polled again (its driver keeps its interrupts masked forever).
   */
  void checkState(Softnet[] softnet, NetRxAction[] netRx) {
    int listed = 0;
    for (Softnet sd : softnet) {
      for (Napi n : sd.pollList) {
        if (n == this) {
          listed++;
        }
      }
    }
    boolean taken = false;
    for (NetRxAction a : netRx) {
      taken |= a.holds(this);
    }
    boolean sched = (state & SCHED) != 0;
    if (listed > 1 || (listed == 1 && !onList) || (onList && listed == 0)) {
      throw new io.nicsim.core.sim.InvariantViolation("napi " + name,
          "on " + listed + " poll lists while its on-list mark says " + onList);
    }
    if (!sched && (onList || taken)) {
      throw new io.nicsim.core.sim.InvariantViolation("napi " + name,
          "on a poll list while not scheduled (state " + state + ")");
    }
    if (sched && (state & DISABLE) == 0 && !onList && !taken && completingCore == null) {
      throw new io.nicsim.core.sim.InvariantViolation("napi " + name,
          "scheduled but on no poll list: it would never be polled again (state " + state
              + ")");
    }
  }

  public long scheduleCount() {
    return schedules;
  }

  public long pollCount() {
    return polls;
  }

  public long workDone() {
    return work;
  }

  public long completeCount() {
    return completions;
  }

  /**
   * Times another CPU read SCHED ({@link #isScheduled}) while a poll's napi_complete_done was
   * still in flight: the reader saw a NAPI that had already stopped polling. Races like the
   * stmmac TX-timer window need such a read; explore reports the count as its coverage.
   */
  public long inFlightReadCount() {
    return inFlightReads;
  }

  /** Times napi_schedule_prep found the NAPI already scheduled. */
  public long missedCount() {
    return missed;
  }

  // the violations of the hot paths are built here, so that those methods stay small
  private io.nicsim.core.sim.InvariantViolation scheduleWithoutPrep() {
    return new io.nicsim.core.sim.InvariantViolation("napi " + name,
        "__napi_schedule without winning napi_schedule_prep (state " + state + ")");
  }

  private io.nicsim.core.sim.InvariantViolation pollMisuse(Core core) {
    return new io.nicsim.core.sim.InvariantViolation("napi " + name, pollingOn != null
        ? "polled on cpu" + core.id() + " while polling on cpu" + pollingOn.id()
        : "polled while not scheduled (state " + state + ")");
  }
}
