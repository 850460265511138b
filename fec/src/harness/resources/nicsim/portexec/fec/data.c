/*
 * fec data-path harnesses (interrupt, NAPI poll, RX and TX rings, transmit): nicsim's own C, no
 * kernel text. The ported function, fec.h's BD and queue structs, its register offsets and bits,
 * and fec_main.c's static helpers (fec_enet_get_nextdesc, fec_enet_get_free_txdesc_num, ...)
 * come from the tree; this file gives struct fec_enet_private, the net_device, skbs and pages the
 * fields the functions touch, and a recording stub for every kernel function they call.
 *
 * Calls print as tokens (see FecHarnessKernel, the Java side's mirror of these stubs):
 *   napi_schedule_prep() __napi_schedule() napi_complete_done(done)
 *   napi_gro_receive(skb,len,data_off,ip_summed,queue_mapping,protocol,vlan_present,vlan_tci)
 *   build_skb(page,frag_size) napi_consume_skb(skb,budget) dev_kfree_skb_any(skb)
 *   skb_tx_timestamp(skb) fec_enet_hwtstamp(ts) skb_tstamp_tx(skb) fec_enet_clear_csum(skb)
 *   swap_buffer(addr,len) dma_map_single(addr,len,dir) dma_unmap_single(addr,len,dir)
 *   dma_sync_single_for_cpu(addr,len,dir) page_pool_dev_alloc_pages(queue)
 *   page_pool_recycle_direct(queue,page) netif_tx_wake_queue(q) netif_tx_stop_queue(q)
 *   writel(offset,value) netdev_err("text") WARN_ON()
 * An skb is its number (1..), a page its number (0 = NULL); a CPU address is a token: skb data
 * 0x20000000 + skb * 0x1000 + offset (offset = its alignment), page data page * 0x10000 + offset,
 * TX bounce buffer i 0x40000000 + i * 2048.
 */
//@ prelude
/* the i.MX8 SoCs nicsim models: arm64, fec.h's ARM register and BD layout */
#define CONFIG_ARM64 1
#define PAGE_SIZE (1UL << 12)
#define XDP_PACKET_HEADROOM 256
/* SMP_CACHE_BYTES 64 on arm64; struct skb_shared_info is 320 bytes there */
#define SKB_DATA_ALIGN(x) (((x) + 63) & ~63)
struct skb_shared_info {
  unsigned char nr_frags;
  unsigned char tx_flags;
  unsigned short gso_size;
  unsigned char nicsim_rest[316];
};
struct xdp_rxq_info {
  int nicsim_unused;
};
#define le16_to_cpu(x) ((u16)(x))
#define le32_to_cpu(x) ((u32)(x))
#define cpu_to_le16(x) ((u16)(x))
#define cpu_to_le32(x) ((u32)(x))
#define cpu_to_be32(x) ((u32)__builtin_bswap32((u32)(x)))
#define be32_to_cpu(x) ((u32)__builtin_bswap32((u32)(x)))
//@ header
_Static_assert(sizeof(struct skb_shared_info) == 320, "arm64's skb_shared_info");

#define NICSIM_MAX_RING 1024
#define NICSIM_SLOTS 6
#define NICSIM_MAX_SKBS 32
/* pages 1..NICSIM_REAL_PAGES (an RX ring's own) have memory for a frame's first bytes */
#define NICSIM_REAL_PAGES 512
#define NICSIM_PAGE_BYTES 512

