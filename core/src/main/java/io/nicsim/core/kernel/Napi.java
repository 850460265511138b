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

  private long schedules;
  private long polls;
  private long work;
  private long completions;
  private long missed;

  /** netif_napi_add_weight: the NAPI starts disabled until {@link #enable()} (napi_enable). */
  public Napi(Kernel kernel, String name, String device, Poll poll, int weight) {
    this.kernel = kernel;
    this.name = name;
    this.device = device;
    this.poll = poll;
    this.weight = weight;
    this.state = SCHED; // netif_napi_add sets SCHED until napi_enable clears it
  }

  public String name() {
    return name;
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
    return (state & SCHED) != 0;
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
    Core core = kernel.cpu().requireCurrent();
    core.charge(KernelOps.NAPI_COMPLETE);
    if (onList) {
      kernel.softnet(listCore).pollList.remove(this);
      onList = false;
    }
    int val = state;
    int nw = val & ~(MISSED | SCHED);
    // if MISSED was set, keep SCHED: we will poll again
    if ((val & MISSED) != 0) {
      nw |= SCHED;
    }
    state = nw;
    if ((val & MISSED) != 0) {
      schedule();
      return false;
    }
    completions++;
    return true;
  }

  /** Runs the driver's poll (from napi_poll); tracks that it never runs on two CPUs at once. */
  int runPoll(Core core, int budget) {
    if (pollingOn != null) {
      throw new io.nicsim.core.sim.InvariantViolation("napi " + name,
          "polled on cpu" + core.id() + " while polling on cpu" + pollingOn.id());
    }
    if (!isScheduled()) {
      throw new io.nicsim.core.sim.InvariantViolation("napi " + name,
          "polled while not scheduled (state " + state + ")");
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

  /** Times napi_schedule_prep found the NAPI already scheduled. */
  public long missedCount() {
    return missed;
  }
}
