/* stmmac_flush_tx_descriptors of the record's queue. */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_tx_set(in);
  stmmac_flush_tx_descriptors(&nicsim_priv, (int)in[0]);
  nicsim_tx_put((u32)in[0]);
}
