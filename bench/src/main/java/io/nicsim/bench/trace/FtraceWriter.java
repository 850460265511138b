package io.nicsim.bench.trace;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.host.Host;
import io.nicsim.core.trace.Tracer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Writes trace events as {@code trace-cmd report} prints them (tracecmd/trace-read.c with
 * libtraceevent's time format):
 *
 * <pre>
 * cpus=2
 *           iperf3-1234  [001]     0.000512: net_dev_queue:        dev=eth0 skbaddr=0x... len=106
 * </pre>
 *
 * i.e. {@code "%16s-%-5d [%03d] %5llu.%06llu: %s: "}, the event name padded to 20 columns,
 * then the kernel's TP_printk text for the event. Times are simulated and rounded to the
 * microsecond as trace-cmd rounds them; unlike trace-cmd, times under one second keep the
 * {@code s.us} form so that Perfetto's text importer reads every line. Pointers are stable
 * made-up addresses (one per timer, NAPI and skb).
 *
 * <p>Events arrive in simulation order, which is per-core time order; trace-cmd merges the
 * per-CPU buffers by time. Since no future event can be earlier than the simulator's clock,
 * events up to it are flushed in (time, arrival) order as the clock advances.
 */
public final class FtraceWriter implements Tracer {
  private static final String SPACES = "                    ";
  private static final long TIMER_BASE = 0xffff000010000000L;
  private static final long NAPI_BASE = 0xffff000018000000L;
  private static final long SKB_BASE = 0xffff000020000000L;

  private final Writer out;
  private final PriorityQueue<Line> pending =
      new PriorityQueue<>((a, b) -> a.ts != b.ts ? Long.compare(a.ts, b.ts) : Long.compare(a.seq, b.seq));
  private final Map<String, Long> timerAddr = new HashMap<>();
  private final Map<String, Long> napiAddr = new HashMap<>();
  private final Map<Integer, String> taskComm = new HashMap<>();
  private Host host;
  private boolean headerDone;
  private long seq;
  private long lines;

  private record Line(long ts, long seq, String text) {}

  /** The header is written when the writer is bound to its host (or finished). */
  public FtraceWriter(Writer out) {
    this.out = out;
  }

  /**
   * Binds to the host, to tell task context from interrupt context and to read its clock, and
   * writes trace-cmd's {@code cpus=N} header.
   */
  public void bind(Host h) {
    header(h.cpu().cores());
    this.host = h;
  }

  /** Writes the header for {@code cpus} CPUs (once). */
  public void header(int cpus) {
    if (!headerDone) {
      headerDone = true;
      write("cpus=" + cpus + "\n");
    }
  }

  /** The task that runs in process context on {@code cpu} (an application). */
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
      if (core.inWork() && core.context() == CpuContext.TASK) {
        String t = taskComm.get(cpu);
        if (t != null) {
          comm = t;
          pid = 1234 + cpu;
        }
      }
    }
    long us = (ts + 500) / 1000;
    StringBuilder sb = new StringBuilder(128);
    sb.append(String.format(Locale.ROOT, "%16s-%-5d [%03d] %5d.%06d: %s: ", comm, pid, cpu,
        us / 1_000_000, us % 1_000_000, name));
    if (name.length() < 20) {
      sb.append(SPACES, 0, 20 - name.length());
    }
    sb.append(info).append('\n');
    pending.add(new Line(ts, seq++, sb.toString()));
    long horizon = host == null || !headerDone ? -1 : host.sim().now();
    while (!pending.isEmpty() && pending.peek().ts <= horizon) {
      write(pending.poll().text);
      lines++;
    }
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
}
