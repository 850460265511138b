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

  public InterruptRegister(IrqLine line) {
    this.line = line;
    line.levelTriggered(this::asserted);
  }

  /** The hardware sets cause bits. */
  public void set(int bits) {
    status |= bits;
    if ((status & enable) != 0) {
      line.raise();
    }
  }

  /** Write-1-to-clear acknowledge. */
  public void ack(int bits) {
    status &= ~bits;
  }

  /** Writes the enable mask; enabling a pending cause asserts the line. */
  public void setEnable(int mask) {
    enable = mask;
    if ((status & enable) != 0) {
      line.raise();
    }
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
