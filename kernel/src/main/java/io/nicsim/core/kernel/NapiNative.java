package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * net/core/dev.c's NAPI functions as the tree's C on a live {@link Napi} ({@code --ports c}):
 * each call the inverse of its harness in {@code NapiHarnesses} (the NAPI's state, settings,
 * GRO, kthread and CPU as {@code NapiHarnesses.NAPI} in; its state, the GRO flushes, the
 * watchdog armed and the kthread woken out). Every NAPI of a host finds it through its kernel
 * ({@code Kernel.inLoop}); the bridge that installs it is {@code host.NapiBridges}.
 */
public final class NapiNative {
  static final long RET = NativeOut.id("ret");
  static final long STATE = NativeOut.id("state");
  static final long ON_POLL_LIST = NativeOut.id("on_poll_list");
  static final long DEFER_COUNT = NativeOut.id("defer_hard_irqs_count");
  static final long RX_COUNT = NativeOut.id("rx_count");
  static final long NET_RX_PENDING = NativeOut.id("net_rx_pending");
  static final long THREAD_RUNNABLE = NativeOut.id("thread_runnable");
  static final long GRO_FLUSH = NativeOut.id("gro_flush");
  static final long GRO_NORMAL_LIST = NativeOut.id("gro_normal_list");
  static final long HRTIMER_START = NativeOut.id("hrtimer_start");
  static final long WAKE_UP_PROCESS = NativeOut.id("wake_up_process");
  static final long POLL = NativeOut.id("poll");
  static final long REPOLL = NativeOut.id("repoll");
  static final long ON_REPOLL = NativeOut.id("on_repoll");
  private static final int[] HZ = {100, 250, 300, 1000};
  /**
   * The polls' record in the loop: the NAPI's fields, then the rx_count GRO's flush leaves (the
   * flush is the model's, its completions join the GRO_NORMAL list that gro_normal_list reads).
   */
  private static final int RX_AFTER_FLUSH = NapiHarnesses.ID_MATCHES + 1;
  private static final int POLL_WORDS = RX_AFTER_FLUSH + 1;
  /**
   * busy_poll_stop's record in the loop: the NAPI's fields, prefer_busy_poll and the budget,
   * then the NAPI as the model's poll left it (state, defer count, GRO holding skbs, rx_count)
   * and the rx_count a GRO flush leaves.
   */
  private static final int BUSY_PREFER = NapiHarnesses.ID_MATCHES + 1;
  private static final int BUSY_BUDGET = BUSY_PREFER + 1;
  private static final int AFTER_POLL = BUSY_BUDGET + 1;
  private static final int BUSY_RX_AFTER_FLUSH = AFTER_POLL + 4;
  private static final int BUSY_STOP_WORDS = BUSY_RX_AFTER_FLUSH + 1;
  static final long POLL_STATE = NativeOut.id("poll_state");
  static final long POLL_DEFER_COUNT = NativeOut.id("poll_defer_hard_irqs_count");

  /** napi_schedule_prep's C, or null. */
  final NativePort schedulePrep;
  /** napi_complete_done's C, or null. */
  final NativePort completeDone;
  private final long[] prepIn;
  private final long[] doneIn;
  /** __napi_poll's C, or null. */
  NativePort napiPoll;
  /** napi_poll's C (__napi_poll inside), or null. */
  NativePort napiPollList;
  private long[] pollIn;
  private long[] pollListIn;
  /** ____napi_schedule's C, or null: the model's own schedules (not the ones inside a C). */
  NativePort schedule;
  private long[] scheduleIn;
  /** napi_watchdog's C, or null. */
  NativePort watchdog;
  private long[] watchdogIn;
  /** busy_poll_stop's C (__busy_poll_stop inside), or null. */
  NativePort busyStop;
  private long[] busyStopIn;
  /** napi_suspend_irqs' C, or null. */
  NativePort suspend;
  private long[] suspendIn;
  /** napi_resume_irqs' C, or null. */
  NativePort resume;
  private long[] resumeIn;
  /** Counts a call its bridge ran as the Java port: (label, reason). */
  private BiConsumer<String, String> asJava = (label, why) -> { };

