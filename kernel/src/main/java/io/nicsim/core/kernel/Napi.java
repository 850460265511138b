package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.InvariantViolation;

/**
 * A NAPI context (struct napi_struct): its state bits (SCHED, MISSED, DISABLE, IN_BUSY_POLL,
 * PREFER_BUSY_POLL, THREADED, SCHED_THREADED, THREADED_BUSY_POLL), its GRO lists, the
 * software-coalescing settings (napi_defer_hard_irqs and gro_flush_timeout, per device until
 * v6.12 and per NAPI from v6.13, irq_suspend_timeout from v6.13) with the hrtimer they arm
 * (napi_watchdog), and its kthread when threaded. The driver's poll runs from net_rx_action on
 * the CPU whose poll list {@link #schedule()} put it on, from the NAPI's kthread, or from a
 * busy-polling task.
 */
public final class Napi {
  /** NAPI_STATE_SCHED. */
  static final int SCHED = 1;
  /** NAPI_STATE_MISSED. */
  static final int MISSED = 1 << 1;
  /** NAPI_STATE_DISABLE. */
  static final int DISABLE = 1 << 2;
  /** NAPI_STATE_NPSVC (netpoll; only its early return in napi_complete_done is modelled). */
  static final int NPSVC = 1 << 3;
  /** NAPI_STATE_IN_BUSY_POLL: a busy poller owns the NAPI. */
  static final int IN_BUSY_POLL = 1 << 6;
  /** NAPI_STATE_PREFER_BUSY_POLL. */
  static final int PREFER_BUSY_POLL = 1 << 7;
  /** NAPI_STATE_THREADED: polled by its kthread. */
  static final int THREADED = 1 << 8;
  /** NAPI_STATE_SCHED_THREADED: scheduled, and the kthread owns the poll. */
  static final int SCHED_THREADED = 1 << 9;
  /** NAPI_STATE_THREADED_BUSY_POLL (v6.18, after HAS_NOTIFIER): the kthread busy polls. */
  static final int THREADED_BUSY_POLL = 1 << 11;

  /** The driver's poll function: returns the work done, at most {@code budget}. */
  @FunctionalInterface
  public interface Poll {
    int poll(Napi napi, int budget);
  }

  private final Kernel kernel;
  private final String name;
  private final String device;
  private final Poll poll;
  /** napi->weight (final once added; a harness sets it per record). */
  int weight;
  private final PatchSet net;
  private final boolean deferEra;
  /** {@code net}'s 8b43fd3d1d7d and 08062af0a521 (u32 defer counts), read once: asked per call. */
  private final boolean inNetRxEra;
  final boolean deferU32;
  private final NapiDevice dev;
  int state;
  boolean onList;
  Core listCore;
  Core pollingOn;
  /** The CPU whose napi_complete_done has not yet become visible to the others. */
  private Core completingCore;
  /** When the completing CPU's napi_complete_done becomes visible to the others (its cursor). */
  private long publishAt;
  private final Event publishCompletion =
      new Event() {
        @Override
        protected void fire() {
          publishCompletion();
        }

        @Override
        public boolean nestable() {
          return true; // a store becoming visible
        }
      };

  /** napi->napi_id (napi_hash_add). */
  private final int napiId;
  /** napi->defer_hard_irqs (int until 08062af0a521, u32 after: both fit an int here). */
  int deferHardIrqs;
  /** napi->gro_flush_timeout, ns. */
  long groFlushTimeout;
  /** napi->irq_suspend_timeout, ns (v6.13). */
  long irqSuspendTimeout;
  /** napi->defer_hard_irqs_count. */
  int deferHardIrqsCount;
  /** napi->timer: gro_flush_timeout / irq_suspend_timeout's hrtimer, napi_watchdog. */
  private final HrTimer timer;
  private NapiGro gro = NapiGro.NONE;
  private NapiThread thread;

  private boolean txOnly;
  private long schedules;
  private long polls;
  private long work;
  private long completions;
  private long missed;
  private long inFlightReads;
  private long deferrals;
  private long watchdogPolls;
  private long watchdogFires;
  private long busyPolls;
  private long busyPollPackets;
  private long threadedPolls;
  /** Full-weight polls that found the NAPI rescheduled by its driver (__napi_poll's warning). */
  long budgetExhaustedRescheduled;
  /** __napi_poll's *repoll, read by its caller right after (no allocation per poll). */
  boolean repollRequested;

