/*
 * stmmac_napi_poll_rx of the record's queue's rx_napi with the record's budget; stmmac_rx
 * (executed by its own harness) is a stub answering the record's work done.
 */
//@ header
static int nicsim_rx_ret;
static int stmmac_rx(struct stmmac_priv *priv, int limit, u32 queue) {
  CALL2("stmmac_rx", limit, queue);
  return nicsim_rx_ret;
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_rx_set(in);
  nicsim_rx_ret = (int)in[14];
  OUT("ret", stmmac_napi_poll_rx(&nicsim_priv.channel[in[0]].rx_napi, (int)in[13]));
  nicsim_rx_put((u32)in[0]);
}