typedef int netdev_tx_t;
typedef int irqreturn_t;
typedef u64 netdev_features_t;
#define IRQ_NONE 0
#define IRQ_HANDLED 1
#define NETDEV_TX_OK 0x00
#define NETDEV_TX_BUSY 0x10
#define DMA_TO_DEVICE 1
#define DMA_FROM_DEVICE 2
#define DMA_MAPPING_ERROR (~(dma_addr_t)0)
#define CHECKSUM_NONE 0
#define CHECKSUM_UNNECESSARY 1
#define CHECKSUM_COMPLETE 2
#define CHECKSUM_PARTIAL 3
#define SKBTX_HW_TSTAMP (1 << 0)
#define SKBTX_IN_PROGRESS (1 << 2)
#define NETIF_F_HW_VLAN_CTAG_RX (1ULL << 8)
#define ETH_ALEN 6
#define ETH_HLEN 14
#define VLAN_ETH_HLEN 18
#define ETH_FCS_LEN 4
#define VLAN_HLEN 4
#define ETH_P_8021Q 0x8100
#define TSO_HEADER_SIZE 256
#define MAX_SKB_FRAGS 17
#define MAX_ERRNO 4095
#define IS_ERR(p) ((unsigned long)(void *)(p) >= (unsigned long)-MAX_ERRNO)
#define PTR_ERR(p) ((long)(p))
#define ERR_PTR(e) ((void *)(long)(e))
#define ntohs(x) ((u16)__builtin_bswap16((u16)(x)))
#define htons(x) ((u16)__builtin_bswap16((u16)(x)))
#define prefetch(x) ((void)(x))
#define smp_processor_id() 0
#define net_ratelimit() ((int)nicsim_ans_ratelimit)

struct platform_device {
  struct device dev;
};
struct napi_struct {
  struct net_device *dev;
};
struct bpf_prog;
struct xdp_frame;
struct skb_shared_hwtstamps {
  ktime_t hwtstamp;
};
struct xdp_buff {
  void *data;
};
struct page_pool {
  int nicsim_queue;
};
struct page {
  long nicsim_id;
  unsigned char *nicsim_mem;
  dma_addr_t nicsim_dma;
  struct page_pool *pp;
};
#define pp_page_to_nmdesc(p) (p)

struct sk_buff {
  unsigned int len;
  unsigned int data_len;
  unsigned char *head;
  unsigned char *data;
  u16 queue_mapping;
  u8 ip_summed;
  __be16 protocol;
  __wsum csum;
  __be16 vlan_proto;
  u16 vlan_tci;
  u8 nicsim_vlan_present;
  int nicsim_id;
  struct skb_shared_info nicsim_shinfo;
  struct skb_shared_hwtstamps nicsim_hwtstamps;
};
#define skb_shinfo(skb) (&(skb)->nicsim_shinfo)
#define skb_hwtstamps(skb) (&(skb)->nicsim_hwtstamps)
static inline unsigned int skb_headlen(const struct sk_buff *skb) {
  return skb->len - skb->data_len;
}
static inline bool skb_is_gso(const struct sk_buff *skb) {
  return skb_shinfo(skb)->gso_size != 0;
}
static inline u16 skb_get_queue_mapping(const struct sk_buff *skb) {
  return skb->queue_mapping;
}
static inline void skb_record_rx_queue(struct sk_buff *skb, u16 rx_queue) {
  skb->queue_mapping = rx_queue + 1;
}
static inline void skb_reserve(struct sk_buff *skb, int len) {
  skb->data += len;
}
static inline void *skb_put(struct sk_buff *skb, unsigned int len) {
  void *tmp = skb->data + skb->len;
  skb->len += len;
  return tmp;
}
static inline void *skb_pull(struct sk_buff *skb, unsigned int len) {
  skb->len -= len;
  return skb->data += len;
}
#define skb_pull_inline(skb, len) skb_pull(skb, len)
#define skb_mark_for_recycle(skb) ((void)(skb))
#define skb_checksum_none_assert(skb) ((void)(skb))
struct vlan_hdr {
  __be16 h_vlan_TCI;
  __be16 h_vlan_encapsulated_proto;
};
struct vlan_ethhdr {
  unsigned char h_dest[ETH_ALEN];
  unsigned char h_source[ETH_ALEN];
  __be16 h_vlan_proto;
  __be16 h_vlan_TCI;
  __be16 h_vlan_encapsulated_proto;
} __packed;
#define skb_vlan_eth_hdr(skb) ((struct vlan_ethhdr *)(skb)->data)

