/* stmmac_msi_intr_tx, the record channel's TX vector (see irq_napi_check.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_irq_set(in);
  OUT("ret", stmmac_msi_intr_tx(0, &nicsim_priv.dma_conf.tx_queue[in[5]]));
  nicsim_irq_put();
}