  /** netif_napi_add_weight: the NAPI starts disabled until {@link #enable()} (napi_enable). */
  public Napi(Kernel kernel, String name, String device, Poll poll, int weight) {
    this.kernel = kernel;
    this.name = name;
    this.device = device;
    this.poll = poll;
    this.weight = weight;
    this.net = kernel.netCore();
    this.deferEra = net.has(NetCorePatches.DEFER_HARD_IRQS);
    this.inNetRxEra = net.has(NetCorePatches.IN_NET_RX_ACTION);
    this.deferU32 = net.has(NetCorePatches.DEFER_U32);
    this.state = SCHED; // netif_napi_add sets SCHED until napi_enable clears it
    this.napiId = kernel.nextNapiId();
    this.timer = new HrTimer(kernel, "napi_watchdog", this::watchdog);
    this.dev = kernel.napiDevice(device);
    // netif_napi_add: the device's sysfs defaults apply to every NAPI of it
    this.deferHardIrqs = dev.napiDeferHardIrqs;
    this.groFlushTimeout = dev.groFlushTimeout;
    kernel.registerNapi(this);
    dev.napis.add(this);
    if (dev.threaded != 0) {
      makeThreaded(dev.threaded);
    }
  }

  public String name() {
    return name;
  }

  /** napi->napi_id, as netlink and SO_INCOMING_NAPI_ID show it. */
  public int napiId() {
    return napiId;
  }

  /**
   * A piece of CPU work runs atomically at its start, but napi_complete_done happens at the
   * end of the driver's poll. Its clearing of SCHED is therefore published to other CPUs only
   * when the completing CPU's cursor gets there; the completing CPU itself sees it at once. A
   * reader on another CPU reads at its own cursor (its work's start plus what it has charged
   * so far), in every run: an xmit late in a burst of several, all run at the burst's start,
   * sees the completion once its cursor has passed the completing CPU's. A completion that must
   * poll again (MISSED) is left to its event, which reschedules on the completing CPU.
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
      core.raiseSoftirq(Softirq.NET_RX);
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

  /** The net/core changes this NAPI's kernel has. */
  PatchSet netCore() {
    return net;
  }

  /** napi_enable. */
  public void enable() {
    state &= ~(SCHED | DISABLE | MISSED | NPSVC);
    if (thread != null && dev.threaded != 0) {
      state |= THREADED; // napi_enable: dev->threaded && n->thread
    }
  }

