/*
 * record: the buffer (common.c), then the file (0 gro_flush_timeout, 1 napi_defer_hard_irqs,
 * 2 threaded: its change function is netdev_store's set), whether the device has a NAPI, and
 * the device's values before
 */
//@ driver
static void nicsim_run(const long long *in) {
  static int (*const sets[3])(struct net_device *, unsigned long) = {
      change_gro_flush_timeout, change_napi_defer_hard_irqs, modify_napi_threaded};
  struct device_attribute attr = {{"sysfs"}};
  const long long *f = in + NICSIM_TEXT_FIELDS;
  const char *buf = nicsim_text(in);
  nicsim_ndev_set((unsigned long)f[2], f[3], (int)f[4], (bool)f[1]);
  ssize_t ret = netdev_store(&nicsim_ndev.dev, &attr, buf, strlen(buf), sets[f[0] % 3]);
  OUT("ret", ret);
  nicsim_ndev_put();
}
