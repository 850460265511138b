/* stmmac_check_if_running (ethtool .begin before 6.12): the record's priv fields and netif_running. */
//@ header
static int nicsim_running;
static bool netif_running(const struct net_device *dev) {
  return nicsim_running;
}
//@ driver
static void nicsim_run(const long long *in) {
  struct net_device *dev = nicsim_priv_set(in);
  nicsim_running = (int)in[NICSIM_PRIV_FIELDS];
  OUT("ret", stmmac_check_if_running(dev));
}
