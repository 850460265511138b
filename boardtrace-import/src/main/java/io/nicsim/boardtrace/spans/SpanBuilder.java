package io.nicsim.boardtrace.spans;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.TraceEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts a trace into spans (hard interrupt handlers, softirq actions, hrtimer callbacks, driver
 * transmits, syscalls) and gives each span its own time: the time between two consecutive
 * events on a CPU belongs to the innermost piece of work open on that CPU then (a span on the
 * CPU's interrupt stack, else the current task's open syscall, else that task's user space),
 * so nested work is never counted twice and a task's time off the CPU is never counted at all.
 * The current task is the one the event line names ({@code current}), or after a sched_switch
 * its next task. Lost events and a CPU's late buffer start drop what was open on that CPU; a
 * task-context event (syscall entry or exit, context switch) drops what is still open on the
 * CPU's interrupt stack, which lost its exit.
 */
public final class SpanBuilder implements EventSink {
  private final SpanSink sink;
  private final SpanSink.Probe probe;
  private final List<Cpu> cpus = new ArrayList<>();
  private final Map<Integer, TaskState> tasks = new HashMap<>();
  /** Spans dropped unfinished and exits without their entry. */
  private long dropped;
  private long orphanExits;

  public SpanBuilder(SpanSink sink) {
    this(sink, null);
  }

  public SpanBuilder(SpanSink sink, SpanSink.Probe probe) {
    this.sink = sink;
    this.probe = probe;
  }

  /** One open piece of work. */
  static final class Frame {
    SpanKind kind;
    String label;
    int id; // irq, vec or timer address low bits: matches the exit
    long addr;
    long start;
    long self;
    long user;
    int polls;
    int work;
    int rx;
    int frees;
    int xmits;
    int queued;
    int timers;
    int raises;
    /** Events whose cost lands in this frame (the frame was innermost right after them). */
    int events;
    boolean blocked;
    String comm;
    int cpu;
  }

  private static final class Cpu {
    final ArrayList<Frame> stack = new ArrayList<>(4);
    long last = Long.MIN_VALUE;
    int current = -1;
  }

  private static final class TaskState {
    Frame syscall;
    /** User-space time since the last syscall exit (a frame so the probe can follow it). */
    Frame user = new Frame();
    /**
     * The task slept since its last traced syscall: it switched away in a state other than R
     * outside every traced syscall, so it was inside one the trace does not record (a pacing
     * sender's clock_nanosleep). Its "user" time then holds that call's kernel entry, sleep and
     * wake-up path, not the user work that leads to the next call.
     */
    boolean slept;
  }

  private Cpu cpu(int c) {
    while (cpus.size() <= c) {
      cpus.add(new Cpu());
    }
    return cpus.get(c);
  }

  private TaskState task(int pid) {
    return tasks.computeIfAbsent(pid, p -> new TaskState());
  }

  @Override
  public void event(TraceEvent e) {
    Cpu c = cpu(e.cpu);
    if (c.current < 0) {
      c.current = e.pid;
    }
    // the time since this CPU's last event belongs to what was innermost then
    if (c.last != Long.MIN_VALUE && e.ts >= c.last) {
      long dt = e.ts - c.last;
      Frame f = innermost(c);
      if (f != null) {
        f.self += dt;
        if (probe != null) {
          probe.interval(e.cpu, f);
        }
      } else if (probe != null) {
        probe.interval(e.cpu, null); // the idle task: nobody's
      }
    } else if (probe != null) {
      probe.interval(e.cpu, null);
    }
    c.last = e.ts;
    if (e.kind != EventKind.SCHED_SWITCH) {
      c.current = e.pid;
    }
    if (inTaskContext(e.kind)) {
      dropInterruptStack(c);
    }
    switch (e.kind) {
      case IRQ_HANDLER_ENTRY -> push(c, e, SpanKind.HARDIRQ, e.name, e.irq);
      case IRQ_HANDLER_EXIT -> pop(c, e, SpanKind.HARDIRQ, e.irq);
      case SOFTIRQ_ENTRY -> push(c, e, SpanKind.SOFTIRQ, vecName(e.vec), e.vec);
      case SOFTIRQ_EXIT -> pop(c, e, SpanKind.SOFTIRQ, e.vec);
      case HRTIMER_EXPIRE_ENTRY -> {
        Frame parent = innermost(c);
        if (parent != null) {
          parent.timers++;
        }
        Frame f = push(c, e, SpanKind.HRTIMER, e.name, (int) e.addr);
        f.addr = e.addr;
      }
      case HRTIMER_EXPIRE_EXIT -> pop(c, e, SpanKind.HRTIMER, (int) e.addr);
      case NET_DEV_START_XMIT -> {
        Frame parent = innermost(c);
        if (parent != null) {
          parent.xmits++;
        }
        push(c, e, SpanKind.XMIT, e.name, 0);
      }
      case NET_DEV_XMIT -> pop(c, e, SpanKind.XMIT, 0);
      case NAPI_POLL -> {
        Frame f = innermost(c);
        if (f != null) {
          f.polls++;
          f.work += Math.max(0, e.work);
        }
      }
      case NETIF_RECEIVE_SKB -> count(c).rx++;
      case CONSUME_SKB, KFREE_SKB -> count(c).frees++;
      case NET_DEV_QUEUE -> count(c).queued++;
      case SOFTIRQ_RAISE -> count(c).raises++;
      case SYS_ENTER -> sysEnter(c, e);
      case SYS_EXIT -> sysExit(c, e);
      case SCHED_SWITCH -> {
        TaskState prev = tasks.get(e.prevPid);
        if (prev != null && e.prevState != 'R') {
          if (prev.syscall != null) {
            prev.syscall.blocked = true;
          } else {
            prev.slept = true;
          }
        }
        c.current = e.nextPid;
      }
      default -> {
        // hrtimer_start/cancel: no span of their own
      }
    }
    // the tracepoint's own cost runs on around its timestamp: it is the time of what runs next
    Frame after = innermost(c);
    if (after != null) {
      after.events++;
    }
  }

  /**
   * A syscall's entry or exit and a context switch run in task context only, never inside a
   * hard interrupt, a softirq action or an hrtimer callback.
   */
  private static boolean inTaskContext(EventKind k) {
    return k == EventKind.SYS_ENTER || k == EventKind.SYS_EXIT || k == EventKind.SCHED_SWITCH;
  }

  /**
   * What is still open on the CPU's interrupt stack at a task-context event lost its exit: a
   * tracing instance enables its events one by one, so the first callbacks it sees may enter
   * before their exit event is on (validate --cpu's udp64-20k, 2026-12-07: three
   * hrtimer_wakeup entries 50 ms before the flood, no exits). Left open, such a frame stays
   * innermost for the rest of the trace and takes every later nanosecond of that CPU, leaving
   * each syscall an own time of zero.
   */
  private void dropInterruptStack(Cpu c) {
    while (!c.stack.isEmpty()) {
      drop(c.stack.remove(c.stack.size() - 1));
    }
  }

  /** A frame events are counted in even when nothing is open (discarded). */
  private final Frame nowhere = new Frame();

  private Frame count(Cpu c) {
    Frame f = innermost(c);
    return f == null ? nowhere : f;
  }

  private Frame innermost(Cpu c) {
    if (!c.stack.isEmpty()) {
      return c.stack.get(c.stack.size() - 1);
    }
    if (c.current <= 0) {
      return null;
    }
    TaskState t = tasks.get(c.current);
    if (t == null) {
      t = task(c.current);
    }
    return t.syscall != null ? t.syscall : t.user;
  }

  private Frame push(Cpu c, TraceEvent e, SpanKind kind, String label, int id) {
    Frame f = new Frame();
    f.kind = kind;
    f.label = label;
    f.id = id;
    f.start = e.ts;
    f.comm = e.comm;
    f.cpu = e.cpu;
    c.stack.add(f);
    return f;
  }

  private void pop(Cpu c, TraceEvent e, SpanKind kind, int id) {
    for (int i = c.stack.size() - 1; i >= 0; i--) {
      Frame f = c.stack.get(i);
      if (f.kind == kind && f.id == id) {
        // frames above it lost their exit: dropped
        while (c.stack.size() > i + 1) {
          drop(c.stack.remove(c.stack.size() - 1));
        }
        c.stack.remove(i);
        close(f, e.ts, 0);
        return;
      }
    }
    orphanExits++;
  }

  private void close(Frame f, long end, long bytes) {
    Span s = new Span(f.kind, f.label, f.cpu, f.start, end, f.self, f.user, f.polls, f.work,
        f.rx, f.frees, f.xmits, f.queued, f.timers, f.raises, bytes, f.blocked, f.comm,
        f.events);
    if (probe != null) {
      probe.closed(f, s);
    }
    sink.span(s);
  }

  private void drop(Frame f) {
    dropped++;
    if (probe != null) {
      probe.dropped(f);
    }
  }

  private void sysEnter(Cpu c, TraceEvent e) {
    TaskState t = task(e.pid);
    if (t.syscall != null) {
      drop(t.syscall); // its exit is missing
    }
    Frame f = new Frame();
    f.kind = SpanKind.SYSCALL;
    f.label = e.name;
    f.start = e.ts;
    f.comm = e.comm;
    f.cpu = e.cpu;
    if (t.slept) {
      // the time since the last traced exit went to an untraced sleeping syscall (its entry,
      // the switch away and back, its return): not this call's, and not user work either
      if (probe != null) {
        probe.dropped(t.user);
      }
    } else {
      f.user = t.user.self;
      f.events = t.user.events;
      if (probe != null) {
        probe.merged(t.user, f); // the user-space time before it is this call's
      }
    }
    t.user = new Frame();
    t.slept = false;
    t.syscall = f;
  }

  private void sysExit(Cpu c, TraceEvent e) {
    TaskState t = tasks.get(e.pid);
    if (t == null || t.syscall == null || !t.syscall.label.equals(e.name)) {
      orphanExits++;
      return;
    }
    Frame f = t.syscall;
    t.syscall = null;
    close(f, e.ts, e.ret > 0 ? e.ret : 0);
  }

  @Override
  public void lost(int cpu, long count) {
    reset(cpu);
  }

  @Override
  public void bufferStarted(int cpu) {
    reset(cpu);
  }

  private void reset(int cpu) {
    Cpu c = cpu(cpu);
    dropInterruptStack(c);
    if (c.current > 0) {
      TaskState t = tasks.get(c.current);
      if (t != null) {
        if (t.syscall != null) {
          drop(t.syscall);
          t.syscall = null;
        }
        if (probe != null) {
          probe.dropped(t.user);
        }
        t.user = new Frame();
        t.slept = false;
      }
    }
    c.last = Long.MIN_VALUE;
  }

  /** Spans dropped unfinished (lost events, a missing exit). */
  public long droppedSpans() {
    return dropped;
  }

  /** Exit events whose entry is not in the trace (it started inside them). */
  public long orphanExits() {
    return orphanExits;
  }

  private static final String[] VECS = {"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
      "TASKLET", "SCHED", "HRTIMER", "RCU"};

  /** softirq_to_name[] (kernel/softirq.c). */
  public static String vecName(int vec) {
    return vec >= 0 && vec < VECS.length ? VECS[vec] : "vec" + vec;
  }
}
