package io.nicsim.formats.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes trace events in Chrome's Trace Event Format (the JSON object form,
 * {@code {"traceEvents": [...], "displayTimeUnit": "ns"}}), which Perfetto UI and
 * chrome://tracing open. One process (pid 1, the simulated host), one thread per CPU (tid = CPU
 * number, named {@code CPU n} by metadata events). Hard interrupt handlers, softirq actions and
 * hrtimer callbacks are duration events ({@code ph} B/E, nested as they run, each E named as
 * its B, by which Perfetto pairs them); every other
 * kernel event is a thread-scoped instant ({@code ph} i, {@code s} t) named as its ftrace event,
 * with the tracepoint's fields as {@code args}. {@code ts} is in microseconds with nanosecond
 * decimals. Written with Jackson's streaming generator as the run goes.
 */
public final class ChromeTraceWriter implements TraceFile {
  private static final int PID = 1;
  private static final long TIMER_BASE = 0xffff000010000000L;
  private static final long SKB_BASE = 0xffff000020000000L;

  private final JsonGenerator g;
  private final Map<String, Long> timerAddr = new HashMap<>();
  private final Map<Integer, String> taskComm = new HashMap<>();
  /**
   * Per CPU, the names of the duration slices open on it, innermost last: an E event carries
   * its B's name, as Perfetto's importer matches them (SliceTracker ends the innermost open
   * slice of that name and category; an E named otherwise closes nothing).
   */
  private final Map<Integer, ArrayDeque<String>> open = new HashMap<>();
  /** CPUs whose thread_name metadata is written (each before its first event). */
  private final BitSet named = new BitSet();
  private Host host;
  private boolean started;

