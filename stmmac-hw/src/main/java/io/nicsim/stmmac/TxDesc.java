package io.nicsim.stmmac;

/**
 * Which of a TX queue's descriptor arrays a C function took a descriptor from: {@code dma_tx}
 * (struct dma_desc), {@code dma_etx} (struct dma_extended_desc, with extend_desc) or
 * {@code dma_entx} (struct dma_edesc, with STMMAC_TBS_AVAIL). hwif calls name a descriptor by
 * this and its entry, so a harness can tell the arrays apart.
 */
final class TxDesc {
  static final int BASIC = 0;
  static final int EXTENDED = 1;
  static final int ENHANCED = 2;

  private TxDesc() {}
}
