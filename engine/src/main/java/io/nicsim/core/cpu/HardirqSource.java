package io.nicsim.core.cpu;

/**
 * Something that can be pending as a hard interrupt on a core: a device IRQ line or the local
 * timer (clockevent) interrupt. A source is queued at most once at a time.
 */
public abstract class HardirqSource {
  boolean queued;
  HardirqSource nextQueued;

  /** Handles the interrupt on {@code core}, in hardirq context. */
  protected abstract void handle(Core core);

  /** Short name for traces ("eth0", "arch_timer"). */
  public abstract String irqName();

  /** The IRQ number printed in traces. */
  public abstract int irqNumber();

  public final boolean isQueued() {
    return queued;
  }
}
