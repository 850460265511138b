package io.nicsim.bench.boardtrace;

import io.nicsim.bench.trace.TraceFile;
import io.nicsim.boardtrace.model.TracerEvents;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;

/** A run's events to boardtrace's {@link TracerEvents} (the model side of a calibration). */
final class ObserverFile implements TraceFile {
  private final TracerEvents t;

  ObserverFile(TracerEvents t) {
    this.t = t;
  }

  @Override
  public void bind(Host h) {
    t.bind(h);
  }

  @Override
  public void setTask(int cpu, String comm) {
    t.setTask(cpu, comm);
  }

  @Override
  public void finish() {
    t.finish();
  }

  @Override
  public boolean enabled() {
    return true;
  }

  @Override
  public void hrtimerStart(long ts, int cpu, String timer, String function, long expires,
      long softexpires) {
    t.hrtimerStart(ts, cpu, timer, function, expires, softexpires);
  }

  @Override
  public void hrtimerCancel(long ts, int cpu, String timer) {
    t.hrtimerCancel(ts, cpu, timer);
  }

  @Override
  public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
    t.hrtimerExpireEntry(ts, cpu, timer, function, now);
  }

  @Override
  public void hrtimerExpireExit(long ts, int cpu, String timer) {
    t.hrtimerExpireExit(ts, cpu, timer);
  }

  @Override
  public void irqHandlerEntry(long ts, int cpu, int irq, String name) {
    t.irqHandlerEntry(ts, cpu, irq, name);
  }

  @Override
  public void irqHandlerExit(long ts, int cpu, int irq, boolean handled) {
    t.irqHandlerExit(ts, cpu, irq, handled);
  }

  @Override
  public void softirqRaise(long ts, int cpu, int vec) {
    t.softirqRaise(ts, cpu, vec);
  }

  @Override
  public void softirqEntry(long ts, int cpu, int vec) {
    t.softirqEntry(ts, cpu, vec);
  }

  @Override
  public void softirqExit(long ts, int cpu, int vec) {
    t.softirqExit(ts, cpu, vec);
  }

  @Override
  public void napiPoll(long ts, int cpu, String napi, String dev, int work, int budget) {
    t.napiPoll(ts, cpu, napi, dev, work, budget);
  }

  @Override
  public void netDevQueue(long ts, int cpu, String dev, long skb, int len) {
    t.netDevQueue(ts, cpu, dev, skb, len);
  }

  @Override
  public void netDevStartXmit(long ts, int cpu, String dev, long skb, int len,
      boolean xmitMore) {
    t.netDevStartXmit(ts, cpu, dev, skb, len, xmitMore);
  }

  @Override
  public void netDevXmit(long ts, int cpu, String dev, long skb, int len, int rc) {
    t.netDevXmit(ts, cpu, dev, skb, len, rc);
  }

  @Override
  public void netifReceiveSkb(long ts, int cpu, String dev, long skb, int len) {
    t.netifReceiveSkb(ts, cpu, dev, skb, len);
  }

  @Override
  public void consumeSkb(long ts, int cpu, long skb) {
    t.consumeSkb(ts, cpu, skb);
  }

  @Override
  public void sysEnter(long ts, int cpu, String syscall, long fd, long count) {
    t.sysEnter(ts, cpu, syscall, fd, count);
  }

  @Override
  public void sysExit(long ts, int cpu, String syscall, long ret) {
    t.sysExit(ts, cpu, syscall, ret);
  }

  @Override
  public void schedSwitch(long ts, int cpu, Task prev, char prevState, Task next) {
    t.schedSwitch(ts, cpu, prev, prevState, next);
  }
}
