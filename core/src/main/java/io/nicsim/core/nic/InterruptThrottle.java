package io.nicsim.core.nic;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * An interrupt throttle: a minimum interval between assertions of one interrupt line, as
 * Intel's ITR/EITR, Realtek's IntrMitigate timer and the interrupt moderation of many SoC MACs
 * implement it. Attach it to the {@link InterruptRegister} that drives the line
 * ({@link InterruptRegister#throttle}); the register then asserts the line only through it.
 *
 * <p><b>Rule.</b> A cause that becomes pending (set and enabled) asserts the line at once when
 * the interval since the line's last assertion has passed (or the line never asserted); inside
 * the interval it waits, and the line asserts when the interval ends if a cause is still
 * pending (a cause acknowledged meanwhile asserts nothing). The interval restarts at every
 * assertion, including the level re-raise after a handler that left a cause unacknowledged. An
 * interval of 0 turns the throttle off. The interval is measured from the time the line was
 * asserted: a device's event time, or the CPU's cursor when a driver's register write (an
 * unmask) asserted it, so drivers need not know which.
 *
 * <p><b>Per-cause masking (optional).</b> {@link #setThrottledCauses} names the causes the
 * throttle holds back (all of them by default); a pending cause outside that mask asserts the
 * line at once, inside the interval too (Intel's low-latency interrupts, or a link or error
 * cause a driver wants without delay), and that assertion restarts the interval. The handler
 * then sees every pending cause, throttled ones included, as a status register shows them.
 *
 * <p><b>Register semantics</b> (how drivers program the interval; the model takes the interval
 * in ns, the driver converts as its hardware counts):
 *
 * <ul>
 *   <li>e1000e ITR / 82574 EITR (drivers/net/ethernet/intel/e1000e): the register holds the
 *       interval in 256 ns units; {@code e1000e_write_itr} writes {@code 10^9 / (itr × 256)}
 *       for a rate of {@code itr} interrupts/s, and {@code e1000_set_coalesce} turns
 *       {@code rx-usecs N} (10..10000; 0 off; 1, 3 and 4 select its adaptive modes; 2 and
 *       5..9 are EINVAL) into {@code itr = 1000000 / N}. The interval is the register value ×
 *       256 ns, so rx-usecs 100 gives 10000 interrupts/s → 390 × 256 ns = 99.84 µs.
 *   <li>igb EITR: {@code igb_set_coalesce} stores {@code rx-usecs << 2} and {@code
 *       igb_write_itr} writes it masked with 0x7FFC (the interval field, bits 14:2, in µs),
 *       ORed with {@code E1000_EITR_CNT_IGNR} on 82576 and later so that the write does not
 *       reset the running counter.
 *   <li>ixgbe EITR: the same {@code << 2}, masked with {@code IXGBE_EITR_ITR_INT_MASK}
 *       (0xFF8: bits 11:3, so the driver's value moves in 2 µs steps up to 1022 µs), written
 *       with {@code IXGBE_EITR_CNT_WDIS} on 82599 and later ("to not clear the timer bits and
 *       cause an immediate assertion of the interrupt", ixgbe_write_eitr).
 * </ul>
 *
 * Linux writes all of these so that reprogramming does not restart the interval, which is what
 * {@link #setIntervalNs} does: the new interval applies from the last assertion on.
 *
 * <p>No allocation per interrupt: one reusable event for the end of the interval.
 */
public final class InterruptThrottle {
  private final Kernel kernel;
  private final Simulator sim;
  private InterruptRegister register;
  private long intervalNs;
  private int throttledCauses = -1;
  private boolean everAsserted;
  private long lastAssertNs;
  private long held;
  private final Event windowEnd =
      new Event() {
        @Override
        protected void fire() {
          register.reassert();
        }

        @Override
        public boolean nestable() {
          return true; // hardware
        }
      };

  /** A throttle with no interval (off) until {@link #setIntervalNs}. */
  public InterruptThrottle(Kernel kernel) {
    this.kernel = kernel;
    this.sim = kernel.simulator();
  }

  void attach(InterruptRegister r) {
    if (register != null && register != r) {
      throw new IllegalStateException("an interrupt throttle drives one register's line");
    }
    register = r;
  }

  /** The minimum interval between assertions, in ns; 0 turns the throttle off. */
  public void setIntervalNs(long ns) {
    if (ns < 0) {
      throw new IllegalArgumentException("interval " + ns + " ns");
    }
    intervalNs = ns;
    if (ns == 0 && windowEnd.isScheduled()) {
      sim.cancel(windowEnd);
      if (register != null) {
        register.reassert(); // off: whatever waited asserts now
      }
    } else if (windowEnd.isScheduled() && everAsserted) {
      sim.schedule(windowEnd, Math.max(lastAssertNs + ns, sim.now()));
    }
  }

  public long intervalNs() {
    return intervalNs;
  }

  /** The causes the interval holds back; others assert at once (default: every cause). */
  public void setThrottledCauses(int mask) {
    throttledCauses = mask;
  }

  public int throttledCauses() {
    return throttledCauses;
  }

  /**
   * Whether the line may assert now for {@code pending} causes; when it may, the assertion is
   * recorded (the interval restarts), and when not, the end of the interval is scheduled.
   */
  boolean admit(int pending) {
    long now = kernel.now();
    if (intervalNs == 0 || (pending & ~throttledCauses) != 0 || !everAsserted
        || now - lastAssertNs >= intervalNs) {
      everAsserted = true;
      lastAssertNs = now;
      return true;
    }
    if (!windowEnd.isScheduled()) {
      held++;
      sim.schedule(windowEnd, lastAssertNs + intervalNs);
    }
    return false;
  }

  /** Times a pending cause had to wait for the interval to end. */
  public long heldCount() {
    return held;
  }

  /** The time of the line's last assertion through this throttle (ns; -1 before the first). */
  public long lastAssertNs() {
    return everAsserted ? lastAssertNs : -1;
  }
}
