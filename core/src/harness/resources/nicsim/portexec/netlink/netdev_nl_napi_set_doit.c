/*
 * net/core/netdev-genl.c netdev_nl_napi_set_doit: nicsim's own C (no kernel text). The function,
 * netdev_nl_napi_set_config, the NETDEV_A_NAPI_* attribute numbers (include/uapi/linux/netdev.h)
 * and net/core/dev.h's napi_set_* come from the tree; this gives the request's attributes (each
 * present or absent, with its value, already through the family's policy), a NAPI with the
 * three settings, and the lookup netdev_napi_by_id_lock (finding the NAPI when the record says
 * the id names it) with its unlock.
 *
 * Record layout (NetlinkHarnesses.NAPI_SET): the NAPI's defer_hard_irqs, gro_flush_timeout and
 * irq_suspend_timeout before; id present, id names the NAPI; defer-hard-irqs present, value;
 * gro-flush-timeout present, value; irq-suspend-timeout present, value. Prints the result and
 * the three settings after.
 */
//@ header
struct nlattr {
  u64 nicsim_value;
};
struct netlink_ext_ack;
struct sk_buff;
struct genl_info {
  struct nlattr **attrs;
  struct netlink_ext_ack *extack;
};
struct net;
struct net_device {
  int nicsim_unused;
};
struct napi_struct {
  struct net_device *dev;
  u32 defer_hard_irqs;
  unsigned long gro_flush_timeout;
  unsigned long irq_suspend_timeout;
};

#define GENL_REQ_ATTR_CHECK(info, attr) (!(info)->attrs[attr])
#define NL_SET_BAD_ATTR(extack, attr) ((void)(attr))
#define genl_info_net(info) ((struct net *)0)

static u32 nla_get_u32(const struct nlattr *nla) {
  return (u32)nla->nicsim_value;
}

static u64 nla_get_uint(const struct nlattr *nla) {
  return nla->nicsim_value;
}

static struct net_device nicsim_dev;
static struct napi_struct nicsim_napi = {.dev = &nicsim_dev};
static bool nicsim_id_matches;

/* napi_by_id under the netdev's instance lock: the record's NAPI or none */
static struct napi_struct *netdev_napi_by_id_lock(struct net *net, unsigned int napi_id) {
  (void)net;
  (void)napi_id;
  return nicsim_id_matches ? &nicsim_napi : NULL;
}

static void netdev_unlock(struct net_device *dev) {
  (void)dev;
}

/* the threaded attribute is never sent (not modelled): reaching this is a harness error */
static int napi_set_threaded(struct napi_struct *napi, int threaded) {
  (void)napi;
  CALL1("napi_set_threaded", threaded);
  return 0;
}
//@ driver
static void nicsim_run(const long long *in) {
  static struct nlattr values[NETDEV_A_NAPI_MAX + 1];
  struct nlattr *attrs[NETDEV_A_NAPI_MAX + 1];
  struct genl_info info = {.attrs = attrs};
  memset(attrs, 0, sizeof attrs);
  nicsim_napi.defer_hard_irqs = (u32)in[0];
  nicsim_napi.gro_flush_timeout = (unsigned long)in[1];
  nicsim_napi.irq_suspend_timeout = (unsigned long)in[2];
  if (in[3]) {
    values[NETDEV_A_NAPI_ID].nicsim_value = 513;
    attrs[NETDEV_A_NAPI_ID] = &values[NETDEV_A_NAPI_ID];
  }
  nicsim_id_matches = in[4] != 0;
  if (in[5]) {
    values[NETDEV_A_NAPI_DEFER_HARD_IRQS].nicsim_value = (u64)in[6];
    attrs[NETDEV_A_NAPI_DEFER_HARD_IRQS] = &values[NETDEV_A_NAPI_DEFER_HARD_IRQS];
  }
  if (in[7]) {
    values[NETDEV_A_NAPI_GRO_FLUSH_TIMEOUT].nicsim_value = (u64)in[8];
    attrs[NETDEV_A_NAPI_GRO_FLUSH_TIMEOUT] = &values[NETDEV_A_NAPI_GRO_FLUSH_TIMEOUT];
  }
  if (in[9]) {
    values[NETDEV_A_NAPI_IRQ_SUSPEND_TIMEOUT].nicsim_value = (u64)in[10];
    attrs[NETDEV_A_NAPI_IRQ_SUSPEND_TIMEOUT] = &values[NETDEV_A_NAPI_IRQ_SUSPEND_TIMEOUT];
  }
  OUT("ret", netdev_nl_napi_set_doit(NULL, &info));
  OUTU("defer_hard_irqs", nicsim_napi.defer_hard_irqs);
  OUTU("gro_flush_timeout", nicsim_napi.gro_flush_timeout);
  OUTU("irq_suspend_timeout", nicsim_napi.irq_suspend_timeout);
}