  /** napi_disable: the NAPI is left SCHED so nobody schedules it; its timer is cancelled. */
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
    state &= ~(MISSED | THREADED | THREADED_BUSY_POLL | PREFER_BUSY_POLL | SCHED_THREADED
        | IN_BUSY_POLL);
    timer.cancel(); // hrtimer_cancel(&n->timer); configuration runs outside CPU work
    gro.drop(); // what GRO held is freed (flush_gro_hash / gro_cleanup)
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
    NapiNative c = kernel.inLoop(NapiNative.class);
    if (c != null && c.schedulePrep != null) { // --ports c: the tree's napi_schedule_prep
      boolean ret = c.schedulePrep(this);
      if ((val & DISABLE) == 0 && (val & SCHED) != 0) {
        missed++; // the Java's count of attempts that found it scheduled (MISSED set)
      }
      return ret;
    }
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
   * ____napi_schedule: a threaded NAPI wakes its kthread (SCHED_THREADED: the thread owns the
   * poll); otherwise the NAPI goes on this CPU's poll list and NET_RX is raised. The caller has
   * won {@link #schedulePrep()}.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "____napi_schedule",
      versions = "v4.19..v6.18",
      commits = {"29863d41bb6e", "8b43fd3d1d7d"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "6.1 sets SCHED_THREADED only when the thread is not asleep and lets a woken"
          + " thread poll without it: the same polls; from 8b43fd3d1d7d (v6.8) a NAPI"
          + " scheduled while net_rx_action runs on this CPU raises no NET_RX")
  public void schedule() {
    schedule(true);
  }

  /**
   * ____napi_schedule; {@code asC}: by the tree's C where {@code --ports c} bridges it (false
   * where a C that already ran it inside, napi_complete_done's, is replayed).
   */
  private void schedule(boolean asC) {
    if ((state & SCHED) == 0) {
      throw scheduleWithoutPrep();
    }
    Core core = kernel.cpu().requireCurrent();
    core.charge(KernelOps.NAPI_SCHEDULE);
    schedules++;
    NapiNative c = asC ? kernel.inLoop(NapiNative.class) : null;
    if (c != null && c.schedule != null) { // --ports c: the tree's ____napi_schedule
      c.schedule(this, core);
      return;
    }
    if ((state & THREADED) != 0 && thread != null) {
      // before 56364c910691 a kthread asleep in napi_thread_wait (TASK_INTERRUPTIBLE) is woken
      // without SCHED_THREADED: it polls because it was woken
      if (net.has(NetCorePatches.THREADED_SCHED_ALWAYS) || thread.isRunnable()) {
        state |= SCHED_THREADED;
      }
      if (thread.core() == null) {
        core.attach(thread); // the kthread runs where it was first woken (see NapiThread)
      }
      thread.wakeUpProcess();
      return;
    }
    Softnet sd = kernel.softnet(core);
    if (!onList) {
      sd.pollList.addLast(this);
      onList = true;
      listCore = core;
    }
    // from 8b43fd3d1d7d: net_rx_action running on this CPU takes it without a new NET_RX
    if (!(sd.inNetRxAction && inNetRxEra)) {
      core.raiseSoftirq(Softirq.NET_RX);
    }
  }

  /**
   * The answer of ____napi_schedule's C ({@link NapiNative#schedule}) applied as the Java's own
   * steps are: the C's state, then its kthread woken (attached where first woken, as the Java
   * does), or the NAPI on this CPU's poll list and NET_RX raised where the C raised it.
   */
  void scheduledAsC(int cState, boolean woken, boolean listed, boolean raised, Core core) {
    state = cState;
    if (woken) {
      if (thread.core() == null) {
        core.attach(thread);
      }
      thread.wakeUpProcess();
      return;
    }
    if (listed && !onList) {
      kernel.softnet(core).pollList.addLast(this);
      onList = true;
      listCore = core;
    }
    if (raised) {
      core.raiseSoftirq(Softirq.NET_RX);
    }
  }

  /**
   * napi_watchdog's C took SCHED and scheduled the NAPI (its __napi_schedule_irqoff inside):
   * counted, charged and applied as the Java's {@link #watchdog} and {@link #schedule()} do.
   */
  void watchdogScheduledAsC(int cState, boolean woken, boolean listed, boolean raised,
      Core core) {
    watchdogPolls++;
    core.charge(KernelOps.NAPI_SCHEDULE);
    schedules++;
    scheduledAsC(cState, woken, listed, raised, core);
  }

  /**
   * napi_resume_irqs' C ran napi_schedule on this NAPI (napi_schedule_prep, ____napi_schedule
   * inside): counted, charged and applied as the Java's {@link #napiSchedule()} does; {@code
   * took} whether its prep won SCHED (else the C's state is the prep's, MISSED set where it
   * found the NAPI scheduled).
   */
  void napiScheduledAsC(int before, boolean took, int cState, boolean woken, boolean listed,
      boolean raised, Core core) {
    if (!took) {
      if ((before & DISABLE) == 0 && (before & SCHED) != 0) {
        missed++;
      }
      state = cState;
      return;
    }
    core.charge(KernelOps.NAPI_SCHEDULE);
    schedules++;
    scheduledAsC(cState, woken, listed, raised, core);
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
   * poll follows it unless a schedule attempt was missed meanwhile); or its watchdog is armed
   * (napi_watchdog schedules it). For the liveness check.
   */
  public boolean willPoll() {
    int val = state;
    if ((val & DISABLE) != 0) {
      return false;
    }
    if ((val & SCHED) == 0) {
      return timer.isQueued();
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

  /** napi_get_defer_hard_irqs: the device's value until v6.12, the NAPI's from v6.13. */
  private int getDeferHardIrqs() {
    return deferHardIrqs;
  }

  /** napi_get_gro_flush_timeout: likewise. */
  private long getGroFlushTimeout() {
    return groFlushTimeout;
  }

  /**
   * napi_complete_done: ends polling, unless interrupts are to stay deferred: a poll that did
   * work reloads defer_hard_irqs_count from napi_defer_hard_irqs, each completion counts it
   * down, and while it was above zero with a gro_flush_timeout the watchdog is armed and false
   * is returned (the driver must leave its interrupt masked; the watchdog polls again). GRO
   * keeps what arrived this jiffy when a timeout is armed, and delivers the rest. When a
   * schedule attempt was missed meanwhile the NAPI is rescheduled and false is returned. A busy
   * poller's NAPI is left alone (false). Before v5.10 only gro_flush_timeout existed: armed
   * when GRO held packets after a poll with work, without changing the return.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_complete_done",
      versions = "v4.10..v6.18",
      commits = {"39e6c8208d7b", "6f8b12d661d0", "7fd3253a7de6", "29863d41bb6e",
          "08062af0a521", "86e25f40aa1e"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "also debian:linux-source-6.12@6.12.117 and -6.1@6.1.192 (same logic; 6.1's"
          + " defer_hard_irqs_count is a signed int, kept here); NPSVC (netpoll) is never set")
  public boolean completeDone(int workDone) {
    Core core = kernel.cpu().requireCurrent();
    settle();
    NapiNative c = kernel.inLoop(NapiNative.class);
    if (c != null && c.completeDone != null && deferEra) { // --ports c: the tree's C
      return completeDoneAsC(c, core, workDone);
    }
    // 1) a busy poller owns it: it will call again (netpoll's NPSVC is never set here)
    if ((state & (NPSVC | IN_BUSY_POLL)) != 0) {
      return false;
    }
    long timeout = 0;
    boolean ret = true;
    if (deferEra) {
      if (workDone != 0) {
        if (gro.bitmask() != 0) {
          timeout = getGroFlushTimeout();
        }
        deferHardIrqsCount = getDeferHardIrqs();
      }
      if (deferHardIrqsCount > 0) {
        deferHardIrqsCount--;
        timeout = getGroFlushTimeout();
        if (timeout != 0) {
          ret = false;
        }
      }
      // a timeout keeps this jiffy's GRO packets for the next poll, bounding how long they wait
      gro.flush(timeout != 0, core);
      gro.normalList(core);
    } else {
      if (gro.bitmask() != 0) {
        if (workDone != 0) {
          timeout = getGroFlushTimeout();
        }
        gro.flush(timeout != 0, core);
        if (timeout != 0) {
          timer.start(timeout); // this era armed it before the state change
        }
      }
      gro.normalList(core);
    }
    core.charge(KernelOps.NAPI_COMPLETE); // its own work: the poll list and the state update
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
      state = (val & ~(MISSED | SCHED_THREADED | PREFER_BUSY_POLL)) | SCHED;
      schedule();
      return false;
    }
    completions++;
    // SCHED clears for the other CPUs when this CPU's work reaches this point
    state = val & ~(MISSED | SCHED_THREADED | PREFER_BUSY_POLL);
    completingCore = core;
    publishAt = core.cursor();
    kernel.simulator().schedule(publishCompletion, publishAt);
    if (deferEra && timeout != 0) {
      timer.start(timeout); // HRTIMER_MODE_REL_PINNED: on this CPU
    }
    if (!ret) {
      deferrals++;
      if (kernel.tracer().enabled()) {
        kernel.tracer().napiDefer(core.cursor(), core.id(), name, device, deferHardIrqsCount,
            timeout);
      }
    }
    return ret;
  }

  /**
   * napi_complete_done as the tree's C ({@link NapiNative}), replayed in the Java's order beside
   * the model's own bookkeeping: GRO's flush as the C asked for it (the C's GRO is a recording
   * stub; the model's GRO then hands its normal list up, as the kernel's gro_normal_list does
   * with what the flush completed), the C's defer count, the charge and the preemption point,
   * then the C's state: kept scheduled (a missed schedule: the model's ____napi_schedule puts it
   * back on the poll list) or completed (published to the other CPUs as the Java's is), the
   * watchdog armed with the C's timeout, the deferral counted and traced. The C reads the state
   * as it is when the function starts: a race the model explores at the preemption point inside
   * (another CPU setting MISSED there) is not seen by it.
   */
  private boolean completeDoneAsC(NapiNative c, Core core, int workDone) {
    int before = state;
    DoneAnswer a = DoneAnswer.read(c, c.completeDone(this, core, workDone), before,
        deferHardIrqsCount);
    if ((before & (NPSVC | IN_BUSY_POLL)) != 0) {
      state = a.state; // a busy poller owns it: nothing else happened
      return a.ret;
    }
    if (a.flushed) {
      gro.flush(a.flushOld, core);
    }
    gro.normalList(core);
    deferHardIrqsCount = a.deferCount;
    core.charge(KernelOps.NAPI_COMPLETE);
    kernel.cpu().preemptionPoint("napi_complete_done");
    if (onList) {
      kernel.softnet(listCore).pollList.remove(this);
      onList = false;
    }
    if (state != before) {
      // another context changed the state after the C read it (a hard IRQ's
      // napi_schedule_prep running inside the charge above sets MISSED): the C's cmpxchg loop
      // reads it here, after the GRO work, so its state decision is taken again on it, every
      // other input as at entry (the flush and the defer count do not read the state)
      a = DoneAnswer.read(c, c.completeDoneOnState(state), a.state, a.deferCount);
    }
    boolean ret = a.ret;
    long timeout = a.timeout;
    int cState = a.state;
    if ((cState & SCHED) != 0) {
      // MISSED: the C kept SCHED and scheduled it again (its ____napi_schedule inside)
      state = cState & ~SCHED_THREADED;
      schedule(false); // the C's own ____napi_schedule, replayed
      state = cState;
      return ret;
    }
    completions++;
    // the C cleared SCHED; the model keeps it until the store is published to the other CPUs
    // (publishCompletion), as the Java port does, so a busy poller cannot claim it meanwhile
    state = cState | SCHED;
    completingCore = core;
    publishAt = core.cursor();
    kernel.simulator().schedule(publishCompletion, publishAt);
    if (timeout >= 0) {
      timer.start(timeout); // HRTIMER_MODE_REL_PINNED: on this CPU
    }
    if (!ret) {
      deferrals++;
      if (kernel.tracer().enabled()) {
        kernel.tracer().napiDefer(core.cursor(), core.id(), name, device, deferHardIrqsCount,
            Math.max(timeout, 0));
      }
    }
    return ret;
  }

  /** What one call of the C's napi_complete_done answered. */
  private static final class DoneAnswer {
    boolean ret = true;
    long timeout = -1; // no hrtimer_start
    int state;
    int deferCount;
    boolean flushed;
    boolean flushOld;

    /** Reads the C's record; the state and defer count stay as given unless it wrote them. */
    static DoneAnswer read(NapiNative c, NativeOut o, int state, int deferCount) {
      DoneAnswer a = new DoneAnswer();
      a.state = state;
      a.deferCount = deferCount;
      while (o.next()) {
        if (o.isCall(NapiNative.GRO_FLUSH)) {
          a.flushed = true;
          a.flushOld = o.arg(0) != 0;
        } else if (o.isCall(NapiNative.HRTIMER_START)) {
          a.timeout = o.arg(0);
        } else if (o.isField(NapiNative.RET)) {
          a.ret = o.value() != 0;
        } else if (o.isField(NapiNative.STATE)) {
          a.state = (int) o.value();
        } else if (o.isField(NapiNative.DEFER_COUNT)) {
          a.deferCount = (int) o.value();
        } else if (!o.isCall(NapiNative.GRO_NORMAL_LIST) && !o.isCall(NapiNative.WAKE_UP_PROCESS)
            && !o.isField(NapiNative.ON_POLL_LIST) && !o.isField(NapiNative.RX_COUNT)
            && !o.isField(NapiNative.NET_RX_PENDING) && !o.isField(NapiNative.THREAD_RUNNABLE)) {
          throw c.cannotApplyDone(o);
        }
      }
      return a;
    }
  }

  /** The kernel this NAPI runs on. */
  Kernel kernel() {
    return kernel;
  }

  /** Its kthread, or null. */
  NapiThread napiThread() {
    return thread;
  }

  /**
   * napi_complete: napi_complete_done(n, 0).
   */
  public boolean complete() {
    return completeDone(0);
  }

  /**
   * napi_watchdog: the gro_flush_timeout / irq_suspend_timeout hrtimer. A relaxed
   * napi_schedule_prep (no MISSED: it does not answer a device interrupt): if the NAPI is idle
   * and not being disabled, it is scheduled, in hard interrupt context on the CPU that armed
   * the timer.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_watchdog",
      versions = "v3.19..v6.18",
      commits = {"3b47d30396ba", "7fd3253a7de6"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  HrTimer.Restart watchdog(HrTimer t) {
    settle();
    watchdogFires++;
    NapiNative c = kernel.inLoop(NapiNative.class);
    if (c != null && c.watchdog != null) { // --ports c: the tree's napi_watchdog
      c.watchdog(this, kernel.cpu().requireCurrent());
      return HrTimer.Restart.NORESTART;
    }
    if ((state & DISABLE) == 0 && (state & SCHED) == 0) { // !test_and_set_bit(SCHED)
      state |= SCHED;
      state &= ~PREFER_BUSY_POLL;
      watchdogPolls++;
      schedule(); // __napi_schedule_irqoff
    }
    return HrTimer.Restart.NORESTART;
  }

  /** The watchdog hrtimer (napi->timer). */
  public HrTimer timer() {
    return timer;
  }

  /** Runs the driver's poll; tracks that it never runs on two CPUs at once. */
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
   * __napi_poll: the driver's poll with the NAPI's weight; a poll that used the whole weight
   * has more work and is polled again ({@link #repollRequested}), after GRO delivers what
   * waited since an earlier jiffy (or everything when HZ &lt; 1000), unless the NAPI is being
   * disabled (completed) or prefers busy polling (completed, rescheduled only if that arms no
   * timeout).
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "__napi_poll",
      versions = "v5.12..v6.18",
      commits = {"7fd3253a7de6"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "xdp_do_check_flushed is not modelled; the weight is the budget")
  int napiPoll(Core core) {
    return napiPoll(core, false);
  }

  /**
   * __napi_poll, called by napi_poll ({@code list}: net_rx_action's poll, taken off its list)
   * or by the kthread. Under {@code --ports c} the model's poll runs first, where the C calls
   * it, and the rest is the tree's C ({@link NapiNative#poll}): napi_poll's where it is
   * installed and {@code list}, else __napi_poll's.
   */
  int napiPoll(Core core, boolean list) {
    repollRequested = false;
    core.charge(KernelOps.NAPI_POLL);
    int w = weight;
    int done = 0;
    boolean polled = isScheduled();
    if (polled) {
      done = runPoll(core, w);
      if (kernel.tracer().enabled()) {
        kernel.tracer().napiPoll(core.cursor(), core.id(), name, device, done, w);
      }
    }
    if (done > w) {
      throw overWeight(done, w);
    }
    NapiNative c = kernel.inLoop(NapiNative.class);
    if (c != null && (c.polls(false) || list && c.polls(true))) { // --ports c
      boolean viaList = list && c.polls(true); // napi_poll's C, or __napi_poll's
      String why = pollOutsideRecord(done, w, viaList);
      if (why == null) {
        repollRequested = c.poll(this, core, viaList, polled, done, w);
        return done;
      }
      c.ranAsJava(viaList, why);
    }
    if (done < w) {
      return done;
    }
    if ((state & DISABLE) != 0) {
      complete(); // napi_complete: napi_complete_done(n, 0)
      return done;
    }
    if ((state & PREFER_BUSY_POLL) != 0) {
      // more work, but a busy poller prefers to take it: exit early
      if (completeDone(done)) {
        napiSchedule(); // no timeout was set: make sure it runs again
      }
      return done;
    }
    gro.flushNormal(kernel.cpu().hz() >= 1000, core);
    if (onList) {
      // the driver called napi_schedule before exhausting its budget (pr_warn_once)
      budgetExhaustedRescheduled++;
      if (budgetExhaustedRescheduled == 1) {
        kernel.printk(device + ": Budget exhausted after napi rescheduled");
      }
      return done;
    }
    repollRequested = true;
    return done;
  }

  /**
   * Why a full poll's rest cannot run as the poll's C from its record, or null: the
   * napi_complete_done it makes for a NAPI being disabled or preferring busy polling (the
   * completion's own bridge replays it in the Java's order, which the poll's record cannot
   * give), and a NAPI its driver put back on a poll list while napi_poll held it off
   * net_rx_action's list (the record has it on that list, which napi_poll empties).
   */
  private String pollOutsideRecord(int done, int w, boolean list) {
    if (done != w) {
      return null;
    }
    if ((state & DISABLE) != 0) {
      return "a full poll of a NAPI being disabled (napi_complete inside)";
    }
    if ((state & PREFER_BUSY_POLL) != 0) {
      return "a full poll of a NAPI preferring busy polling (napi_complete_done inside)";
    }
    if (list && onList) {
      return "a full poll whose driver rescheduled the NAPI (napi_poll's record has it off"
          + " the list)";
    }
    return null;
  }

  // ---------------------------------------------------------------- GRO

  /** This NAPI's GRO state ({@link NapiGro#NONE} until the device's first frame). */
  public NapiGro gro() {
    return gro;
  }

  /** Gives the NAPI its GRO state; the device does it once, before the first frame. */
  public void attachGro(NapiGro state) {
    if (gro != NapiGro.NONE) {
      throw new IllegalStateException(name + ": GRO state attached twice");
    }
    gro = state;
  }

  /** Segments GRO merged into a held skb (NAPI_GRO_CB count beyond the first). */
  public long groMergedCount() {
    return gro.mergedCount();
  }

  /** skbs GRO or the rx list hold right now (for the skb-conservation audit). */
  public int skbsHeld() {
    return gro.skbsHeld();
  }

  // ---------------------------------------------------------------- threaded

  /**
   * napi_kthread_create + THREADED (dev_set_threaded's per-NAPI step): the NAPI is polled by a
   * kthread of its own from its next schedule on. {@code mode} 1 threaded, 2 threaded busy poll
   * (v6.18), 0 back to softirq.
   */
  void makeThreaded(int mode) {
    if (mode != 0 && thread == null) {
      thread = new NapiThread(kernel, this);
    }
    if (mode == 0) {
      state &= ~(THREADED | THREADED_BUSY_POLL);
      return;
    }
    state |= THREADED;
    if (mode == 2) {
      state |= THREADED_BUSY_POLL;
    } else {
      state &= ~THREADED_BUSY_POLL;
    }
  }

  /** The NAPI's kthread (napi/eth0-N), or null when it was never threaded. */
  public Task thread() {
    return thread;
  }

  boolean threadOwnsPoll() {
    return (state & SCHED_THREADED) != 0;
  }

  void countThreadedPoll() {
    threadedPolls++;
  }

  // ---------------------------------------------------------------- busy polling

  /** A busy poller reads the state (READ_ONCE(napi->state)) at its cursor. */
  void settleForBusyPoll() {
    settle();
  }

  void countBusyPoll(int packets) {
    busyPolls++;
    busyPollPackets += packets;
  }

  /**
   * napi_suspend_irqs (v6.13): epoll found events for a prefer_busy_poll user; the NAPI with
   * that id keeps its device interrupt off until irq_suspend_timeout unless epoll resumes it
   * first. Returns whether a NAPI has the id (the C returns nothing).
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_suspend_irqs",
      versions = "v6.13..v6.18",
      commits = {"3fcbecbdeb04"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  public static boolean suspendIrqs(Kernel kernel, int napiId) {
    Napi napi = kernel.napiById(napiId); // rcu_read_lock; napi_by_id
    NapiNative c = kernel.inLoop(NapiNative.class);
    if (c != null && c.suspend != null) { // --ports c: the tree's napi_suspend_irqs
      c.suspendIrqs(kernel, napi);
      return napi != null;
    }
    if (napi != null) {
      long timeout = napi.irqSuspendTimeout;
      if (timeout != 0) {
        napi.timer.start(timeout); // HRTIMER_MODE_REL_PINNED
      }
    }
    return napi != null;
  }

  /**
   * napi_resume_irqs (v6.13): epoll found nothing; the NAPI with that id is scheduled, to
   * re-enable its device interrupt, while irq_suspend_timeout is set. Returns whether a NAPI
   * has the id.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_resume_irqs",
      versions = "v6.13..v6.18",
      commits = {"3fcbecbdeb04"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  public static boolean resumeIrqs(Kernel kernel, int napiId) {
    Napi napi = kernel.napiById(napiId);
    NapiNative c = kernel.inLoop(NapiNative.class);
    if (c != null && c.resume != null) { // --ports c: the tree's napi_resume_irqs
      if (napi != null && napi.irqSuspendTimeout != 0) {
        napi.settle(); // napi_schedule_prep's read of the state, as the Java's
      }
      c.resumeIrqs(kernel, napi);
      return napi != null;
    }
    if (napi != null) {
      if (napi.irqSuspendTimeout != 0) {
        napi.napiSchedule(); // local_bh_disable; napi_schedule; local_bh_enable
      }
    }
    return napi != null;
  }

  // ---------------------------------------------------------------- invariants

  /**
   * SCHED against the poll lists: a NAPI on a list must be scheduled and listed once; a
   * scheduled, enabled NAPI that is on no list, not being taken by net_rx_action, not owned by
   * its kthread or a busy poller and not completing would never be polled again (its driver
   * keeps its interrupts masked forever).
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
      throw new InvariantViolation("napi " + name,
          "on " + listed + " poll lists while its on-list mark says " + onList);
    }
    if (!sched && (onList || taken)) {
      throw new InvariantViolation("napi " + name,
          "on a poll list while not scheduled (state " + state + ")");
    }
    // owned: by its kthread (SCHED_THREADED; before 56364c910691 a kthread woken without it
    // polls because it was woken), a busy poller, or a CPU polling it now
    boolean owned = (state & (SCHED_THREADED | IN_BUSY_POLL)) != 0 || pollingOn != null
        || ((state & THREADED) != 0 && thread != null && thread.isRunnable());
    if (sched && (state & DISABLE) == 0 && !onList && !taken && !owned
        && completingCore == null) {
      throw new InvariantViolation("napi " + name,
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

  /** napi_complete_done calls that returned false to keep the interrupt deferred. */
  public long deferredCount() {
    return deferrals;
  }

  /** napi_watchdog expiries. */
  public long watchdogFireCount() {
    return watchdogFires;
  }

  /** napi_watchdog expiries that scheduled a poll (the NAPI was idle). */
  public long watchdogPollCount() {
    return watchdogPolls;
  }

  /** Driver polls run by a busy-polling task, and the packets they found. */
  public long busyPollCount() {
    return busyPolls;
  }

  /** LINUX_MIB_BUSYPOLLRXPACKETS for this NAPI. */
  public long busyPollPackets() {
    return busyPollPackets;
  }

  /** __napi_poll calls from the NAPI's kthread. */
  public long threadedPollCount() {
    return threadedPolls;
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

  /**
   * netdev_nl_napi_set_config: napi_set_defer_hard_irqs, napi_set_gro_flush_timeout,
   * napi_set_irq_suspend_timeout for the attributes given (null = absent).
   */
  public void setConfig(Long defer, Long groFlush, Long irqSuspend) {
    if (defer != null) {
      deferHardIrqs = (int) (long) defer;
    }
    if (groFlush != null) {
      groFlushTimeout = groFlush;
    }
    if (irqSuspend != null) {
      irqSuspendTimeout = irqSuspend;
    }
  }

  /** The NAPI's software-coalescing values (netlink napi-get's fields). */
  public int deferHardIrqs() {
    return deferHardIrqs;
  }

  public long groFlushTimeout() {
    return groFlushTimeout;
  }

  public long irqSuspendTimeout() {
    return irqSuspendTimeout;
  }

  /** 0 softirq, 1 threaded, 2 threaded busy poll (netlink napi-get's threaded). */
  public int threadedMode() {
    int s = state;
    return (s & THREADED) == 0 ? 0 : (s & THREADED_BUSY_POLL) != 0 ? 2 : 1;
  }

  // the violations of the hot paths are built here, so that those methods stay small
  private InvariantViolation scheduleWithoutPrep() {
    return new InvariantViolation("napi " + name,
        "__napi_schedule without winning napi_schedule_prep (state " + state + ")");
  }

  private InvariantViolation pollMisuse(Core core) {
    return new InvariantViolation("napi " + name, pollingOn != null
        ? "polled on cpu" + core.id() + " while polling on cpu" + pollingOn.id()
        : "polled while not scheduled (state " + state + ")");
  }

  private InvariantViolation overWeight(int done, int w) {
    return new InvariantViolation("napi " + name,
        "poll returned " + done + " > weight " + w);
  }
}
