/*
 * record: the priv fields, the ethtool_coalesce (rx-usecs rx-frames tx-usecs tx-frames), the
 * queue. NICSIM_SET is __stmmac_set_coalesce (with the queue), stmmac_set_coalesce (all
 * queues) or stmmac_set_per_queue_coalesce (the queue).
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct net_device *dev = nicsim_priv_set(in);
  struct ethtool_coalesce ec;
  const long long *e = in + NICSIM_PRIV_FIELDS;
  nicsim_ec_set(&ec, e);
#if NICSIM_SET_KIND == 0
  OUT("ret", __stmmac_set_coalesce(dev, &ec, (int)e[4]));
#elif NICSIM_SET_KIND == 1
  struct kernel_ethtool_coalesce kec;
  struct netlink_ext_ack extack;
  memset(&kec, 0, sizeof kec);
  OUT("ret", stmmac_set_coalesce(dev, &ec, &kec, &extack));
#else
  OUT("ret", stmmac_set_per_queue_coalesce(dev, (u32)e[4], &ec));
#endif
  nicsim_priv_put();
}
