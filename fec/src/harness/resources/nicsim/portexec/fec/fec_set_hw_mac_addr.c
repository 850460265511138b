/* record: dev_addr[0..5] */
//@ driver
static unsigned char nicsim_dev_addr[ETH_ALEN];
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  for (int i = 0; i < ETH_ALEN; i++) {
    nicsim_dev_addr[i] = (unsigned char)in[i];
  }
  nicsim_ndev.dev_addr = nicsim_dev_addr;
  fec_set_hw_mac_addr(&nicsim_ndev);
}
