/* stmmac_tx_avail of the record's queue. */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_tx_set(in);
  OUTU("ret", stmmac_tx_avail(&nicsim_priv, (u32)in[0]));
}
