/*
 * net-sysfs.c / kstrtox.c harnesses: nicsim's own C (no kernel text). The functions, the
 * kstrtox.h inlines and ctype.h's helpers come from the tree; this gives struct net_device the
 * fields the stores write, answers the checks netdev_store makes (CAP_NET_ADMIN held, rtnl
 * taken, the device alive) and, where the change functions write through dev.c's setters
 * (netdev_set_gro_flush_timeout, netdev_set_defer_hard_irqs from 6.13, dev_set_threaded /
 * netif_set_threaded), writes the device's field as those do (their walk over the NAPIs is
 * theirs, not ported here).
 *
 * Record layout (SysfsHarnesses.TEXT): template, suffix, length, chars[24]: a buffer is
 * TEXTS[template] + SUFFIXES[suffix], or with template 0 the first length chars of ALPHABET[c];
 * a harness's own fields follow.
 */
//@ prelude
#define CONFIG_SYSFS 1
#define CONFIG_BQL 1
//@ header
#define NICSIM_TEXT_FIELDS 27
#define NICSIM_TEXT_CHARS 24

static const char nicsim_alphabet[] = "0123456789abcdefABCDEFxX+-\n mg\t\x80";
static const char *const nicsim_texts[] = {
    "", "max", "18446744073709551615", "18446744073709551616", "4294967295", "4294967296",
    "0x", "0x1", "0xffffffffffffffff", "0x10000000000000000", "01777777777777777777777",
    "02000000000000000000000", "2147483647", "2147483648", "1879048192", "1879048193", "+0",
    "+", "0", "20000", "0X1f", "0x1g", "08", "1152921504606846975", "1152921504606846976",
    "-1", " 1", "1\n", "ma", "maxx"};
static const char *const nicsim_suffixes[] = {"", "\n", "\n\n", " ", "0", "x"};
static char nicsim_text_buf[64];

/* the buffer the record describes */
static const char *nicsim_text(const long long *in) {
  if (in[0] == 0) {
    int n = (int)in[2];
    for (int i = 0; i < n; i++) {
      nicsim_text_buf[i] = nicsim_alphabet[in[3 + i]];
    }
    nicsim_text_buf[n] = 0;
  } else {
    snprintf(nicsim_text_buf, sizeof nicsim_text_buf, "%s%s", nicsim_texts[in[0]], nicsim_suffixes[in[1]]);
  }
  return nicsim_text_buf;
}

struct net {
  void *user_ns;
};

struct napi_list_head {
  struct list_head list;
};

struct net_device {
  struct device dev;
  struct list_head napi_list;
  unsigned long gro_flush_timeout;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
  u32 napi_defer_hard_irqs;
#else
  int napi_defer_hard_irqs;
#endif
  int threaded;
  int reg_state;
};

static struct net nicsim_net;
static struct net_device nicsim_ndev;
static struct list_head nicsim_a_napi;

static struct net *dev_net(const struct net_device *dev) {
  (void)dev;
  return &nicsim_net;
}

#define ns_capable(ns, cap) ((void)(ns), 1)
#define rtnl_trylock() 1
#define rtnl_unlock() ((void)0)
#define restart_syscall() (-512)
#define dev_isalive(dev) 1
#define sysfs_rtnl_lock(kobj, attr, ndev) 0

struct attribute {
  const char *name;
};

struct device_attribute {
  struct attribute attr;
};

static void netdev_set_gro_flush_timeout(struct net_device *netdev, unsigned long timeout) {
  netdev->gro_flush_timeout = timeout;
}

static void netdev_set_defer_hard_irqs(struct net_device *netdev, u32 defer) {
  netdev->napi_defer_hard_irqs = defer;
}

static int dev_set_threaded(struct net_device *dev, bool threaded) {
  dev->threaded = threaded;
  return 0;
}

static int netif_set_threaded(struct net_device *dev, int threaded) {
  dev->threaded = threaded;
  return 0;
}

/* the device before the call: its values, and whether it has a NAPI */
static void nicsim_ndev_set(unsigned long gro_flush_timeout, long long defer, int threaded,
                            bool has_napi) {
  memset(&nicsim_ndev, 0, sizeof nicsim_ndev);
  nicsim_ndev.gro_flush_timeout = gro_flush_timeout;
  nicsim_ndev.napi_defer_hard_irqs = defer;
  nicsim_ndev.threaded = threaded;
  nicsim_ndev.napi_list.next = &nicsim_ndev.napi_list;
  nicsim_ndev.napi_list.prev = &nicsim_ndev.napi_list;
  if (has_napi) {
    nicsim_a_napi.next = &nicsim_ndev.napi_list;
    nicsim_a_napi.prev = &nicsim_ndev.napi_list;
    nicsim_ndev.napi_list.next = &nicsim_a_napi;
    nicsim_ndev.napi_list.prev = &nicsim_a_napi;
  }
}

static void nicsim_ndev_put(void) {
  OUTU("gro_flush_timeout", nicsim_ndev.gro_flush_timeout);
  OUT("napi_defer_hard_irqs", nicsim_ndev.napi_defer_hard_irqs);
  OUT("threaded", nicsim_ndev.threaded);
}