struct netdev_queue {
  int nicsim_stopped;
};
struct eee_config {
  u32 tx_lpi_timer;
};
struct phy_device {
  int link;
  int duplex;
  int speed;
  int pause;
  bool enable_tx_lpi;
  struct eee_config eee_cfg;
  void *drv;
};
struct net_device_stats {
  unsigned long rx_packets, tx_packets, rx_bytes, tx_bytes, rx_errors, tx_errors, rx_dropped,
      collisions, rx_length_errors, rx_crc_errors, rx_frame_errors, rx_fifo_errors,
      tx_aborted_errors, tx_carrier_errors, tx_fifo_errors, tx_heartbeat_errors,
      tx_window_errors;
};
struct net_device {
  struct fec_enet_private *priv;
  struct net_device_stats stats;
  netdev_features_t features;
  const unsigned char *dev_addr;
  unsigned int mtu;
  struct phy_device *phydev;
  struct netdev_queue nicsim_txq[FEC_ENET_MAX_TX_QS];
};
static inline void *netdev_priv(const struct net_device *dev) {
  return dev->priv;
}
#define netdev_get_tx_queue(dev, q) (&(dev)->nicsim_txq[q])
#define netif_tx_queue_stopped(nq) ((nq)->nicsim_stopped)

struct fec_enet_private {
  void __iomem *hwp;
  struct platform_device *pdev;
  struct net_device *netdev;
  struct napi_struct napi;
  u32 quirks;
  int link;
  int num_tx_queues;
  int num_rx_queues;
  unsigned int total_tx_ring_size;
  unsigned int total_rx_ring_size;
  struct fec_enet_priv_tx_q *tx_queue[FEC_ENET_MAX_TX_QS];
  struct fec_enet_priv_rx_q *rx_queue[FEC_ENET_MAX_RX_QS];
  bool bufdesc_ex;
  int hwts_rx_en;
  int hwts_tx_en;
  int csum_flags;
  int tx_align;
  int rx_align;
  struct bpf_prog *xdp_prog;
  unsigned int pagepool_order;
  unsigned int rx_frame_size;
  unsigned int max_buf_size;
  struct work_struct tx_timeout_work;
  /* bring-up: restart, link changes, coalescing */
  int wol_flag;
  phy_interface_t phy_interface;
  int full_duplex;
  int speed;
  u32 phy_speed;
  int pause_flag;
  u32 rgmii_txc_dly;
  u32 rgmii_rxc_dly;
  unsigned int rx_pkts_itr;
  unsigned int rx_time_itr;
  unsigned int tx_pkts_itr;
  unsigned int tx_time_itr;
  unsigned int itr_clk_rate;
};

/* ---- the objects one record sets up ---- */
static struct platform_device nicsim_pdev;
static struct fec_enet_private nicsim_fep;
static struct net_device nicsim_ndev = {.priv = &nicsim_fep};
static struct fec_enet_priv_tx_q nicsim_txqs[FEC_ENET_MAX_TX_QS];
static struct fec_enet_priv_rx_q nicsim_rxqs[FEC_ENET_MAX_RX_QS];
static struct bufdesc_ex nicsim_bds[2][NICSIM_MAX_RING] __aligned(64);
static struct page_pool nicsim_pools[FEC_ENET_MAX_RX_QS];
static struct page nicsim_pages[NICSIM_REAL_PAGES + 64];
static unsigned char nicsim_page_mem[NICSIM_REAL_PAGES][NICSIM_PAGE_BYTES] __aligned(64);
static struct sk_buff nicsim_skbs[NICSIM_MAX_SKBS];
static int nicsim_nskbs;
static unsigned char nicsim_skb_mem[NICSIM_MAX_SKBS + 1][2048] __aligned(64);
static unsigned char nicsim_bounce[NICSIM_MAX_RING][2048] __aligned(64);

/* stub answers, set from the record */
static long long nicsim_ans_ratelimit;
static long long nicsim_ans_schedule_prep;
static long long nicsim_ans_complete_done;
static long long nicsim_ans_clear_csum;
static long long nicsim_ans_dma_map;
static long long nicsim_ans_protocol;
static bool nicsim_err_once;

