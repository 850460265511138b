package io.nicsim.runs;

import io.nicsim.core.nic.FrameTap;
import java.util.List;

/** Gives every frame to several taps. */
final class TeeTap implements FrameTap {
  private final FrameTap[] taps;

  TeeTap(List<FrameTap> taps) {
    this.taps = taps.toArray(new FrameTap[0]);
  }

  @Override
  public void frame(long time, boolean toPeer, Object payload, long offset, int payloadLen,
      int len) {
    for (FrameTap t : taps) {
      t.frame(time, toPeer, payload, offset, payloadLen, len);
    }
  }
}
