package io.nicsim.bench.path;

import io.nicsim.core.net.Ethernet;
import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.SplittableRandom;

/**
 * The path toward the receiver, behind the link partner: random loss, a bottleneck that
 * serialises frames at its rate behind a tail-drop queue of {@code bufferBytes}, then half the
 * RTT. Frames leave in arrival order, so one reusable event and a ring of pending frames do.
 * The way back adds {@link PathSpec#oneWayNs()} to the far end's reply (see the runners).
 */
public final class NetPath implements FrameSink {
  private final Simulator sim;
  private final PathSpec spec;
  private final FrameSink downstream;
  private final SplittableRandom random;
  private long busyUntil;
  private long delivered;
  private long lost;
  private long dropped;
  private long[] due = new long[64];
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

  public NetPath(Simulator sim, PathSpec spec, FrameSink downstream) {
    this.sim = sim;
    this.spec = spec;
    this.downstream = downstream;
    this.random = sim.random();
  }

  /** Wraps {@code sink} in a path, or returns it as it is for a direct path. */
  public static FrameSink wrap(Simulator sim, PathSpec spec, FrameSink sink) {
    return spec == null || spec.isDirect() ? sink : new NetPath(sim, spec, sink);
  }

  @Override
  public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
    long now = sim.now();
    if (spec.loss() > 0 && random.nextDouble() < spec.loss()) {
      lost++;
      return;
    }
    long leave = now;
    if (spec.rateBps() > 0) {
      long start = Math.max(now, busyUntil);
      if (spec.bufferBytes() > 0) {
        long backlogBytes = (start - now) * spec.rateBps() / 8_000_000_000L;
        if (backlogBytes + len > spec.bufferBytes()) {
          dropped++;
          return;
        }
      }
      long bits = Ethernet.wireBytes(len) * 8L;
      leave = start + (bits * 1_000_000_000L + spec.rateBps() - 1) / spec.rateBps();
      busyUntil = leave;
    }
    enqueue(leave + spec.oneWayNs(), payload, offset, payloadLen, len);
  }

  private void enqueue(long at, Object payload, long offset, int payloadLen, int len) {
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
      sim.schedule(deliver, at);
    }
  }

  private void deliverDue() {
    long now = sim.now();
    while (count > 0 && due[head] <= now) {
      int slot = head;
      Object p = payloads[slot];
      payloads[slot] = null;
      head = (head + 1) & (due.length - 1);
      count--;
      delivered++;
      downstream.receiveFrame(p, offsets[slot], payloadLens[slot], lens[slot]);
    }
    if (count > 0) {
      sim.schedule(deliver, due[head]);
    }
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

  public long delivered() {
    return delivered;
  }

  /** Frames lost at random. */
  public long lost() {
    return lost;
  }

  /** Frames dropped at the full bottleneck queue. */
  public long dropped() {
    return dropped;
  }

  /** Frames still on the path. */
  public int inFlight() {
    return count;
  }
}
