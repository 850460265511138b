package io.nicsim.core.nic;

/**
 * An RX DMA engine: each arriving frame goes into the next descriptor the hardware owns
 * (payload and length written, OWN cleared); without one the frame is dropped (missed). The
 * frame is then reported to the moderation logic, which decides when the RX interrupt fires.
 */
public final class RxDmaEngine implements FrameSink {
  private final DescRing ring;
  private RxModeration moderation;
  private int hw;
  private long frames;
  private long missed;

  public RxDmaEngine(DescRing ring, RxModeration moderation) {
    this.ring = ring;
    this.moderation = moderation;
  }

  public void setModeration(RxModeration moderation) {
    this.moderation = moderation;
  }

  public RxModeration moderation() {
    return moderation;
  }

  @Override
  public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
    int i = hw;
    if (!ring.own(i)) {
      missed++;
      return;
    }
    ring.setPayload(i, payload, offset);
    ring.setBufLen(i, len);
    boolean ic = ring.has(i, DescRing.IC);
    ring.releaseOwn(i);
    hw = ring.next(i);
    frames++;
    moderation.frameReceived(ic);
  }

  /** Rewinds to descriptor {@code index} (DMA reset). */
  public void reset(int index) {
    hw = index;
  }

  public int hwIndex() {
    return hw;
  }

  public long frameCount() {
    return frames;
  }

  /** Frames dropped for want of a descriptor (rx_missed / overrun). */
  public long missedCount() {
    return missed;
  }
}
