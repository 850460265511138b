package io.nicsim.fec;

import io.nicsim.core.port.exec.Out;
import java.util.HashMap;
import java.util.Map;

/**
 * The register file of {@code nicsim_kernel.h} that the harnesses' C runs against: a write is
 * recorded ({@code writel(offset,value)}) and stored, a read returns what was stored (no
 * write-1-to-clear: the C side's file has none either).
 */
final class FecHarnessMmio implements FecMmio {
  private final Out out;
  private final Map<Integer, Integer> regs = new HashMap<>();
  /** Whether a read is recorded too ({@code readl(offset,value)}: a record of the loop's). */
  boolean recordReads;

  FecHarnessMmio(Out out) {
    this.out = out;
  }

  /** Sets a register's value before the call (the record's register contents). */
  void set(int offset, int value) {
    regs.put(offset, value);
  }

  @Override
  public int readl(int offset) {
    int v = regs.getOrDefault(offset, 0);
    if (recordReads) {
      out.call("readl", offset, Integer.toUnsignedLong(v));
    }
    return v;
  }

  @Override
  public void writel(int value, int offset) {
    out.call("writel", offset, Integer.toUnsignedLong(value));
    regs.put(offset, value);
  }
}
