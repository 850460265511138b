package io.nicsim.core.metrics;

import io.micrometer.core.instrument.Clock;
import io.nicsim.core.sim.Simulator;

/** A Micrometer clock that reads simulated time, so rates are per simulated second. */
public final class SimClock implements Clock {
  private final Simulator sim;

  public SimClock(Simulator sim) {
    this.sim = sim;
  }

  @Override
  public long wallTime() {
    return sim.now() / 1_000_000L;
  }

  @Override
  public long monotonicTime() {
    return sim.now();
  }
}
