package io.nicsim.boardtrace.model;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.TraceEvent;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;
import io.nicsim.core.trace.Tracer;
import io.nicsim.formats.trace.TraceFile;
import java.util.HashMap;
import java.util.Map;

/**
 * A model run's trace events as {@link TraceEvent}s, straight from the simulator's
 * {@link Tracer} calls (nanosecond times, no text in between), with the names nicsim's ftrace
 * writer prints: the IRQ line, the timer's callback, the device, the syscall, and ftrace's
 * {@code current} task (the application under the comm its traffic gives it, ksoftirqd, the
 * interrupted task, or the idle task as pid 0).
 */
public class TracerEvents implements TraceFile {
  private final EventSink sink;
  private final TraceEvent e = new TraceEvent();
  private final Map<Integer, String> taskComm = new HashMap<>();
  private final Map<String, Integer> pids = new HashMap<>();
  private final Map<String, Long> timerAddr = new HashMap<>();
  private Host host;

  public TracerEvents(EventSink sink) {
    this.sink = sink;
  }

  /** Reads the host's cores (the current task) from now on. */
  @Override
  public void bind(Host h) {
    this.host = h;
  }

  /** The comm of the task in process context on {@code cpu} (the application). */
  @Override
  public void setTask(int cpu, String comm) {
    taskComm.put(cpu, comm);
  }

  protected Host host() {
    return host;
  }

  @Override
  public boolean enabled() {
    return true;
  }

  /** The trace ended. */
  @Override
  public void finish() {
    sink.end();
  }

  private TraceEvent begin(EventKind kind, long ts, int cpu) {
    e.clear();
    e.kind = kind;
    e.ts = ts;
    e.cpu = cpu;
    Task t = null;
    if (host != null && cpu < host.cpu().cores()) {
      Core core = host.cpu().core(cpu);
      t = core.traceTask();
      if (core.inWork()) {
        e.context = switch (core.context()) {
          case HARDIRQ -> 'h';
          case SOFTIRQ -> 's';
          default -> '.';
        };
      }
    }
    e.pid = pid(t);
    e.comm = comm(t, cpu);
    return e;
  }

  private int pid(Task t) {
    return t == null ? 0 : pid(comm(t, t.core() == null ? 0 : t.core().id()));
  }

  /** A stable pid per comm, as nicsim's writer gives one. */
  private int pid(String comm) {
    return pids.computeIfAbsent(comm, k -> 1000 + pids.size());
  }

  private String comm(int cpu, String name) {
    return name.startsWith("ksoftirqd/") || isOtherTask(name) ? name
        : taskComm.getOrDefault(cpu, name);
  }

  /**
   * A task of the board's other load (core's OtherLoad, {@code other/CPU-N}) keeps its own name
   * on the application's CPU, so its time is told from the application's, as nicsim's ftrace
   * writer does.
   */
  private static boolean isOtherTask(String name) {
    return name.startsWith("other/");
  }

  private String comm(Task t, int cpu) {
    if (t == null) {
      return "<idle>";
    }
    Core core = host.cpu().core(cpu);
    return t == core.ksoftirqd() || isOtherTask(t.name()) ? t.name()
        : taskComm.getOrDefault(t.core() == null ? cpu : t.core().id(), t.name());
  }

  private long timer(String name) {
    return timerAddr.computeIfAbsent(name, n -> 0xffff000010000000L + 0x40L * timerAddr.size());
  }

  /** Hands the event on (subclasses look at the host first). */
  protected void emit(TraceEvent ev) {
    sink.event(ev);
  }

  @Override
  public void hrtimerStart(long ts, int cpu, String timer, String function, long expires,
      long softexpires) {
    TraceEvent ev = begin(EventKind.HRTIMER_START, ts, cpu);
    ev.addr = timer(timer);
    ev.name = function;
    ev.expires = expires;
    emit(ev);
  }

  @Override
  public void hrtimerCancel(long ts, int cpu, String timer) {
    TraceEvent ev = begin(EventKind.HRTIMER_CANCEL, ts, cpu);
    ev.addr = timer(timer);
    emit(ev);
  }

