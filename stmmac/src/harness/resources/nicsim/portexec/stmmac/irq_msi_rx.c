/* stmmac_msi_intr_rx, the record channel's RX vector (see irq_napi_check.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_irq_set(in);
  OUT("ret", stmmac_msi_intr_rx(0, &nicsim_priv.dma_conf.rx_queue[in[5]]));
  nicsim_irq_put();
}