  public NapiNative(NativePort schedulePrep, NativePort completeDone) {
    this.schedulePrep = schedulePrep;
    this.completeDone = completeDone;
    this.prepIn = schedulePrep == null ? null : new long[schedulePrep.inputs()];
    this.doneIn = completeDone == null ? null : new long[completeDone.inputs()];
  }

  /** A copy for another kernel: the same functions with another's. */
  public NapiNative with(NativePort prep, NativePort done) {
    NapiNative n = new NapiNative(prep != null ? prep : schedulePrep,
        done != null ? done : completeDone);
    n.napiPoll = napiPoll;
    n.napiPollList = napiPollList;
    n.pollIn = pollIn;
    n.pollListIn = pollListIn;
    n.schedule = schedule;
    n.scheduleIn = scheduleIn;
    n.watchdog = watchdog;
    n.watchdogIn = watchdogIn;
    n.busyStop = busyStop;
    n.busyStopIn = busyStopIn;
    n.suspend = suspend;
    n.suspendIn = suspendIn;
    n.resume = resume;
    n.resumeIn = resumeIn;
    n.asJava = asJava;
    return n;
  }

  /**
   * Runs {@code function} as {@code c}: ____napi_schedule (where the model schedules a NAPI on
   * its own), napi_watchdog (the NAPI's hrtimer callback), busy_poll_stop (a busy poller's end,
   * __busy_poll_stop inside), napi_suspend_irqs or napi_resume_irqs (v6.13+, epoll's IRQ
   * suspension).
   */
  public NapiNative withFunction(String function, NativePort c) {
    NapiNative n = with(null, null);
    long[] in = new long[c.inputs()];
    switch (function) {
      case "____napi_schedule" -> {
        n.schedule = c;
        n.scheduleIn = in;
      }
      case "napi_watchdog" -> {
        n.watchdog = c;
        n.watchdogIn = in;
      }
      case "busy_poll_stop" -> {
        n.busyStop = c;
        n.busyStopIn = new long[BUSY_STOP_WORDS];
      }
      case "napi_suspend_irqs" -> {
        n.suspend = c;
        n.suspendIn = in;
      }
      case "napi_resume_irqs" -> {
        n.resume = c;
        n.resumeIn = in;
      }
      default -> throw new IllegalArgumentException(function);
    }
    return n;
  }

  /**
   * Runs the poll loop's {@code __napi_poll} (from the kthread) and {@code napi_poll} (from
   * net_rx_action, __napi_poll inside) as {@code c}, where given; {@code asJava} counts a call
   * its bridge runs as the Java port instead.
   */
  public NapiNative withPoll(NativePort poll, NativePort pollList,
      BiConsumer<String, String> asJava) {
    NapiNative n = with(null, null);
    if (poll != null) {
      n.napiPoll = poll;
      n.pollIn = new long[POLL_WORDS];
    }
    if (pollList != null) {
      n.napiPollList = pollList;
      n.pollListIn = new long[POLL_WORDS];
    }
    n.asJava = asJava;
    return n;
  }

  /** Whether the kernel's HZ is one the harness C picks from. */
  public static boolean hzModelled(int hz) {
    for (int h : HZ) {
      if (h == hz) {
        return true;
      }
    }
    return false;
  }

