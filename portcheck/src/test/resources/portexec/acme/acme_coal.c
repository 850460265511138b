/*
 * Harness C for the acme fixture (port-check's tests; nicsim's own code). struct acme_priv is
 * the harness's; acme_coal.c's macros, enum, table and helpers come from the fixture tree.
 * Record: usecs frames mode (KIND 0: acme_usecs_to_ticks(usecs, mode); 1: acme_set_coalesce).
 */
//@ header
struct net_device {
  int unused;
};

struct acme_priv {
  struct net_device *ndev;
  void __iomem *base;
  enum acme_mode mode;
  u32 rx_usecs;
  u32 rx_frames;
};

static struct net_device nicsim_ndev;
static struct acme_priv nicsim_priv;
//@ driver
static void nicsim_run(const long long *in) {
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  nicsim_priv.ndev = &nicsim_ndev;
  nicsim_priv.base = nicsim_mmio;
  nicsim_priv.mode = (enum acme_mode)in[2];
#if NICSIM_KIND == 0
  OUTU("ret", acme_usecs_to_ticks((u32)in[0], (enum acme_mode)in[2]));
#else
  OUT("ret", acme_set_coalesce(&nicsim_priv, (u32)in[0], (u32)in[1]));
  OUTU("rx_usecs", nicsim_priv.rx_usecs);
  OUTU("rx_frames", nicsim_priv.rx_frames);
#endif
}
