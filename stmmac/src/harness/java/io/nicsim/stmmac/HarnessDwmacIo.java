package io.nicsim.stmmac;

import io.nicsim.core.port.exec.Out;
import java.util.Arrays;

/**
 * The register file of the dwmac harnesses, as {@code nicsim_kernel.h}'s: 64 KiB of words
 * (an offset reads the word it falls in, 0 outside), set from the record; each write recorded
 * as {@code writel(offset,value)} and stored.
 */
final class HarnessDwmacIo implements DwmacIo {
  private static final int BYTES = 1 << 16;
  private final int[] words = new int[BYTES >> 2];
  private final int[] touched = new int[64];
  private int ntouched;
  private final Out out;
  /** Reads recorded as readl(offset,value) (the loop's main.c), or not (dwmac.c). */
  private final boolean reads;

  HarnessDwmacIo(Out out) {
    this(out, false);
  }

  HarnessDwmacIo(Out out, boolean reads) {
    this.out = out;
    this.reads = reads;
  }

  /** Every word back to 0 (only those written since the last reset). */
  void reset() {
    if (ntouched > touched.length) {
      Arrays.fill(words, 0);
    } else {
      for (int i = 0; i < ntouched; i++) {
        words[touched[i]] = 0;
      }
    }
    ntouched = 0;
  }

  /** A register's value before the call (as the C driver's nicsim_reg_set). */
  void set(int offset, int value) {
    store(offset, value);
  }

  @Override
  public int readl(int offset) {
    int v = Integer.compareUnsigned(offset, BYTES) < 0 ? words[offset >>> 2] : 0;
    if (reads) {
      out.call("readl", Integer.toUnsignedLong(offset), Integer.toUnsignedLong(v));
    }
    return v;
  }

  @Override
  public void writel(int value, int offset) {
    out.call("writel", Integer.toUnsignedLong(offset), Integer.toUnsignedLong(value));
    store(offset, value);
  }

  private void store(int offset, int value) {
    if (Integer.compareUnsigned(offset, BYTES) < 0) {
      int w = offset >>> 2;
      if (ntouched < touched.length) {
        touched[ntouched] = w;
      }
      ntouched++;
      words[w] = value;
    }
  }
}
