package io.nicsim.runs.path;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.TbfBucket;
import io.nicsim.core.nic.DelayLine;
import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.sim.Simulator;
import java.util.SplittableRandom;

/**
 * The path toward the receiver, behind the link partner: random loss, a bottleneck that
 * serialises frames at its rate behind a tail-drop queue of {@code bufferBytes} (or, with a
 * burst, passes them as sch_tbf does: at once while its token bucket holds their length, else
 * when the rate has refilled it), then half the RTT. Frames leave in arrival order, so a
 * {@link DelayLine} carries them.
 * The way back adds {@link PathSpec#oneWayNs()} to the far end's reply (see the runners).
 */
public final class NetPath implements FrameSink {
  private final Simulator sim;
  private final PathSpec spec;
  private final FrameSink downstream;
  private final SplittableRandom random;
  private long busyUntil;
  /** The bottleneck as a tbf (a burst given), else null: a serialising link. */
  private final TbfBucket bucket;
  private long lost;
  private long dropped;
  private final DelayLine inFlight;

  public NetPath(Simulator sim, PathSpec spec, FrameSink downstream) {
    this(sim, spec, downstream, null);
  }

  /**
   * As above; a burst's token bucket runs its tbf_dequeue as the tree's C where
   * {@code kernel} (the run's host's) runs with {@code --ports c}.
   */
  public NetPath(Simulator sim, PathSpec spec, FrameSink downstream, Kernel kernel) {
    this.sim = sim;
    this.spec = spec;
    this.downstream = downstream;
    this.random = sim.random();
    this.inFlight = new DelayLine(sim, downstream);
    this.bucket = spec.burstBytes() > 0
        ? new TbfBucket(kernel, spec.rateBps(), spec.burstBytes()) : null;
  }

  /** Wraps {@code sink} in a path, or returns it as it is for a direct path. */
  public static FrameSink wrap(Simulator sim, PathSpec spec, FrameSink sink) {
    return wrap(sim, spec, sink, null);
  }

  /** As above, the bucket's tbf_dequeue as {@code kernel}'s C under {@code --ports c}. */
  public static FrameSink wrap(Simulator sim, PathSpec spec, FrameSink sink, Kernel kernel) {
    return spec == null || spec.isDirect() ? sink : new NetPath(sim, spec, sink, kernel);
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
      if (bucket != null) {
        leave = bucket.leave(start, len); // tbf counts the frame, not the wire
      } else {
        long bits = Ethernet.wireBytes(len) * 8L;
        leave = start + (bits * 1_000_000_000L + spec.rateBps() - 1) / spec.rateBps();
      }
      busyUntil = leave;
    }
    inFlight.add(leave + spec.oneWayNs(), payload, offset, payloadLen, len);
  }

  public long delivered() {
    return inFlight.delivered();
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
    return inFlight.inFlight();
  }
}
