package io.nicsim.formats.trace;

import io.nicsim.core.host.Host;
import io.nicsim.core.trace.Tracer;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends every event to several tracers (an ftrace file and a plot's timeline, nicsim's writer
 * and an attribution's observer). A tee of trace files is itself a trace file: binding,
 * the window, the tasks and the end reach each file.
 */
public final class TeeTracer implements TraceFile {
  private final Tracer[] sinks;
  /** The sinks that are files, which also get the file's lifecycle calls. */
  private final TraceFile[] files;

  private TeeTracer(List<? extends Tracer> sinks, List<TraceFile> files) {
    this.sinks = sinks.toArray(new Tracer[0]);
    this.files = files.toArray(new TraceFile[0]);
  }

  /**
   * NONE for no tracer, the tracer itself for one, a tee for more; the host binds the trace
   * files among them through the tee.
   */
  public static Tracer of(List<Tracer> tracers) {
    List<Tracer> on = new ArrayList<>();
    for (Tracer t : tracers) {
      if (t != null && t != Tracer.NONE) {
        on.add(t);
      }
    }
    if (on.isEmpty()) {
      return Tracer.NONE;
    }
    if (on.size() == 1) {
      return on.get(0);
    }
    List<TraceFile> files = new ArrayList<>();
    for (Tracer t : on) {
      if (t instanceof TraceFile f) {
        files.add(f);
      }
    }
    return new TeeTracer(on, files);
  }

  /** The file itself for one, a tee of them for more (at least one). */
  public static TraceFile ofFiles(List<TraceFile> files) {
    if (files.isEmpty()) {
      throw new IllegalArgumentException("a tee of no trace file");
    }
    return files.size() == 1 ? files.get(0) : new TeeTracer(files, files);
  }

  @Override
  public void bind(Host h) {
    for (TraceFile f : files) {
      f.bind(h);
    }
  }

  @Override
  public void window(long fromNs, long toNs) {
    for (TraceFile f : files) {
      f.window(fromNs, toNs);
    }
  }

  @Override
  public void setTask(int cpu, String comm) {
    for (TraceFile f : files) {
      f.setTask(cpu, comm);
    }
  }

  @Override
  public void finish() {
    for (TraceFile f : files) {
      f.finish();
    }
  }

  @Override
  public boolean enabled() {
    return true;
  }

  @Override
  public void hrtimerStart(long ts, int cpu, String timer, String function, long expires,
      long softexpires) {
    for (Tracer t : sinks) {
      t.hrtimerStart(ts, cpu, timer, function, expires, softexpires);
    }
  }

  @Override
  public void hrtimerCancel(long ts, int cpu, String timer) {
    for (Tracer t : sinks) {
      t.hrtimerCancel(ts, cpu, timer);
    }
  }

  @Override
  public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
    for (Tracer t : sinks) {
      t.hrtimerExpireEntry(ts, cpu, timer, function, now);
    }
  }

  @Override
  public void hrtimerExpireExit(long ts, int cpu, String timer) {
    for (Tracer t : sinks) {
      t.hrtimerExpireExit(ts, cpu, timer);
    }
  }

  @Override
  public void timerStart(long ts, int cpu, String timer, String function, long expiresJiffies,
      long nowJiffies) {
    for (Tracer t : sinks) {
      t.timerStart(ts, cpu, timer, function, expiresJiffies, nowJiffies);
    }
  }

  @Override
  public void timerExpireEntry(long ts, int cpu, String timer, String function,
      long nowJiffies) {
    for (Tracer t : sinks) {
      t.timerExpireEntry(ts, cpu, timer, function, nowJiffies);
    }
  }

  @Override
  public void irqHandlerEntry(long ts, int cpu, int irq, String name) {
    for (Tracer t : sinks) {
      t.irqHandlerEntry(ts, cpu, irq, name);
    }
  }

  @Override
  public void irqHandlerExit(long ts, int cpu, int irq, boolean handled) {
    for (Tracer t : sinks) {
      t.irqHandlerExit(ts, cpu, irq, handled);
    }
  }

  @Override
  public void softirqRaise(long ts, int cpu, int vec) {
    for (Tracer t : sinks) {
      t.softirqRaise(ts, cpu, vec);
    }
  }

  @Override
  public void softirqEntry(long ts, int cpu, int vec) {
    for (Tracer t : sinks) {
      t.softirqEntry(ts, cpu, vec);
    }
  }

  @Override
  public void softirqExit(long ts, int cpu, int vec) {
    for (Tracer t : sinks) {
      t.softirqExit(ts, cpu, vec);
    }
  }

  @Override
  public void napiPoll(long ts, int cpu, String napi, String dev, int work, int budget) {
    for (Tracer t : sinks) {
      t.napiPoll(ts, cpu, napi, dev, work, budget);
    }
  }

  @Override
  public void netDevQueue(long ts, int cpu, String dev, long skb, int len) {
    for (Tracer t : sinks) {
      t.netDevQueue(ts, cpu, dev, skb, len);
    }
  }

  @Override
  public void netDevStartXmit(long ts, int cpu, String dev, long skb, int len,
      boolean xmitMore) {
    for (Tracer t : sinks) {
      t.netDevStartXmit(ts, cpu, dev, skb, len, xmitMore);
    }
  }

  @Override
  public void netDevXmit(long ts, int cpu, String dev, long skb, int len, int rc) {
    for (Tracer t : sinks) {
      t.netDevXmit(ts, cpu, dev, skb, len, rc);
    }
  }

  @Override
  public void netifReceiveSkb(long ts, int cpu, String dev, long skb, int len) {
    for (Tracer t : sinks) {
      t.netifReceiveSkb(ts, cpu, dev, skb, len);
    }
  }

  @Override
  public void consumeSkb(long ts, int cpu, long skb) {
    for (Tracer t : sinks) {
      t.consumeSkb(ts, cpu, skb);
    }
  }

  @Override
  public void preempted(long ts, int cpu, String site, long heldNs) {
    for (Tracer t : sinks) {
      t.preempted(ts, cpu, site, heldNs);
    }
  }

  @Override
  public void napiDefer(long ts, int cpu, String napi, String dev, int countLeft,
      long timeoutNs) {
    for (Tracer t : sinks) {
      t.napiDefer(ts, cpu, napi, dev, countLeft, timeoutNs);
    }
  }

  @Override
  public void busyPoll(long ts, int cpu, String napi, String phase, int work) {
    for (Tracer t : sinks) {
      t.busyPoll(ts, cpu, napi, phase, work);
    }
  }

  @Override
  public void sysEnter(long ts, int cpu, String syscall, long fd, long count) {
    for (Tracer t : sinks) {
      t.sysEnter(ts, cpu, syscall, fd, count);
    }
  }

  @Override
  public void sysExit(long ts, int cpu, String syscall, long ret) {
    for (Tracer t : sinks) {
      t.sysExit(ts, cpu, syscall, ret);
    }
  }

  @Override
  public void schedSwitch(long ts, int cpu, String prev, char prevState, String next) {
    for (Tracer t : sinks) {
      t.schedSwitch(ts, cpu, prev, prevState, next);
    }
  }
}
