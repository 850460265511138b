/*
 * record: the hw and ring fields, then the ethtool_coalesce: rx_coalesce_usecs
 * rx_max_coalesced_frames tx_max_coalesced_frames use_adaptive_rx_coalesce. NICSIM_KIND: 0
 * bcmgenet_set_coalesce, 1 bcmgenet_set_ring_rx_coalesce, 2 bcmgenet_get_coalesce.
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct net_device *dev = nicsim_priv_set(in);
  struct ethtool_coalesce ec;
  const long long *e = in + NICSIM_HW_FIELDS;
  memset(&ec, 0, sizeof ec);
  ec.rx_coalesce_usecs = (u32)e[0];
  ec.rx_max_coalesced_frames = (u32)e[1];
  ec.tx_max_coalesced_frames = (u32)e[2];
  ec.use_adaptive_rx_coalesce = (u32)e[3];
#if NICSIM_KIND == 1
  bcmgenet_set_ring_rx_coalesce(&nicsim_priv.rx_rings[0], &ec);
  nicsim_priv_put();
#else
  struct kernel_ethtool_coalesce kec;
  struct netlink_ext_ack extack;
  memset(&kec, 0, sizeof kec);
#if NICSIM_KIND == 0
  OUT("ret", bcmgenet_set_coalesce(dev, &ec, &kec, &extack));
  nicsim_priv_put();
#else
  OUT("ret", bcmgenet_get_coalesce(dev, &ec, &kec, &extack));
  OUTU("ec.rx_coalesce_usecs", ec.rx_coalesce_usecs);
  OUTU("ec.rx_max_coalesced_frames", ec.rx_max_coalesced_frames);
  OUTU("ec.tx_max_coalesced_frames", ec.tx_max_coalesced_frames);
  OUTU("ec.use_adaptive_rx_coalesce", ec.use_adaptive_rx_coalesce);
#endif
#endif
}
