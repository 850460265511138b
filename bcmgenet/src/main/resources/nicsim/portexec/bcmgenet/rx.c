/*
 * bcmgenet RX path harnesses: nicsim's own C, no kernel text. The ported function and the
 * helpers it calls (bcmgenet_rx_refill, bcmgenet_free_rx_cb, dmadesc_set_addr,
 * bcmgenet_writel, bcmgenet_has_40bits, the INTRL2 accessors' offsets, BCMGENET_STATS64_*,
 * bcmgenet.h's struct status_64, struct bcmgenet_rx_stats64 and DMA_* constants) come from the
 * tree; this file gives struct bcmgenet_priv, RX ring 0, its control blocks and skbs the fields
 * the functions touch, and a recording stub for every kernel function they call.
 *
 * Registers: nicsim_kernel.h's register file (priv->base = nicsim_mmio). INTRL2_1 writes print
 * writel(offset,value); RX BD i sits at NICSIM_RX_BDS + i * 4 * words_per_bd, so
 * dmadesc_set_addr's writes print writel(offset,value) too. RDMA_PROD_INDEX reads the record's
 * value; RDMA ring writes print rdma_ring_writel:REG(ring,value) by the enum's name.
 *
 * skbs: the skb control block c (cb_ptr <= c <= end_ptr) holds before the call is number
 * c - cb_ptr + 1; skbs allocated during the call are 1000, 1001, … Each carries its receive
 * status block at skb->data: a held skb's comes from the record's slot (number - 1) % 8, a
 * fresh one's is zero. A fresh skb n is mapped at (n << 32) | (n * 0x1000); a held one at
 * 0x10000000 + c * 0x1000 when its slot says it is mapped, with length rx_buf_len.
 * Allocation k of the call (k = 0, 1, …) fails or its mapping errs as slot k % 8 says.
 *
 * Calls print as tokens (GenetHarnessKernel is the Java side's mirror):
 *   __netdev_alloc_skb(length) dma_map_single(skb,size) dma_unmap_single(addr,len)
 *   dev_kfree_skb_any(skb) dev_consume_skb_any(skb) skb_put(skb,len) skb_pull(skb,len)
 *   skb_trim(skb,len) eth_type_trans(skb) napi_gro_receive(skb,csum,ip_summed)
 *   netif_err("text")
 * After the calls, each driver prints the ring's fields and statistics and every control block
 * of the ring whose skb, address or length is not what it was: cb(c,skb,addr,len).
 *
 * Record, common part (NICSIM_RX_FIELDS): 0 cb_ptr  1 size  2 read_ptr - cb_ptr
 *  3 NETIF_F_RXCSUM  4 crc_fwd_en  5 GENET_HAS_40BITS  then per slot s (NICSIM_RX_SLOTS):
 *  cb.skb, cb.dma_addr, rsb.length_status, rsb.rx_csum, alloc_fail, map_error.
 */
//@ prelude
#define CONFIG_PHYS_ADDR_T_64BIT 1
#define ETH_FCS_LEN 4
//@ header
#define DMA_FROM_DEVICE 2
#define GFP_ATOMIC 0x20u
#define __GFP_NOWARN 0x200u
#define CHECKSUM_COMPLETE 2
#define NETIF_F_RXCSUM (1ULL << 30)
#define ntohs(x) ((u16)__builtin_bswap16((u16)(x)))
#define lower_32_bits(n) ((u32)((n) & 0xffffffff))
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define __raw_writel(v, a) writel_relaxed(v, a)
#define __raw_readl(a) readl_relaxed(a)

struct u64_stats_sync {
  int nicsim_unused;
};
typedef struct {
  u64 v;
} u64_stats_t;
static inline void u64_stats_add(u64_stats_t *p, unsigned long val) {
  p->v += val;
}
static inline void u64_stats_inc(u64_stats_t *p) {
  p->v++;
}
static inline void u64_stats_update_begin(struct u64_stats_sync *s) {
  (void)s;
}
static inline void u64_stats_update_end(struct u64_stats_sync *s) {
  (void)s;
}

