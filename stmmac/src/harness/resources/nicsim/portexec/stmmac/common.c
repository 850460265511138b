/*
 * stmmac coalescing harnesses: nicsim's own C (no kernel text). The functions and the
 * common.h / stmmac.h / include/linux/stmmac.h constants come from the tree; this gives struct
 * stmmac_priv the fields the coalescing path reads (the per-queue tx_coal_*, rx_coal_frames,
 * rx_riwt, use_riwt, the platform's clocks and queue counts, the TX queues' timer and the
 * channels' NAPIs), records stmmac_rx_watchdog (the hwif callback writing DMA_CHAN_RX_WATCHDOG)
 * and the hrtimer calls, and answers clk_get_rate and napi_is_scheduled from the record.
 *
 * Record layout (StmmacHarnesses.PRIV_FIELDS): stmmac_clk clk_ref_rate use_riwt rx_cnt tx_cnt
 * tx_coal_frames[8] tx_coal_timer[8] rx_coal_frames[8] rx_riwt[8]
 */
//@ header
struct clk {
  unsigned long rate;
};

static unsigned long clk_get_rate(struct clk *clk) {
  return clk ? clk->rate : 0;
}

struct plat_stmmacenet_data {
  struct clk *stmmac_clk;
  unsigned long clk_ref_rate;
  u32 rx_queues_to_use;
  u32 tx_queues_to_use;
};

struct hrtimer {
  int unused;
};

static void hrtimer_start(struct hrtimer *timer, ktime_t tim, const enum hrtimer_mode mode) {
  (void)timer;
  CALL2("hrtimer_start", tim, mode);
}

static int hrtimer_try_to_cancel(struct hrtimer *timer) {
  (void)timer;
  CALL0("hrtimer_try_to_cancel");
  return 0;
}

struct napi_struct {
  int scheduled;
};

static bool napi_is_scheduled(struct napi_struct *n) {
  return n->scheduled;
}

struct stmmac_tx_queue {
  struct hrtimer txtimer;
  u32 queue_index;
  void *xsk_pool;
};

struct stmmac_channel {
  struct napi_struct rx_napi;
  struct napi_struct tx_napi;
  struct napi_struct rxtx_napi;
};

struct stmmac_dma_conf {
  struct stmmac_tx_queue tx_queue[MTL_MAX_TX_QUEUES];
};

struct stmmac_priv {
  struct plat_stmmacenet_data *plat;
  void __iomem *ioaddr;
  int use_riwt;
  u32 tx_coal_frames[MTL_MAX_TX_QUEUES];
  u32 tx_coal_timer[MTL_MAX_TX_QUEUES];
  u32 rx_coal_frames[MTL_MAX_TX_QUEUES];
  u32 rx_riwt[MTL_MAX_TX_QUEUES];
  struct stmmac_dma_conf dma_conf;
  struct stmmac_channel channel[MTL_MAX_TX_QUEUES];
};

struct net_device {
  struct stmmac_priv *priv;
};

static inline void *netdev_priv(const struct net_device *dev) {
  return dev->priv;
}

/* hwif.h's callback into the DMA core: the RX watchdog register write */
#define stmmac_rx_watchdog(priv, ioaddr, riwt, queue) CALL2("rx_watchdog", riwt, queue)

static struct clk nicsim_clk;
static struct plat_stmmacenet_data nicsim_plat;
static struct stmmac_priv nicsim_priv;
static struct net_device nicsim_dev = {.priv = &nicsim_priv};

#define NICSIM_PRIV_FIELDS 37

static struct net_device *nicsim_priv_set(const long long *in) {
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  nicsim_clk.rate = (unsigned long)in[0];
  nicsim_plat.stmmac_clk = &nicsim_clk;
  nicsim_plat.clk_ref_rate = (unsigned long)in[1];
  nicsim_priv.use_riwt = (int)in[2];
  nicsim_plat.rx_queues_to_use = (u32)in[3];
  nicsim_plat.tx_queues_to_use = (u32)in[4];
  nicsim_priv.plat = &nicsim_plat;
  nicsim_priv.ioaddr = nicsim_mmio;
  for (int i = 0; i < 8; i++) {
    nicsim_priv.tx_coal_frames[i] = (u32)in[5 + i];
    nicsim_priv.tx_coal_timer[i] = (u32)in[13 + i];
    nicsim_priv.rx_coal_frames[i] = (u32)in[21 + i];
    nicsim_priv.rx_riwt[i] = (u32)in[29 + i];
    nicsim_priv.dma_conf.tx_queue[i].queue_index = i;
  }
  return &nicsim_dev;
}

static void nicsim_priv_put(void) {
  char n[40];
  for (int i = 0; i < 8; i++) {
    snprintf(n, sizeof n, "tx_coal_frames[%d]", i); OUTU(n, nicsim_priv.tx_coal_frames[i]);
    snprintf(n, sizeof n, "tx_coal_timer[%d]", i); OUTU(n, nicsim_priv.tx_coal_timer[i]);
    snprintf(n, sizeof n, "rx_coal_frames[%d]", i); OUTU(n, nicsim_priv.rx_coal_frames[i]);
    snprintf(n, sizeof n, "rx_riwt[%d]", i); OUTU(n, nicsim_priv.rx_riwt[i]);
  }
}

static void nicsim_ec_set(struct ethtool_coalesce *ec, const long long *e) {
  memset(ec, 0, sizeof *ec);
  ec->rx_coalesce_usecs = (u32)e[0];
  ec->rx_max_coalesced_frames = (u32)e[1];
  ec->tx_coalesce_usecs = (u32)e[2];
  ec->tx_max_coalesced_frames = (u32)e[3];
}

static void nicsim_ec_put(const struct ethtool_coalesce *ec) {
  OUTU("ec.rx_coalesce_usecs", ec->rx_coalesce_usecs);
  OUTU("ec.rx_max_coalesced_frames", ec->rx_max_coalesced_frames);
  OUTU("ec.tx_coalesce_usecs", ec->tx_coalesce_usecs);
  OUTU("ec.tx_max_coalesced_frames", ec->tx_max_coalesced_frames);
}
