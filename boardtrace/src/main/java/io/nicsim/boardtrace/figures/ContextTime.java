package io.nicsim.boardtrace.figures;

import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.TraceEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Each CPU's time by context, as mpstat splits it, from a trace's events over a window: hard
 * interrupt ({@code %irq}: an IRQ handler, or an hrtimer callback outside a softirq, which runs
 * in hrtimer_interrupt), softirq ({@code %soft}), a task inside a traced syscall
 * ({@code %sys}), a task elsewhere ({@code %usr}: its user space and the syscalls the trace did
 * not record), and the idle task ({@code %idle}). The time between two consecutive events on a
 * CPU belongs to the state the first one left, as {@code SpanBuilder} gives a span its own
 * time. Task time is also kept per task ({@code comm:pid}), so a CPU's time off the traffic's
 * own task (other tasks, another engineer's build, the peer's receiver sharing the CPU) can be
 * told. Time after a CPU's lost events, until its next event, is nobody's.
 */
public final class ContextTime implements EventSink {
  /** The contexts, in mpstat's order. */
  public static final List<String> CONTEXTS = List.of("irq", "soft", "sys", "usr", "idle");

  private static final int IRQ = 0;
  private static final int SOFT = 1;
  private static final int SYS = 2;
  private static final int USR = 3;
  private static final int IDLE = 4;

  private final long from;
  private final long to;
  private final List<Cpu> cpus = new ArrayList<>();
  private final Map<Integer, Boolean> inSyscall = new HashMap<>();
  private final Map<Integer, String> comms = new HashMap<>();

  private static final class Cpu {
    long last = Long.MIN_VALUE;
    int irqDepth;
    int softDepth;
    int timerDepth;
    int pid = -1;
    final long[] ns = new long[5];
    /** Events whose cost landed in each context (the context right after the event). */
    final long[] events = new long[5];
    /** Per task: {time, syscall time, events in its syscalls}. */
    final Map<Integer, long[]> byTask = new HashMap<>();
  }

  /** The tracing's own cost per event (ns), taken off the time of the context it landed in. */
  private double tracingNs;

  /**
   * Takes {@code nsPerEvent} off each context's time for every event whose cost landed there
   * (the context right after the event; its window only): the traced kernel's time less what
   * the tracing itself cost, the untraced kernel's split as mpstat would show it.
   */
  public ContextTime lessTracing(double nsPerEvent) {
    if (!(nsPerEvent >= 0)) {
      throw new IllegalArgumentException("tracing cost per event " + nsPerEvent
          + " ns (accepted: 0 or more)");
    }
    this.tracingNs = nsPerEvent;
    return this;
  }

  /**
   * @param fromNs window start
   * @param toNs window end (exclusive)
   */
  public ContextTime(long fromNs, long toNs) {
    this.from = fromNs;
    this.to = toNs;
  }

  private Cpu cpu(int c) {
    while (cpus.size() <= c) {
      cpus.add(new Cpu());
    }
    return cpus.get(c);
  }

  @Override
  public void event(TraceEvent e) {
    Cpu c = cpu(e.cpu);
    if (c.pid < 0) {
      c.pid = e.pid;
    }
    if (c.last != Long.MIN_VALUE && e.ts > c.last) {
      long a = Math.max(c.last, from);
      long b = Math.min(e.ts, to);
      if (b > a) {
        int ctx = context(c);
        c.ns[ctx] += b - a;
        if (ctx == SYS || ctx == USR) {
          long[] t = c.byTask.computeIfAbsent(c.pid, k -> new long[3]);
          t[0] += b - a;
          if (ctx == SYS) {
            t[1] += b - a;
          }
        }
      }
    }
    c.last = e.ts;
    if (e.comm != null && e.pid > 0) {
      comms.put(e.pid, e.comm); // the latest: a task exec()s into its program
    }
    switch (e.kind) {
      case IRQ_HANDLER_ENTRY -> c.irqDepth++;
      case IRQ_HANDLER_EXIT -> c.irqDepth = Math.max(0, c.irqDepth - 1);
      case SOFTIRQ_ENTRY -> c.softDepth++;
      case SOFTIRQ_EXIT -> c.softDepth = Math.max(0, c.softDepth - 1);
      case HRTIMER_EXPIRE_ENTRY -> c.timerDepth++;
      case HRTIMER_EXPIRE_EXIT -> c.timerDepth = Math.max(0, c.timerDepth - 1);
      case SYS_ENTER -> inSyscall.put(e.pid, Boolean.TRUE);
      case SYS_EXIT -> inSyscall.remove(e.pid);
      case SCHED_SWITCH -> {
        // no task switch happens inside an interrupt: what a lost exit left open is closed
        c.irqDepth = 0;
        c.softDepth = 0;
        c.timerDepth = 0;
        c.pid = e.nextPid;
        if (e.nextComm != null && e.nextPid > 0) {
          comms.put(e.nextPid, e.nextComm);
        }
        countEvent(c, e.ts);
        return;
      }
      default -> {
        // no change of context
      }
    }
    c.pid = e.pid;
    countEvent(c, e.ts);
  }

