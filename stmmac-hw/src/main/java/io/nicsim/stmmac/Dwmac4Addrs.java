package io.nicsim.stmmac;

/**
 * {@code struct dwmac4_addrs} (include/linux/stmmac.h): a glue's own DMA channel register
 * base and stride; {@code null} (the plat has none) selects DMA_CHAN_BASE_ADDR 0x1100 and
 * DMA_CHAN_BASE_OFFSET 0x80.
 */
record Dwmac4Addrs(int dmaChan, int dmaChanOffset) {
  static final int DMA_CHAN_BASE_ADDR = 0x1100;
  static final int DMA_CHAN_BASE_OFFSET = 0x80;

  /** {@code dma_chanx_base_addr(addrs, x)}: u32 arithmetic. */
  static int dmaChanxBaseAddr(Dwmac4Addrs addrs, int x) {
    if (addrs != null) {
      return addrs.dmaChan + x * addrs.dmaChanOffset;
    }
    return DMA_CHAN_BASE_ADDR + x * DMA_CHAN_BASE_OFFSET;
  }
}