  public ChromeTraceWriter(Writer out) {
    try {
      this.g = new JsonFactory().createGenerator(out);
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void bind(Host h) {
    this.host = h;
    start(h.cpu().cores());
  }

  private void start(int cpus) { // cpus: for the header only; threads are named as they appear
    if (started) {
      return;
    }
    started = true;
    try {
      g.writeStartObject();
      g.writeStringField("displayTimeUnit", "ns");
      g.writeObjectFieldStart("otherData");
      g.writeStringField("producer", "nicsim (simulated kernel; times are simulated)");
      g.writeEndObject();
      g.writeArrayFieldStart("traceEvents");
      metadata("process_name", -1, "nicsim host");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void metadata(String name, int tid, String value) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", name);
    g.writeStringField("ph", "M");
    g.writeNumberField("pid", PID);
    g.writeNumberField("tid", Math.max(tid, 0));
    g.writeObjectFieldStart("args");
    g.writeStringField("name", value);
    g.writeEndObject();
    g.writeEndObject();
  }

  @Override
  public void setTask(int cpu, String comm) {
    taskComm.put(cpu, comm);
  }

  @Override
  public boolean enabled() {
    return true;
  }

  @Override
  public void finish() {
    start(1);
    try {
      g.writeEndArray();
      g.writeEndObject();
      g.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Starts a duration slice (ph B) named {@code name} on {@code cpu}. */
  private void beginSlice(long ts, int cpu, String cat, String name) {
    open.computeIfAbsent(cpu, k -> new ArrayDeque<>()).addLast(name);
    begin(ts, cpu, "B", cat, name);
  }

  /** Ends the innermost slice open on {@code cpu} (ph E, under its B's name). */
  private void endSlice(long ts, int cpu, String cat, String fallback) {
    ArrayDeque<String> names = open.get(cpu);
    begin(ts, cpu, "E", cat, names == null || names.isEmpty() ? fallback : names.removeLast());
  }

  /** Starts one event; the caller adds its args and ends it with {@link #end}. */
  private void begin(long ts, int cpu, String ph, String cat, String name) {
    start(1);
    try {
      if (!named.get(cpu)) {
        named.set(cpu);
        metadata("thread_name", cpu, "CPU " + cpu);
      }
      g.writeStartObject();
      g.writeStringField("name", name);
      g.writeStringField("cat", cat);
      g.writeStringField("ph", ph);
      g.writeFieldName("ts");
      g.writeNumber(BigDecimal.valueOf(ts, 3)); // ns -> µs, exact
      g.writeNumberField("pid", PID);
      g.writeNumberField("tid", cpu);
      if (ph.equals("i")) {
        g.writeStringField("s", "t");
      }
      g.writeObjectFieldStart("args");
      String comm = comm(cpu);
      if (comm != null) {
        g.writeStringField("task", comm);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void end() {
    try {
      g.writeEndObject(); // args
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void arg(String k, String v) {
    try {
      g.writeStringField(k, v);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void arg(String k, long v) {
    try {
      g.writeNumberField(k, v);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** ftrace's current task for the CPU (see {@link Core#traceTask()}), null for idle. */
  private String comm(int cpu) {
    if (host == null || cpu >= host.cpu().cores()) {
      return null;
    }
    Core core = host.cpu().core(cpu);
    Task t = core.traceTask();
    if (t == null) {
      return null;
    }
    return t == core.ksoftirqd() ? t.name() : taskComm.getOrDefault(cpu, t.name());
  }

  private String timer(String name) {
    return "0x" + Long.toHexString(
        timerAddr.computeIfAbsent(name, n -> TIMER_BASE + 0x40L * timerAddr.size()));
  }

  private static String skb(long id) {
    return "0x" + Long.toHexString(SKB_BASE + 0x100L * id);
  }

  @Override
  public void hrtimerStart(long ts, int cpu, String timer, String function, long expires,
      long softexpires) {
    begin(ts, cpu, "i", "timer", "hrtimer_start");
    arg("hrtimer", timer(timer));
    arg("function", function);
    arg("expires", expires);
    arg("softexpires", softexpires);
    end();
  }

  @Override
  public void hrtimerCancel(long ts, int cpu, String timer) {
    begin(ts, cpu, "i", "timer", "hrtimer_cancel");
    arg("hrtimer", timer(timer));
    end();
  }

  @Override
  public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
    beginSlice(ts, cpu, "timer", function);
    arg("hrtimer", timer(timer));
    arg("now", now);
    end();
  }

  @Override
  public void hrtimerExpireExit(long ts, int cpu, String timer) {
    endSlice(ts, cpu, "timer", "hrtimer_expire_exit");
    end();
  }

  @Override
  public void timerStart(long ts, int cpu, String timer, String function, long expiresJiffies,
      long nowJiffies) {
    begin(ts, cpu, "i", "timer", "timer_start");
    arg("timer", timer(timer));
    arg("function", function);
    arg("expires", expiresJiffies);
    arg("timeout", expiresJiffies - nowJiffies);
    end();
  }

  @Override
  public void timerExpireEntry(long ts, int cpu, String timer, String function,
      long nowJiffies) {
    begin(ts, cpu, "i", "timer", "timer_expire_entry");
    arg("timer", timer(timer));
    arg("function", function);
    arg("now", nowJiffies);
    end();
  }

  @Override
  public void irqHandlerEntry(long ts, int cpu, int irq, String name) {
    beginSlice(ts, cpu, "irq", "irq " + irq + " " + name);
    arg("irq", irq);
    arg("name", name);
    end();
  }

  @Override
  public void irqHandlerExit(long ts, int cpu, int irq, boolean handled) {
    endSlice(ts, cpu, "irq", "irq_handler_exit");
    arg("ret", handled ? "handled" : "unhandled");
    end();
  }

  @Override
  public void softirqRaise(long ts, int cpu, int vec) {
    begin(ts, cpu, "i", "softirq", "softirq_raise");
    arg("vec", vec);
    arg("action", Softirq.name(vec));
    end();
  }

  @Override
  public void softirqEntry(long ts, int cpu, int vec) {
    beginSlice(ts, cpu, "softirq", Softirq.name(vec));
    arg("vec", vec);
    end();
  }

  @Override
  public void softirqExit(long ts, int cpu, int vec) {
    endSlice(ts, cpu, "softirq", Softirq.name(vec));
    arg("vec", vec);
    end();
  }

  @Override
  public void napiPoll(long ts, int cpu, String napi, String dev, int work, int budget) {
    begin(ts, cpu, "i", "napi", "napi_poll");
    arg("napi", napi);
    arg("dev", dev);
    arg("work", work);
    arg("budget", budget);
    end();
  }

  @Override
  public void netDevQueue(long ts, int cpu, String dev, long skb, int len) {
    begin(ts, cpu, "i", "net", "net_dev_queue");
    arg("dev", dev);
    arg("skbaddr", skb(skb));
    arg("len", len);
    end();
  }

  @Override
  public void netDevStartXmit(long ts, int cpu, String dev, long skb, int len,
      boolean xmitMore) {
    begin(ts, cpu, "i", "net", "net_dev_start_xmit");
    arg("dev", dev);
    arg("skbaddr", skb(skb));
    arg("len", len);
    arg("xmit_more", xmitMore ? 1 : 0);
    end();
  }

  @Override
  public void netDevXmit(long ts, int cpu, String dev, long skb, int len, int rc) {
    begin(ts, cpu, "i", "net", "net_dev_xmit");
    arg("dev", dev);
    arg("skbaddr", skb(skb));
    arg("len", len);
    arg("rc", rc);
    end();
  }

  @Override
  public void netifReceiveSkb(long ts, int cpu, String dev, long skb, int len) {
    begin(ts, cpu, "i", "net", "netif_receive_skb");
    arg("dev", dev);
    arg("skbaddr", skb(skb));
    arg("len", len);
    end();
  }

  @Override
  public void consumeSkb(long ts, int cpu, long skb) {
    begin(ts, cpu, "i", "skb", "consume_skb");
    arg("skbaddr", skb(skb));
    end();
  }

  @Override
  public void preempted(long ts, int cpu, String site, long heldNs) {
    begin(ts, cpu, "i", "explore", "preempted");
    arg("site", site);
    arg("held_ns", heldNs);
    end();
  }

  @Override
  public void napiDefer(long ts, int cpu, String napi, String dev, int countLeft,
      long timeoutNs) {
    begin(ts, cpu, "i", "napi", "napi_defer_hard_irqs");
    arg("napi", napi);
    arg("dev", dev);
    arg("defer_hard_irqs_count", countLeft);
    arg("timeout_ns", timeoutNs);
    end();
  }

  @Override
  public void busyPoll(long ts, int cpu, String napi, String phase, int work) {
    begin(ts, cpu, "i", "napi", phase.equals("stop") ? "busy_poll_stop" : "napi_busy_loop");
    arg("napi", napi);
    arg("work", work);
    end();
  }

  @Override
  public void sysEnter(long ts, int cpu, String syscall, long fd, long count) {
    beginSlice(ts, cpu, "syscall", "sys_" + syscall);
    arg("fd", fd);
    arg("count", count);
    end();
  }

  @Override
  public void sysExit(long ts, int cpu, String syscall, long ret) {
    endSlice(ts, cpu, "syscall", "sys_" + syscall);
    arg("ret", ret);
    end();
  }

  @Override
  public void schedSwitch(long ts, int cpu, String prev, char prevState, String next) {
    begin(ts, cpu, "i", "sched", "sched_switch");
    arg("prev", prev == null ? "swapper/" + cpu : prev);
    arg("prev_state", String.valueOf(prevState));
    arg("next", next == null ? "swapper/" + cpu : next);
    end();
  }
}
