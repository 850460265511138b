package io.nicsim.core.nic;

import io.nicsim.core.net.Ethernet;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.Arrays;

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

  /** One direction: a serialiser and a FIFO of frames in flight. */
  private final class Direction {
    private final boolean towardPeer;
    FrameSink sink;
    long busyUntil;
    long frames;
    long bytes;
    private long[] arrival = new long[64];
    private Object[] payloads = new Object[64];
    private long[] offsets = new long[64];
    private int[] payloadLens = new int[64];
    private int[] lens = new int[64];
    private int head;
    private int count;
    private final Event deliver =
        new Event() {
          @Override
          protected void fire() {
            deliverDue();
          }
        };

    Direction(boolean towardPeer) {
      this.towardPeer = towardPeer;
    }

    long transmit(long earliest, Object payload, long offset, int payloadLen, int len) {
      long start = Math.max(Math.max(earliest, busyUntil), sim.now());
      long end = start + wireTimeNs(len);
      busyUntil = end;
      frames++;
      bytes += len;
      if (tap != null) {
        tap.frame(start, towardPeer, payload, offset, payloadLen, len);
      }
      if (count == arrival.length) {
        grow();
      }
      int slot = (head + count) & (arrival.length - 1);
      arrival[slot] = end + propagationNs;
      payloads[slot] = payload;
      offsets[slot] = offset;
      payloadLens[slot] = payloadLen;
      lens[slot] = len;
      count++;
      if (count == 1) {
        sim.schedule(deliver, arrival[slot]);
      }
      return end;
    }

    private void deliverDue() {
      long now = sim.now();
      while (count > 0 && arrival[head] <= now) {
        int slot = head;
        Object p = payloads[slot];
        payloads[slot] = null;
        head = (head + 1) & (arrival.length - 1);
        count--;
        if (sink != null) {
          sink.receiveFrame(p, offsets[slot], payloadLens[slot], lens[slot]);
        }
      }
      if (count > 0) {
        sim.schedule(deliver, arrival[head]);
      }
    }

    private void grow() {
      int n = arrival.length;
      long[] a = new long[n * 2];
      Object[] p = new Object[n * 2];
      long[] o = new long[n * 2];
      int[] pl = new int[n * 2];
      int[] l = new int[n * 2];
      for (int i = 0; i < count; i++) {
        int s = (head + i) & (n - 1);
        a[i] = arrival[s];
        p[i] = payloads[s];
        o[i] = offsets[s];
        pl[i] = payloadLens[s];
        l[i] = lens[s];
      }
      arrival = a;
      payloads = p;
      offsets = o;
      payloadLens = pl;
      lens = l;
      head = 0;
      Arrays.fill(payloads, count, payloads.length, null);
    }
  }
}
