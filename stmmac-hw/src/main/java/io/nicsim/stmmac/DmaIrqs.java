package io.nicsim.stmmac;

import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.nic.InterruptRegister;

/**
 * The DMA channels' interrupt status and enable bits (DMA_STATUS / DMA_INTR_ENA, or the per
 * channel DMA_CHAN_STATUS / DMA_CHAN_INTR_ENA), wired to the host's interrupt lines: either one
 * shared line for everything (sbd interrupt) or one MSI vector per channel and direction
 * (STMMAC_FLAG_MULTI_MSI_EN). Only TI and RI are modelled: the normal TX and RX completion
 * causes.
 */
final class DmaIrqs {
  /** Transmit Interrupt (DMA_STATUS_TI / DMA_CHAN_STATUS_TI). */
  static final int TI = 1;
  /** Receive Interrupt (DMA_STATUS_RI / DMA_CHAN_STATUS_RI). */
  static final int RI = 2;

  private static final int[] CAUSES = {TI, RI};

  private final InterruptRegister[][] regs;
  private final int[][] shift;

  private DmaIrqs(InterruptRegister[][] regs, int[][] shift) {
    this.regs = regs;
    this.shift = shift;
  }

  /** Every channel's TI and RI on one line: bit 2*chan for TI, 2*chan+1 for RI. */
  static DmaIrqs shared(IrqLine line, int channels) {
    InterruptRegister r = new InterruptRegister(line);
    InterruptRegister[][] regs = new InterruptRegister[channels][2];
    int[][] shift = new int[channels][2];
    for (int c = 0; c < channels; c++) {
      regs[c][0] = r;
      regs[c][1] = r;
      shift[c][0] = 2 * c;
      shift[c][1] = 2 * c;
    }
    return new DmaIrqs(regs, shift);
  }

  /** One line per channel and direction: {@code lines[chan][0]} TX, {@code [chan][1]} RX. */
  static DmaIrqs perDirection(IrqLine[][] lines) {
    int channels = lines.length;
    InterruptRegister[][] regs = new InterruptRegister[channels][2];
    int[][] shift = new int[channels][2];
    for (int c = 0; c < channels; c++) {
      for (int d = 0; d < 2; d++) {
        regs[c][d] = lines[c][d] == null ? null : new InterruptRegister(lines[c][d]);
        // the register holds one cause: TI at bit 0 on TX lines, RI at bit 1 on RX lines
        shift[c][d] = 0;
      }
    }
    return new DmaIrqs(regs, shift);
  }

  /** The channels wired. */
  int channels() {
    return regs.length;
  }

  private InterruptRegister reg(int chan, int cause) {
    return regs[chan][cause == TI ? 0 : 1];
  }

  private int bit(int chan, int cause) {
    return cause << shift[chan][cause == TI ? 0 : 1];
  }

  /** The hardware sets a cause (status bit) of a channel. */
  void raise(int chan, int cause) {
    InterruptRegister r = reg(chan, cause);
    if (r != null) {
      r.set(bit(chan, cause));
    }
  }

  /** The channel's status bits, as TI|RI. */
  int status(int chan) {
    int s = 0;
    for (int cause : CAUSES) {
      InterruptRegister r = reg(chan, cause);
      if (r != null && (r.status() & bit(chan, cause)) != 0) {
        s |= cause;
      }
    }
    return s;
  }

  /** The channel's enable bits, as TI|RI (TIE/RIE). */
  int enabled(int chan) {
    int s = 0;
    for (int cause : CAUSES) {
      InterruptRegister r = reg(chan, cause);
      if (r != null && (r.enable() & bit(chan, cause)) != 0) {
        s |= cause;
      }
    }
    return s;
  }

  /** Write-1-to-clear of the channel's causes in {@code causes}. */
  void clear(int chan, int causes) {
    for (int cause : CAUSES) {
      if ((causes & cause) != 0) {
        InterruptRegister r = reg(chan, cause);
        if (r != null) {
          r.ack(bit(chan, cause));
        }
      }
    }
  }

  /** Sets or clears enable bits of the channel; enabling a pending cause asserts its line. */
  void setEnabled(int chan, int causes, boolean on) {
    for (int cause : CAUSES) {
      if ((causes & cause) != 0) {
        InterruptRegister r = reg(chan, cause);
        if (r != null) {
          int b = bit(chan, cause);
          r.setEnable(on ? r.enable() | b : r.enable() & ~b);
        }
      }
    }
  }
}
