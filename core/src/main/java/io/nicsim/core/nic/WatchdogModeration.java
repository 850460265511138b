package io.nicsim.core.nic;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * A receive interrupt watchdog like the Synopsys RIWT: a frame whose descriptor has IC raises
 * the interrupt at once and stops the watchdog; a frame without IC starts the watchdog if it is
 * not running, and its expiry raises the interrupt. A watchdog of 0 never fires.
 */
public final class WatchdogModeration implements RxModeration {
  private final Simulator sim;
  private final Runnable raise;
  private long watchdogNs;
  private long interrupts;
  private long expiries;
  private final Event expiry =
      new Event() {
        @Override
        protected void fire() {
          expiries++;
          interrupts++;
          raise.run();
        }

        @Override
        public boolean nestable() {
          return true; // hardware
        }
      };

  public WatchdogModeration(Simulator sim, long watchdogNs, Runnable raise) {
    this.sim = sim;
    this.watchdogNs = watchdogNs;
    this.raise = raise;
  }

  /** Reprograms the watchdog period (ns); 0 disables it. */
  public void setWatchdogNs(long ns) {
    this.watchdogNs = ns;
  }

  public long watchdogNs() {
    return watchdogNs;
  }

  @Override
  public void frameReceived(boolean ic) {
    if (ic) {
      sim.cancel(expiry);
      interrupts++;
      raise.run();
    } else if (!expiry.isScheduled() && watchdogNs > 0) {
      sim.scheduleIn(expiry, watchdogNs);
    }
  }

  @Override
  public long interrupts() {
    return interrupts;
  }

  /** Interrupts that came from the watchdog expiring. */
  public long expiries() {
    return expiries;
  }
}
