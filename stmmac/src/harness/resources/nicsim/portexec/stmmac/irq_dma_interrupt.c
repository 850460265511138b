/* stmmac_dma_interrupt on the IRQ record (see irq_napi_check.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_irq_set(in);
  stmmac_dma_interrupt(&nicsim_priv);
  nicsim_irq_put();
}
