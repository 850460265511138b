package io.nicsim.core.net;

import io.nicsim.core.port.KernelPort;

/**
 * sch_tbf's token bucket, as a path's bottleneck: a frame at the head of the queue leaves at
 * once while the bucket holds its length, else when the rate has refilled it. A link that
 * serialises every frame spreads a burst out; a tbf with a burst of several skbs passes them
 * together, which is what decides the spacing of a receiver's ACKs behind it.
 *
 * <p>Tokens are nanoseconds of the rate, as {@code q->tokens} and {@code q->buffer} are; a
 * frame of {@code len} bytes costs {@code len * 8e9 / rate} ns (psched_l2t_ns without its
 * mult/shift rounding). No peak rate and no max_size segmentation: a burst that holds a whole
 * GSO skb (nicsim validate's 256 KB) never segments one.
 */
public final class TbfBucket {
  private final long rateBps;
  private final long bufferNs;
  private long tokensNs;
  private long checkpointNs;

  /** A full bucket of {@code burstBytes} at {@code rateBps} (tbf_change: q->tokens = q->buffer). */
  public TbfBucket(long rateBps, long burstBytes) {
    if (rateBps <= 0 || burstBytes <= 0) {
      throw new IllegalArgumentException("rate " + rateBps + " burst " + burstBytes);
    }
    this.rateBps = rateBps;
    this.bufferNs = lengthToNs(burstBytes);
    this.tokensNs = bufferNs;
  }

  /**
   * When a frame of {@code len} bytes that reaches the head of the queue at {@code nowNs}
   * leaves: the dequeue's decision, then (when it waits) the watchdog's retry at the time the
   * tokens suffice, where the same decision passes.
   */
  @KernelPort(
      file = "net/sched/sch_tbf.c",
      function = "tbf_dequeue",
      versions = "v2.6.12..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "the token arithmetic only: no peak rate (ptoks), no max_size segmentation;"
          + " the watchdog's wake-up is the time the tokens reach the frame's cost")
  public long leave(long nowNs, int len) {
    long cost = lengthToNs(len);
    if (cost > bufferNs) {
      // tbf_enqueue refuses a non-GSO skb longer than max_size
      throw new IllegalArgumentException("a " + len + " byte frame exceeds the burst");
    }
    long t = nowNs;
    while (true) {
      long toks = Math.min(t - checkpointNs, bufferNs) + tokensNs;
      if (toks > bufferNs) {
        toks = bufferNs;
      }
      toks -= cost;
      if (toks >= 0) {
        checkpointNs = t;
        tokensNs = toks;
        return t;
      }
      t -= toks; // qdisc_watchdog_schedule_ns(&q->watchdog, now + -toks), then dequeue again
    }
  }

  private long lengthToNs(long bytes) {
    // bytes <= 4 GiB (PathSpec): bytes * 8e9 fits in 64 bits below 2^63 for bytes < 1.15e9
    return bytes < 1_000_000_000L
        ? bytes * 8L * 1_000_000_000L / rateBps
        : java.math.BigInteger.valueOf(bytes).multiply(java.math.BigInteger.valueOf(8_000_000_000L))
            .divide(java.math.BigInteger.valueOf(rateBps)).longValueExact();
  }
}
