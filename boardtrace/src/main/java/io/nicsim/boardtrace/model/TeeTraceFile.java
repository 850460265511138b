package io.nicsim.boardtrace.model;

import io.nicsim.core.host.Host;
import io.nicsim.formats.trace.TraceFile;
import java.util.List;

/** One run's trace to several trace files: nicsim's writer and the attribution's observer. */
final class TeeTraceFile implements TraceFile {
  private final TraceFile[] files;

  TeeTraceFile(List<TraceFile> files) {
    this.files = files.toArray(new TraceFile[0]);
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
    for (TraceFile f : files) {
      f.hrtimerStart(ts, cpu, timer, function, expires, softexpires);
    }
  }

  @Override
  public void hrtimerCancel(long ts, int cpu, String timer) {
    for (TraceFile f : files) {
      f.hrtimerCancel(ts, cpu, timer);
    }
  }

  @Override
  public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
    for (TraceFile f : files) {
      f.hrtimerExpireEntry(ts, cpu, timer, function, now);
    }
  }

  @Override
  public void hrtimerExpireExit(long ts, int cpu, String timer) {
    for (TraceFile f : files) {
      f.hrtimerExpireExit(ts, cpu, timer);
    }
  }

  @Override
  public void timerStart(long ts, int cpu, String timer, String function, long expiresJiffies,
      long nowJiffies) {
    for (TraceFile f : files) {
      f.timerStart(ts, cpu, timer, function, expiresJiffies, nowJiffies);
    }
  }

  @Override
  public void timerExpireEntry(long ts, int cpu, String timer, String function,
      long nowJiffies) {
    for (TraceFile f : files) {
      f.timerExpireEntry(ts, cpu, timer, function, nowJiffies);
    }
  }

  @Override
  public void irqHandlerEntry(long ts, int cpu, int irq, String name) {
    for (TraceFile f : files) {
      f.irqHandlerEntry(ts, cpu, irq, name);
    }
  }

  @Override
  public void irqHandlerExit(long ts, int cpu, int irq, boolean handled) {
    for (TraceFile f : files) {
      f.irqHandlerExit(ts, cpu, irq, handled);
    }
  }

  @Override
  public void softirqRaise(long ts, int cpu, int vec) {
    for (TraceFile f : files) {
      f.softirqRaise(ts, cpu, vec);
    }
  }

  @Override
  public void softirqEntry(long ts, int cpu, int vec) {
    for (TraceFile f : files) {
      f.softirqEntry(ts, cpu, vec);
    }
  }

  @Override
  public void softirqExit(long ts, int cpu, int vec) {
    for (TraceFile f : files) {
      f.softirqExit(ts, cpu, vec);
    }
  }

  @Override
  public void napiPoll(long ts, int cpu, String napi, String dev, int work, int budget) {
    for (TraceFile f : files) {
      f.napiPoll(ts, cpu, napi, dev, work, budget);
    }
  }

  @Override
  public void netDevQueue(long ts, int cpu, String dev, long skb, int len) {
    for (TraceFile f : files) {
      f.netDevQueue(ts, cpu, dev, skb, len);
    }
  }

  @Override
  public void netDevStartXmit(long ts, int cpu, String dev, long skb, int len,
      boolean xmitMore) {
    for (TraceFile f : files) {
      f.netDevStartXmit(ts, cpu, dev, skb, len, xmitMore);
    }
  }

  @Override
  public void netDevXmit(long ts, int cpu, String dev, long skb, int len, int rc) {
    for (TraceFile f : files) {
      f.netDevXmit(ts, cpu, dev, skb, len, rc);
    }
  }

  @Override
  public void netifReceiveSkb(long ts, int cpu, String dev, long skb, int len) {
    for (TraceFile f : files) {
      f.netifReceiveSkb(ts, cpu, dev, skb, len);
    }
  }

  @Override
  public void consumeSkb(long ts, int cpu, long skb) {
    for (TraceFile f : files) {
      f.consumeSkb(ts, cpu, skb);
    }
  }

  @Override
  public void sysEnter(long ts, int cpu, String syscall, long fd, long count) {
    for (TraceFile f : files) {
      f.sysEnter(ts, cpu, syscall, fd, count);
    }
  }

  @Override
  public void sysExit(long ts, int cpu, String syscall, long ret) {
    for (TraceFile f : files) {
      f.sysExit(ts, cpu, syscall, ret);
    }
  }

  @Override
  public void schedSwitch(long ts, int cpu, String prev, char prevState, String next) {
    for (TraceFile f : files) {
      f.schedSwitch(ts, cpu, prev, prevState, next);
    }
  }

  @Override
  public void preempted(long ts, int cpu, String site, long heldNs) {
    for (TraceFile f : files) {
      f.preempted(ts, cpu, site, heldNs);
    }
  }
}
