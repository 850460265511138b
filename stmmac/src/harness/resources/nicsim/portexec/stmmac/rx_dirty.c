/* stmmac_rx_dirty of the record's queue (the RX record of main.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_rx_set(in);
  OUTU("ret", stmmac_rx_dirty(&nicsim_priv, (u32)in[0]));
}
