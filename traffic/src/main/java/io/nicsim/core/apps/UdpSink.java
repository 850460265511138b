package io.nicsim.core.apps;

import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.sim.Simulator;

/** The far end of a UDP flood (iperf3 -s): counts what arrives and when. */
public final class UdpSink implements FrameSink {
  private final Simulator sim;
  private long frames;
  private long bytes;
  private long firstNs = -1;
  private long lastNs = -1;
  private long windowStart;
  private long windowFrames;

  public UdpSink(Simulator sim) {
    this.sim = sim;
  }

  @Override
  public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
    long now = sim.now();
    if (firstNs < 0) {
      firstNs = now;
    }
    lastNs = now;
    frames++;
    bytes += payloadLen;
    if (now >= windowStart) {
      windowFrames++;
    }
  }

  /** Starts counting {@link #framesSinceMark()} from now (to skip a warm-up). */
  public void mark() {
    windowStart = sim.now();
    windowFrames = 0;
  }

  public long frames() {
    return frames;
  }

  public long bytes() {
    return bytes;
  }

  public long framesSinceMark() {
    return windowFrames;
  }

  public long firstArrivalNs() {
    return firstNs;
  }

  public long lastArrivalNs() {
    return lastNs;
  }
}
