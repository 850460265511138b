package io.nicsim.runs;

import io.nicsim.core.nic.FrameTap;

/** The longest silence on the wire toward the peer inside the measured window. */
final class StallMeter implements FrameTap {
  private boolean active;
  private long last;
  private long maxGap;

  void start(long now) {
    active = true;
    last = now;
  }

  void stop(long now) {
    if (active) {
      maxGap = Math.max(maxGap, now - last);
      active = false;
    }
  }

  long maxGapNs() {
    return maxGap;
  }

  @Override
  public void frame(long time, boolean toPeer, Object payload, long offset, int payloadLen,
      int len) {
    if (active && toPeer) {
      maxGap = Math.max(maxGap, time - last);
      last = Math.max(last, time);
    }
  }
}
