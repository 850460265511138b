package io.nicsim.stmmac;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * The register traffic of the tree's dwmac callbacks (main.c's in-loop ops tables) between an
 * IRQ record and the model's {@link DwmacHw}: the record's tail (after the port-check fields)
 * holds the core and a register file, a count then (offset, value) pairs, as the model's
 * registers read when the call starts; the C's {@code readl(offset,value)} is checked against
 * the model's register where the C reads it (another value, or a register the file lacked,
 * goes into the record and the C runs again, the calls already applied skipped), and its
 * {@code writel(offset,value)} acts on the model's registers (a status cleared).
 */
final class HwRegs {
  static final long READL = NativeOut.id("readl");
  static final long WRITEL = NativeOut.id("writel");
  static final long DMA_STATUS = NativeOut.id("dma_status");
  /** main.c's NICSIM_HW_REGS: the register file's pairs. */
  static final int MAX_REGS = 32;
  /** The tail's words at most: the core, the count, the pairs. */
  static final int TAIL = 2 + 2 * MAX_REGS;

  private final StmmacPriv priv;
  private final NativePort c;
  private final Replay replay;
  private final long[] in;
  private final int at;
  private final DwmacHw hw;

  /** The tail of {@code replay}'s record from word {@code at}. */
  HwRegs(StmmacPriv priv, NativePort c, Replay replay, int at) {
    this.priv = priv;
    this.c = c;
    this.replay = replay;
    this.in = replay.in();
    this.at = at;
    if (!(priv.hwif instanceof DwmacHw h)) {
      throw new IllegalStateException("--ports c needs the simulated dwmac behind stmmac");
    }
    this.hw = h;
  }

  DwmacHw hw() {
    return hw;
  }

  /** The core, and every register {@code channels} channels' dma_interrupt reads, now. */
  void capture(int channels) {
    // main.c's core numbers: 0 dwmac1000, 1 GMAC4, 2 XGMAC
    DwmacCore core = priv.plat.core();
    in[at] = core == DwmacCore.XGMAC ? 2 : core == DwmacCore.GMAC4 ? 1 : 0;
    int n = 0;
    for (int ch = 0; ch < channels; ch++) {
      for (int off : hw.irqRegs(ch)) {
        if (find(off, n) < 0 && n < MAX_REGS) {
          in[at + 2 + 2 * n] = Integer.toUnsignedLong(off);
          in[at + 3 + 2 * n] = Integer.toUnsignedLong(hw.regs().readl(off));
          n++;
        }
      }
    }
    in[at + 1] = n;
  }

  /** The record's words: the port-check fields and the tail as far as it holds pairs. */
  int words() {
    return at + 2 + 2 * (int) in[at + 1];
  }

  private int find(int off, int n) {
    for (int i = 0; i < n; i++) {
      if (in[at + 2 + 2 * i] == Integer.toUnsignedLong(off)) {
        return i;
      }
    }
    return -1;
  }

  /** The C read a register: the model's value there, or a rerun with it. */
  int readl(NativeOut o) {
    int off = (int) o.arg(0);
    long model = Integer.toUnsignedLong(hw.regs().readl(off));
    int n = (int) in[at + 1];
    int i = find(off, n);
    if (i >= 0) {
      return replay.answer(at + 3 + 2 * i, model);
    }
    if (n >= MAX_REGS) {
      throw new NativeFailure(c.function() + "'s C read more than " + MAX_REGS
          + " registers: input " + PortBridge.record(c, in));
    }
    in[at + 2 + 2 * n] = Integer.toUnsignedLong(off);
    in[at + 3 + 2 * n] = model;
    in[at + 1] = n + 1;
    replay.words(words());
    return model == o.arg(1) ? Replay.NEXT : Replay.RERUN;
  }

  /** The C wrote a register: the write on the model's. */
  void writel(NativeOut o) {
    hw.regs().writel((int) o.arg(1), (int) o.arg(0));
  }
}
