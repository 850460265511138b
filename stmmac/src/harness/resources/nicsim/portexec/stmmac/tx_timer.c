/* stmmac_tx_timer, the record's queue's hrtimer expiring. */
//@ driver
static void nicsim_run(const long long *in) {
  struct stmmac_tx_queue *tx_q = nicsim_tx_set(in);
  OUT("ret", stmmac_tx_timer(&tx_q->txtimer));
}
