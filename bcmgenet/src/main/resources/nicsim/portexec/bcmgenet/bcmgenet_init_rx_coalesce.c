/* record: the hw and ring fields (common.c) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set(in);
  bcmgenet_init_rx_coalesce(&nicsim_priv.rx_rings[0]);
  nicsim_priv_put();
}
