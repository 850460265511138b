/* record: TX ring 0 (data.c) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  nicsim_tx_set(in);
  unsigned int ret = __bcmgenet_tx_reclaim(&nicsim_dev, &nicsim_priv.tx_rings[0]);
  OUTU("ret", ret);
  nicsim_tx_put(in);
}
