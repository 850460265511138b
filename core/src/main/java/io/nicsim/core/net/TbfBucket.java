package io.nicsim.core.net;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.KernelPort;
import java.math.BigInteger;

/**
 * sch_tbf's token bucket, as a path's bottleneck: a frame at the head of the queue leaves at
 * once while the bucket holds its length, else when the rate has refilled it. A link that
 * serialises every frame spreads a burst out; a tbf with a burst of several skbs passes them
 * together, which is what decides the spacing of a receiver's ACKs behind it.
 *
 * <p>Tokens are nanoseconds of the rate, as {@code q->tokens} and {@code q->buffer} are; a
 * frame of {@code len} bytes costs psched_l2t_ns, {@code len * mult >> shift} with the rate's
 * mult and shift as psched_ratecfg_precompute sets them. No peak rate and no max_size
 * segmentation: a burst that holds a whole GSO skb (nicsim validate's 256 KB) never segments
 * one.
 */
public final class TbfBucket {
  /** q->buffer: the bucket's depth in ns of the rate. */
  private final long buffer;
  /** q->rate as psched_ratecfg_precompute sets it: a length's time is len * mult >> shift. */
  private final int mult;
  private final int shift;
  /** q->tokens, q->t_c. */
  long tokens;
  long tC;
  /** q->ptokens: no peak rate here, so it stays 0. */
  long ptokens;
  /** The time the last refused dequeue armed the qdisc watchdog for. */
  long watchdogNs;

  /**
   * The kernel whose {@code --ports c} C this bucket's tbf_dequeue runs as
   * ({@link TbfDequeueNative}, {@code Kernel.inLoop}), or null: the Java port.
   */
  private final Kernel kernel;

  /** A full bucket of {@code burstBytes} at {@code rateBps} (tbf_change: q->tokens = q->buffer). */
  public TbfBucket(long rateBps, long burstBytes) {
    this(null, rateBps, burstBytes);
  }

  /**
   * As above, its tbf_dequeue the tree's C where {@code kernel} runs with {@code --ports c}
   * (the run's host's kernel: the path's bucket is asked on its simulation).
   */
  public TbfBucket(Kernel kernel, long rateBps, long burstBytes) {
    this.kernel = kernel;
    if (rateBps <= 0 || burstBytes <= 0) {
      throw new IllegalArgumentException("rate " + rateBps + " burst " + burstBytes);
    }
    // tc passes the rate in bytes a second
    long rate = rateBps / 8;
    long[] ms = precompute(rate);
    this.mult = (int) ms[0];
    this.shift = (int) ms[1];
    this.buffer = lengthToNs(burstBytes, rateBps);
    this.tokens = buffer;
  }

  /** A bucket with the kernel's fields as given (port-check's records). */
  TbfBucket(long buffer, int mult, int shift, long tokens, long tC) {
    this.kernel = null;
    this.buffer = buffer;
    this.mult = mult;
    this.shift = shift;
    this.tokens = tokens;
    this.tC = tC;
  }

  /**
   * psched_ratecfg_precompute__: the largest mult below 2^32 (u32) with its shift such that
   * len * mult >> shift is len's time in ns at {@code rate} bytes a second.
   */
  static long[] precompute(long rate) {
    long factor = 1_000_000_000L;
    long mult = 1;
    long shift = 0;
    if (rate == 0) {
      return new long[] {mult, shift};
    }
    for (;;) {
      mult = Long.divideUnsigned(factor, rate) & 0xFFFF_FFFFL;
      if ((mult & (1L << 31)) != 0 || (factor & (1L << 63)) != 0) {
        break;
      }
      factor <<= 1;
      shift++;
    }
    return new long[] {mult, shift};
  }

  /**
   * When a frame of {@code len} bytes that reaches the head of the queue at {@code nowNs}
   * leaves: tbf_dequeue at that time, then, when it refuses, again when the qdisc watchdog it
   * armed fires.
   */
  public long leave(long nowNs, int len) {
    if (l2tNs(len) > buffer) {
      // tbf_enqueue refuses a non-GSO skb longer than max_size
      throw new IllegalArgumentException("a " + len + " byte frame exceeds the burst");
    }
    long t = nowNs;
    while (!tbfDequeue(t, len)) {
      t = watchdogNs;
    }
    return t;
  }

  /**
   * tbf_dequeue with a head skb of {@code len} bytes at {@code now}: true when it leaves (t_c
   * and tokens taken), else false with the watchdog armed at {@link #watchdogNs}.
   */
  @KernelPort(
      file = "net/sched/sch_tbf.c",
      function = "tbf_dequeue",
      versions = "v2.6.12..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "no peak rate (tbf_peak_present false, ptoks 0), no overhead, mpu or ATM link"
          + " layer in the rate; the child qdisc always holds the skb it peeked")
  boolean tbfDequeue(long now, int len) {
    TbfDequeueNative c = kernel == null ? null : kernel.inLoop(TbfDequeueNative.class);
    if (c != null) { // --ports c: the tree's tbf_dequeue
      return c.dequeue(this, now, len);
    }
    long toks = Math.min(now - tC, buffer);
    long ptoks = 0;
    toks += tokens;
    if (toks > buffer) {
      toks = buffer;
    }
    toks -= l2tNs(len);
    if ((toks | ptoks) >= 0) {
      tC = now;
      tokens = toks;
      ptokens = ptoks;
      return true;
    }
    // qdisc_watchdog_schedule_ns(&q->watchdog, now + max_t(long, -toks, -ptoks))
    watchdogNs = now + Math.max(-toks, -ptoks);
    return false;
  }

  /** q->buffer, q->rate.mult and q->rate.shift, as the C's record takes them. */
  long buffer() {
    return buffer;
  }

  long mult() {
    return Integer.toUnsignedLong(mult);
  }

  int shift() {
    return shift;
  }

  /** psched_l2t_ns without overhead, mpu or ATM cells: (u64)len * mult >> shift. */
  private long l2tNs(int len) {
    return (Integer.toUnsignedLong(len) * Integer.toUnsignedLong(mult)) >>> shift;
  }

  /** The bucket's depth: burst bytes at the rate, in ns (what tc's buffer stands for). */
  private static long lengthToNs(long bytes, long rateBps) {
    // bytes <= 4 GiB (PathSpec): bytes * 8e9 fits in 64 bits below 2^63 for bytes < 1.15e9
    return bytes < 1_000_000_000L
        ? bytes * 8L * 1_000_000_000L / rateBps
        : BigInteger.valueOf(bytes).multiply(BigInteger.valueOf(8_000_000_000L))
            .divide(BigInteger.valueOf(rateBps)).longValueExact();
  }
}