/* bcmgenet.h's struct bcmgenet_rx_stats64, as each era has it */
struct bcmgenet_rx_stats64 {
  struct u64_stats_sync syncp;
  u64_stats_t bytes;
  u64_stats_t packets;
  u64_stats_t errors;
  u64_stats_t dropped;
  u64_stats_t multicast;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
  u64_stats_t broadcast;
  u64_stats_t missed;
#endif
  u64_stats_t length_errors;
  u64_stats_t over_errors;
  u64_stats_t crc_errors;
  u64_stats_t frame_errors;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
  u64_stats_t fragmented_errors;
#endif
};
struct napi_struct {
  int nicsim_napi;
};
struct nicsim_rsb {
  u32 length_status;
  u32 ext_status;
  u32 rx_csum;
  u32 nicsim_pad[13];
};
struct sk_buff {
  unsigned char *data;
  __wsum csum;
  u8 ip_summed;
  __be16 protocol;
  int nicsim_id;
  struct nicsim_rsb rsb;
};
struct enet_cb {
  struct sk_buff *skb;
  void __iomem *bd_addr;
  dma_addr_t dma_addr;
  unsigned int dma_len;
};
#define dma_unmap_addr(p, f) ((p)->f)
#define dma_unmap_len(p, f) ((p)->f)
#define dma_unmap_addr_set(p, f, v) ((p)->f = (v))
#define dma_unmap_len_set(p, f, v) ((p)->f = (v))
struct platform_device {
  struct device dev;
};
struct bcmgenet_hw_params {
  u32 words_per_bd;
  u32 flags;
};
struct bcmgenet_net_dim {
  u16 use_dim;
  u16 event_ctr;
  unsigned long packets;
  unsigned long bytes;
};
struct bcmgenet_priv;
struct bcmgenet_rx_ring {
  struct napi_struct napi;
  struct bcmgenet_rx_stats64 stats64;
  unsigned int index;
  struct enet_cb *cbs;
  unsigned int size;
  unsigned int c_index;
  unsigned int read_ptr;
  unsigned int cb_ptr;
  unsigned int end_ptr;
  unsigned int old_discards;
  struct bcmgenet_net_dim dim;
  struct bcmgenet_priv *priv;
};
struct net_device {
  u64 features;
  struct bcmgenet_priv *priv;
};
struct nicsim_mib {
  u32 alloc_rx_buff_failed;
  u32 rx_dma_failed;
};
struct bcmgenet_priv {
  void __iomem *base;
  const struct bcmgenet_hw_params *hw_params;
  u32 flags;
  struct bcmgenet_rx_ring rx_rings[5];
  struct enet_cb *rx_cbs;
  void __iomem *rx_bds;
  unsigned int rx_buf_len;
  bool crc_fwd_en;
  struct nicsim_mib mib;
  struct net_device *dev;
  struct platform_device *pdev;
};

#define NICSIM_CBS 256
#define NICSIM_RX_BDS 0x4000
#define NICSIM_RX_FIELDS 6
#define NICSIM_RX_SLOT 6
#define NICSIM_RX_SLOTS 8
#define NICSIM_FRESH 1000
#define NICSIM_FRESH_MAX 512
#define NICSIM_HELD_DMA(c) (0x10000000ULL + (dma_addr_t)(c) * 0x1000)
#define NICSIM_FRESH_DMA(n) (((dma_addr_t)(n) << 32) | ((dma_addr_t)(n) * 0x1000))

static struct bcmgenet_hw_params nicsim_hw_params;
static struct bcmgenet_priv nicsim_priv;
static struct net_device nicsim_dev = {.priv = &nicsim_priv};
static struct platform_device nicsim_pdev;
static struct enet_cb nicsim_rx_cbs[NICSIM_CBS];
static struct enet_cb nicsim_rx_cbs0[NICSIM_CBS];
static struct sk_buff nicsim_held[NICSIM_CBS];
static struct sk_buff nicsim_fresh[NICSIM_FRESH_MAX];
static int nicsim_allocs;
static const long long *nicsim_in;
static u32 nicsim_rdma_prod_index;

static inline void *netdev_priv(const struct net_device *dev) {
  return dev->priv;
}

/* bcmgenet.h's GENET_IO_MACRO(intrl2_1, GENET_INTRL2_1_OFF) accessors, on the register file */
static u32 bcmgenet_intrl2_1_readl(struct bcmgenet_priv *priv, u32 off) {
  return readl_relaxed((char *)priv->base + GENET_INTRL2_1_OFF + off);
}
static void bcmgenet_intrl2_1_writel(struct bcmgenet_priv *priv, u32 val, u32 off) {
  writel_relaxed(val, (char *)priv->base + GENET_INTRL2_1_OFF + off);
}

