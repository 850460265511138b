package io.nicsim.stmmac;

/**
 * {@code ioaddr} as the dwmac DMA ops reach it: {@code readl}/{@code writel} at a byte offset
 * (a C {@code u32}, held in an int). In a simulation the core's register view ({@link DmaIrqs},
 * the DMA engines' doorbells); under {@code port-check --execute} a register file answered from
 * the record whose writes are recorded.
 */
interface DwmacIo {
  /** {@code readl(ioaddr + offset)}. */
  int readl(int offset);

  /** {@code writel(value, ioaddr + offset)}. */
  void writel(int value, int offset);
}
