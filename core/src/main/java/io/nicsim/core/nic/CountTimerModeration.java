package io.nicsim.core.nic;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * Count-or-timer interrupt coalescing (like the ENET ICFT/ICTT pair): the interrupt fires when
 * {@code frames} frames have completed or {@code timerNs} after the first frame not yet
 * signalled, whichever comes first. When disabled every frame interrupts.
 */
public final class CountTimerModeration implements RxModeration {
  private final Simulator sim;
  private final Runnable raise;
  private boolean enabled;
  private int frames;
  private long timerNs;
  private int count;
  private long interrupts;
  private final Event timer =
      new Event() {
        @Override
        protected void fire() {
          fireNow();
        }

        @Override
        public boolean nestable() {
          return true; // hardware
        }
      };

  public CountTimerModeration(Simulator sim, Runnable raise) {
    this.sim = sim;
    this.raise = raise;
  }

  /** Programs the coalescer; {@code enabled=false} means an interrupt per frame. */
  public void configure(boolean enabled, int frames, long timerNs) {
    this.enabled = enabled;
    this.frames = frames;
    this.timerNs = timerNs;
  }

  @Override
  public void frameReceived(boolean ic) {
    if (!enabled) {
      interrupts++;
      raise.run();
      return;
    }
    count++;
    if (count == 1) {
      sim.scheduleIn(timer, timerNs);
    }
    if (count >= frames) {
      fireNow();
    }
  }

  private void fireNow() {
    sim.cancel(timer);
    count = 0;
    interrupts++;
    raise.run();
  }

  /** Frames counted toward the next interrupt. */
  public int pendingFrames() {
    return count;
  }

  @Override
  public long interrupts() {
    return interrupts;
  }
}