/* a CPU address as the token the Java side uses */
static long long nicsim_token(const void *p) {
  const unsigned char *c = p;
  if (c >= &nicsim_skb_mem[0][0] && c < &nicsim_skb_mem[NICSIM_MAX_SKBS][0]) {
    long long off = c - &nicsim_skb_mem[0][0];
    return 0x20000000LL + (off / 2048 + 1) * 0x1000 + off % 2048;
  }
  if (c >= &nicsim_bounce[0][0] && c < &nicsim_bounce[NICSIM_MAX_RING][0]) {
    return 0x40000000LL + (c - &nicsim_bounce[0][0]);
  }
  if (c >= &nicsim_page_mem[0][0] && c < &nicsim_page_mem[NICSIM_REAL_PAGES][0]) {
    long long off = c - &nicsim_page_mem[0][0];
    return (off / NICSIM_PAGE_BYTES + 1) * 0x10000 + off % NICSIM_PAGE_BYTES;
  }
  return -1;
}

static void *page_address(const struct page *page) {
  return page->nicsim_mem;
}

/* Page n (0 = NULL). Pages 1..NICSIM_REAL_PAGES hold memory for the first bytes of a frame
 * (headroom, Ethernet and VLAN headers); a page the pool hands out later (n > that) is never
 * read. Its DMA address is 0x80000000 + n * 4096. */
static struct page *nicsim_page(long id) {
  if (id <= 0) {
    return NULL;
  }
  struct page *p = id <= NICSIM_REAL_PAGES ? &nicsim_pages[id - 1]
      : &nicsim_pages[NICSIM_REAL_PAGES + (id % 64)];
  p->nicsim_id = id;
  p->nicsim_mem = id <= NICSIM_REAL_PAGES ? nicsim_page_mem[id - 1] : NULL;
  p->nicsim_dma = 0x80000000ULL + (dma_addr_t)id * 4096;
  return p;
}

static struct sk_buff *nicsim_skb_new(void) {
  struct sk_buff *skb = &nicsim_skbs[nicsim_nskbs];
  memset(skb, 0, sizeof *skb);
  skb->nicsim_id = ++nicsim_nskbs;
  skb->head = skb->data = nicsim_skb_mem[skb->nicsim_id - 1];
  return skb;
}

/* ---- NAPI ---- */
static bool napi_schedule_prep(struct napi_struct *n) {
  CALL0("napi_schedule_prep");
  return nicsim_ans_schedule_prep != 0;
}
static void __napi_schedule(struct napi_struct *n) {
  CALL0("__napi_schedule");
}
static bool napi_complete_done(struct napi_struct *n, int work_done) {
  CALL1("napi_complete_done", work_done);
  return nicsim_ans_complete_done != 0;
}

/* ---- skbs ---- */
/* the k-th build_skb of a record succeeds as its answer says */
static long long nicsim_build_ok[NICSIM_SLOTS];
static int nicsim_nbuild;
static struct sk_buff *build_skb(void *data, unsigned int frag_size) {
  int k = nicsim_nbuild++;
  CALL2("build_skb", nicsim_token(data), frag_size);
  if (k < NICSIM_SLOTS && !nicsim_build_ok[k]) {
    return NULL;
  }
  struct sk_buff *skb = &nicsim_skbs[nicsim_nskbs];
  memset(skb, 0, sizeof *skb);
  skb->nicsim_id = ++nicsim_nskbs;
  skb->head = skb->data = data;
  return skb;
}

static void napi_consume_skb(struct sk_buff *skb, int budget) {
  CALL2("napi_consume_skb", skb->nicsim_id, budget);
}
static void dev_kfree_skb_any(struct sk_buff *skb) {
  CALL1("dev_kfree_skb_any", skb->nicsim_id);
}
static void skb_tx_timestamp(struct sk_buff *skb) {
  CALL1("skb_tx_timestamp", skb->nicsim_id);
}
static void skb_tstamp_tx(struct sk_buff *skb, struct skb_shared_hwtstamps *hwtstamps) {
  CALL1("skb_tstamp_tx", skb->nicsim_id);
}
static void fec_enet_hwtstamp(struct fec_enet_private *fep, unsigned ts,
                              struct skb_shared_hwtstamps *hwtstamps) {
  CALL1("fec_enet_hwtstamp", ts);
}
static int fec_enet_clear_csum(struct sk_buff *skb, struct net_device *ndev) {
  CALL1("fec_enet_clear_csum", skb->nicsim_id);
  return (int)nicsim_ans_clear_csum;
}
static void swap_buffer(void *bufaddr, int len) {
  CALL2("swap_buffer", nicsim_token(bufaddr), len);
}
static __be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev) {
  skb_pull(skb, ETH_HLEN);
  return (__be16)nicsim_ans_protocol;
}
static void __vlan_hwaccel_put_tag(struct sk_buff *skb, __be16 vlan_proto, u16 vlan_tci) {
  skb->vlan_proto = vlan_proto;
  skb->vlan_tci = vlan_tci;
  skb->nicsim_vlan_present = 1;
}
static void napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb) {
  nicsim_call("napi_gro_receive", 8, (long long)skb->nicsim_id, (long long)skb->len,
      (long long)(skb->data - skb->head), (long long)skb->ip_summed,
      (long long)skb->queue_mapping, (long long)skb->protocol,
      (long long)skb->nicsim_vlan_present, (long long)skb->vlan_tci);
}

