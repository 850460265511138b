package io.nicsim.core.sim;

import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * The discrete-event engine of one simulation: simulated time in nanoseconds, an event queue,
 * one seeded random source. Single-threaded; separate simulations share nothing and may run on
 * parallel threads.
 */
public final class Simulator {
  private final EventQueue queue = new EventQueue();
  private final SplittableRandom random;
  private final long seed;
  private long now;
  private long nextSeq;
  private long dispatched;
  private long continued;
  /**
   * While {@link #runUntil(long)} runs: its end, the last time a firing event may go on to
   * (see {@link #continueAt}); otherwise {@link Long#MIN_VALUE}, nothing continues.
   */
  private long continueLimit = Long.MIN_VALUE;
  private boolean continuation = true;
  /** Cancelled events whose heap entries have not surfaced yet. */
  private int cancelledEntries;
  private boolean stopRequested;
  /** Catch-ups ({@link #catchUp}) running now, nested. */
  private int catchUpDepth;
  /** The last time the running loop fires events at (either form of runUntil); a catch-up
   * fires nothing later. {@link Long#MIN_VALUE} outside a loop. */
  private long loopEnd = Long.MIN_VALUE;
  /** While a catch-up runs: the time its events must be due before (the innermost's). */
  private long catchUpLimit = Long.MAX_VALUE;

  public Simulator(long seed) {
    this.seed = seed;
    this.random = new SplittableRandom(seed);
  }

  /** Current simulated time, ns. */
  public long now() {
    return now;
  }

  public long seed() {
    return seed;
  }

  /** The simulation's random source; every random choice in a run must come from here. */
  public SplittableRandom random() {
    return random;
  }

  /** Events dispatched so far. */
  public long eventsDispatched() {
    return dispatched;
  }

  /**
   * Pieces of work that went on inside an event already firing ({@link #continueAt}) instead
   * of being scheduled as events of their own.
   */
  public long continuations() {
    return continued;
  }

  /**
   * Turns {@link #continueAt} on (the default) or off; off, every piece of work is an event of
   * its own. Results are the same either way: tests run both and compare.
   */
  public void continuation(boolean on) {
    this.continuation = on;
  }

  /** Events waiting. */
  public int pending() {
    return queue.size() - cancelledEntries;
  }

  /**
   * Schedules {@code event} at absolute time {@code atNs}; an event already waiting is moved.
   * Events at equal times run in the order they were (re)scheduled.
   */
  public void schedule(Event event, long atNs) {
    if (atNs < now) {
      throw inThePast(atNs);
    }
    scheduleKeyed(event, atNs, nextSeq++);
  }

  /**
   * The next sequence number, as {@link #schedule} would give an event scheduled now ({@link
   * Lane}s take theirs here and their pair's entry is keyed with the earliest).
   */
  long newSeq(long atNs) {
    if (atNs < now) {
      throw inThePast(atNs);
    }
    return nextSeq++;
  }

  /** {@link #schedule} with the key's sequence number given (taken earlier by {@link #newSeq}). */
  void scheduleKeyed(Event event, long atNs, long seq) {
    if (event.firing) {
      // the running event reschedules itself: re-key it in place at the top of the heap
      event.firing = false;
      event.time = atNs;
      event.seq = seq;
      queue.replaceTop(event);
      return;
    }
    event.time = atNs;
    event.seq = seq;
    if (event.heapIndex < 0) {
      queue.add(event);
      return;
    }
    if (event.cancelled) {
      event.cancelled = false;
      cancelledEntries--;
    }
    long et = queue.entryTime(event);
    if (atNs < et || (atNs == et && seq < queue.entrySeq(event))) {
      queue.rekey(event); // earlier than its entry says: move the entry now
    }
    // later: the entry's older key stays a lower bound; the entry is fixed when it surfaces
  }

  /** Schedules {@code event} {@code delayNs} from now. */
  public void scheduleIn(Event event, long delayNs) {
    if (delayNs < 0) {
      throw negativeDelay(delayNs);
    }
    schedule(event, now + delayNs);
  }

  // exceptions are built in methods of their own, off the hot paths (which stay small)
  private IllegalArgumentException inThePast(long atNs) {
    return new IllegalArgumentException(
        "schedule: time " + atNs + " ns is before now (" + now + " ns)");
  }

  private static IllegalArgumentException negativeDelay(long delayNs) {
    return new IllegalArgumentException("scheduleIn: negative delay " + delayNs + " ns");
  }

  /** Removes a waiting event; returns whether it was waiting. */
  public boolean cancel(Event event) {
    if (event.firing) {
      // cancelling the running event: it was not waiting; just take it out of the heap
      event.firing = false;
      queue.remove(event);
      return false;
    }
    if (event.heapIndex < 0 || event.cancelled) {
      return false;
    }
    event.cancelled = true; // dropped when its entry surfaces
    cancelledEntries++;
    return true;
  }

  /** Runs every event up to and including time {@code endNs}; the clock then reads endNs. */
  public void runUntil(long endNs) {
    if (endNs < now) {
      throw new IllegalArgumentException("runUntil: " + endNs + " ns is before now (" + now + ")");
    }
    stopRequested = false;
    long outer = continueLimit;
    long outerEnd = loopEnd;
    continueLimit = endNs;
    loopEnd = endNs;
    try {
      Event e;
      while ((e = top()) != null && e.time <= endNs && !stopRequested) {
        // step(e), written out: the JIT then compiles the dispatch into this loop whatever
        // step's own compiled code became (a bare Simulator's first events can make step too
        // big to inline, and this loop would call it for the rest of the JVM's life)
        now = e.time;
        dispatched++;
        e.firing = true;
        try {
          e.fire();
        } catch (InvariantViolation v) {
          throw v.at(now);
        }
        if (e.firing) {
          e.firing = false;
          queue.pollTop(e);
        }
      }
    } finally {
      continueLimit = outer;
      loopEnd = outerEnd;
    }
    if (!stopRequested) {
      now = endNs;
    }
  }

