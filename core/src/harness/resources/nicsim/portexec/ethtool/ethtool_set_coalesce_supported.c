/* record: the common fields (common.c) only */
//@ driver
static void nicsim_run(const long long *in) {
  struct ethtool_coalesce c;
  nicsim_ops.supported_coalesce_params = (u32)in[0];
  nicsim_coalesce_set(&c, in + 1);
  OUT("ret", ethtool_set_coalesce_supported(&nicsim_dev, &c));
}