/* ---- the DMA API ---- */
static dma_addr_t dma_map_single(struct device *dev, void *ptr, size_t size, int dir) {
  CALL3("dma_map_single", nicsim_token(ptr), size, dir);
  return (dma_addr_t)nicsim_ans_dma_map;
}
static int dma_mapping_error(struct device *dev, dma_addr_t addr) {
  return addr == DMA_MAPPING_ERROR;
}
static void dma_unmap_single(struct device *dev, dma_addr_t addr, size_t size, int dir) {
  CALL3("dma_unmap_single", addr, size, dir);
}
static void dma_sync_single_for_cpu(struct device *dev, dma_addr_t addr, size_t size,
                                    int dir) {
  CALL3("dma_sync_single_for_cpu", addr, size, dir);
}

/* ---- netdev TX queues ---- */
static int nicsim_qnum(struct netdev_queue *nq) {
  return (int)(nq - nicsim_ndev.nicsim_txq);
}
static void netif_tx_wake_queue(struct netdev_queue *nq) {
  CALL1("netif_tx_wake_queue", nicsim_qnum(nq));
  nq->nicsim_stopped = 0;
}
static void netif_tx_stop_queue(struct netdev_queue *nq) {
  CALL1("netif_tx_stop_queue", nicsim_qnum(nq));
  nq->nicsim_stopped = 1;
}

/* ---- messages printed once per boot: the flag is part of the record ---- */
#define netdev_err_once(dev, ...) \
  do { \
    if (!nicsim_err_once) { \
      nicsim_err_once = true; \
      nicsim_msg("netdev_err", __VA_ARGS__); \
    } \
  } while (0)

/* ---- XDP: never reached (no program); declared for the tree's text ---- */
static void xdp_init_buff(struct xdp_buff *xdp, u32 frame_sz, struct xdp_rxq_info *rxq) {}
static void xdp_buff_clear_frags_flag(struct xdp_buff *xdp) {}
static void xdp_prepare_buff(struct xdp_buff *xdp, unsigned char *hard_start, int headroom,
                             int data_len, const bool meta_valid) {}
static u32 fec_enet_run_xdp(struct fec_enet_private *fep, struct bpf_prog *prog,
                            struct xdp_buff *xdp, struct fec_enet_priv_rx_q *rxq, int cpu) {
  CALL0("fec_enet_run_xdp");
  return 0;
}
static void xdp_do_flush(void) {
  CALL0("xdp_do_flush");
}
static void xdp_return_frame_rx_napi(struct xdp_frame *xdpf) {
  CALL0("xdp_return_frame_rx_napi");
}
static void xdp_return_frame(struct xdp_frame *xdpf) {
  CALL0("xdp_return_frame");
}
static void page_pool_put_page(struct page_pool *pool, struct page *page,
                               unsigned int dma_sync_size, bool allow_direct) {
  CALL0("page_pool_put_page");
}
static struct bufdesc *fec_enet_txq_submit_frag_skb(struct fec_enet_priv_tx_q *txq,
                                                    struct sk_buff *skb,
                                                    struct net_device *ndev) {
  CALL0("fec_enet_txq_submit_frag_skb");
  return ERR_PTR(-ENOMEM);
}

