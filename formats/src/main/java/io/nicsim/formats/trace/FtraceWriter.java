package io.nicsim.formats.trace;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Writes trace events as the kernel's {@code /sys/kernel/tracing/trace} file shows them
 * (kernel/trace/trace.c print_func_help_header_irq and trace_output.c), the layout Perfetto's
 * systrace/ftrace text importer and KernelShark's text readers take:
 *
 * <pre>
 * # tracer: nop
 * #
 * #                                _-----=&gt; irqs-off/BH-disabled
 * ...
 * #           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION
 * #              | |         |   |||||     |         |
 *           iperf3-1235    [001] .....     0.000512: net_dev_queue: dev=eth0 skbaddr=0x... len=106
 *           &lt;idle&gt;-0       [000] d.h..     0.000530: irq_handler_entry: irq=40 name=eth0
 * </pre>
 *
 * i.e. {@code "%16s-%-7d [%03d] %s %5llu.%06lu: %s: "} with the five latency flags (irqs-off,
 * need-resched, hardirq/softirq, preempt-depth, migrate-disable), then the kernel's TP_printk
 * text for the event. TASK-PID is ftrace's {@code current}: the application, ksoftirqd, the task
 * whose local_bh_enable runs the softirqs it raised, the task an interrupt interrupted, or
 * {@code <idle>-0}. The flags say the context (hardirq {@code d.h..}, softirq {@code ..s..});
 * preempt depth and need-resched are not modelled ({@code .}). Times are simulated and
 * rounded to the microsecond. Pointers and pids are stable made-up values.
 *
 * <p>Events arrive in simulation order, which is per-core time order; trace-cmd merges the
 * per-CPU buffers by time. Since no future event can be earlier than the simulator's clock,
 * events up to it are flushed in (time, arrival) order as the clock advances.
 */
public final class FtraceWriter implements TraceFile {
  private static final long TIMER_BASE = 0xffff000010000000L;
  private static final long NAPI_BASE = 0xffff000018000000L;
  private static final long SKB_BASE = 0xffff000020000000L;

  private final Writer out;
  private final PriorityQueue<Line> pending =
      new PriorityQueue<>((a, b) -> a.ts != b.ts ? Long.compare(a.ts, b.ts) : Long.compare(a.seq, b.seq));
  private final Map<String, Long> timerAddr = new HashMap<>();
  private final Map<String, Long> napiAddr = new HashMap<>();
  private final Map<Integer, String> taskComm = new HashMap<>();
  private final Map<String, Integer> taskPid = new HashMap<>();
  private final boolean nanoseconds;
  private Host host;
  private boolean headerDone;
  private long windowFrom = -1;
  private long windowTo = -1;
  private long seq;
  private long lines;

  private record Line(long ts, long seq, String text) {}

  /** The header is written when the writer is bound to its host (or finished). */
  public FtraceWriter(Writer out) {
    this(out, false);
  }

  /**
   * With {@code nanoseconds}, timestamps get 9 decimals, as {@code trace-cmd report -t} prints
   * them, instead of the trace file's 6.
   */
  public FtraceWriter(Writer out, boolean nanoseconds) {
    this.out = out;
    this.nanoseconds = nanoseconds;
  }

  @Override
  public void window(long fromNs, long toNs) {
    this.windowFrom = fromNs;
    this.windowTo = toNs;
  }

  /**
   * Binds to the host, to tell task context from interrupt context and to read its clock, and
   * writes ftrace's header.
   */
  @Override
  public void bind(Host h) {
    header(h.cpu().cores());
    this.host = h;
  }

  /** Writes ftrace's header for {@code cpus} CPUs (once). */
  public void header(int cpus) {
    if (!headerDone) {
      headerDone = true;
      write("# tracer: nop\n"
          + "#\n"
          + "# nicsim: simulated kernel, " + cpus + " CPUs (#P:" + cpus + ")\n"
          + (windowFrom < 0 ? "" : String.format(Locale.ROOT,
              "# nicsim: measured window %d.%09d..%d.%09d s\n", windowFrom / 1_000_000_000L,
              windowFrom % 1_000_000_000L, windowTo / 1_000_000_000L, windowTo % 1_000_000_000L))
          + "#\n"
          + "#                                _-----=> irqs-off/BH-disabled\n"
          + "#                               / _----=> need-resched\n"
          + "#                              | / _---=> hardirq/softirq\n"
          + "#                              || / _--=> preempt-depth\n"
          + "#                              ||| / _-=> migrate-disable\n"
          + "#                              |||| /     delay\n"
          + "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
          + "#              | |         |   |||||     |         |\n");
    }
  }

