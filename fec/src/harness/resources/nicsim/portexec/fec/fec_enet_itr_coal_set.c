/* record: the fep fields */
//@ driver
static void nicsim_run(const long long *in) {
  struct net_device *ndev = nicsim_fep_set(in);
  fec_enet_itr_coal_set(ndev);
  nicsim_fep_put();
}
