package io.nicsim.bench.perf;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The engine benchmark's workload: an event mix shaped like a NIC simulation, on a bare
 * {@link Simulator}. Sixteen DMA-like engines reschedule themselves every few hundred ns (a
 * frame time with jitter); every third step of an engine moves one of eight coalescing timers
 * 5 ms ahead (hrtimer_start on a pending timer), every seventh cancels one (hrtimer_cancel),
 * and every fifth schedules a one-shot delivery 500 ns later (a frame reaching the far end).
 * About thirty events are pending at any time. Deterministic: the jitter comes from an
 * xorshift seeded once.
 */
public final class EngineMix {
  static final int ENGINES = 16;
  static final int TIMERS = 8;
  static final int DELIVERIES = 8;

  private final Simulator sim = new Simulator(1);
  private final Timer[] timers = new Timer[TIMERS];
  private final Delivery[] deliveries = new Delivery[DELIVERIES];
  private long rng = 0x9E3779B97F4A7C15L;
  /** Work done by the events, so that the JIT cannot drop them. */
  long sink;

  public EngineMix() {
    for (int i = 0; i < TIMERS; i++) {
      timers[i] = new Timer();
      sim.schedule(timers[i], 5_000_000L + i);
    }
    for (int i = 0; i < DELIVERIES; i++) {
      deliveries[i] = new Delivery();
    }
    for (int i = 0; i < ENGINES; i++) {
      sim.schedule(new Dma(i), 100L * i);
    }
  }

  public Simulator sim() {
    return sim;
  }

  /** Runs {@code ns} more simulated time; returns the events dispatched. */
  public long advance(long ns) {
    long before = sim.eventsDispatched();
    sim.runUntil(sim.now() + ns);
    return sim.eventsDispatched() - before;
  }

  public long sink() {
    return sink;
  }

  private int next() {
    long x = rng;
    x ^= x << 13;
    x ^= x >>> 7;
    x ^= x << 17;
    rng = x;
    return (int) (x >>> 33);
  }

  private final class Dma extends Event {
    private final int id;
    private long steps;

    Dma(int id) {
      this.id = id;
    }

    @Override
    protected void fire() {
      steps++;
      int r = next();
      sink += id;
      if (steps % 3 == 0) {
        Timer t = timers[r & (TIMERS - 1)];
        sim.schedule(t, sim.now() + 5_000_000L);
      }
      if (steps % 7 == 0) {
        Timer t = timers[(r >>> 3) & (TIMERS - 1)];
        if (sim.cancel(t)) {
          t.cancelled++;
        }
      }
      if (steps % 5 == 0) {
        Delivery d = deliveries[(r >>> 6) & (DELIVERIES - 1)];
        if (!d.isScheduled()) {
          sim.schedule(d, sim.now() + 500);
        }
      }
      // a frame time (672 ns at 1 Gbit/s for 64-byte frames) with jitter: 544..799 ns
      sim.schedule(this, sim.now() + 544 + ((r >>> 9) & 255));
    }
  }

  private final class Timer extends Event {
    long cancelled;

    @Override
    protected void fire() {
      sink += cancelled;
      sim.schedule(this, sim.now() + 5_000_000L);
    }
  }

  private final class Delivery extends Event {
    @Override
    protected void fire() {
      sink++;
    }
  }
}
