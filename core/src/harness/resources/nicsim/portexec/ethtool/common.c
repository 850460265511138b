/*
 * net/ethtool/ioctl.c coalescing harnesses: nicsim's own C (no kernel text). The functions,
 * struct ethtool_coalesce (include/uapi/linux/ethtool.h) and the ETHTOOL_COALESCE_* bits
 * (include/linux/ethtool.h) come from the tree; this gives a net_device whose ethtool_ops has
 * the driver's supported_coalesce_params and recording stubs for its coalescing callbacks.
 *
 * Record layout (EthtoolHarnesses.COALESCE): supported_coalesce_params, then the 22 fields of
 * the requested struct ethtool_coalesce in their struct order (rx_coalesce_usecs ..
 * rate_sample_interval); each function's file adds its own fields after them.
 *
 * A struct ethtool_coalesce handed to the driver is printed as a call: name(queue, the 22
 * fields), queue -1 for the device-wide callbacks.
 */
//@ header
#ifndef BIT
#define BIT(nr) (1UL << (nr))
#endif
#ifndef EFAULT
#define EFAULT 14
#endif
#define NICSIM_COALESCE_FIELDS 22
/* the value is nicsim's (the netlink message enum is not compiled in) */
#define ETHTOOL_MSG_COALESCE_NTF 1
#define ethtool_notify(dev, cmd, ...) CALL1("ethtool_notify", cmd)

struct ethtool_coalesce;
struct kernel_ethtool_coalesce {
  u8 use_cqe_mode_tx;
  u8 use_cqe_mode_rx;
};
struct netlink_ext_ack;
struct net_device;

struct ethtool_ops {
  u32 supported_coalesce_params;
  int (*get_coalesce)(struct net_device *, struct ethtool_coalesce *,
                      struct kernel_ethtool_coalesce *, struct netlink_ext_ack *);
  int (*set_coalesce)(struct net_device *, struct ethtool_coalesce *,
                      struct kernel_ethtool_coalesce *, struct netlink_ext_ack *);
  int (*get_per_queue_coalesce)(struct net_device *, u32, struct ethtool_coalesce *);
  int (*set_per_queue_coalesce)(struct net_device *, u32, struct ethtool_coalesce *);
};

struct net_device {
  const struct ethtool_ops *ethtool_ops;
};

static struct ethtool_ops nicsim_ops;
static struct net_device nicsim_dev = {.ethtool_ops = &nicsim_ops};

static unsigned long copy_from_user(void *to, const void __user *from, unsigned long n) {
  memcpy(to, from, n);
  return 0;
}
//@ driver
/* the record's 22 values into c, in struct order */
static void nicsim_coalesce_set(struct ethtool_coalesce *c, const long long *v) {
  memset(c, 0, sizeof *c);
  c->rx_coalesce_usecs = (u32)v[0];
  c->rx_max_coalesced_frames = (u32)v[1];
  c->rx_coalesce_usecs_irq = (u32)v[2];
  c->rx_max_coalesced_frames_irq = (u32)v[3];
  c->tx_coalesce_usecs = (u32)v[4];
  c->tx_max_coalesced_frames = (u32)v[5];
  c->tx_coalesce_usecs_irq = (u32)v[6];
  c->tx_max_coalesced_frames_irq = (u32)v[7];
  c->stats_block_coalesce_usecs = (u32)v[8];
  c->use_adaptive_rx_coalesce = (u32)v[9];
  c->use_adaptive_tx_coalesce = (u32)v[10];
  c->pkt_rate_low = (u32)v[11];
  c->rx_coalesce_usecs_low = (u32)v[12];
  c->rx_max_coalesced_frames_low = (u32)v[13];
  c->tx_coalesce_usecs_low = (u32)v[14];
  c->tx_max_coalesced_frames_low = (u32)v[15];
  c->pkt_rate_high = (u32)v[16];
  c->rx_coalesce_usecs_high = (u32)v[17];
  c->rx_max_coalesced_frames_high = (u32)v[18];
  c->tx_coalesce_usecs_high = (u32)v[19];
  c->tx_max_coalesced_frames_high = (u32)v[20];
  c->rate_sample_interval = (u32)v[21];
}

static void nicsim_coalesce_call(const char *name, long long queue,
                                 const struct ethtool_coalesce *c) {
  nicsim_call(name, 23, queue, (long long)c->rx_coalesce_usecs,
              (long long)c->rx_max_coalesced_frames, (long long)c->rx_coalesce_usecs_irq,
              (long long)c->rx_max_coalesced_frames_irq, (long long)c->tx_coalesce_usecs,
              (long long)c->tx_max_coalesced_frames, (long long)c->tx_coalesce_usecs_irq,
              (long long)c->tx_max_coalesced_frames_irq, (long long)c->stats_block_coalesce_usecs,
              (long long)c->use_adaptive_rx_coalesce, (long long)c->use_adaptive_tx_coalesce,
              (long long)c->pkt_rate_low, (long long)c->rx_coalesce_usecs_low,
              (long long)c->rx_max_coalesced_frames_low, (long long)c->tx_coalesce_usecs_low,
              (long long)c->tx_max_coalesced_frames_low, (long long)c->pkt_rate_high,
              (long long)c->rx_coalesce_usecs_high, (long long)c->rx_max_coalesced_frames_high,
              (long long)c->tx_coalesce_usecs_high, (long long)c->tx_max_coalesced_frames_high,
              (long long)c->rate_sample_interval);
}

/* a driver callback's answer: 0 or one of these errors (EthtoolHarnesses.RETS) */
static int nicsim_ret(long long i) {
  static const int rets[] = {0, -EINVAL, -EOPNOTSUPP, -EBUSY};
  return rets[i];
}
