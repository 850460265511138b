package io.nicsim.fec;

import static io.nicsim.fec.FecRegisters.FEC_ITR_CLK_SEL;
import static io.nicsim.fec.FecRegisters.FEC_ITR_EN;
import static io.nicsim.fec.FecRegisters.ITR_CLOCKS_PER_TICK;

/**
 * One ENET interrupt coalescer: the logic behind one RXICn or TXICn register. With ICEN clear
 * every completed frame sets its event bit at once. With ICEN set the event is held back until
 * ICFT frames have completed or ICTT ticks (64 clocks of the selected clock each) have passed
 * since the first frame not yet covered by an event, whichever comes first; then the frame
 * count restarts.
 *
 * <p>Modelling choices where the reference manual says "unpredictable" or nothing: ICFT 0 never
 * reaches the count (only the timer fires); ICTT 0 fires on the frame that starts it; a write to
 * the register first delivers the frames it was holding, then starts from zero with the new
 * value. The timer runs from the completion instant of the first frame, not from a tick edge.
 */
public final class EnetCoalescer {

  /** Where the coalescer's timer lives (a simulator event in the MAC model). */
  public interface Timer {
    void arm(long atNs);

    void cancel();
  }

  /** Sets the event bit this coalescer guards. */
  public interface Event {
    void raise();
  }

  private final Timer timer;
  private final Event event;
  private final long sysClockHz;
  private final long txClockHz;

  private boolean enabled;
  private int icft;
  private long icttNs;

  private int count;
  private boolean timing;
  /** Events raised since creation (for tests and reports). */
  private long raised;
  /** When the current (or last) window's first frame completed, ns. */
  private long windowStartNs = -1;

  /**
   * @param sysClockHz the ENET system (ahb) clock, used when ICCS = 1 (what the driver sets)
   * @param txClockHz the MII/GMII TX clock, used when ICCS = 0
   */
  public EnetCoalescer(Timer timer, Event event, long sysClockHz, long txClockHz) {
    this.timer = timer;
    this.event = event;
    this.sysClockHz = sysClockHz;
    this.txClockHz = txClockHz;
  }

  /** Nanoseconds of {@code ticks} ICTT ticks at {@code clockHz}, rounded to the nearest ns. */
  public static long ticksToNs(int ticks, long clockHz) {
    return (ticks * (long) ITR_CLOCKS_PER_TICK * 1_000_000_000L + clockHz / 2) / clockHz;
  }

  /** The driver wrote the register. */
  public void write(int value) {
    if (count > 0) {
      fire();
    }
    enabled = (value & FEC_ITR_EN) != 0;
    icft = (value >>> 20) & 0xff;
    int ictt = value & 0xffff;
    long clock = (value & FEC_ITR_CLK_SEL) != 0 ? sysClockHz : txClockHz;
    icttNs = ticksToNs(ictt, clock);
  }

  /** The DMA finished a frame (RX frame written back, or TX frame sent) at {@code nowNs}. */
  public void frameDone(long nowNs) {
    if (!enabled) {
      raised++;
      event.raise();
      return;
    }
    count++;
    if (count == 1) {
      windowStartNs = nowNs;
      if (icttNs == 0) {
        fire();
        return;
      }
      timing = true;
      timer.arm(nowNs + icttNs);
    }
    if (icft != 0 && count >= icft) {
      fire();
    }
  }

  /** The timer armed by {@link #frameDone} expired. */
  public void timerExpired() {
    if (!timing) {
      return;
    }
    timing = false;
    fire();
  }

  private void fire() {
    count = 0;
    if (timing) {
      timing = false;
      timer.cancel();
    }
    raised++;
    event.raise();
  }

  public boolean enabled() {
    return enabled;
  }

  public int icft() {
    return icft;
  }

  public long icttNs() {
    return icttNs;
  }

  /** Frames completed and not yet covered by an event. */
  public int pending() {
    return count;
  }

  public long raised() {
    return raised;
  }

  /** Completion time of the first frame of the current or last window (-1 before any). */
  public long windowStartNs() {
    return windowStartNs;
  }
}
