/*
 * stmmac_napi_check(priv, chan, dir) on the IRQ record: tx/rx queue counts, priv->state,
 * sfty_irq, stmmac_safety_feat_interrupt's answer, chan, dir, then per channel 0..7 the
 * dma_interrupt status for DMA_DIR_RX, DMA_DIR_TX, DMA_DIR_RXTX and whether its rx_napi and
 * tx_napi are scheduled.
 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_irq_set(in);
  OUT("ret", stmmac_napi_check(&nicsim_priv, (u32)in[5], (u32)in[6]));
  nicsim_irq_put();
}
