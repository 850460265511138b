/*
 * stmmac_napi_poll_tx of the record's queue's tx_napi with the record's budget; stmmac_tx_clean
 * (executed by its own harness) is a stub answering the record's work done and pending packets.
 */
//@ header
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
static int stmmac_tx_clean(struct stmmac_priv *priv, int budget, u32 queue, bool *pending) {
  CALL2("stmmac_tx_clean", budget, queue);
  *pending = nicsim_clean_pending;
  return nicsim_clean_ret;
}
#else
static int stmmac_tx_clean(struct stmmac_priv *priv, int budget, u32 queue) {
  CALL2("stmmac_tx_clean", budget, queue);
  return nicsim_clean_ret;
}
#endif
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_tx_set(in);
  u32 queue = (u32)in[0];
  nicsim_clean_ret = (int)in[69];
  nicsim_clean_pending = (int)in[70];
  OUT("ret", stmmac_napi_poll_tx(&nicsim_priv.channel[queue].tx_napi, (int)in[67]));
  nicsim_tx_put(queue);
}
