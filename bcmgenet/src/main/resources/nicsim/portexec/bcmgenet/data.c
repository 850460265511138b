/*
 * bcmgenet interrupt and NAPI harnesses: nicsim's own C, no kernel text. The ported function,
 * bcmgenet.h's register offsets and bits, the ring interrupt
 * enable/disable helpers, bcmgenet_free_tx_cb, struct bcmgenet_net_dim and dim.h's
 * dim_update_sample come from the tree; this file gives struct bcmgenet_priv, its rings,
 * control blocks and skbs the fields the functions touch, and a recording stub for every kernel
 * function they call. The rings are those the model has (hw_params tx_queues = rx_queues = 0:
 * TX ring 0 and RX ring 0).
 *
 * Registers are nicsim_kernel.h's register file (priv->base = nicsim_mmio), reached through
 * INTRL2_1 accessors written here as bcmgenet.h's GENET_IO_MACRO makes them: INTRL2_1's
 * CPU_STAT and CPU_MASK_STATUS hold the record's values and every write prints
 * writel(offset,value); TDMA ring 0's CONS_INDEX is the record's (bcmgenet_tdma_ring_readl).
 * Calls print as tokens (GenetHarnessKernel is the Java side's mirror):
 *   napi_schedule_prep(napi) __napi_schedule_irqoff(napi) napi_complete_done(napi,work_done)
 *   (napi 0 = RX ring 0's, 1 = TX ring 0's), bcmgenet_desc_rx(budget),
 *   net_dim(event_ctr,pkt_ctr,byte_ctr,time), dma_unmap_single(cb) dma_unmap_page(cb),
 *   dev_consume_skb_any(skb), netdev_tx_completed_queue(queue,pkts,bytes),
 *   netif_tx_wake_queue(queue)
 * TX control block i's mapping is at 0x10000000 + i * 0x1000 (so an unmap names its cb); an skb
 * is its number (1..).
 */
//@ header
typedef int irqreturn_t;
#define IRQ_NONE 0
#define IRQ_HANDLED 1
#define DMA_TO_DEVICE 1
#define MAX_SKB_FRAGS 17
#define spin_lock(l) ((void)(l))
#define spin_unlock(l) ((void)(l))

struct u64_stats_sync {
  int nicsim_unused;
};
typedef struct {
  u64 v;
} u64_stats_t;
static inline void u64_stats_add(u64_stats_t *p, unsigned long val) {
  p->v += val;
}
static inline void u64_stats_update_begin(struct u64_stats_sync *s) {
  (void)s;
}
static inline void u64_stats_update_end(struct u64_stats_sync *s) {
  (void)s;
}
/* ktime_get(): the record's answer where a harness has one (bcmgenet_rx_poll's), else 0 */
static long long nicsim_ktime;
static ktime_t ktime_get(void) {
  return nicsim_ktime;
}

struct napi_struct {
  int nicsim_napi;
};
struct sk_buff {
  char cb[48];
  int nicsim_id;
};
struct enet_cb {
  struct sk_buff *skb;
  dma_addr_t dma_addr;
  unsigned int dma_len;
};
#define dma_unmap_addr(p, f) ((p)->f)
#define dma_unmap_len(p, f) ((p)->f)
#define dma_unmap_addr_set(p, f, v) ((p)->f = (v))
#define dma_unmap_len_set(p, f, v) ((p)->f = (v))
struct netdev_queue {
  int nicsim_index;
};
struct platform_device {
  struct device dev;
};
struct bcmgenet_hw_params {
  u8 tx_queues;
  u8 rx_queues;
};
struct bcmgenet_tx_stats64 {
  struct u64_stats_sync syncp;
  u64_stats_t packets;
  u64_stats_t bytes;
};
struct bcmgenet_priv;
struct bcmgenet_rx_ring {
  struct napi_struct napi;
  unsigned int index;
  struct bcmgenet_net_dim dim;
  struct bcmgenet_priv *priv;
};
struct bcmgenet_tx_ring {
  spinlock_t lock;
  struct napi_struct napi;
  struct bcmgenet_tx_stats64 stats64;
  unsigned int index;
  unsigned int clean_ptr;
  unsigned int c_index;
  unsigned int free_bds;
  unsigned int cb_ptr;
  unsigned int end_ptr;
  unsigned int write_ptr;
  struct enet_cb *cbs;
  struct bcmgenet_priv *priv;
};
struct net_device {
  struct bcmgenet_priv *priv;
};
static inline void *netdev_priv(const struct net_device *dev) {
  return dev->priv;
}

