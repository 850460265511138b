package io.nicsim.core.nic;

import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.TbfBucket;
import io.nicsim.core.sim.Lane;
import io.nicsim.core.sim.Simulator;

/**
 * A full-duplex Ethernet link between the simulated NIC and a remote peer: each direction
 * serialises frames one after another at the line rate (preamble, SFD, FCS, padding and the
 * inter-frame gap counted) and delivers each frame a propagation delay after its last bit left.
 */
public final class Link {
  private final Simulator sim;
  private final long rateBps;
  private final long propagationNs;
  private final Direction toPeer;
  private final Direction toNic;
  private FrameTap tap;

  public Link(Simulator sim, long rateBps, long propagationNs) {
    this(sim, rateBps, propagationNs, 0);
  }

  /**
   * A link whose way toward the peer is, with {@code burstBytes > 0}, a veth behind sch_tbf:
   * no line rate of its own, frames leave at once while tbf's token bucket of {@code rateBps}
   * and {@code burstBytes} holds their length, else when it has refilled (the frame's wire
   * end, so the write-back and what waits on it come when tbf would have dequeued the skb).
   */
  public Link(Simulator sim, long rateBps, long propagationNs, long burstBytes) {
    if (rateBps <= 0) {
      throw new IllegalArgumentException("link rate must be positive: " + rateBps);
    }
    if (propagationNs < 0) {
      throw new IllegalArgumentException("propagation delay must not be negative");
    }
    this.sim = sim;
    this.rateBps = rateBps;
    this.propagationNs = propagationNs;
    this.toPeer = new Direction(true);
    this.toNic = new Direction(false);
    this.bucket = burstBytes > 0 ? new TbfBucket(rateBps, burstBytes) : null;
  }

  public long rateBps() {
    return rateBps;
  }

  public long propagationNs() {
    return propagationNs;
  }

  /** Time to serialise a frame of skb length {@code len}, ns (rounded up). */
  public long wireTimeNs(int len) {
    long bits = Ethernet.wireBytes(len) * 8L;
    return (bits * 1_000_000_000L + rateBps - 1) / rateBps;
  }

  /** Where frames to the peer go. */
  public void attachPeer(FrameSink peer) {
    toPeer.sink = peer;
  }

  /** Where frames to the NIC go (its RX engine). */
  public void attachNic(FrameSink nicRx) {
    toNic.sink = nicRx;
  }

  public void setTap(FrameTap tap) {
    this.tap = tap;
  }

  /** Sends a frame from the NIC, starting no earlier than {@code earliest}; returns its end. */
  /**
   * Lets {@code dmaStep}, a TX DMA engine's frame-end work, share one queue entry with this
   * link's deliveries to the peer (the first engine that asks; {@link Lane}): the two alternate
   * a frame apart, and paired, the one due next runs in place when nothing else comes between.
   */
  void pairWithDeliveryToPeer(Lane dmaStep) {
    toPeer.inFlight.pairWith(dmaStep);
  }

  public long transmitToPeer(long earliest, Object payload, long offset, int payloadLen, int len) {
    return toPeer.transmit(earliest, payload, offset, payloadLen, len);
  }

  /** Sends a frame from the peer to the NIC; returns the time its last bit leaves the peer. */
  public long transmitToNic(long earliest, Object payload, long offset, int payloadLen, int len) {
    return toNic.transmit(earliest, payload, offset, payloadLen, len);
  }

  /** When the NIC → peer direction is free again. */
  public long txBusyUntil() {
    return toPeer.busyUntil;
  }

  public long framesToPeer() {
    return toPeer.frames;
  }

  public long framesToNic() {
    return toNic.frames;
  }

  public long bytesToPeer() {
    return toPeer.bytes;
  }

  /** The toward-peer token bucket (a tbf link), else null. */
  private final TbfBucket bucket;

  /** One direction: a serialiser and the frames in flight beyond it. */
  private final class Direction {
    private final boolean towardPeer;
    FrameSink sink;
    long busyUntil;
    long frames;
    long bytes;
    private final DelayLine inFlight =
        new DelayLine(sim, (payload, offset, payloadLen, len) -> {
          if (sink != null) {
            sink.receiveFrame(payload, offset, payloadLen, len);
          }
        });

    Direction(boolean towardPeer) {
      this.towardPeer = towardPeer;
    }

    /** The last frame length of this direction and its wire time (a flood sends one length). */
    private int lastLen = -1;
    private long lastWireNs;

    long transmit(long earliest, Object payload, long offset, int payloadLen, int len) {
      long start = Math.max(Math.max(earliest, busyUntil), sim.now());
      if (len != lastLen) {
        lastWireNs = wireTimeNs(len);
        lastLen = len;
      }
      long end = towardPeer && bucket != null ? bucket.leave(start, len) : start + lastWireNs;
      busyUntil = end;
      frames++;
      bytes += len;
      if (tap != null) {
        tap.frame(start, towardPeer, payload, offset, payloadLen, len);
      }
      inFlight.add(end + propagationNs, payload, offset, payloadLen, len);
      return end;
    }
  }
}
