/* stmmac_rx of the record's queue with the record's budget as limit (the RX record). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_rx_set(in);
  OUT("ret", stmmac_rx(&nicsim_priv, (int)in[13], (u32)in[0]));
  nicsim_rx_put((u32)in[0]);
}
