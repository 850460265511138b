package io.nicsim.core.kernel;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

/**
 * {@code port-check --execute} harnesses for NAPI (net/core/dev.c): scheduling, the watchdog,
 * completion with its defer-hard-irqs / gro_flush_timeout / busy-poll state and the hrtimer it
 * arms, a poll, and epoll's IRQ suspension. A NAPI travels as {@link #NAPI}; the C drivers are
 * {@code src/main/resources/nicsim/portexec/napi/}. The Java side runs the port in a
 * {@link HarnessKernel} task on CPU 0 and reads back the same state; the calls it makes outside
 * NAPI are recorded where they happen (the driver's poll, GRO, the timer through the kernel's
 * tracer, the kthread's wake-up).
 */
public final class NapiHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/napi/";
  static final String DEV_C = "net/core/dev.c";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(DEV_C, "net/core/dev.h", "include/linux/netdevice.h",
        "include/net/gro.h", "include/linux/list.h", "include/linux/hrtimer.h",
        "include/linux/hrtimer_types.h", "include/linux/hrtimer_defs.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  /** HRTIMER_MODE_REL_PINNED: the NAPI timer's mode (the Java HrTimer starts on this CPU). */
  static final int HRTIMER_MODE_REL_PINNED = 3;
  /** CONFIG_HZ values a record picks from. */
  private static final int[] HZ = {100, 250, 300, 1000};
  private static final int S32_MAX = Integer.MAX_VALUE;

  /** The state bits NAPI's functions read or write (LISTED, NO_BUSY_POLL, HAS_NOTIFIER never). */
  static final long MODELLED = Napi.SCHED | Napi.MISSED | Napi.DISABLE | Napi.NPSVC
      | Napi.IN_BUSY_POLL | Napi.PREFER_BUSY_POLL | Napi.THREADED | Napi.SCHED_THREADED
      | Napi.THREADED_BUSY_POLL;

  /** A NAPI: its state, settings, GRO, kthread, CPU and the driver's poll answers. */
  static final List<InputField> NAPI = List.of(
      urange("state", 0, 0xFFF).withEdges(Napi.SCHED, Napi.SCHED | Napi.MISSED,
          Napi.SCHED | Napi.DISABLE, Napi.SCHED | Napi.IN_BUSY_POLL,
          Napi.SCHED | Napi.PREFER_BUSY_POLL, Napi.SCHED | Napi.THREADED | Napi.SCHED_THREADED,
          Napi.SCHED | Napi.NPSVC, Napi.THREADED | Napi.THREADED_BUSY_POLL),
      bool("on_poll_list"),
      range("weight", 1, 64).withEdges(1, 2, 63, 64),
      range("defer_hard_irqs_count", 0, S32_MAX).withEdges(1, 2, S32_MAX - 1),
      range("defer_hard_irqs", 0, S32_MAX).withEdges(1, 2, S32_MAX - 1),
      bool("defer values negative (6.1's int)"),
      u64("gro_flush_timeout").withEdges(1, 20_000, 200_000, 1_000_000),
      u64("irq_suspend_timeout").withEdges(1, 20_000_000),
      bool("gro_held"),
      range("rx_count", 0, 64).withEdges(1, 7, 8),
      bool("has_thread"),
      bool("thread_running"),
      bool("in_net_rx_action"),
      range("hz (100, 250, 300, 1000)", 0, HZ.length - 1),
      range("poll[0]", 0, 64).withEdges(1, 63, 64),
      range("poll[1]", 0, 64).withEdges(1, 63, 64),
      range("poll[2]", 0, 64),
      range("poll[3]", 0, 64),
      range("work_done", 0, 64).withEdges(1, 64),
      bool("id_matches"));

  static final int STATE = 0;
  static final int ON_LIST = 1;
  static final int WEIGHT = 2;
  static final int COUNT = 3;
  static final int DEFER = 4;
  static final int NEGATIVE = 5;
  static final int GRO_FLUSH_TIMEOUT = 6;
  static final int IRQ_SUSPEND_TIMEOUT = 7;
  static final int GRO_HELD = 8;
  static final int RX_COUNT = 9;
  static final int HAS_THREAD = 10;
  static final int THREAD_RUNNING = 11;
  static final int IN_NET_RX = 12;
  static final int HZ_INDEX = 13;
  static final int POLL = 14;
  static final int WORK_DONE = 18;
  static final int ID_MATCHES = 19;

  private static final String NOTE = "the driver's poll answers from the record (at most its"
      + " weight: nicsim stops a poll returning more); GRO is a recording stub that flushes"
      + " when skbs are held (the flush runs in the GRO harnesses); list_owner (netpoll and"
      + " busy-poll bookkeeping) is not modelled nor compared; NAPI_STATE_LISTED,"
      + " NO_BUSY_POLL and HAS_NOTIFIER are never set";

  @Override
  public List<PortHarness> harnesses() {
    return List.of(
        harness("napi_schedule_prep", false, (s, r) -> s.res.put("ret", s.napi.schedulePrep())),
        harness("____napi_schedule", true, (s, r) -> {
          s.napi.schedule();
          return s.res;
        }),
        harness("napi_watchdog", false,
            (s, r) -> s.res.put("ret", s.napi.watchdog(s.napi.timer()).ordinal())),
        harness("napi_complete_done", true,
            (s, r) -> s.res.put("ret", s.napi.completeDone((int) r[WORK_DONE]))),
        harness("__napi_poll", true, (s, r) -> {
          s.rxAfterFlush(r);
          int work = s.napi.napiPoll(s.core);
          return s.res.put("ret", work).put("repoll", s.napi.repollRequested);
        }),
        harness("napi_poll", true, (s, r) -> {
          NetRxAction action = s.hk.kernel.netRxAction(s.core);
          s.rxAfterFlush(r);
          // the record's NAPI went onto action's list in set (onActionList)
          int work = action.napiPoll(s.core, s.napi);
          return s.res.put("ret", work).put("on_repoll", action.holds(s.napi));
        }),
        irqSuspension("napi_suspend_irqs"),
        irqSuspension("napi_resume_irqs"),
        busyPollStop(),
        busyPollStopFull(),
        napiBusyLoop());
  }

  private static String program(String function) {
    return PortHarness.resource(NapiHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(NapiHarnesses.class, DIR + function + ".c");
  }

  /**
   * Records mapped into the state NAPI can be in where the function is called: the modelled
   * bits only (THREADED_BUSY_POLL exists from 6.18, where the C's enum has the bit); the driver's
   * poll answers at most its weight; a NAPI being scheduled (SCHED won, {@code scheduling}) is
   * on no poll list yet; a running kthread exists.
   */
  static long[] admit(long[] r, boolean scheduling) {
    r[STATE] &= MODELLED;
    if ((r[STATE] & Napi.SCHED) == 0) {
      r[ON_LIST] = 0; // a NAPI on a poll list is scheduled (Kernel.checkInvariants)
    }
    for (int i = 0; i < 4; i++) {
      r[POLL + i] = Math.min(r[POLL + i], r[WEIGHT]);
    }
    if (scheduling) {
      // ____napi_schedule's callers won napi_schedule_prep; napi_complete_done and the polls
      // run while the NAPI is scheduled
      r[STATE] |= Napi.SCHED;
    }
    if (r[HAS_THREAD] == 0) {
      r[THREAD_RUNNING] = 0;
    }
    return r;
  }

  /** One record's run on the Java side. */
  interface Run extends BiFunction<Side, long[], Out> {}

  private static PortHarness harness(String function, boolean scheduled, Run run) {
    return PortHarness.of(DEV_C, function)
        .sources(SOURCES)
        .program(program(function))
        .inputs(NAPI)
        .admit(r -> {
          admit(r, scheduled);
          if (function.equals("____napi_schedule")) {
            r[ON_LIST] = 0;
          }
          if (function.equals("napi_poll")) {
            r[ON_LIST] = 1; // napi_poll takes it off net_rx_action's list
          }
          return r;
        })
        .notes(NOTE)
        .java(kernel -> java(kernel, function.equals("napi_poll"), run))
        .build();
  }

  private static PortHarness irqSuspension(String function) {
    boolean suspend = function.equals("napi_suspend_irqs");
    return PortHarness.of(DEV_C, function)
        .sources(SOURCES)
        .program(program(function))
        .inputs(NAPI)
        .admit(r -> admit(r, false))
        .notes(NOTE + "; the NAPI id is looked up by napi_by_id, which finds the record's NAPI"
            + " when id_matches")
        .java(kernel -> java(kernel, false, (s, r) -> {
          int id = r[ID_MATCHES] != 0 ? s.napi.napiId() : 0;
          if (suspend) {
            Napi.suspendIrqs(s.hk.kernel, id);
          } else {
            Napi.resumeIrqs(s.hk.kernel, id);
          }
          return s.res;
        }))
        .build();
  }

  /** Owned by a busy poller: SCHED set (napi_busy_loop's cmpxchg), on no poll list. */
  private static long[] owned(long[] r) {
    admit(r, true);
    r[ON_LIST] = 0;
    return r;
  }

  private static PortHarness busyPollStop() {
    List<InputField> in = new ArrayList<>(NAPI);
    in.add(bool("prefer_busy_poll"));
    in.add(range("budget", 1, 64).withEdges(BusyPoll.BUSY_POLL_BUDGET, 63, 64));
    int at = NAPI.size();
    return PortHarness.of(DEV_C, "busy_poll_stop")
        .sources(SOURCES)
        .program(program("busy_poll_stop"))
        .inputs(in)
        .admit(r -> {
          owned(r);
          // the driver's poll does at most its budget (nicsim stops a poll doing more)
          for (int i = 0; i < 4; i++) {
            r[POLL + i] = Math.min(r[POLL + i], r[at + 1]);
          }
          return r;
        })
        .notes(NOTE + "; have_poll_lock is NULL (netpoll is not modelled)")
        .java(kernel -> {
          JavaPort port = java(kernel, false, (s, r) -> {
            if (r.length > at + 2) {
              // the loop's layout (kernel.NapiNative.busyPollStop): the NAPI the model's poll
              // leaves, then the rx_count a GRO flush leaves, past the harness's fields
              s.afterPoll = Arrays.copyOfRange(r, at + 2, at + 6);
              ((RecordingGro) s.napi.gro()).rxAfterFlush = r[at + 6];
            }
            try {
              new BusyPoll(s.hk.kernel).busyPollStop(s.napi, r[at] != 0, (int) r[at + 1],
                  s.core);
            } finally {
              s.afterPoll = null;
            }
            return s.res;
          }, true);
          return port;
        })
        .build();
  }

  private static PortHarness busyPollStopFull() {
    List<InputField> in = new ArrayList<>(NAPI);
    in.add(bool("skip_schedule"));
    int at = NAPI.size();
    return PortHarness.of(DEV_C, "__busy_poll_stop")
        .sources(SOURCES)
        .program(program("__busy_poll_stop"))
        .inputs(in)
        .admit(NapiHarnesses::owned)
        .notes(NOTE)
        .java(kernel -> java(kernel, false, (s, r) -> {
          new BusyPoll(s.hk.kernel).busyPollStopFull(s.napi, r[at] != 0, s.core);
          return s.res;
        }))
        .build();
  }

  /**
   * __napi_busy_loop whole: the loop's iterations until loop_end says stop, then busy_poll_stop
   * (from the tree) when the loop claimed the NAPI.
   */
  private static PortHarness napiBusyLoop() {
    List<InputField> in = new ArrayList<>(NAPI);
    in.add(bool("prefer_busy_poll"));
    in.add(range("budget", 1, 64).withEdges(BusyPoll.BUSY_POLL_BUDGET, 63, 64));
    in.add(bool("has_loop_end"));
    in.add(range("loops", 1, 3));
    int at = NAPI.size();
    return PortHarness.of(DEV_C, "__napi_busy_loop")
        .sources(SOURCES)
        .program(program("__napi_busy_loop"))
        .inputs(in)
        .admit(r -> {
          admit(r, false);
          // the driver's poll does at most its budget (nicsim stops a poll doing more)
          for (int i = 0; i < 4; i++) {
            r[POLL + i] = Math.min(r[POLL + i], r[at + 1]);
          }
          return r;
        })
        .notes(NOTE + "; need_resched() is false (not modelled: nicsim's busy poller ends on"
            + " its loop_end only), so the reschedule branch and its restart are never taken;"
            + " loop_end answers true on the record's call and its start_time is not compared;"
            + " have_poll_lock is NULL (netpoll is not modelled)")
        .java(kernel -> java(kernel, false, (s, r) -> {
          BusyPoll loop = new BusyPoll(s.hk.kernel);
          int id = r[ID_MATCHES] != 0 ? s.napi.napiId() : 0;
          if (loop.start(s.core, id, r[at] != 0, (int) r[at + 1])) {
            int loops = (int) r[at + 3];
            int[] calls = {0};
            BusyPoll.LoopEnd end = r[at + 2] == 0 ? null : start -> {
              s.out.call("loop_end");
              return ++calls[0] >= loops;
            };
            while (loop.step(s.core, end)) {
              // one iteration per step, as the task's steps run them
            }
          }
          return s.res.put("busy_poll_rx_packets", s.napi.busyPollPackets() - s.busyPackets);
        }, false, true))
        .build();
  }

  private static JavaPort java(String kernel, boolean onActionList, Run run) {
    return java(kernel, onActionList, run, false);
  }

  /** The Java side for one release: a harness kernel per HZ, each with a NAPI with and without a kthread. */
  private static JavaPort java(String kernel, boolean onActionList, Run run,
      boolean timerFirst) {
    return java(kernel, onActionList, run, timerFirst, false);
  }

  private static JavaPort java(String kernel, boolean onActionList, Run run,
      boolean timerFirst, boolean timerInline) {
    Side[] sides = new Side[HZ.length];
    return r -> {
      int hz = (int) r[HZ_INDEX];
      if (sides[hz] == null) {
        sides[hz] = new Side(kernel, HZ[hz]);
        sides[hz].onActionList = onActionList;
        sides[hz].timerFirst = timerFirst;
        sides[hz].timerInline = timerInline;
      }
      return sides[hz].run(r, run);
    };
  }

  /** A GRO that records its flush and its hand-off of the GRO_NORMAL list. */
  static final class RecordingGro extends NapiGro {
    int bitmask;
    int rxCount;
    /** In the loop's record of a poll (kernel.NapiNative), the rx_count after a flush; or -1. */
    long rxAfterFlush = -1;
    Out out;

    @Override
    protected int bitmask() {
      return bitmask;
    }

    /** gro_flush's test: nothing is flushed while nothing is held. */
    @Override
    protected void flush(boolean flushOld, Core core) {
      if (bitmask != 0) {
        out.call("gro_flush", flushOld ? 1 : 0);
        if (rxAfterFlush >= 0) {
          rxCount = (int) rxAfterFlush; // the completions the loop's record answers
        }
      }
    }

    @Override
    protected void normalList(Core core) {
      if (rxCount != 0) {
        out.call("gro_normal_list", rxCount);
        rxCount = 0;
      }
    }

    @Override
    protected void flushNormal(boolean flushOld, Core core) {
      flush(flushOld, core);
      normalList(core);
    }
  }

  /** One release and HZ: the kernel, the NAPIs, and what one record's run sees. */
  static final class Side {
    final HarnessKernel hk;
    final Core core;
    final Napi plain;
    final Napi threaded;
    final RecordingGro plainGro = new RecordingGro();
    final RecordingGro threadedGro = new RecordingGro();
    final long[] answers = new long[4];
    int polls;
    Napi napi;
    /** The calls of one record's run, in order. */
    Out out = new Out();
    /**
     * The watchdog's start is printed where it happened, before the next poll (busy_poll_stop
     * arms it, then polls), not first or last.
     */
    boolean timerInline;
    /** The timer's start count the output has accounted for. */
    long seenStarts;
    /** The NAPI's busy-poll packet count before the run. */
    long busyPackets;
    /** Its results (what the C driver prints after the call returns). */
    Out res = new Out();
    /**
     * A poll's record in the loop's layout (kernel.NapiNative: one word past the NAPI's, the
     * rx_count after GRO's flush) sets the NAPI's GRO to answer with it.
     */
    void rxAfterFlush(long[] r) {
      if (r.length > NAPI.size()) {
        ((RecordingGro) napi.gro()).rxAfterFlush = r[NAPI.size()];
      }
    }

    /**
     * In busy_poll_stop's loop layout, the NAPI as the model's poll leaves it (state, defer
     * count, GRO holding skbs, rx_count): the poll prints the NAPI it is given, then sets this.
     */
    long[] afterPoll;

    /** napi_poll's records: the NAPI sits on net_rx_action's list, not the CPU's. */
    boolean onActionList;
    /** The function arms the watchdog before any other call (busy_poll_stop). */
    boolean timerFirst;

    Side(String kernel, int hz) {
      hk = HarnessKernel.forRelease(kernel, hz, null);
      core = hk.cpu.core(0);
      Napi.Poll poll = (n, budget) -> {
        if (timerInline && napi.timer().starts != seenStarts) {
          seenStarts = napi.timer().starts;
          out.call("hrtimer_start", napi.timer().lastStartArg, HRTIMER_MODE_REL_PINNED);
        }
        int work = polls < answers.length ? (int) answers[polls] : 0;
        polls++;
        if (afterPoll != null) {
          out.u("poll_state", Integer.toUnsignedLong(napi.state))
              .u("poll_defer_hard_irqs_count", Integer.toUnsignedLong(napi.deferHardIrqsCount));
        }
        out.call("poll", budget, work);
        if (afterPoll != null) {
          napi.state = (int) afterPoll[0];
          napi.deferHardIrqsCount = (int) afterPoll[1];
          RecordingGro g = (RecordingGro) napi.gro();
          g.bitmask = afterPoll[2] != 0 ? 1 : 0;
          g.rxCount = (int) afterPoll[3];
        }
        return work;
      };
      plain = new Napi(hk.kernel, "plain", "eth0", poll, 64);
      threaded = new Napi(hk.kernel, "threaded", "eth0", poll, 64);
      threaded.makeThreaded(1);
      plain.attachGro(plainGro);
      threaded.attachGro(threadedGro);
    }

    String run(long[] r, Run port) {
      String[] result = new String[1];
      hk.inTask(() -> {
        out = new Out();
        boolean hasThread = r[HAS_THREAD] != 0;
        napi = hasThread ? threaded : plain;
        RecordingGro gro = hasThread ? threadedGro : plainGro;
        NapiThread thread = hasThread ? (NapiThread) threaded.thread() : null;
        set(r, gro, thread);
        long wakeUps = thread == null ? 0 : thread.wakeUps;
        long starts = napi.timer().starts;
        seenStarts = starts;
        long warnings = napi.budgetExhaustedRescheduled;
        busyPackets = napi.busyPollPackets();
        res = new Out();
        port.apply(this, r);
        Out o = out;
        // the calls that end the functions, in the C's order: the warning a full poll of a
        // rescheduled NAPI prints, the watchdog armed, the kthread woken
        if (napi.budgetExhaustedRescheduled != warnings) {
          o.message("pr_warn", "eth0: Budget exhausted after napi rescheduled");
        }
        Out first = new Out();
        if (napi.timer().starts != (timerInline ? seenStarts : starts)) {
          (timerFirst ? first : o).call("hrtimer_start", napi.timer().lastStartArg,
              HRTIMER_MODE_REL_PINNED);
        }
        if (thread != null && thread.wakeUps != wakeUps) {
          o.call("wake_up_process");
        }
        Out state = put(new Out(), gro, thread);
        result[0] = String.join(" ", List.of(first.toString(), o.toString(), res.toString(),
                state.toString())
            .stream().filter(t -> !t.isEmpty()).toList());
        clear(thread);
      });
      return result[0];
    }

    /** The record as the NAPI's state. */
    private void set(long[] r, RecordingGro gro, NapiThread thread) {
      Napi n = napi;
      boolean ints = !hk.kernel.netCore().has(NetCorePatches.DEFER_U32); // 6.1's int fields
      boolean negative = ints && r[NEGATIVE] != 0;
      n.state = (int) r[STATE];
      if (r[ON_LIST] != 0 && onActionList) {
        hk.kernel.netRxAction(core).hold(n); // net_rx_action's list, napi_poll takes it off
      } else if (r[ON_LIST] != 0) {
        hk.kernel.softnet(core).pollList.addLast(n);
        n.onList = true;
        n.listCore = core;
      }
      n.weight = (int) r[WEIGHT];
      n.deferHardIrqsCount = negative ? -(int) r[COUNT] : (int) r[COUNT];
      n.deferHardIrqs = negative ? -(int) r[DEFER] : (int) r[DEFER];
      n.groFlushTimeout = r[GRO_FLUSH_TIMEOUT];
      n.irqSuspendTimeout = r[IRQ_SUSPEND_TIMEOUT];
      gro.bitmask = r[GRO_HELD] != 0 ? 1 : 0;
      gro.rxCount = (int) r[RX_COUNT];
      gro.rxAfterFlush = -1;
      gro.out = out;
      if (thread != null) {
        if (thread.core() == null) {
          core.attach(thread);
        }
        if (r[THREAD_RUNNING] != 0) {
          thread.wake(); // TASK_RUNNING: not asleep in napi_thread_wait
        }
      }
      hk.kernel.softnet(core).inNetRxAction = r[IN_NET_RX] != 0;
      System.arraycopy(r, POLL, answers, 0, answers.length);
      polls = 0;
    }

    /** What the C prints after the call. */
    private Out put(Out o, RecordingGro gro, NapiThread thread) {
      napi.isScheduled(); // a completion this CPU made is visible to itself
      o.u("state", Integer.toUnsignedLong(napi.state))
          .put("on_poll_list", napi.onList || hk.kernel.netRxAction(core).holds(napi))
          .u("defer_hard_irqs_count", Integer.toUnsignedLong(napi.deferHardIrqsCount))
          .put("rx_count", gro.rxCount)
          .put("net_rx_pending", core.softirqPending(Softirq.NET_RX))
          .put("thread_runnable", thread != null && thread.isRunnable());
      return o;
    }

    /** Leaves nothing for the CPU's softirqs and kthread to act on after the task. */
    private void clear(NapiThread thread) {
      Softnet sd = hk.kernel.softnet(core);
      sd.pollList.clear();
      hk.kernel.netRxAction(core).clear();
      sd.inNetRxAction = false;
      for (Napi n : List.of(plain, threaded)) {
        n.onList = false;
        n.state = Napi.DISABLE; // nothing polls it, nothing schedules it
        n.timer().tryToCancel();
      }
    }
  }
}
