/* record: the fep fields, us (int) */
//@ driver
static void nicsim_run(const long long *in) {
  struct net_device *ndev = nicsim_fep_set(in);
  OUT("ret", fec_enet_us_to_itr_clock(ndev, (int)in[NICSIM_FEP_FIELDS]));
}
