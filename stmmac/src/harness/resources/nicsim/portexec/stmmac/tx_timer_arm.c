/* stmmac_tx_timer_arm of the record's queue. */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_tx_set(in);
  stmmac_tx_timer_arm(&nicsim_priv, (u32)in[0]);
}
