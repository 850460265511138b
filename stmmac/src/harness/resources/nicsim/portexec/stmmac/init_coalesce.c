/*
 * stmmac_init_coalesce on the coalesce record: tx/rx queue counts, then tx_coal_frames[8],
 * tx_coal_timer[8], rx_coal_frames[8] before the call. Prints every queue's values after it
 * and whether its timer's callback is stmmac_tx_timer.
 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_reset((u32)in[0], (u32)in[1], 6);
  for (int q = 0; q < 8; q++) {
    nicsim_priv.tx_coal_frames[q] = (u32)in[2 + q];
    nicsim_priv.tx_coal_timer[q] = (u32)in[10 + q];
    nicsim_priv.rx_coal_frames[q] = (u32)in[18 + q];
  }
  stmmac_init_coalesce(&nicsim_priv);
  char n[32];
  for (int q = 0; q < 8; q++) {
    snprintf(n, sizeof n, "tx_coal_frames[%d]", q);
    OUTU(n, nicsim_priv.tx_coal_frames[q]);
    snprintf(n, sizeof n, "tx_coal_timer[%d]", q);
    OUTU(n, nicsim_priv.tx_coal_timer[q]);
    snprintf(n, sizeof n, "rx_coal_frames[%d]", q);
    OUTU(n, nicsim_priv.rx_coal_frames[q]);
    snprintf(n, sizeof n, "function[%d]", q);
    OUT(n, nicsim_priv.dma_conf.tx_queue[q].txtimer.function == stmmac_tx_timer);
  }
}