static const char *nicsim_rdma_reg_name(enum dma_ring_reg r) {
  switch (r) {
  case RDMA_WRITE_PTR: return "RDMA_WRITE_PTR";
  case RDMA_WRITE_PTR_HI: return "RDMA_WRITE_PTR_HI";
  case RDMA_PROD_INDEX: return "RDMA_PROD_INDEX";
  case RDMA_CONS_INDEX: return "RDMA_CONS_INDEX";
  case DMA_RING_BUF_SIZE: return "DMA_RING_BUF_SIZE";
  case DMA_START_ADDR: return "DMA_START_ADDR";
  case DMA_START_ADDR_HI: return "DMA_START_ADDR_HI";
  case DMA_END_ADDR: return "DMA_END_ADDR";
  case DMA_END_ADDR_HI: return "DMA_END_ADDR_HI";
  case DMA_MBUF_DONE_THRESH: return "DMA_MBUF_DONE_THRESH";
  case RDMA_XON_XOFF_THRESH: return "RDMA_XON_XOFF_THRESH";
  case RDMA_READ_PTR: return "RDMA_READ_PTR";
  case RDMA_READ_PTR_HI: return "RDMA_READ_PTR_HI";
  }
  return "?";
}
static u32 bcmgenet_rdma_ring_readl(struct bcmgenet_priv *priv, unsigned int ring,
                                    enum dma_ring_reg r) {
  (void)priv;
  return ring == 0 && r == RDMA_PROD_INDEX ? nicsim_rdma_prod_index : 0;
}
static void bcmgenet_rdma_ring_writel(struct bcmgenet_priv *priv, unsigned int ring, u32 val,
                                      enum dma_ring_reg r) {
  (void)priv;
  /* a call named "rdma_ring_writel:REG", so that the loop's binary record carries it too */
  char name[64];
  snprintf(name, sizeof name, "rdma_ring_writel:%s", nicsim_rdma_reg_name(r));
  nicsim_call(name, 2, (long long)ring, (long long)val);
}

static const long long *nicsim_slot(long long s) {
  return nicsim_in + NICSIM_RX_FIELDS + NICSIM_RX_SLOT * (s % NICSIM_RX_SLOTS);
}

static struct sk_buff *__netdev_alloc_skb(struct net_device *dev, unsigned int length,
                                          unsigned int gfp) {
  (void)dev;
  (void)gfp;
  CALL1("__netdev_alloc_skb", length);
  int k = nicsim_allocs++;
  if (nicsim_slot(k)[4] || k >= NICSIM_FRESH_MAX) {
    return NULL;
  }
  struct sk_buff *skb = &nicsim_fresh[k];
  memset(skb, 0, sizeof *skb);
  skb->nicsim_id = NICSIM_FRESH + k;
  skb->data = (unsigned char *)&skb->rsb;
  return skb;
}
static dma_addr_t dma_map_single(struct device *dev, void *data, size_t size, int dir) {
  (void)dev;
  (void)dir;
  struct sk_buff *skb = container_of((struct nicsim_rsb *)data, struct sk_buff, rsb);
  CALL2("dma_map_single", skb->nicsim_id, size);
  return NICSIM_FRESH_DMA(skb->nicsim_id);
}
static int dma_mapping_error(struct device *dev, dma_addr_t mapping) {
  (void)dev;
  (void)mapping;
  return nicsim_slot(nicsim_allocs - 1)[5] != 0;
}
static void dma_unmap_single(struct device *dev, dma_addr_t addr, size_t size, int dir) {
  (void)dev;
  (void)dir;
  CALL2("dma_unmap_single", addr, size);
}
static void dev_kfree_skb_any(struct sk_buff *skb) {
  CALL1("dev_kfree_skb_any", skb->nicsim_id);
}
static void dev_consume_skb_any(struct sk_buff *skb) {
  CALL1("dev_consume_skb_any", skb->nicsim_id);
}
static void *skb_put(struct sk_buff *skb, unsigned int len) {
  CALL2("skb_put", skb->nicsim_id, len);
  return skb->data;
}
static void *skb_pull(struct sk_buff *skb, unsigned int len) {
  CALL2("skb_pull", skb->nicsim_id, len);
  return skb->data;
}
static void skb_trim(struct sk_buff *skb, unsigned int len) {
  CALL2("skb_trim", skb->nicsim_id, len);
}
static __be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev) {
  (void)dev;
  CALL1("eth_type_trans", skb->nicsim_id);
  return 0x0008;
}
static void napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb) {
  (void)napi;
  CALL3("napi_gro_receive", skb->nicsim_id, skb->csum, skb->ip_summed);
}