  /** NapiHarnesses' Side.set, inverted: the live NAPI as the record. */
  static void capture(Napi n, Kernel kernel, Core core, long[] in, NativePort c) {
    Arrays.fill(in, 0);
    in[NapiHarnesses.STATE] = Integer.toUnsignedLong(n.state);
    in[NapiHarnesses.ON_LIST] = n.onList ? 1 : 0;
    in[NapiHarnesses.WEIGHT] = n.weight;
    boolean ints = !n.deferU32; // !netCore().has(DEFER_U32), read when the NAPI was added
    int count = n.deferHardIrqsCount;
    int defer = n.deferHardIrqs;
    if (ints && (count < 0 || defer < 0)) {
      if (count > 0 || defer > 0) {
        throw new NativeFailure(c.label() + ": defer_hard_irqs_count " + count
            + " and napi_defer_hard_irqs " + defer + " of opposite signs: the record holds"
            + " both of one sign");
      }
      in[NapiHarnesses.NEGATIVE] = 1;
      count = -count;
      defer = -defer;
    }
    in[NapiHarnesses.COUNT] = Integer.toUnsignedLong(count);
    in[NapiHarnesses.DEFER] = Integer.toUnsignedLong(defer);
    in[NapiHarnesses.GRO_FLUSH_TIMEOUT] = n.groFlushTimeout;
    in[NapiHarnesses.IRQ_SUSPEND_TIMEOUT] = n.irqSuspendTimeout;
    in[NapiHarnesses.GRO_HELD] = n.gro().bitmask() != 0 ? 1 : 0;
    in[NapiHarnesses.RX_COUNT] = n.gro().rxCount();
    NapiThread t = n.napiThread();
    in[NapiHarnesses.HAS_THREAD] = t != null ? 1 : 0;
    in[NapiHarnesses.THREAD_RUNNING] = t != null && t.isRunnable() ? 1 : 0;
    in[NapiHarnesses.IN_NET_RX] = core != null && kernel.softnet(core).inNetRxAction ? 1 : 0;
    int hz = kernel.cpu().hz();
    int i = 0;
    while (HZ[i] != hz) {
      i++;
    }
    in[NapiHarnesses.HZ_INDEX] = i;
    in[NapiHarnesses.ID_MATCHES] = 1;
  }

  /** napi_schedule_prep as C: the NAPI's state, and whether it was claimed. */
  boolean schedulePrep(Napi n) {
    capture(n, n.kernel(), n.kernel().cpu().current(), prepIn, schedulePrep);
    NativeOut o = schedulePrep.call(prepIn);
    boolean ret = false;
    while (o.next()) {
      if (o.isField(RET)) {
        ret = o.value() != 0;
      } else if (o.isField(STATE)) {
        n.state = (int) o.value();
      } else if (!o.isField(ON_POLL_LIST) && !o.isField(DEFER_COUNT) && !o.isField(RX_COUNT)
          && !o.isField(NET_RX_PENDING) && !o.isField(THREAD_RUNNABLE)) {
        throw NativeFailure.cannotApply(schedulePrep, prepIn, o);
      }
    }
    return ret;
  }

  /** napi_complete_done's record for {@code n} with {@code workDone}, and the C's answer. */
  NativeOut completeDone(Napi n, Core core, int workDone) {
    capture(n, n.kernel(), core, doneIn, completeDone);
    doneIn[NapiHarnesses.WORK_DONE] = workDone;
    return completeDone.call(doneIn);
  }

  /**
   * napi_complete_done's record of the last {@link #completeDone} call again, with only the
   * NAPI's state replaced: the state its cmpxchg would read after another context changed it.
   */
  NativeOut completeDoneOnState(int state) {
    doneIn[NapiHarnesses.STATE] = Integer.toUnsignedLong(state);
    return completeDone.call(doneIn);
  }

  /** The failure of a token napi_complete_done's replay cannot apply. */
  NativeFailure cannotApplyDone(NativeOut o) {
    return NativeFailure.cannotApply(completeDone, doneIn, o);
  }

