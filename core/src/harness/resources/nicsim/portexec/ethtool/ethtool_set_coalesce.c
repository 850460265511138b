/*
 * record: the common fields (common.c), then get_coalesce's answer and set_coalesce's answer
 * (each an index into nicsim_ret). The request is what copy_from_user copies; get_coalesce
 * writes 1000 + i into field i first (the copy replaces it). Prints the calls (get_coalesce,
 * set_coalesce with the struct it got, ethtool_notify) and the result.
 */
//@ driver
static const long long *nicsim_in;
static struct ethtool_coalesce nicsim_request;

static int nicsim_get_coalesce(struct net_device *dev, struct ethtool_coalesce *c,
                               struct kernel_ethtool_coalesce *kc, struct netlink_ext_ack *ack) {
  long long v[NICSIM_COALESCE_FIELDS];
  (void)dev;
  (void)kc;
  (void)ack;
  CALL0("get_coalesce");
  for (int i = 0; i < NICSIM_COALESCE_FIELDS; i++) {
    v[i] = 1000 + i;
  }
  nicsim_coalesce_set(c, v);
  return nicsim_ret(nicsim_in[1 + NICSIM_COALESCE_FIELDS]);
}

static int nicsim_set_coalesce(struct net_device *dev, struct ethtool_coalesce *c,
                               struct kernel_ethtool_coalesce *kc, struct netlink_ext_ack *ack) {
  (void)dev;
  (void)kc;
  (void)ack;
  nicsim_coalesce_call("set_coalesce", -1, c);
  return nicsim_ret(nicsim_in[2 + NICSIM_COALESCE_FIELDS]);
}

static void nicsim_run(const long long *in) {
  nicsim_in = in;
  nicsim_ops.supported_coalesce_params = (u32)in[0];
  nicsim_ops.get_coalesce = nicsim_get_coalesce;
  nicsim_ops.set_coalesce = nicsim_set_coalesce;
  nicsim_coalesce_set(&nicsim_request, in + 1);
  OUT("ret", ethtool_set_coalesce(&nicsim_dev, &nicsim_request));
}
