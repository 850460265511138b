package io.nicsim.ideal;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.SplittableRandom;

/**
 * When the ideal NIC tells its driver that transmitted skbs are done: the TX completion
 * policy, set with {@code ethtool -C}:
 *
 * <ul>
 *   <li>{@code tx-frames 1 tx-usecs 0}: per packet, an interrupt at each write-back (default);
 *   <li>{@code tx-frames 1 tx-usecs X}: a fixed delay per skb: each skb is released X µs after
 *       its write-back;
 *   <li>{@code tx-frames 0 tx-usecs X}: batches on a fixed period: every X µs (on multiples of
 *       X) while skbs are outstanding, everything written back so far;
 *   <li>{@code tx-frames N tx-usecs X}, N &gt; 1: every N frames, or X µs after the first skb
 *       not yet signalled, whichever comes first (X is what completes a partial batch; N &gt; 1
 *       with X = 0 would strand the tail and is refused).
 * </ul>
 *
 * Counts are skbs (one descriptor each). No allocation per skb: the delays sit in a ring.
 *
 * <p>Where a fixed delay starts ({@code params.ideal_tx_delay_start}): at the skb's write-back
 * (0, the default: after its time on the wire, as a NIC's completion timer counts) or at its
 * xmit (1: when the driver handed it to the hardware, as a holder before the qdisc counts it,
 * nicsim validate's like-for-like); an skb whose delay ends before its write-back is released
 * at the write-back.
 *
 * <p>A fixed hold may run late ({@link #setWakeLateness}): the release waits on a timer
 * wake-up that comes a random time after the earliest hold is due, and that wake-up releases
 * every hold due by then, as the holder's ppoll loop does (one late wake-up frees a whole bunch
 * of skbs at once, so skbs sent together stay together). Every release waits on such a
 * wake-up, also one the holder makes for an skb that reaches it: the holder's wake-up lateness
 * is measured over all its releases, so the model draws them all from it.
 */
final class TxCompletion {
  private final Simulator sim;
  private final Runnable interrupt;
  private long usecs;
  private long frames = 1;
  private final boolean fromXmit;
  /** The delay's run-to-run timing factor (1 nominally; class timing in the profile). */
  private final double scale;
  /** The probabilities of the wake-up lateness quantiles a profile gives. */
  static final double[] WAKE_QUANTILES = {0, 0.1, 0.5, 0.9, 0.99, 0.999, 1};
  /** A release wake-up's lateness quantiles (null: none, no draws). */
  private long[] wakeLateNs;
  private SplittableRandom wakeRng;
  /** skbs handed to the hardware, written back, and released to the driver. */
  private long queued;
  private long written;
  private long released;
  /** Delayed completions: due time and the written count they release (due times rise). */
  private long[] dueAt = new long[64];
  private long[] upTo = new long[64];
  private int head;
  private int count;
  private boolean periodRunning;
  private boolean batchArmed;
  private final Event batch =
      new Event() {
        @Override
        protected void fire() {
          batchArmed = false;
          release(written);
        }
      };
  private final Event delayed =
      new Event() {
        @Override
        protected void fire() {
          releaseDue();
        }
      };
  private final Event period =
      new Event() {
        @Override
        protected void fire() {
          periodTick();
        }
      };

  TxCompletion(Simulator sim, Runnable interrupt) {
    this(sim, interrupt, false);
  }

  /** {@code fromXmit}: a fixed delay starts at xmit, not at the write-back. */
  TxCompletion(Simulator sim, Runnable interrupt, boolean fromXmit) {
    this(sim, interrupt, fromXmit, 1.0);
  }

  /** {@code scale}: how much longer (or shorter) than set a hold really is. */
  TxCompletion(Simulator sim, Runnable interrupt, boolean fromXmit, double scale) {
    this.sim = sim;
    this.interrupt = interrupt;
    this.fromXmit = fromXmit;
    this.scale = scale;
  }

  /**
   * Each release wake-up comes a random lateness after the earliest hold is due, drawn from
   * {@code rng} with the quantiles {@code lateNs} at {@link #WAKE_QUANTILES} (min, p10, p50,
   * p90, p99, p99.9, max; made non-decreasing). What a completion that waits on a timer
   * wake-up sees: the holder's releases run late by a spread with a floor and a long tail, not
   * a constant (see ideal-xmit's profile); what is due by the wake-up goes with it. All zero:
   * none, and nothing drawn.
   */
  void setWakeLateness(long[] lateNs, SplittableRandom rng) {
    if (lateNs.length != WAKE_QUANTILES.length) {
      throw new IllegalArgumentException("wake lateness needs " + WAKE_QUANTILES.length
          + " quantiles");
    }
    long[] q = new long[lateNs.length];
    long prev = 0;
    boolean any = false;
    for (int i = 0; i < q.length; i++) {
      if (lateNs[i] < 0) {
        throw new IllegalArgumentException("wake lateness " + lateNs[i]);
      }
      q[i] = Math.max(prev, lateNs[i]); // quantiles never fall (a band draws each apart)
      prev = q[i];
      any |= q[i] > 0;
    }
    this.wakeLateNs = any ? q : null;
    this.wakeRng = rng;
  }

