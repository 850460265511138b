package io.nicsim.tcp.stack;

import java.util.SplittableRandom;

/**
 * Pauses of the ACKs' way back: at random times (a Poisson process of {@code perSecond}) the
 * return path stops for an exponential time of mean {@code meanNs}; an ACK sent while it is
 * stopped leaves when it goes again, and ACKs leave in the order they were sent. What a shared
 * machine's scheduling does to the receiver and its ACK path now and then (nicsim validate
 * measures it on the testbed as RTT samples a few milliseconds over the rest): the data keeps
 * flowing meanwhile, so more is in flight when the ACKs resume.
 */
public final class AckStalls {
  /** The mean time between pauses' starts (ns). */
  private final double meanGapNs;
  private final double meanNs;
  private final SplittableRandom rng;
  private long nextStart = -1;
  private long stalledUntil = Long.MIN_VALUE;
  private long lastLeave = Long.MIN_VALUE;
  private long stalls;

  public AckStalls(double perSecond, long meanNs, SplittableRandom rng) {
    if (!(perSecond > 0 && perSecond <= 1000) || meanNs <= 0 || meanNs > 1_000_000_000L) {
      throw new IllegalArgumentException("stalls " + perSecond + "/s, mean " + meanNs + " ns");
    }
    this.meanGapNs = 1e9 / perSecond;
    this.meanNs = meanNs;
    this.rng = rng;
  }

  /** When an ACK sent at {@code now} (non-decreasing between calls) leaves. */
  long leave(long now) {
    if (nextStart < 0) {
      nextStart = now + exponential(meanGapNs);
    }
    while (nextStart <= now) {
      stalledUntil = Math.max(stalledUntil, nextStart + exponential(meanNs));
      stalls++;
      nextStart += Math.max(1, exponential(meanGapNs));
    }
    long t = Math.max(now, Math.max(stalledUntil, lastLeave));
    lastLeave = t;
    return t;
  }

  /** Stalls begun so far. */
  public long stalls() {
    return stalls;
  }

  private long exponential(double mean) {
    return Math.round(-Math.log1p(-rng.nextDouble()) * mean);
  }
}