#define NICSIM_CBS 256
#define NICSIM_CB_DMA(i) (0x10000000ULL + (dma_addr_t)(i) * 0x1000)
struct bcmgenet_priv {
  void __iomem *base;
  const struct bcmgenet_hw_params *hw_params;
  struct bcmgenet_rx_ring rx_rings[1];
  struct bcmgenet_tx_ring tx_rings[1];
  struct enet_cb *tx_cbs;
  struct net_device *dev;
  struct platform_device *pdev;
};

static const struct bcmgenet_hw_params nicsim_hw_params = {.tx_queues = 0, .rx_queues = 0};
static struct bcmgenet_priv nicsim_priv;
static struct net_device nicsim_dev = {.priv = &nicsim_priv};
static struct platform_device nicsim_pdev;
static struct enet_cb nicsim_tx_cbs[NICSIM_CBS];
static struct sk_buff nicsim_skbs[NICSIM_CBS];
static struct netdev_queue nicsim_txq[1];
static u32 nicsim_tdma_cons_index;
static bool nicsim_ans_prep[2];
static bool nicsim_ans_complete;
static unsigned int nicsim_ans_work;
static unsigned long nicsim_ans_bytes;

/* bcmgenet.h's GENET_IO_MACRO(intrl2_1, GENET_INTRL2_1_OFF) accessors, on the register file */
static u32 bcmgenet_intrl2_1_readl(struct bcmgenet_priv *priv, u32 off) {
  return readl_relaxed((char *)priv->base + GENET_INTRL2_1_OFF + off);
}
static void bcmgenet_intrl2_1_writel(struct bcmgenet_priv *priv, u32 val, u32 off) {
  writel_relaxed(val, (char *)priv->base + GENET_INTRL2_1_OFF + off);
}

static u32 bcmgenet_tdma_ring_readl(struct bcmgenet_priv *priv, unsigned int ring,
                                    enum dma_ring_reg r) {
  (void)priv;
  return ring == 0 && r == TDMA_CONS_INDEX ? nicsim_tdma_cons_index : 0;
}

static bool napi_schedule_prep(struct napi_struct *n) {
  CALL1("napi_schedule_prep", n->nicsim_napi);
  return nicsim_ans_prep[n->nicsim_napi];
}
static void __napi_schedule_irqoff(struct napi_struct *n) {
  CALL1("__napi_schedule_irqoff", n->nicsim_napi);
}
static bool napi_complete_done(struct napi_struct *n, int work_done) {
  CALL2("napi_complete_done", n->nicsim_napi, work_done);
  return nicsim_ans_complete;
}
static bool napi_complete(struct napi_struct *n) {
  return napi_complete_done(n, 0);
}
/* the poll's packets come from the record: bcmgenet_desc_rx sets ring->dim.packets to the
 * frames it returns and ring->dim.bytes to their bytes */
