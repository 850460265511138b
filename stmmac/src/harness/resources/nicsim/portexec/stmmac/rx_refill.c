/* stmmac_rx_refill of the record's queue (the RX record of main.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_rx_set(in);
  stmmac_rx_refill(&nicsim_priv, (u32)in[0]);
  nicsim_rx_put((u32)in[0]);
}
