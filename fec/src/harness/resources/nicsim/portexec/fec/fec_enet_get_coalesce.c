/* record: the fep fields, then what ec held before (get must overwrite or keep it) */
//@ driver
static void nicsim_run(const long long *in) {
  struct net_device *ndev = nicsim_fep_set(in);
  struct ethtool_coalesce ec;
  struct kernel_ethtool_coalesce kec;
  struct netlink_ext_ack extack;
  const long long *e = in + NICSIM_FEP_FIELDS;
  memset(&ec, 0, sizeof ec);
  memset(&kec, 0, sizeof kec);
  ec.rx_coalesce_usecs = (u32)e[0];
  ec.rx_max_coalesced_frames = (u32)e[1];
  ec.tx_coalesce_usecs = (u32)e[2];
  ec.tx_max_coalesced_frames = (u32)e[3];
  OUT("ret", fec_enet_get_coalesce(ndev, &ec, &kec, &extack));
  nicsim_ec_put(&ec);
}