/* ---- the page pool ---- */
/* the k-th allocation of a record succeeds as its answer says; its page is 1001 + k */
static long long nicsim_alloc_ok[NICSIM_SLOTS];
static int nicsim_nalloc;
static struct page *page_pool_dev_alloc_pages(struct page_pool *pool) {
  int k = nicsim_nalloc++;
  CALL1("page_pool_dev_alloc_pages", pool->nicsim_queue);
  return k < NICSIM_SLOTS && !nicsim_alloc_ok[k] ? NULL : nicsim_page(1001 + k);
}
static dma_addr_t page_pool_get_dma_addr(const struct page *page) {
  return page->nicsim_dma;
}
static void page_pool_recycle_direct(struct page_pool *pool, struct page *page) {
  CALL2("page_pool_recycle_direct", pool->nicsim_queue, page ? page->nicsim_id : 0);
}

/* ---- building one record's rings ---- */

/* Queue q's ring of 'size' BDs (enhanced or not), its DMA address and doorbell. */
static void nicsim_ring(struct bufdesc_prop *bd, int slot, int q, int size, bool ex,
                        unsigned int doorbell) {
  unsigned char dsize = ex ? sizeof(struct bufdesc_ex) : sizeof(struct bufdesc);
  memset(nicsim_bds[slot], 0, sizeof nicsim_bds[slot]);
  bd->qid = q;
  bd->base = (struct bufdesc *)nicsim_bds[slot];
  bd->cur = bd->base;
  bd->dsize = dsize;
  bd->dsize_log2 = ex ? 5 : 3;
  bd->ring_size = (unsigned short)size;
  bd->last = (struct bufdesc *)((char *)bd->base + (size - 1) * dsize);
  bd->dma = 0x10000000;
  bd->reg_desc_active = nicsim_mmio + doorbell;
}

static struct bufdesc *nicsim_bd(struct bufdesc_prop *bd, int i) {
  return (struct bufdesc *)((char *)bd->base + i * bd->dsize);
}

/* The fields of fep this file's functions read, from a record's first entries. */
static void nicsim_fep_set(u32 quirks, bool ex) {
  memset(&nicsim_fep, 0, sizeof nicsim_fep);
  memset(nicsim_mmio_regs, 0, sizeof nicsim_mmio_regs);
  memset(&nicsim_ndev, 0, sizeof nicsim_ndev);
  nicsim_ndev.priv = &nicsim_fep;
  nicsim_nskbs = 0;
  nicsim_nalloc = 0;
  nicsim_nbuild = 0;
  nicsim_fep.hwp = nicsim_mmio;
  nicsim_fep.pdev = &nicsim_pdev;
  nicsim_fep.netdev = &nicsim_ndev;
  nicsim_fep.napi.dev = &nicsim_ndev;
  nicsim_fep.quirks = quirks;
  nicsim_fep.bufdesc_ex = ex;
  nicsim_fep.num_tx_queues = 1;
  nicsim_fep.num_rx_queues = 1;
}

static void nicsim_stats_put(void) {
  struct net_device_stats *s = &nicsim_ndev.stats;
  OUTU("rx_packets", s->rx_packets);
  OUTU("rx_bytes", s->rx_bytes);
  OUTU("rx_errors", s->rx_errors);
  OUTU("rx_fifo_errors", s->rx_fifo_errors);
  OUTU("rx_length_errors", s->rx_length_errors);
  OUTU("rx_crc_errors", s->rx_crc_errors);
  OUTU("rx_frame_errors", s->rx_frame_errors);
  OUTU("rx_dropped", s->rx_dropped);
  OUTU("tx_packets", s->tx_packets);
  OUTU("tx_bytes", s->tx_bytes);
  OUTU("tx_errors", s->tx_errors);
  OUTU("tx_heartbeat_errors", s->tx_heartbeat_errors);
  OUTU("tx_window_errors", s->tx_window_errors);
  OUTU("tx_aborted_errors", s->tx_aborted_errors);
  OUTU("tx_fifo_errors", s->tx_fifo_errors);
  OUTU("tx_carrier_errors", s->tx_carrier_errors);
  OUTU("collisions", s->collisions);
}
