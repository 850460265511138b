/*
 * record: the priv fields, the queue, whether the queue's TX NAPI is scheduled. No AF_XDP
 * zero-copy pool (xsk_pool NULL): the TX NAPI is the one the timer belongs to.
 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set(in);
  u32 queue = (u32)in[NICSIM_PRIV_FIELDS];
  nicsim_priv.channel[queue].tx_napi.scheduled = (int)in[NICSIM_PRIV_FIELDS + 1];
  stmmac_tx_timer_arm(&nicsim_priv, queue);
}