  /** The task that runs in process context on {@code cpu} (an application). */
  @Override
  public void setTask(int cpu, String comm) {
    taskComm.put(cpu, comm);
  }

  /** Lines written so far (excluding the header). */
  public long lines() {
    return lines;
  }

  @Override
  public boolean enabled() {
    return true;
  }

  /** Writes whatever is still buffered. */
  @Override
  public void finish() {
    header(1);
    while (!pending.isEmpty()) {
      write(pending.poll().text);
      lines++;
    }
  }

  private void emit(long ts, int cpu, String name, String info) {
    String comm = "<idle>";
    int pid = 0;
    if (host != null && cpu < host.cpu().cores()) {
      Core core = host.cpu().core(cpu);
      Task t = core.traceTask();
      if (t != null) {
        comm = comm(core, t);
        pid = pid(comm, cpu, t == core.ksoftirqd());
      }
    }
    emit(ts, cpu, comm, pid, name, info);
  }

  private String comm(Core core, Task t) {
    return t == core.ksoftirqd() || isOtherTask(t.name()) ? t.name()
        : taskComm.getOrDefault(core.id(), t.name());
  }

  /**
   * A task of a board's other load ({@code OtherLoad}, {@code other/CPU-N}): it keeps its own
   * name and pid on the application's CPU too, so that a trace of the run (and calibrate's
   * reading of it) tells the application's time from the other tasks' time, as the board's
   * sched_switch events do.
   */
  private static boolean isOtherTask(String name) {
    return name.startsWith("other/");
  }

  /** The same for a task known by name (sched_switch). */
  private String comm(int cpu, String name) {
    return name.startsWith("ksoftirqd/") || isOtherTask(name) ? name
        : taskComm.getOrDefault(cpu, name);
  }

  private void emit(long ts, int cpu, String comm, int pid, String name, String info) {
    String flags = ".....";
    if (host != null && cpu < host.cpu().cores()) {
      Core core = host.cpu().core(cpu);
      if (core.inWork()) {
        CpuContext ctx = core.context();
        flags = ctx == CpuContext.HARDIRQ ? "d.h.." : ctx == CpuContext.SOFTIRQ ? "..s.." : ".....";
      }
    }
    // "%16s-%-7d [%03d] %s %5llu.%06lu: %s: " written out (Formatter parses its pattern on
    // every call, which made tracing several times slower than the run)
    StringBuilder sb = new StringBuilder(128);
    padLeft(sb, comm, 16, ' ');
    sb.append('-');
    int at = sb.length();
    sb.append(pid);
    for (int i = sb.length() - at; i < 7; i++) {
      sb.append(' ');
    }
    sb.append(" [");
    padLeft(sb, Integer.toString(cpu), 3, '0');
    sb.append("] ").append(flags).append(' ');
    if (nanoseconds) {
      padLeft(sb, Long.toString(ts / 1_000_000_000L), 5, ' ');
      sb.append('.');
      padLeft(sb, Long.toString(ts % 1_000_000_000L), 9, '0');
    } else {
      long us = (ts + 500) / 1000;
      padLeft(sb, Long.toString(us / 1_000_000), 5, ' ');
      sb.append('.');
      padLeft(sb, Long.toString(us % 1_000_000), 6, '0');
    }
    sb.append(": ").append(name).append(": ");
    sb.append(info).append('\n');
    pending.add(new Line(ts, seq++, sb.toString()));
    long horizon = host == null || !headerDone ? -1 : host.sim().now();
    while (!pending.isEmpty() && pending.peek().ts <= horizon) {
      write(pending.poll().text);
      lines++;
    }
  }