  @Override
  public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
    TraceEvent ev = begin(EventKind.HRTIMER_EXPIRE_ENTRY, ts, cpu);
    ev.addr = timer(timer);
    ev.name = function;
    emit(ev);
  }

  @Override
  public void hrtimerExpireExit(long ts, int cpu, String timer) {
    TraceEvent ev = begin(EventKind.HRTIMER_EXPIRE_EXIT, ts, cpu);
    ev.addr = timer(timer);
    emit(ev);
  }

  @Override
  public void irqHandlerEntry(long ts, int cpu, int irq, String name) {
    TraceEvent ev = begin(EventKind.IRQ_HANDLER_ENTRY, ts, cpu);
    ev.irq = irq;
    ev.name = name;
    emit(ev);
  }

  @Override
  public void irqHandlerExit(long ts, int cpu, int irq, boolean handled) {
    TraceEvent ev = begin(EventKind.IRQ_HANDLER_EXIT, ts, cpu);
    ev.irq = irq;
    ev.ret = handled ? 1 : 0;
    emit(ev);
  }

  @Override
  public void softirqRaise(long ts, int cpu, int vec) {
    TraceEvent ev = begin(EventKind.SOFTIRQ_RAISE, ts, cpu);
    ev.vec = vec;
    emit(ev);
  }

  @Override
  public void softirqEntry(long ts, int cpu, int vec) {
    TraceEvent ev = begin(EventKind.SOFTIRQ_ENTRY, ts, cpu);
    ev.vec = vec;
    emit(ev);
  }

  @Override
  public void softirqExit(long ts, int cpu, int vec) {
    TraceEvent ev = begin(EventKind.SOFTIRQ_EXIT, ts, cpu);
    ev.vec = vec;
    emit(ev);
  }

  @Override
  public void napiPoll(long ts, int cpu, String napi, String dev, int work, int budget) {
    TraceEvent ev = begin(EventKind.NAPI_POLL, ts, cpu);
    ev.name = dev;
    ev.work = work;
    ev.budget = budget;
    emit(ev);
  }

  @Override
  public void netDevQueue(long ts, int cpu, String dev, long skb, int len) {
    net(EventKind.NET_DEV_QUEUE, ts, cpu, dev, skb, len);
  }

  @Override
  public void netDevStartXmit(long ts, int cpu, String dev, long skb, int len,
      boolean xmitMore) {
    TraceEvent ev = begin(EventKind.NET_DEV_START_XMIT, ts, cpu);
    ev.name = dev;
    ev.addr = skb;
    ev.len = len;
    ev.xmitMore = xmitMore ? 1 : 0;
    emit(ev);
  }

  @Override
  public void netDevXmit(long ts, int cpu, String dev, long skb, int len, int rc) {
    TraceEvent ev = begin(EventKind.NET_DEV_XMIT, ts, cpu);
    ev.name = dev;
    ev.addr = skb;
    ev.len = len;
    ev.ret = rc;
    emit(ev);
  }

  @Override
  public void netifReceiveSkb(long ts, int cpu, String dev, long skb, int len) {
    net(EventKind.NETIF_RECEIVE_SKB, ts, cpu, dev, skb, len);
  }

  private void net(EventKind k, long ts, int cpu, String dev, long skb, int len) {
    TraceEvent ev = begin(k, ts, cpu);
    ev.name = dev;
    ev.addr = skb;
    ev.len = len;
    emit(ev);
  }

  @Override
  public void consumeSkb(long ts, int cpu, long skb) {
    TraceEvent ev = begin(EventKind.CONSUME_SKB, ts, cpu);
    ev.addr = skb;
    emit(ev);
  }

  @Override
  public void sysEnter(long ts, int cpu, String syscall, long fd, long count) {
    TraceEvent ev = begin(EventKind.SYS_ENTER, ts, cpu);
    ev.name = syscall;
    ev.count = count;
    emit(ev);
  }

  @Override
  public void sysExit(long ts, int cpu, String syscall, long ret) {
    TraceEvent ev = begin(EventKind.SYS_EXIT, ts, cpu);
    ev.name = syscall;
    ev.ret = ret;
    emit(ev);
  }

  @Override
  public void schedSwitch(long ts, int cpu, String prev, char prevState, String next) {
    TraceEvent ev = begin(EventKind.SCHED_SWITCH, ts, cpu);
    ev.prevComm = prev == null ? "swapper/" + cpu : comm(cpu, prev);
    ev.prevPid = prev == null ? 0 : pid(ev.prevComm);
    ev.prevState = prevState;
    ev.nextComm = next == null ? "swapper/" + cpu : comm(cpu, next);
    ev.nextPid = next == null ? 0 : pid(ev.nextComm);
    emit(ev);
  }

}
