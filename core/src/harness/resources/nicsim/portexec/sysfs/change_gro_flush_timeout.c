/* record: val, whether the device has a NAPI, the device's values before */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_ndev_set((unsigned long)in[2], in[3], (int)in[4], (bool)in[1]);
  int ret = change_gro_flush_timeout(&nicsim_ndev, (unsigned long)in[0]);
  OUT("ret", ret);
  nicsim_ndev_put();
}
