package io.nicsim.fec;

/**
 * {@code fep->hwp}: what {@code readl}/{@code writel} reach. The ENET's register file
 * ({@link FecRegisters}) in a simulation; a harness's plain register file, whose writes it
 * records, under {@code port-check --execute}.
 */
public interface FecMmio {
  /** {@code readl(fep->hwp + offset)}. */
  int readl(int offset);

  /** {@code writel(value, fep->hwp + offset)}. */
  void writel(int value, int offset);
}