  /**
   * One wake-up's random lateness (ns): the wake-up distribution's quantile at a uniform draw
   * (inversion), linear between the given quantiles.
   */
  private long lateness() {
    if (wakeLateNs == null) {
      return 0;
    }
    double u = wakeRng.nextDouble();
    int i = 1;
    while (u > WAKE_QUANTILES[i]) {
      i++;
    }
    double f = (u - WAKE_QUANTILES[i - 1]) / (WAKE_QUANTILES[i] - WAKE_QUANTILES[i - 1]);
    return Math.round(wakeLateNs[i - 1] + f * (wakeLateNs[i] - wakeLateNs[i - 1]));
  }

  /** The hold in ns: tx-usecs, times the timing factor. */
  private long delayNs() {
    return scale == 1.0 ? usecs * 1000L : Math.round(usecs * 1000.0 * scale);
  }

  void set(long usecs, long frames) {
    this.usecs = usecs;
    this.frames = frames;
  }

  long usecs() {
    return usecs;
  }

  long frames() {
    return frames;
  }

  /** Per packet at its write-back ({@code tx-frames 1 tx-usecs 0}, the default): no hold. */
  boolean immediate() {
    return frames == 1 && usecs == 0;
  }

  /** An skb was handed to the hardware at {@code now}. */
  void queued(long now) {
    queued++;
    if (frames == 0 && !periodRunning) {
      periodRunning = true;
      long p = delayNs();
      sim.schedule(period, now + p - now % p);
    }
    if (fromXmit && frames == 1 && usecs != 0) {
      delay(now, queued);
    }
  }

  /** A delayed completion of the skbs up to {@code upToCount}, due at {@code now} + usecs. */
  private void delay(long now, long upToCount) {
    if (count == dueAt.length) {
      grow();
    }
    int slot = (head + count) & (dueAt.length - 1);
    long due = now + delayNs();
    if (count > 0) {
      // released in order, as the holder's queue is: a hold never ends before an earlier one's
      due = Math.max(due, dueAt[(head + count - 1) & (dueAt.length - 1)]);
    }
    dueAt[slot] = due;
    upTo[slot] = upToCount;
    if (count++ == 0) {
      sim.schedule(delayed, due + lateness());
    }
  }

  /** The hardware wrote an skb's descriptor back. */
  void writtenBack() {
    written++;
    if (frames == 0) {
      return; // the period releases it
    }
    if (usecs == 0 || written % frames == 0 && frames > 1) {
      release(written); // per packet, or the N-th frame of a batch
      return;
    }
    if (frames > 1) {
      if (!batchArmed) {
        batchArmed = true;
        sim.schedule(batch, sim.now() + delayNs());
      }
      return;
    }
    if (fromXmit) {
      release(Math.min(dueReached, written)); // a delay that ended before the write-back
      return;
    }
    delay(sim.now(), written);
  }

  /** From-xmit: the highest count whose delay has ended (released once written back). */
  private long dueReached;

  private void releaseDue() {
    long now = sim.now();
    long to = released;
    while (count > 0 && dueAt[head] <= now) {
      to = upTo[head];
      head = (head + 1) & (dueAt.length - 1);
      count--;
    }
    if (count > 0) {
      sim.schedule(delayed, dueAt[head] + lateness()); // the next wake-up, for the next due
    }
    if (fromXmit) {
      dueReached = Math.max(dueReached, to);
      release(Math.min(to, written));
      return;
    }
    release(to);
  }

  private void periodTick() {
    release(written);
    if (queued > released) {
      sim.schedule(period, sim.now() + delayNs());
    } else {
      periodRunning = false;
    }
  }

  private void release(long to) {
    if (to > released) {
      released = to;
      interrupt.run();
    }
  }

  /** skbs the driver may clean in total so far. */
  /** Whether a release waits on one of the policy's events (delay, batch or period). */
  boolean releaseQueued() {
    return delayed.isScheduled() || batch.isScheduled() || period.isScheduled();
  }

  long released() {
    return released;
  }

  long written() {
    return written;
  }

  long queuedCount() {
    return queued;
  }

  private void grow() {
    long[] d = new long[dueAt.length * 2];
    long[] u = new long[d.length];
    for (int i = 0; i < count; i++) {
      d[i] = dueAt[(head + i) & (dueAt.length - 1)];
      u[i] = upTo[(head + i) & (dueAt.length - 1)];
    }
    dueAt = d;
    upTo = u;
    head = 0;
  }
}