static unsigned int bcmgenet_desc_rx(struct bcmgenet_rx_ring *ring, unsigned int budget) {
  CALL1("bcmgenet_desc_rx", budget);
  ring->dim.packets = nicsim_ans_work;
  ring->dim.bytes = nicsim_ans_bytes;
  return nicsim_ans_work;
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
static void net_dim(struct dim *dim, const struct dim_sample *s) {
  (void)dim;
  CALL4("net_dim", s->event_ctr, s->pkt_ctr, s->byte_ctr, s->time);
}
#else
static void net_dim(struct dim *dim, struct dim_sample s) {
  (void)dim;
  CALL4("net_dim", s.event_ctr, s.pkt_ctr, s.byte_ctr, s.time);
}
#endif
static long long nicsim_cb_of(dma_addr_t addr) {
  return (long long)((addr - NICSIM_CB_DMA(0)) / 0x1000);
}
static void dma_unmap_single(struct device *dev, dma_addr_t addr, size_t size, int dir) {
  CALL1("dma_unmap_single", nicsim_cb_of(addr));
}
static void dma_unmap_page(struct device *dev, dma_addr_t addr, size_t size, int dir) {
  CALL1("dma_unmap_page", nicsim_cb_of(addr));
}
static void dev_consume_skb_any(struct sk_buff *skb) {
  CALL1("dev_consume_skb_any", skb->nicsim_id);
}
static struct netdev_queue *netdev_get_tx_queue(const struct net_device *dev, unsigned int i) {
  return &nicsim_txq[i];
}
static void netdev_tx_completed_queue(struct netdev_queue *q, unsigned int pkts,
                                      unsigned int bytes) {
  CALL3("netdev_tx_completed_queue", q->nicsim_index, pkts, bytes);
}
static void netif_tx_wake_queue(struct netdev_queue *q) {
  CALL1("netif_tx_wake_queue", q->nicsim_index);
}

/* a fresh priv: the two rings, the control blocks, empty registers */
static void nicsim_priv_set(void) {
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  memset(nicsim_tx_cbs, 0, sizeof nicsim_tx_cbs);
  memset(nicsim_mmio_regs, 0, sizeof nicsim_mmio_regs);
  nicsim_priv.base = nicsim_mmio;
  nicsim_priv.hw_params = &nicsim_hw_params;
  nicsim_priv.tx_cbs = nicsim_tx_cbs;
  nicsim_priv.dev = &nicsim_dev;
  nicsim_priv.pdev = &nicsim_pdev;
  nicsim_priv.rx_rings[0].priv = &nicsim_priv;
  nicsim_priv.rx_rings[0].napi.nicsim_napi = 0;
  nicsim_priv.tx_rings[0].priv = &nicsim_priv;
  nicsim_priv.tx_rings[0].napi.nicsim_napi = 1;
}

/*
 * TX ring 0 (tx_reclaim and tx_poll records): TDMA_CONS_INDEX, c_index, free_bds, cb_ptr, size,
 * clean_ptr - cb_ptr, stats64 packets and bytes, then per slot (NICSIM_TX_SLOTS, cb_ptr + i):
 * whether it holds an skb and that skb's GENET_CB bytes_sent. An skb's first and last cb are its
 * slot (the model's skbs are linear), a slot without one holds no mapping.
 */
#define NICSIM_TX_FIELDS 8
#define NICSIM_TX_SLOTS 8
/* bcmgenet_tx_poll's window in the loop: after the fields, the slots and the budget */
#define NICSIM_TX_LOOP_WINDOW (NICSIM_TX_FIELDS + 2 * NICSIM_TX_SLOTS + 1)
static void nicsim_tx_set(const long long *in) {
  struct bcmgenet_tx_ring *ring = &nicsim_priv.tx_rings[0];
  nicsim_tdma_cons_index = (u32)in[0];
  ring->c_index = (unsigned int)in[1];
  ring->free_bds = (unsigned int)in[2];
  ring->cb_ptr = (unsigned int)in[3];
  ring->end_ptr = ring->cb_ptr + (unsigned int)in[4] - 1;
  ring->clean_ptr = ring->cb_ptr + (unsigned int)in[5];
  ring->stats64.packets.v = (u64)in[6];
  ring->stats64.bytes.v = (u64)in[7];
  for (int i = 0; i < NICSIM_TX_SLOTS && i < in[4]; i++) {
    const long long *s = in + NICSIM_TX_FIELDS + 2 * i;
    struct enet_cb *cb = &nicsim_tx_cbs[ring->cb_ptr + i];
    if (s[0]) {
      struct sk_buff *skb = &nicsim_skbs[i];
      memset(skb, 0, sizeof *skb);
      skb->nicsim_id = i + 1;
      GENET_CB(skb)->first_cb = cb;
      GENET_CB(skb)->last_cb = cb;
      GENET_CB(skb)->bytes_sent = (unsigned int)s[1];
      cb->skb = skb;
      cb->dma_addr = NICSIM_CB_DMA(ring->cb_ptr + i);
      cb->dma_len = (unsigned int)s[1];
    }
  }
}

static void nicsim_tx_put(const long long *in) {
  struct bcmgenet_tx_ring *ring = &nicsim_priv.tx_rings[0];
  OUTU("free_bds", ring->free_bds);
  OUTU("c_index", ring->c_index);
  OUTU("clean_ptr", ring->clean_ptr);
  OUTU("stats64.packets", ring->stats64.packets.v);
  OUTU("stats64.bytes", ring->stats64.bytes.v);
  for (int i = 0; i < NICSIM_TX_SLOTS && i < in[4]; i++) {
    struct enet_cb *cb = &nicsim_tx_cbs[ring->cb_ptr + i];
    OUT("cb.skb", cb->skb ? cb->skb->nicsim_id : 0);
  }
}

/* INTRL2_1's status and mask before the call */
static void nicsim_intrl2_set(u32 stat, u32 mask) {
  nicsim_mmio_regs[(GENET_INTRL2_1_OFF + INTRL2_CPU_STAT) >> 2] = stat;
  nicsim_mmio_regs[(GENET_INTRL2_1_OFF + INTRL2_CPU_MASK_STATUS) >> 2] = mask;
}
