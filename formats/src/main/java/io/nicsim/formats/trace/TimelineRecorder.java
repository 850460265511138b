package io.nicsim.formats.trace;

import io.nicsim.core.nic.FrameTap;
import io.nicsim.core.trace.Tracer;

/** Fills a {@link Timeline} from trace events and the wire tap. */
public final class TimelineRecorder implements Tracer, FrameTap {
  private final Timeline timeline;

  public TimelineRecorder(Timeline timeline) {
    this.timeline = timeline;
  }

  public Timeline timeline() {
    return timeline;
  }

  @Override
  public boolean enabled() {
    return true;
  }

  @Override
  public void hrtimerStart(long ts, int cpu, String timer, String function, long expires,
      long softexpires) {
    timeline.add(Timeline.Kind.TIMER_START, ts);
  }

  @Override
  public void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {
    timeline.add(Timeline.Kind.TIMER_EXPIRE, ts);
  }

  @Override
  public void timerStart(long ts, int cpu, String timer, String function, long expiresJiffies,
      long nowJiffies) {
    timeline.add(Timeline.Kind.TIMER_START, ts);
  }

  @Override
  public void timerExpireEntry(long ts, int cpu, String timer, String function,
      long nowJiffies) {
    timeline.add(Timeline.Kind.TIMER_EXPIRE, ts);
  }

  @Override
  public void irqHandlerEntry(long ts, int cpu, int irq, String name) {
    if (!name.equals("arch_timer")) { // the plot counts the NIC's interrupts, not the tick's
      timeline.add(Timeline.Kind.IRQ, ts);
    }
  }

  @Override
  public void frame(long time, boolean toPeer, Object payload, long offset, int payloadLen,
      int len) {
    if (toPeer) {
      timeline.add(Timeline.Kind.WIRE, time);
    }
  }
}
