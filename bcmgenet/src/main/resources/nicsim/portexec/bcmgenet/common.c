/*
 * bcmgenet coalescing harnesses: nicsim's own C (no kernel text). The functions, the register
 * enums (enum dma_reg, enum dma_ring_reg), DMA_TIMEOUT_MASK / DMA_INTR_THRESHOLD_MASK, struct
 * bcmgenet_net_dim, struct dim and lib/dim's profile getters come from the tree; this gives
 * struct bcmgenet_priv one TX and one RX ring (hw_params tx_queues = rx_queues = 0: the rings
 * nicsim models), and register accessors that answer reads from the record and record every
 * read and write by register name ("rdma_writel:DMA_RING_TIMEOUT(ring,value)",
 * "rdma_readl:DMA_RING_TIMEOUT(ring)").
 *
 * Record layout (GenetHarnesses.HW_FIELDS): tdma ring0 MBUF_DONE_THRESH, rdma ring0
 * MBUF_DONE_THRESH, rdma DMA_RING0_TIMEOUT (the registers' values before the call); then the RX
 * ring: rx_coalesce_usecs rx_max_coalesced_frames dim.use_dim dim.dim.mode dim.dim.profile_ix
 * dim.dim.state
 */
//@ header
struct bcmgenet_hw_params {
  u8 tx_queues;
  u8 rx_queues;
};

struct bcmgenet_priv;

struct bcmgenet_rx_ring {
  struct bcmgenet_priv *priv;
  unsigned int index;
  u32 rx_max_coalesced_frames;
  u32 rx_coalesce_usecs;
  struct bcmgenet_net_dim dim;
};

struct bcmgenet_priv {
  const struct bcmgenet_hw_params *hw_params;
  struct bcmgenet_rx_ring rx_rings[1];
  u32 tdma_thresh;
  u32 rdma_thresh;
  u32 rdma_timeout;
};

struct net_device {
  struct bcmgenet_priv *priv;
};

static inline void *netdev_priv(const struct net_device *dev) {
  return dev->priv;
}

static const char *nicsim_ring_reg(enum dma_ring_reg r) {
  return r == DMA_MBUF_DONE_THRESH ? "DMA_MBUF_DONE_THRESH" : "other";
}

/* a register access as a call named "accessor:register", so that the simulation running this
 * C in the loop reads it too (nicsim_call goes out as text or, in the loop, as binary words) */
static void nicsim_reg(const char *accessor, const char *reg, int n, long long a, long long b) {
  char name[96];
  snprintf(name, sizeof name, "%s:%s", accessor, reg);
  if (n == 0) {
    nicsim_call(name, 0);
  } else if (n == 1) {
    nicsim_call(name, 1, a);
  } else {
    nicsim_call(name, 2, a, b);
  }
}

static u32 bcmgenet_tdma_ring_readl(struct bcmgenet_priv *priv, unsigned int ring,
    enum dma_ring_reg r) {
  nicsim_reg("tdma_ring_readl", nicsim_ring_reg(r), 1, ring, 0);
  return ring == 0 && r == DMA_MBUF_DONE_THRESH ? priv->tdma_thresh : 0;
}

static u32 bcmgenet_rdma_ring_readl(struct bcmgenet_priv *priv, unsigned int ring,
    enum dma_ring_reg r) {
  nicsim_reg("rdma_ring_readl", nicsim_ring_reg(r), 1, ring, 0);
  return ring == 0 && r == DMA_MBUF_DONE_THRESH ? priv->rdma_thresh : 0;
}

static void bcmgenet_tdma_ring_writel(struct bcmgenet_priv *priv, unsigned int ring, u32 val,
    enum dma_ring_reg r) {
  nicsim_reg("tdma_ring_writel", nicsim_ring_reg(r), 2, ring, val);
  if (ring == 0 && r == DMA_MBUF_DONE_THRESH) {
    priv->tdma_thresh = val;
  }
}

static void bcmgenet_rdma_ring_writel(struct bcmgenet_priv *priv, unsigned int ring, u32 val,
    enum dma_ring_reg r) {
  nicsim_reg("rdma_ring_writel", nicsim_ring_reg(r), 2, ring, val);
  if (ring == 0 && r == DMA_MBUF_DONE_THRESH) {
    priv->rdma_thresh = val;
  }
}

static u32 bcmgenet_rdma_readl(struct bcmgenet_priv *priv, enum dma_reg r) {
  if (r >= DMA_RING0_TIMEOUT && r <= DMA_RING0_TIMEOUT + 16) {
    nicsim_reg("rdma_readl", "DMA_RING_TIMEOUT", 1, (int)(r - DMA_RING0_TIMEOUT), 0);
  } else {
    char reg[16];
    snprintf(reg, sizeof reg, "reg%d", (int)r);
    nicsim_reg("rdma_readl", reg, 0, 0, 0);
  }
  return r == DMA_RING0_TIMEOUT ? priv->rdma_timeout : 0;
}

static void bcmgenet_rdma_writel(struct bcmgenet_priv *priv, u32 val, enum dma_reg r) {
  if (r >= DMA_RING0_TIMEOUT && r <= DMA_RING0_TIMEOUT + 16) {
    nicsim_reg("rdma_writel", "DMA_RING_TIMEOUT", 2, (int)(r - DMA_RING0_TIMEOUT), val);
  } else {
    char reg[16];
    snprintf(reg, sizeof reg, "reg%d", (int)r);
    nicsim_reg("rdma_writel", reg, 1, val, 0);
  }
  if (r == DMA_RING0_TIMEOUT) {
    priv->rdma_timeout = val;
  }
}

static const struct bcmgenet_hw_params nicsim_hw_params = {.tx_queues = 0, .rx_queues = 0};
static struct bcmgenet_priv nicsim_priv;
static struct net_device nicsim_dev = {.priv = &nicsim_priv};

#define NICSIM_HW_FIELDS 9

static struct net_device *nicsim_priv_set(const long long *in) {
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  nicsim_priv.hw_params = &nicsim_hw_params;
  nicsim_priv.tdma_thresh = (u32)in[0];
  nicsim_priv.rdma_thresh = (u32)in[1];
  nicsim_priv.rdma_timeout = (u32)in[2];
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[0];
  ring->priv = &nicsim_priv;
  ring->index = 0;
  ring->rx_coalesce_usecs = (u32)in[3];
  ring->rx_max_coalesced_frames = (u32)in[4];
  ring->dim.use_dim = (u16)in[5];
  ring->dim.dim.mode = (u8)in[6];
  ring->dim.dim.profile_ix = (u8)in[7];
  ring->dim.dim.state = (u8)in[8];
  return &nicsim_dev;
}

static void nicsim_priv_put(void) {
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[0];
  OUTU("ring.rx_coalesce_usecs", ring->rx_coalesce_usecs);
  OUTU("ring.rx_max_coalesced_frames", ring->rx_max_coalesced_frames);
  OUT("ring.dim.use_dim", ring->dim.use_dim);
  OUT("ring.dim.dim.state", ring->dim.dim.state);
}
