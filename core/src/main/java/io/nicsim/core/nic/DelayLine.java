package io.nicsim.core.nic;

import io.nicsim.core.sim.Lane;
import io.nicsim.core.sim.Simulator;

/**
 * Frames in flight toward a {@link FrameSink}, delivered at their due times. Due times never
 * decrease (a wire or a FIFO bottleneck keeps order), so one reusable event and a ring of
 * pending frames carry any number of them without allocating per frame.
 */
public final class DelayLine {
  private final Simulator sim;
  private final FrameSink sink;
  private long[] due = new long[64];
  private Object[] payloads = new Object[64];
  private long[] offsets = new long[64];
  private int[] payloadLens = new int[64];
  private int[] lens = new int[64];
  private int head;
  private int count;
  private long delivered;
  private final Lane deliver;

  public DelayLine(Simulator sim, FrameSink sink) {
    this.sim = sim;
    this.sink = sink;
    this.deliver =
        new Lane(sim) {
          @Override
          protected void fire() {
            deliverDue();
          }

          @Override
          public boolean nestable() {
            return true; // the wire
          }
        };
  }

  /**
   * Puts the deliveries in one queue entry with {@code other} (a TX DMA engine's frame ends)
   * when neither is paired or pending yet; returns whether it did. Same deliveries at the same
   * times in the same order either way ({@link Lane}).
   */
  boolean pairWith(Lane other) {
    if (deliver.paired() || other.paired() || deliver.pending() || other.pending()
        || count > 0) {
      return false;
    }
    Lane.pair(deliver, other);
    return true;
  }

  /** Adds a frame due at {@code at}, which must not be before the last frame's due time. */
  public void add(long at, Object payload, long offset, int payloadLen, int len) {
    if (count > 0) {
      int lastSlot = (head + count - 1) & (due.length - 1);
      if (at < due[lastSlot]) {
        throw outOfOrder(at, due[lastSlot]);
      }
    }
    if (count == due.length) {
      grow();
    }
    int slot = (head + count) & (due.length - 1);
    due[slot] = at;
    payloads[slot] = payload;
    offsets[slot] = offset;
    payloadLens[slot] = payloadLen;
    lens[slot] = len;
    count++;
    if (count == 1) {
      deliver.schedule(at);
    }
  }

  private static IllegalArgumentException outOfOrder(long at, long previous) {
    return new IllegalArgumentException("delay line: frame due at " + at
        + " ns before the previous one (" + previous + " ns)");
  }

  /** Frames not yet delivered. */
  public int inFlight() {
    return count;
  }

  /** Frames delivered so far. */
  public long delivered() {
    return delivered;
  }

  /** Delivers the frames due now; then the next ones in place while no other event comes first. */
  private void deliverDue() {
    do {
      long now = sim.now();
      int mask = due.length - 1;
      while (count > 0 && due[head] <= now) {
        int slot = head;
        Object p = payloads[slot];
        payloads[slot] = null;
        head = (head + 1) & mask;
        count--;
        delivered++;
        sink.receiveFrame(p, offsets[slot], payloadLens[slot], lens[slot]);
        mask = due.length - 1; // the sink may have added frames and grown the ring
      }
      if (count == 0) {
        return;
      }
    } while (deliver.continueAt(due[head]));
    deliver.schedule(due[head]);
  }

  private void grow() {
    int n = due.length;
    long[] d = new long[n * 2];
    Object[] p = new Object[n * 2];
    long[] o = new long[n * 2];
    int[] pl = new int[n * 2];
    int[] l = new int[n * 2];
    for (int i = 0; i < count; i++) {
      int s = (head + i) & (n - 1);
      d[i] = due[s];
      p[i] = payloads[s];
      o[i] = offsets[s];
      pl[i] = payloadLens[s];
      l[i] = lens[s];
    }
    due = d;
    payloads = p;
    offsets = o;
    payloadLens = pl;
    lens = l;
    head = 0;
  }
}