  /** The event's own cost lands in the context that runs right after it. */
  private void countEvent(Cpu c, long ts) {
    if (ts < from || ts >= to) {
      return;
    }
    int ctx = context(c);
    c.events[ctx]++;
    if (ctx == SYS) {
      c.byTask.computeIfAbsent(c.pid, k -> new long[3])[2]++;
    }
  }

  private int context(Cpu c) {
    if (c.irqDepth > 0 || (c.timerDepth > 0 && c.softDepth == 0)) {
      return IRQ;
    }
    if (c.softDepth > 0) {
      return SOFT;
    }
    if (c.pid == 0) {
      return IDLE;
    }
    return inSyscall.containsKey(c.pid) ? SYS : USR;
  }

  @Override
  public void lost(int cpu, long count) {
    Cpu c = cpu(cpu);
    c.last = Long.MIN_VALUE;
    c.irqDepth = 0;
    c.softDepth = 0;
    c.timerDepth = 0;
  }

  @Override
  public void bufferStarted(int cpu) {
    lost(cpu, -1);
  }

  /** CPUs with events. */
  public int cpus() {
    return cpus.size();
  }

  /** Per cent of the window {@code cpu} spent in context {@code ctx} (one of {@link #CONTEXTS}). */
  public double percent(int cpu, String ctx) {
    if (cpu >= cpus.size()) {
      return 0;
    }
    Cpu c = cpus.get(cpu);
    int i = CONTEXTS.indexOf(ctx);
    return 100.0 * Math.max(0, c.ns[i] - tracingNs * c.events[i]) / (to - from);
  }

  /** Per cent of the window {@code cpu} ran each task ({@code comm:pid}), largest first. */
  public Map<String, Double> tasks(int cpu) {
    TreeMap<String, Double> m = new TreeMap<>();
    if (cpu >= cpus.size()) {
      return m;
    }
    List<Map.Entry<Integer, long[]>> es = new ArrayList<>(cpus.get(cpu).byTask.entrySet());
    es.sort((x, y) -> x.getValue()[0] != y.getValue()[0]
        ? Long.compare(y.getValue()[0], x.getValue()[0]) : Integer.compare(x.getKey(), y.getKey()));
    Map<String, Double> out = new LinkedHashMap<>();
    for (Map.Entry<Integer, long[]> t : es) {
      out.put(comms.getOrDefault(t.getKey(), "?") + ":" + t.getKey(),
          100.0 * t.getValue()[0] / (to - from));
    }
    return out;
  }

  /**
   * Time off the traffic's own work on {@code cpu}, per cent of the window: the tasks other than
   * the application's busiest task there ({@code app} tells its comm) (its sender or receiver; a second task of the same name,
   * such as the peer's iperf3 on the same CPU, is another task).
   *
   * @return {other tasks' per cent, the app task's per cent}
   */
  public double[] offApp(int cpu, Predicate<String> app) {
    double own = 0;
    double all = 0;
    boolean found = false;
    for (Map.Entry<String, Double> t : tasks(cpu).entrySet()) {
      all += t.getValue();
      if (!found && app.test(t.getKey().substring(0, t.getKey().lastIndexOf(':')))) {
        own = t.getValue();
        found = true;
      }
    }
    return new double[] {all - own, own};
  }

  /**
   * Per cent of the window {@code cpu} spent in traced syscalls of the tasks whose comm
   * {@code who} accepts (the traffic's own system time, without other tasks' syscalls).
   */
  public double sysOf(int cpu, Predicate<String> who) {
    if (cpu >= cpus.size()) {
      return 0;
    }
    double ns = 0;
    for (Map.Entry<Integer, long[]> t : cpus.get(cpu).byTask.entrySet()) {
      if (who.test(comms.getOrDefault(t.getKey(), "?"))) {
        ns += Math.max(0, t.getValue()[1] - tracingNs * t.getValue()[2]);
      }
    }
    return 100.0 * ns / (to - from);
  }

  /** The rows compare prints: each CPU's contexts, in per cent of the window. */
  public List<Figure> rows() {
    List<Figure> rows = new ArrayList<>();
    for (int c = 0; c < cpus.size(); c++) {
      if (cpus.get(c).last == Long.MIN_VALUE && sum(cpus.get(c).ns) == 0) {
        continue;
      }
      for (String ctx : CONTEXTS) {
        rows.add(new Figure("CPU %" + ctx + " cpu" + c, "%", percent(c, ctx)));
      }
    }
    return rows;
  }

  private static long sum(long[] a) {
    long s = 0;
    for (long v : a) {
      s += v;
    }
    return s;
  }
}