  /**
   * Asked by {@code event}, which is firing now and has more work due at {@code atNs}: may it
   * do that work within this firing instead of rescheduling itself for {@code atNs}? Yes
   * exactly when the loop would fire it next anyway — {@code atNs} is within the running
   * {@link #runUntil(long)} (not the conditional form, whose condition is checked between
   * events), no stop was requested, and every other waiting event is due strictly later, so
   * none would run in between (an event rescheduled for {@code atNs} gets the newest sequence
   * and runs after those due at that time). The clock then reads {@code atNs}. Results are the
   * same either way; the answer is conservative (an entry whose key is only a lower bound of its
   * event's time counts as due then), so it saves the queue round-trip when it safely can.
   */
  public boolean continueAt(Event event, long atNs) {
    if (!continuation || catchUpDepth > 0 || !event.firing || atNs < now
        || atNs > continueLimit || stopRequested
        || queue.peek() != event || !queue.othersAfter(atNs)) {
      return false;
    }
    now = atNs;
    continued++;
    return true;
  }

  /**
   * Runs until {@code condition} holds (checked after each event) or time {@code limitNs}
   * passes; returns whether the condition was met.
   */
  public boolean runUntil(BooleanSupplier condition, long limitNs) {
    stopRequested = false;
    if (condition.getAsBoolean()) {
      return true;
    }
    long outer = continueLimit;
    long outerEnd = loopEnd;
    continueLimit = Long.MIN_VALUE; // the condition is checked after every piece of work
    loopEnd = limitNs;
    try {
      Event next;
      while ((next = top()) != null && next.time <= limitNs && !stopRequested) {
        step(next);
        if (condition.getAsBoolean()) {
          return true;
        }
      }
    } finally {
      continueLimit = outer;
      loopEnd = outerEnd;
    }
    if (!stopRequested && now < limitNs) {
      now = limitNs;
    }
    return false;
  }

  /**
   * Called by {@code self}, the event firing now (the innermost one, if catch-ups nest), which
   * has reached time {@code atNs} in its own work (a CPU's cursor inside a piece of work):
   * fires, in their order, the waiting events due strictly before {@code atNs}, as long as each
   * one {@linkplain Event#nestable() may run} inside another; it stops at the first that may
   * not, so that no event runs before one due earlier.
   * The firing event leaves the queue first (it must reschedule itself to run again), and
   * nothing continues in place ({@link #continueAt}) meanwhile: every piece of the events fired
   * here is an event of its own, so each is checked. The clock then reads the last fired
   * event's time, never more than {@code atNs}. Only race exploration calls this (a CPU that
   * lets the others catch up before it touches a device's transmit path); without it every
   * event runs atomically at its time.
   */
  public void catchUp(Event self, long atNs) {
    long limit0 = Math.min(atNs, catchUpLimit);
    if (self.firing && queue.peek() == self && queue.othersAfter(limit0 - 1)) {
      // nothing is due before the point reached (every other entry's key, a lower bound of its
      // event's time, is at or after it): nothing would fire, so the firing event stays where
      // it is and may still continue in place — no removal now and no insertion later
      return;
    }
    if (self.firing) {
      self.firing = false;
      queue.remove(self);
    }
    // inside another catch-up, nothing runs past the point the enclosing event has reached
    long limit = limit0;
    long outerLimit = catchUpLimit;
    catchUpLimit = limit;
    catchUpDepth++;
    try {
      Event next;
      while ((next = top()) != null && next.time < limit && next.time <= loopEnd
          && !stopRequested && next.nestable()) {
        step(next);
      }
    } finally {
      catchUpDepth--;
      catchUpLimit = outerLimit;
    }
  }

  /** Whether a {@link #catchUp} is running (an event fired inside another). */
  public boolean catchingUp() {
    return catchUpDepth > 0;
  }

  /** Asks the running loop to return after the current event (used by invariant checks). */
  public void stop() {
    stopRequested = true;
  }

  /**
   * The earliest waiting event with its entry up to date, or null: cancelled entries at the top
   * are dropped and moved-later ones re-keyed until the top is a real one.
   */
  private Event top() {
    while (!queue.isEmpty()) {
      Event e = queue.peek();
      if (e.cancelled) {
        e.cancelled = false;
        cancelledEntries--;
        queue.remove(e);
      } else if (queue.peekTime() != e.time || queue.peekSeq() != e.seq) {
        queue.replaceTop(e);
      } else {
        return e;
      }
    }
    return null;
  }

  /**
   * Fires {@code e}, the earliest event (from {@link #top()}). It stays at the heap's top while
   * it runs, so that an event rescheduling itself (the common case: DMA steps, timers, CPU
   * dispatch) costs one sift instead of a removal and an insertion.
   */
  private void step(Event e) {
    now = e.time;
    dispatched++;
    e.firing = true;
    try {
      e.fire();
    } catch (InvariantViolation v) {
      throw v.at(now);
    }
    if (e.firing) {
      e.firing = false;
      queue.pollTop(e);
    }
  }
}
