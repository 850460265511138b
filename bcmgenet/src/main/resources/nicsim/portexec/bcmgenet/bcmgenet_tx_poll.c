/* record: TX ring 0 (data.c), then the budget */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  nicsim_tx_set(in);
  int ret = bcmgenet_tx_poll(&nicsim_priv.tx_rings[0].napi,
                             (int)in[NICSIM_TX_FIELDS + 2 * NICSIM_TX_SLOTS]);
  OUT("ret", ret);
  nicsim_tx_put(in);
}
