package io.nicsim.core.nic;

import io.nicsim.core.kernel.IrqLine;

/**
 * A device interrupt status register with its enable mask (stmmac DMA_CHAN_STATUS /
 * DMA_CHAN_INTR_ENA, fec IEVENT / IMASK). The line is asserted while a status bit is both set
 * and enabled; status bits are write-1-to-clear.
 */
public final class InterruptRegister {
  private final IrqLine line;
  private int status;
  private int enable;
  private InterruptThrottle throttle;

  public InterruptRegister(IrqLine line) {
    this.line = line;
    line.levelTriggered(this::levelAsserted);
    line.causeSource(this::pending);
  }

  /**
   * Puts {@code t} between this register and its line: from now on the line asserts no more
   * often than {@code t}'s interval (see {@link InterruptThrottle} for the rule). Returns this.
   */
  public InterruptRegister throttle(InterruptThrottle t) {
    t.attach(this);
    this.throttle = t;
    return this;
  }

  /** The throttle between this register and its line, or null. */
  public InterruptThrottle throttle() {
    return throttle;
  }

  /** Names cause bit(s) for the line's per-cause counts ({@link IrqLine#causeCounts()}). */
  public InterruptRegister nameCause(int bits, String name) {
    line.nameCause(bits, name);
    return this;
  }

  /** The hardware sets cause bits. */
  public void set(int bits) {
    status |= bits;
    reassert();
  }

  /** Asserts the line if a cause is pending and the throttle (if any) lets it. */
  void reassert() {
    int p = status & enable;
    if (p != 0 && (throttle == null || throttle.admit(p))) {
      line.raise();
    }
  }

  /** The level the line sees after its handler: pending, and let through by the throttle. */
  private boolean levelAsserted() {
    int p = status & enable;
    return p != 0 && (throttle == null || throttle.admit(p));
  }

  /** Write-1-to-clear acknowledge. */
  public void ack(int bits) {
    status &= ~bits;
  }

  /** Writes the enable mask; enabling a pending cause asserts the line. */
  public void setEnable(int mask) {
    enable = mask;
    reassert();
  }

  public int status() {
    return status;
  }

  public int enable() {
    return enable;
  }

  /** Status bits that are enabled. */
  public int pending() {
    return status & enable;
  }

  public boolean asserted() {
    return (status & enable) != 0;
  }

  public IrqLine line() {
    return line;
  }
}
