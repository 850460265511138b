/* record: the hw and ring fields (the ring's dim.mode, profile_ix and state matter) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set(in);
  bcmgenet_dim_work(&nicsim_priv.rx_rings[0].dim.dim.work);
  nicsim_priv_put();
}
