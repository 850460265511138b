/* record: the priv fields, what ec held before, the queue; NICSIM_GET_KIND as in set_coalesce.c */
//@ driver
static void nicsim_run(const long long *in) {
  struct net_device *dev = nicsim_priv_set(in);
  struct ethtool_coalesce ec;
  const long long *e = in + NICSIM_PRIV_FIELDS;
  nicsim_ec_set(&ec, e);
#if NICSIM_GET_KIND == 0
  OUT("ret", __stmmac_get_coalesce(dev, &ec, (int)e[4]));
#elif NICSIM_GET_KIND == 1
  struct kernel_ethtool_coalesce kec;
  struct netlink_ext_ack extack;
  memset(&kec, 0, sizeof kec);
  OUT("ret", stmmac_get_coalesce(dev, &ec, &kec, &extack));
#else
  OUT("ret", stmmac_get_per_queue_coalesce(dev, (u32)e[4], &ec));
#endif
  nicsim_ec_put(&ec);
}