/* Control block c (the ring's i-th) as slot s says: its held skb i + 1 and status block
 * (s[0], s[2], s[3]), its mapping (s[1]) */
static void nicsim_rx_hold(unsigned int c, unsigned int i, const long long *s) {
  struct enet_cb *cb = &nicsim_rx_cbs[c];
  if (s[0]) {
    struct sk_buff *skb = &nicsim_held[i];
    memset(skb, 0, sizeof *skb);
    skb->nicsim_id = (int)i + 1;
    skb->data = (unsigned char *)&skb->rsb;
    skb->rsb.length_status = (u32)s[2];
    skb->rsb.rx_csum = (u32)s[3];
    cb->skb = skb;
  }
  if (s[1]) {
    cb->dma_addr = NICSIM_HELD_DMA(c);
    cb->dma_len = RX_BUF_LENGTH;
  }
}

/* A fresh priv with RX ring 0 over the record's control blocks (the common fields). */
static void nicsim_rx_set(const long long *in) {
  nicsim_in = in;
  nicsim_allocs = 0;
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  memset(nicsim_rx_cbs, 0, sizeof nicsim_rx_cbs);
  memset(nicsim_mmio_regs, 0, sizeof nicsim_mmio_regs);
  nicsim_hw_params.words_per_bd = 3;
  nicsim_hw_params.flags = in[5] ? GENET_HAS_40BITS : 0;
  nicsim_priv.flags = nicsim_hw_params.flags;
  nicsim_priv.hw_params = &nicsim_hw_params;
  nicsim_priv.base = nicsim_mmio;
  nicsim_priv.rx_cbs = nicsim_rx_cbs;
  nicsim_priv.rx_bds = nicsim_mmio + NICSIM_RX_BDS;
  nicsim_priv.rx_buf_len = RX_BUF_LENGTH;
  nicsim_priv.crc_fwd_en = in[4] != 0;
  nicsim_priv.dev = &nicsim_dev;
  nicsim_priv.pdev = &nicsim_pdev;
  nicsim_dev.features = in[3] ? NETIF_F_RXCSUM : 0;
  for (int i = 0; i < NICSIM_CBS; i++) {
    nicsim_rx_cbs[i].bd_addr = nicsim_mmio + NICSIM_RX_BDS + i * 4 * 3;
  }
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[0];
  ring->priv = &nicsim_priv;
  ring->index = 0;
  ring->cb_ptr = (unsigned int)in[0];
  ring->size = (unsigned int)in[1];
  ring->end_ptr = ring->cb_ptr + ring->size - 1;
  ring->read_ptr = ring->cb_ptr + (unsigned int)in[2];
  ring->cbs = nicsim_rx_cbs + ring->cb_ptr;
#ifndef NICSIM_IN_LOOP /* the loop's bcmgenet_desc_rx.c sets the control blocks it walks */
  for (unsigned int i = 0; i < ring->size; i++) {
    nicsim_rx_hold(ring->cb_ptr + i, i, nicsim_slot(i));
  }
#endif
  memcpy(nicsim_rx_cbs0, nicsim_rx_cbs, sizeof nicsim_rx_cbs);
}

/* every control block of the ring that changed */
static void nicsim_rx_cbs_put(void) {
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[0];
  for (unsigned int c = ring->cb_ptr; c <= ring->end_ptr; c++) {
    struct enet_cb *cb = &nicsim_rx_cbs[c], *cb0 = &nicsim_rx_cbs0[c];
    if (cb->skb != cb0->skb || cb->dma_addr != cb0->dma_addr || cb->dma_len != cb0->dma_len) {
      CALL4("cb", c, cb->skb ? cb->skb->nicsim_id : 0, cb->dma_addr, cb->dma_len);
    }
  }
  OUTU("mib.alloc_rx_buff_failed", nicsim_priv.mib.alloc_rx_buff_failed);
  OUTU("mib.rx_dma_failed", nicsim_priv.mib.rx_dma_failed);
}
