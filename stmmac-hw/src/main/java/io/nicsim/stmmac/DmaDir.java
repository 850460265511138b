package io.nicsim.stmmac;

/** DMA_DIR_RX / DMA_DIR_TX / DMA_DIR_RXTX: which half of a channel's status an ISR looks at. */
public enum DmaDir {
  RX,
  TX,
  RXTX
}
