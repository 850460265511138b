package io.nicsim.core.sim;

/**
 * A self-rescheduling piece of work that keeps one pending time, like an {@link Event} a
 * component owns for its whole life, but scheduled through its own methods ({@link #schedule},
 * {@link #cancel}, {@link #continueAt}) so that two lanes may share one queue entry
 * ({@link #pair}). On its own a lane is an ordinary event in the queue. Paired, the pair's entry
 * carries the earlier of the two lanes' keys (time, then the sequence number each lane took when
 * it was scheduled, exactly as {@link Simulator#schedule} would have given it), and when one
 * lane's work ends and the other's is the next thing the loop would fire anyway, that work runs
 * in place ({@link Simulator#continueAt}'s rule): the same pieces at the same times in the same
 * order as with two events, one queue round-trip fewer. Two streams that alternate — a TX DMA
 * engine's frame ends and the wire's deliveries a propagation delay after them — are the case.
 *
 * <p>A lane must never be handed to {@link Simulator#schedule} or {@link Simulator#cancel}
 * directly: its own methods decide where its key lives.
 */
public abstract class Lane extends Event {
  private final Simulator sim;
  /** The pair this lane belongs to; null: on its own (this event is its queue entry). */
  private Pair pair;
  /** Paired only: the lane has a pending time (its key in {@link #time}, {@link #seq}). */
  private boolean waiting;

  protected Lane(Simulator sim) {
    this.sim = sim;
  }

  /** Schedules this lane's work at {@code atNs} (moving it if pending), as Simulator.schedule. */
  public final void schedule(long atNs) {
    if (pair == null) {
      sim.schedule(this, atNs);
    } else {
      pair.schedule(this, atNs);
    }
  }

  /** Drops the pending work; returns whether there was any, as Simulator.cancel. */
  public final boolean cancel() {
    return pair == null ? sim.cancel(this) : pair.cancel(this);
  }

  /**
   * Asked while this lane's work runs: may its next piece, due at {@code atNs}, run now in place
   * (the clock then reads {@code atNs})? As {@link Simulator#continueAt}: yes exactly when nothing
   * else, the paired lane included, is due up to {@code atNs}.
   */
  public final boolean continueAt(long atNs) {
    return pair == null ? sim.continueAt(this, atNs) : pair.continueAt(this, atNs);
  }

  /** Whether work is pending (not while it runs, unless it rescheduled itself). */
  public final boolean pending() {
    return pair == null ? isScheduled() : waiting;
  }

  /**
   * Puts {@code a} and {@code b} (of one simulator, neither pending nor paired) in one queue
   * entry for the rest of their lives. The pair fires inside catch-ups only if both lanes may.
   */
  public static void pair(Lane a, Lane b) {
    if (a == b || a.sim != b.sim || a.pair != null || b.pair != null || a.heapIndex >= 0
        || b.heapIndex >= 0) {
      throw new IllegalArgumentException("Lane.pair: two idle, unpaired lanes of one simulator");
    }
    Pair p = new Pair(a.sim, a, b);
    a.pair = p;
    b.pair = p;
  }

  /** Whether this lane shares its queue entry with another. */
  public final boolean paired() {
    return pair != null;
  }

  /** Two lanes' one queue entry. */
  private static final class Pair extends Event {
    private final Simulator sim;
    private final Lane a;
    private final Lane b;
    private final boolean nestable;
    /** The lane whose work runs now, or null. */
    private Lane running;

    Pair(Simulator sim, Lane a, Lane b) {
      this.sim = sim;
      this.a = a;
      this.b = b;
      this.nestable = a.nestable() && b.nestable();
    }

    @Override
    public boolean nestable() {
      return nestable;
    }

    /** The pending lane with the earlier key, or null. */
    private Lane earliest() {
      if (!a.waiting) {
        return b.waiting ? b : null;
      }
      if (!b.waiting) {
        return a;
      }
      return a.time < b.time || (a.time == b.time && a.seq < b.seq) ? a : b;
    }

    @Override
    protected void fire() {
      if (running != null) {
        throw new IllegalStateException("Lane pair fired inside its own work");
      }
      Lane l = earliest();
      while (true) {
        l.waiting = false;
        running = l;
        try {
          l.fire();
        } finally {
          running = null;
        }
        l = earliest();
        if (l == null) {
          return; // stays firing: the loop takes the entry out
        }
        if (!sim.continueAt(this, l.time)) {
          sim.scheduleKeyed(this, l.time, l.seq);
          return;
        }
      }
    }

    void schedule(Lane l, long atNs) {
      long seq = sim.newSeq(atNs);
      l.time = atNs;
      l.seq = seq;
      l.waiting = true;
      if (running == null) {
        rekey();
      } // firing: the entry is keyed when the running lane's work ends
    }

    boolean cancel(Lane l) {
      if (!l.waiting) {
        return false;
      }
      l.waiting = false;
      if (running == null) {
        rekey();
      }
      return true;
    }

    boolean continueAt(Lane l, long atNs) {
      if (l != running) {
        return false;
      }
      Lane o = l == a ? b : a;
      return (!o.waiting || o.time > atNs) && sim.continueAt(this, atNs);
    }

    /** Keys the (not firing) entry with the earliest pending lane, or drops it. */
    private void rekey() {
      Lane e = earliest();
      if (e == null) {
        sim.cancel(this);
      } else if (!isScheduled() || e.time != time || e.seq != seq) {
        sim.scheduleKeyed(this, e.time, e.seq);
      }
    }
  }
}