  /**
   * __napi_poll (or napi_poll, {@code list}) as the tree's C, after the model's poll: the record
   * is the NAPI as the C reads it once its driver's poll has returned (the state the poll left,
   * GRO's held skbs and GRO_NORMAL list; SCHED as napi_is_scheduled read it before the poll,
   * {@code polled}), the poll's answer {@code done}. The C's calls are replayed on the model
   * (its poll matched against the model's, GRO's flush and hand-off, the warning of a
   * rescheduled NAPI); anything else it changes fails the run, as no replay of it exists.
   *
   * @return whether the C asks for a repoll
   */
  boolean poll(Napi n, Core core, boolean list, boolean polled, int done, int w) {
    NativePort c = list ? napiPollList : napiPoll;
    long[] in = list ? pollListIn : pollIn;
    capture(n, n.kernel(), core, in, c);
    int sched = polled ? Napi.SCHED : 0;
    in[NapiHarnesses.STATE] = Integer.toUnsignedLong((n.state & ~Napi.SCHED) | sched);
    in[NapiHarnesses.ON_LIST] = list ? 1 : in[NapiHarnesses.ON_LIST];
    in[NapiHarnesses.POLL] = done;
    in[RX_AFTER_FLUSH] = in[NapiHarnesses.RX_COUNT]; // guessed: the flush completes nothing
    boolean sawPoll = false;
    boolean repoll = false;
    long ret = -1;
    int applied = 0;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in, POLL_WORDS);
      int token = 0;
      boolean rerun = false;
      while (o.next()) {
        if (token++ < applied) {
          continue; // applied by an earlier run (the C is deterministic up to there)
        }
        applied = token;
        if (o.isCall(POLL)) {
          if (sawPoll || o.arg(0) != w || o.arg(1) != done) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          sawPoll = true;
        } else if (o.isCall(GRO_FLUSH)) {
          // the model's flush (its own bridge where installed); what it completed waits on
          // the GRO_NORMAL list, whose count the C's gro_normal_list reads next
          n.gro().flush(o.arg(0) != 0, core);
          long rx = n.gro().rxCount();
          if (in[RX_AFTER_FLUSH] != rx) {
            in[RX_AFTER_FLUSH] = rx;
            rerun = true;
            break;
          }
        } else if (o.isCall(GRO_NORMAL_LIST)) {
          n.gro().normalList(core);
        } else if (o.kind() == NativeOut.MESSAGE) {
          n.budgetExhaustedRescheduled++; // pr_warn_once: the NAPI was rescheduled meanwhile
          if (n.budgetExhaustedRescheduled == 1) {
            n.kernel().printk(n.device() + ": Budget exhausted after napi rescheduled");
          }
        } else if (o.isField(RET)) {
          ret = o.value();
        } else if (o.isField(REPOLL) || o.isField(ON_REPOLL)) {
          repoll = o.value() != 0;
        } else if (o.isField(STATE)) {
          if (o.value() != in[NapiHarnesses.STATE]) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else if (o.isField(DEFER_COUNT)) {
          if (o.value() != in[NapiHarnesses.COUNT]) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else if (o.isField(NET_RX_PENDING) || o.isField(THREAD_RUNNABLE)) {
          if (o.value() != (o.isField(THREAD_RUNNABLE) ? in[NapiHarnesses.THREAD_RUNNING] : 0)) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else if (!o.isField(ON_POLL_LIST) && !o.isField(RX_COUNT)) {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (!rerun) {
        break;
      }
      if (runs >= 10_000) {
        throw new NativeFailure(c.label() + ": the model's answers did not settle; "
            + NativeFailure.record(c, in));
      }
    }
    if (sawPoll != polled || ret != done) {
      throw new NativeFailure(c.label() + ": the C " + (sawPoll ? "polled" : "did not poll")
          + " and returned " + ret + " where the model " + (polled ? "polled" : "did not poll")
          + " and did " + done + "; " + NativeFailure.record(c, in));
    }
    return repoll;
  }

  /**
   * ____napi_schedule as the tree's C on {@code n}, whose SCHED the caller won: the NAPI as the
   * C reads it (its poll list, the kthread and whether it runs, softnet's in_net_rx_action) in;
   * the C's state, its kthread wake-up, or its poll list and NET_RX raise back through the
   * model ({@link Napi#scheduledAsC}). Anything else the C changes fails the run.
   */
  void schedule(Napi n, Core core) {
    capture(n, n.kernel(), core, scheduleIn, schedule);
    Scheduled a = new Scheduled(schedule, scheduleIn, schedule.call(scheduleIn));
    if (!a.woken && !a.listed) {
      throw a.failure("left the NAPI on no poll list");
    }
    n.scheduledAsC(a.state, a.woken, a.listed, a.raised, core);
  }

  /**
   * napi_watchdog (the NAPI's hrtimer expiring) as the tree's C on {@code n}: the NAPI in, and
   * where the C took SCHED (__napi_schedule_irqoff inside) its state, kthread wake-up or poll
   * list and NET_RX raise back through the model ({@link Napi#watchdogScheduledAsC}); where it
   * did not, it must leave the NAPI as it was. Its answer must be HRTIMER_NORESTART.
   */
  void watchdog(Napi n, Core core) {
    capture(n, n.kernel(), core, watchdogIn, watchdog);
    Scheduled a = new Scheduled(watchdog, watchdogIn, watchdog.call(watchdogIn));
    if (a.ret != 0) {
      throw a.failure("answered " + a.ret + ", not HRTIMER_NORESTART");
    }
    boolean took = (watchdogIn[NapiHarnesses.STATE] & Napi.SCHED) == 0
        && (a.state & Napi.SCHED) != 0;
    if (!took) {
      if (a.state != n.state || a.woken || a.raised
          || a.listed != (watchdogIn[NapiHarnesses.ON_LIST] != 0)) {
        throw a.failure("changed a NAPI it did not schedule");
      }
      return;
    }
    if (!a.woken && !a.listed) {
      throw a.failure("left the NAPI on no poll list");
    }
    n.watchdogScheduledAsC(a.state, a.woken, a.listed, a.raised, core);
  }

  /**
   * busy_poll_stop (a busy poller that owns the NAPI ends its loop) as the tree's C: the NAPI
   * as the record; the C's state for the poll (MISSED and IN_BUSY_POLL cleared, the defer count
   * where it prefers busy polling) and its hrtimer_start applied where the C makes them, then
   * the model's poll (the driver's, with the C's budget) run where the C calls it, its work and
   * the NAPI it leaves (state, defer count, GRO) the record's answer (first guessed: the budget
   * and the NAPI unchanged; another answer reruns the C, the calls applied skipped); after a
   * poll that used the whole budget, __busy_poll_stop's GRO hand-off or flush to the model's
   * GRO where the C makes them (a flush's rx_count the record's answer, as for the polls) and
   * its schedule (____napi_schedule inside) or its SCHED cleared applied as the Java's. A C
   * that polls otherwise than once, or changes a NAPI its poll did not leave it, fails the run.
   */
  void busyPollStop(Napi n, boolean prefer, int budget, Core core) {
    long[] in = busyStopIn;
    NativePort c = busyStop;
    capture(n, n.kernel(), core, in, c);
    in[BUSY_PREFER] = prefer ? 1 : 0;
    in[BUSY_BUDGET] = budget;
    in[NapiHarnesses.POLL] = budget;
    in[AFTER_POLL] = in[NapiHarnesses.STATE] & ~(long) (Napi.MISSED | Napi.IN_BUSY_POLL);
    in[AFTER_POLL + 1] = in[NapiHarnesses.COUNT];
    in[AFTER_POLL + 2] = in[NapiHarnesses.GRO_HELD];
    in[AFTER_POLL + 3] = in[NapiHarnesses.RX_COUNT];
    in[BUSY_RX_AFTER_FLUSH] = in[AFTER_POLL + 3];
    Kernel k = n.kernel();
    int applied = 0;
    boolean polled = false;
    boolean timer = false;
    int rc = -1;
    Scheduled end = null;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in, BUSY_STOP_WORDS);
      int token = 0;
      boolean rerun = false;
      boolean listed = in[NapiHarnesses.ON_LIST] != 0;
      int state = 0;
      boolean woken = false;
      boolean raised = false;
      while (o.next()) {
        if (token++ < applied) {
          continue; // applied by an earlier run (the C is deterministic up to there)
        }
        applied = token;
        if (o.isField(POLL_STATE) && !polled) {
          n.state = (int) o.value();
        } else if (o.isField(POLL_DEFER_COUNT) && !polled) {
          n.deferHardIrqsCount = (int) o.value();
        } else if (o.isCall(HRTIMER_START) && !polled && !timer
            && o.arg(1) == NapiHarnesses.HRTIMER_MODE_REL_PINNED) {
          timer = true;
          n.timer().start(o.arg(0));
        } else if (o.isCall(POLL) && !polled && o.arg(0) == budget) {
          polled = true;
          rc = n.runPoll(core, budget);
          if (k.tracer().enabled()) {
            k.tracer().napiPoll(core.cursor(), core.id(), n.name(), n.device(), rc, budget);
            k.tracer().busyPoll(core.cursor(), core.id(), n.name(), "stop", rc);
          }
          rerun |= answer(in, NapiHarnesses.POLL, rc);
          rerun |= answer(in, AFTER_POLL, Integer.toUnsignedLong(n.state));
          rerun |= answer(in, AFTER_POLL + 1, Integer.toUnsignedLong(n.deferHardIrqsCount));
          rerun |= answer(in, AFTER_POLL + 2, n.gro().bitmask() != 0 ? 1 : 0);
          rerun |= answer(in, AFTER_POLL + 3, n.gro().rxCount());
          if (rerun) {
            break;
          }
        } else if (o.isCall(GRO_FLUSH) && polled && rc == budget) {
          n.gro().flush(o.arg(0) != 0, core);
          if (answer(in, BUSY_RX_AFTER_FLUSH, n.gro().rxCount())) {
            rerun = true;
            break;
          }
        } else if (o.isCall(GRO_NORMAL_LIST) && polled && rc == budget) {
          n.gro().normalList(core);
        } else if (o.isCall(WAKE_UP_PROCESS) && polled && rc == budget && !timer && !woken) {
          woken = true;
        } else if (o.isField(STATE)) {
          state = (int) o.value();
        } else if (o.isField(ON_POLL_LIST)) {
          listed = o.value() != 0;
        } else if (o.isField(NET_RX_PENDING)) {
          raised = o.value() != 0;
        } else if (!o.isField(DEFER_COUNT) && !o.isField(RX_COUNT)
            && !o.isField(THREAD_RUNNABLE)) {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (!rerun) {
        if (!polled) {
          throw new NativeFailure(c.label() + ": the C did not poll; "
              + NativeFailure.record(c, in));
        }
        if (rc == budget && !timer) { // __busy_poll_stop scheduled the NAPI (SCHED still set)
          if (!woken && !listed) {
            throw new NativeFailure(c.label() + ": the C left the NAPI on no poll list; "
                + NativeFailure.record(c, in));
          }
          n.napiScheduledAsC(0, true, state, woken, listed, raised, core);
        } else if (rc == budget) { // __busy_poll_stop cleared SCHED (the watchdog is armed)
          if ((state & ~Napi.SCHED) != (n.state & ~Napi.SCHED) || woken || raised) {
            throw new NativeFailure(c.label() + ": the C left the NAPI otherwise than SCHED"
                + " cleared; " + NativeFailure.record(c, in));
          }
          n.state = state;
        }
        return;
      }
      if (runs >= 10_000) {
        throw new NativeFailure(c.label() + ": the model's answers did not settle; "
            + NativeFailure.record(c, in));
      }
    }
  }

  /** The model's answer at a slot the record guessed: whether it differs (and is set). */
  private static boolean answer(long[] in, int slot, long model) {
    if (in[slot] == model) {
      return false;
    }
    in[slot] = model;
    return true;
  }

  /**
   * The record of a call on the NAPI napi_by_id finds ({@code n}), or on none: then every word
   * but the HZ is 0 and id_matches says no.
   */
  private static void captureById(Kernel kernel, Napi n, long[] in, NativePort c) {
    if (n != null) {
      capture(n, kernel, kernel.cpu().current(), in, c);
      return;
    }
    Arrays.fill(in, 0);
    int hz = kernel.cpu().hz();
    int i = 0;
    while (HZ[i] != hz) {
      i++;
    }
    in[NapiHarnesses.HZ_INDEX] = i;
  }

  /**
   * napi_suspend_irqs (epoll delivered events to a prefer_busy_poll user) as the tree's C: the
   * NAPI napi_by_id finds as the record (id_matches: whether one has the id; the lookup is the
   * model's), its irq_suspend_timeout read by the C; the C's hrtimer_start on the NAPI's timer.
   * The C changes nothing else: a NAPI it changes fails the run.
   */
  void suspendIrqs(Kernel kernel, Napi n) {
    captureById(kernel, n, suspendIn, suspend);
    NativeOut o = suspend.call(suspendIn);
    while (o.next()) {
      if (o.isCall(HRTIMER_START) && n != null
          && o.arg(1) == NapiHarnesses.HRTIMER_MODE_REL_PINNED) {
        n.timer().start(o.arg(0));
      } else if (o.kind() == NativeOut.CALL || (n != null && !unchanged(o, suspendIn))) {
        throw NativeFailure.cannotApply(suspend, suspendIn, o);
      }
    }
  }

  /** Whether a field napi's harnesses print after the call is the record's own. */
  private static boolean unchanged(NativeOut o, long[] in) {
    if (o.isField(STATE)) {
      return o.value() == in[NapiHarnesses.STATE];
    } else if (o.isField(ON_POLL_LIST)) {
      return o.value() == in[NapiHarnesses.ON_LIST];
    } else if (o.isField(DEFER_COUNT)) {
      return o.value() == in[NapiHarnesses.COUNT];
    } else if (o.isField(RX_COUNT)) {
      return o.value() == in[NapiHarnesses.RX_COUNT];
    } else if (o.isField(NET_RX_PENDING)) {
      return o.value() == 0;
    } else if (o.isField(THREAD_RUNNABLE)) {
      return o.value() == in[NapiHarnesses.THREAD_RUNNING];
    }
    return false;
  }

  /**
   * napi_resume_irqs (epoll's busy loop found nothing) as the tree's C: the NAPI napi_by_id
   * finds as the record; where the C's napi_schedule (napi_schedule_prep, ____napi_schedule
   * inside) ran, its answer applied as the Java's napi_schedule's ({@link
   * Napi#napiScheduledAsC}): SCHED won and the NAPI on a poll list with NET_RX raised or its
   * kthread woken, or the prep's MISSED. The softirq local_bh_enable would run is the model's
   * NET_RX, run where the model runs it: the C calls no poll.
   */
  void resumeIrqs(Kernel kernel, Napi n) {
    captureById(kernel, n, resumeIn, resume);
    Scheduled a = new Scheduled(resume, resumeIn, resume.call(resumeIn));
    if (n == null) {
      if (a.woken) {
        throw a.failure("scheduled a NAPI napi_by_id did not find");
      }
      return;
    }
    int before = (int) resumeIn[NapiHarnesses.STATE];
    boolean took = (before & Napi.SCHED) == 0 && (a.state & Napi.SCHED) != 0;
    if (took && !a.woken && !a.listed) {
      throw a.failure("left the NAPI on no poll list");
    }
    if (!took && (a.woken || a.raised
        || a.listed != (resumeIn[NapiHarnesses.ON_LIST] != 0))) {
      throw a.failure("scheduled a NAPI it did not claim");
    }
    if (took || n.irqSuspendTimeout != 0) { // the C's napi_schedule ran (its prep at least)
      n.napiScheduledAsC(before, took, a.state, a.woken, a.listed, a.raised,
          kernel.cpu().requireCurrent());
    } else if (a.state != before) {
      throw a.failure("changed a NAPI whose irq_suspend_timeout is 0");
    }
  }

  /** What a C that may schedule the NAPI (____napi_schedule inside) answered. */
  private static final class Scheduled {
    final NativePort c;
    final long[] in;
    int state;
    long ret;
    boolean listed;
    boolean raised;
    boolean woken;

    Scheduled(NativePort c, long[] in, NativeOut o) {
      this.c = c;
      this.in = in;
      state = (int) in[NapiHarnesses.STATE];
      listed = in[NapiHarnesses.ON_LIST] != 0;
      while (o.next()) {
        if (o.isCall(WAKE_UP_PROCESS) && !woken) {
          woken = true;
        } else if (o.isField(RET)) {
          ret = o.value();
        } else if (o.isField(STATE)) {
          state = (int) o.value();
        } else if (o.isField(ON_POLL_LIST)) {
          listed = o.value() != 0;
        } else if (o.isField(NET_RX_PENDING)) {
          raised = o.value() != 0;
        } else if (o.isField(THREAD_RUNNABLE)) {
          if (o.value() != (woken ? 1 : in[NapiHarnesses.THREAD_RUNNING])) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else if (o.isField(DEFER_COUNT)) {
          if (o.value() != in[NapiHarnesses.COUNT]) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else if (o.isField(RX_COUNT)) {
          if (o.value() != in[NapiHarnesses.RX_COUNT]) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (woken && (listed || raised)) {
        throw failure("woke the kthread and put the NAPI on a poll list or raised NET_RX");
      }
    }

    NativeFailure failure(String what) {
      return new NativeFailure(c.label() + ": the C " + what + "; " + NativeFailure.record(c, in));
    }
  }

  /** Counts a call of {@code label} its bridge ran as the Java port, and why. */
  void ranAsJava(boolean list, String why) {
    asJava.accept(list ? "net/core/dev.c napi_poll" : "net/core/dev.c __napi_poll", why);
  }

  /** Whether {@code list}'s C (napi_poll, or __napi_poll) is installed. */
  boolean polls(boolean list) {
    return list ? napiPollList != null : napiPoll != null;
  }
}