  private static void padLeft(StringBuilder sb, String s, int width, char pad) {
    for (int i = s.length(); i < width; i++) {
      sb.append(pad);
    }
    sb.append(s);
  }

  private static String hex8(long v) {
    String h = Long.toHexString(v);
    return h.length() >= 8 ? h : "00000000".substring(h.length()) + h;
  }

  /** A stable made-up pid per task: ksoftirqd/N as early kernel threads, applications 1234+. */
  private int pid(String comm, int cpu, boolean ksoftirqd) {
    return taskPid.computeIfAbsent(comm, c -> ksoftirqd ? 12 + 8 * cpu
        : isOtherTask(c) ? 3000 + taskPid.size() : 1234 + cpu);
  }

  private void write(String s) {
    try {
      out.write(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String ptr(long addr) {
    return "0x" + Long.toHexString(addr);
  }

  private String timer(String name) {
    return ptr(timerAddr.computeIfAbsent(name, n -> TIMER_BASE + 0x40L * timerAddr.size()));
  }

  private String napi(String name) {
    return ptr(napiAddr.computeIfAbsent(name, n -> NAPI_BASE + 0x200L * napiAddr.size()));
  }

  private static String skb(long id) {
    return ptr(SKB_BASE + 0x100L * id);
  }

  @Override
  public void hrtimerStart(long ts, int cpu, String timer, String function, long expires,
      long softexpires) {
    emit(ts, cpu, "hrtimer_start", "hrtimer=" + timer(timer) + " function=" + function
        + " expires=" + expires + " softexpires=" + softexpires + " mode=REL");
  }

  @Override
  public void hrtimerCancel(long ts, int cpu, String timer) {
    emit(ts, cpu, "hrtimer_cancel", "hrtimer=" + timer(timer));
  }

  @Override
  public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
    emit(ts, cpu, "hrtimer_expire_entry", "hrtimer=" + timer(timer) + " function=" + function
        + " now=" + now);
  }

  @Override
  public void hrtimerExpireExit(long ts, int cpu, String timer) {
    emit(ts, cpu, "hrtimer_expire_exit", "hrtimer=" + timer(timer));
  }

  @Override
  public void timerStart(long ts, int cpu, String timer, String function, long expiresJiffies,
      long nowJiffies) {
    emit(ts, cpu, "timer_start", "timer=" + timer(timer) + " function=" + function
        + " expires=" + expiresJiffies + " [timeout=" + (expiresJiffies - nowJiffies) + "] cpu="
        + cpu + " idx=0 flags=");
  }

  @Override
  public void timerExpireEntry(long ts, int cpu, String timer, String function,
      long nowJiffies) {
    emit(ts, cpu, "timer_expire_entry", "timer=" + timer(timer) + " function=" + function
        + " now=" + nowJiffies + " baseclk=" + nowJiffies);
  }

  @Override
  public void irqHandlerEntry(long ts, int cpu, int irq, String name) {
    emit(ts, cpu, "irq_handler_entry", "irq=" + irq + " name=" + name);
  }

  @Override
  public void irqHandlerExit(long ts, int cpu, int irq, boolean handled) {
    emit(ts, cpu, "irq_handler_exit", "irq=" + irq + " ret=" + (handled ? "handled" : "unhandled"));
  }

  @Override
  public void softirqRaise(long ts, int cpu, int vec) {
    emit(ts, cpu, "softirq_raise", "vec=" + vec + " [action=" + Softirq.name(vec) + "]");
  }

  @Override
  public void softirqEntry(long ts, int cpu, int vec) {
    emit(ts, cpu, "softirq_entry", "vec=" + vec + " [action=" + Softirq.name(vec) + "]");
  }

  @Override
  public void softirqExit(long ts, int cpu, int vec) {
    emit(ts, cpu, "softirq_exit", "vec=" + vec + " [action=" + Softirq.name(vec) + "]");
  }

  @Override
  public void napiPoll(long ts, int cpu, String napi, String dev, int work, int budget) {
    emit(ts, cpu, "napi_poll", "napi poll on napi struct " + napi(napi) + " for device " + dev
        + " work " + work + " budget " + budget);
  }

  @Override
  public void netDevQueue(long ts, int cpu, String dev, long skb, int len) {
    emit(ts, cpu, "net_dev_queue", "dev=" + dev + " skbaddr=" + skb(skb) + " len=" + len);
  }

  @Override
  public void netDevStartXmit(long ts, int cpu, String dev, long skb, int len,
      boolean xmitMore) {
    emit(ts, cpu, "net_dev_start_xmit", "dev=" + dev + " queue_mapping=0 skbaddr=" + skb(skb)
        + " len=" + len + " xmit_more=" + (xmitMore ? 1 : 0));
  }

  @Override
  public void netDevXmit(long ts, int cpu, String dev, long skb, int len, int rc) {
    emit(ts, cpu, "net_dev_xmit", "dev=" + dev + " skbaddr=" + skb(skb) + " len=" + len
        + " rc=" + rc);
  }

  @Override
  public void netifReceiveSkb(long ts, int cpu, String dev, long skb, int len) {
    emit(ts, cpu, "netif_receive_skb", "dev=" + dev + " skbaddr=" + skb(skb) + " len=" + len);
  }

  @Override
  public void consumeSkb(long ts, int cpu, long skb) {
    emit(ts, cpu, "consume_skb", "skbaddr=" + skb(skb));
  }

  @Override
  public void preempted(long ts, int cpu, String site, long heldNs) {
    // as trace_printk prints (bprint: the caller, then the text); no kernel event traces this
    emit(ts, cpu, "bprint", site + ": nicsim --preempt held this CPU " + heldNs + " ns");
  }

  @Override
  public void napiDefer(long ts, int cpu, String napi, String dev, int countLeft,
      long timeoutNs) {
    // no kernel tracepoint: trace_printk's bprint at the function that decided it
    emit(ts, cpu, "bprint", "napi_complete_done: napi struct " + napi(napi) + " of " + dev
        + " defers hard irqs: defer_hard_irqs_count " + countLeft + ", napi_watchdog in "
        + timeoutNs + " ns");
  }

  @Override
  public void busyPoll(long ts, int cpu, String napi, String phase, int work) {
    emit(ts, cpu, "bprint", (phase.equals("stop") ? "busy_poll_stop" : "__napi_busy_loop")
        + ": napi struct " + napi(napi) + " work " + work);
  }

  @Override
  public void sysEnter(long ts, int cpu, String syscall, long fd, long count) {
    // the syscall event's print fmt (include/trace/syscall.h, as trace-cmd prints it)
    String args = syscall.equals("sendto")
        ? "fd: 0x" + hex8(fd) + ", buff: 0x00000000, len: 0x" + hex8(count)
            + ", flags: 0x00000000, addr: 0x00000000, addr_len: 0x00000010"
        : "fd: 0x" + hex8(fd) + ", buf: 0x00000000, count: 0x" + hex8(count);
    emit(ts, cpu, "sys_enter_" + syscall, args);
  }

  @Override
  public void sysExit(long ts, int cpu, String syscall, long ret) {
    emit(ts, cpu, "sys_exit_" + syscall, "0x" + Long.toHexString(ret));
  }

  @Override
  public void schedSwitch(long ts, int cpu, String prev, char prevState, String next) {
    // include/trace/events/sched.h sched_switch; the line's task is prev (current until the
    // switch)
    String prevComm = prev == null ? "swapper/" + cpu : comm(cpu, prev);
    int prevPid = prev == null ? 0 : pid(prevComm, cpu, prev.startsWith("ksoftirqd/"));
    String nextComm = next == null ? "swapper/" + cpu : comm(cpu, next);
    int nextPid = next == null ? 0 : pid(nextComm, cpu, next.startsWith("ksoftirqd/"));
    emit(ts, cpu, prev == null ? "<idle>" : prevComm, prevPid, "sched_switch", "prev_comm="
        + prevComm + " prev_pid=" + prevPid + " prev_prio=120 prev_state=" + prevState
        + " ==> next_comm=" + nextComm + " next_pid=" + nextPid + " next_prio=120");
  }
}
