/*
 * stmmac_main.c harnesses: nicsim's own C (no kernel text). The functions come from the tree
 * (stmmac_xmit, stmmac_tso_xmit, stmmac_tso_allocator, stmmac_tx_avail,
 * stmmac_flush_tx_descriptors, stmmac_tx_timer_arm, stmmac_tx_timer, stmmac_tx_clean,
 * stmmac_napi_poll_tx, the interrupt handlers, the service work and the small helpers they
 * call), with common.h, stmmac.h, descs.h and include/linux/stmmac.h for their constants; this
 * file gives struct stmmac_priv, the queues, the channel, the skb and the netdev queue the
 * fields those functions touch, and stubs every callee outside them:
 *  - the hwif.h callbacks (descriptor, DMA and mode ops) record the call with the descriptor
 *    named "kind,entry" (0 dma_tx, 1 dma_etx, 2 dma_entx) and answer from the record;
 *  - the kernel functions (NAPI, hrtimer, netdev queue and BQL, DMA mapping, skb freeing)
 *    record the call and answer from a small state the record sets (a NAPI's SCHED bit, the
 *    queue's DRV_XOFF, the timer's active flag, which mapping fails);
 *  - the driver's unported helpers (EEE, VLAN, safety features, timestamps, TX error reset)
 *    record the call and answer from the record.
 * No AF_XDP pool (xsk_pool NULL), no XDP program (every TX buffer is an skb's), netif_msg_*
 * debugging off.
 *
 * The TX record (TxHarnessRig.TX_FIELDS, NICSIM_TX_FIELDS values):
 *   0 queue  1 tx_queues_to_use  2 ring_order (dma_tx_size = 1 << order)  3 cur_tx
 *   4 dirty_tx  5 tx_count_frames  6 mss  7 tbs  8 extend_desc  9 dma_tx_phy
 *  10 tx_coal_frames[queue]  11 tx_coal_timer[queue]  12 hwts_tx_en  13 sarc_type
 *  14 tx_path_in_lpi_mode  15 eee_sw_timer_en  16 eee_enabled  17 tso
 *  18 core (0 dwmac1000 GMAC, 1 GMAC4, 2 XGMAC: has_gmac4/has_xgmac, 6.18's core_type)
 *  19 est present  20 est->enable  21 est->max_sdu[queue]  22 dma_cap.vlins
 *  23 dma_cap.addr64  24 tx_queues_cfg[queue].coe_unsupported  25 enh_desc  26 mode
 *  27 queue stopped (DRV_XOFF)  28 the queue's tx_napi scheduled  29 txtimer active
 *  30 netdev_xmit_more  31 a stale tx_skbuff entry (-1 none)  32 which DMA mapping fails
 *  (0 none, k: the k-th)  33 stmmac_vlan_insert  34 stmmac_has_ip_ethertype
 *  35 __vlan_hwaccel_push_inside succeeds  36 skb_checksum_help's return
 *  37 skb_checksum_help linearizes  38 is_jumbo_frm  39 jumbo_frm's return
 *  40 skb->len  41 nr_frags  42..58 frag sizes  59 gso_size  60 gso_type  61 SKBTX_HW_TSTAMP
 *  62 ip_summed  63 skb_vlan_tag_present  64 skb_transport_offset  65 tcp_hdrlen
 *  66 skb->tstamp  67 budget  68 napi_complete_done's return  69 tx_clean's return (poll)
 *  70 tx_clean's pending_packets (poll)  71 hrtimer_try_to_cancel's return
 *  72 stmmac_enable_eee_mode's return  73 napi_complete_done clears SCHED although it
 *  returns false (interrupts deferred: napi_defer_hard_irqs with a gro_flush_timeout)
 * tx_clean appends, for the NICSIM_TX_WINDOW entries from dirty_tx (the ones after are owned
 * by the DMA): tx_status, tx_skbuff_dma buf, map_as_page, len, last_segment, is_jumbo,
 * buf_type, the skb's len (0: no skb).
 */
//@ header
#define NICSIM_TX_FIELDS 74
#define NICSIM_TX_WINDOW 24
#define NICSIM_TX_SLOT 8
#define NICSIM_MAX_RING 1024

/* ---- skbs ---- */
#define MAX_SKB_FRAGS 17
#define SKBTX_HW_TSTAMP (1 << 0)
#define SKBTX_IN_PROGRESS (1 << 2)
#define SKB_GSO_TCPV4 (1 << 0)
#define SKB_GSO_TCPV6 (1 << 4)
#define SKB_GSO_UDP_L4 (1 << 17)
#define CHECKSUM_PARTIAL 3
#define VLAN_HLEN 4
#define NETDEV_TX_OK 0x00
#define NETDEV_TX_BUSY 0x10
typedef int netdev_tx_t;

typedef struct {
  unsigned int len;
} skb_frag_t;

struct skb_shared_info {
  unsigned char nr_frags;
  u8 tx_flags;
  unsigned short gso_size;
  unsigned int gso_type;
  skb_frag_t frags[MAX_SKB_FRAGS];
};

struct sk_buff {
  u16 protocol;
  unsigned int len;
  unsigned int data_len;
  u16 queue_mapping;
  u8 ip_summed;
  int vlan_present;
  int transport_offset;
  int tcp_hdrlen;
  ktime_t tstamp;
  unsigned char *data;
  int id;
  struct skb_shared_info shinfo;
};

struct udphdr {
  u16 source, dest, len, check;
};

#define skb_shinfo(skb) (&(skb)->shinfo)
static inline unsigned int skb_headlen(const struct sk_buff *skb) {
  return skb->len - skb->data_len;
}
static inline bool skb_is_gso(const struct sk_buff *skb) {
  return skb_shinfo(skb)->gso_size;
}
static inline u16 skb_get_queue_mapping(const struct sk_buff *skb) {
  return skb->queue_mapping;
}
static inline unsigned int skb_frag_size(const skb_frag_t *frag) {
  return frag->len;
}
static inline int skb_vlan_tag_present(const struct sk_buff *skb) {
  return skb->vlan_present;
}
static inline int skb_transport_offset(const struct sk_buff *skb) {
  return skb->transport_offset;
}
static inline unsigned int tcp_hdrlen(const struct sk_buff *skb) {
  return skb->tcp_hdrlen;
}
static inline int skb_tcp_all_headers(const struct sk_buff *skb) {
  return skb_transport_offset(skb) + tcp_hdrlen(skb);
}

/* ---- NAPI, hrtimer, netdev queue ---- */
typedef int clockid_t;
struct napi_struct {
  int sched;
  int complete_ret;
  int complete_clears;
  int id;
};

static bool napi_schedule_prep(struct napi_struct *n) {
  bool ok = !n->sched;
  CALL1("napi_schedule_prep", n->id);
  n->sched = 1;
  return ok;
}
static void __napi_schedule(struct napi_struct *n) {
  CALL1("__napi_schedule", n->id);
}
static bool napi_complete_done(struct napi_struct *n, int work_done) {
  CALL2("napi_complete_done", n->id, work_done);
  if (n->complete_ret || n->complete_clears) {
    n->sched = 0;
  }
  return n->complete_ret;
}
static bool napi_is_scheduled(struct napi_struct *n) {
  CALL1("napi_is_scheduled", n->id);
  return n->sched;
}

struct hrtimer {
  int active;
  int try_ret;
  int queue;
  enum hrtimer_restart (*function)(struct hrtimer *);
};
#define CLOCK_MONOTONIC 1
static void hrtimer_init(struct hrtimer *timer, clockid_t clock, enum hrtimer_mode mode) {
  CALL3("hrtimer_init", timer->queue, clock, mode);
}
static void hrtimer_setup(struct hrtimer *timer, enum hrtimer_restart (*fn)(struct hrtimer *),
                          clockid_t clock, enum hrtimer_mode mode) {
  CALL3("hrtimer_setup", timer->queue, clock, mode);
  timer->function = fn;
}
static void hrtimer_start(struct hrtimer *timer, ktime_t tim, const enum hrtimer_mode mode) {
  CALL3("hrtimer_start", timer->queue, tim, mode);
  timer->active = 1;
}
static int hrtimer_try_to_cancel(struct hrtimer *timer) {
  CALL1("hrtimer_try_to_cancel", timer->queue);
  timer->active = 0;
  return timer->try_ret;
}
static bool hrtimer_active(const struct hrtimer *timer) {
  CALL1("hrtimer_active", timer->queue);
  return timer->active;
}
static int hrtimer_cancel(struct hrtimer *timer) {
  int was = timer->active;
  CALL1("hrtimer_cancel", timer->queue);
  timer->active = 0;
  return was;
}
#define ns_to_ktime(ns) ((ktime_t)(ns))

struct netdev_queue {
  int index;
  int stopped;
};
struct net_device {
  struct stmmac_priv *priv;
  struct netdev_queue txq[MTL_MAX_TX_QUEUES];
};
static inline void *netdev_priv(const struct net_device *dev) {
  return dev->priv;
}
static inline struct netdev_queue *netdev_get_tx_queue(struct net_device *dev, unsigned int i) {
  return &dev->txq[i];
}
static bool netif_tx_queue_stopped(const struct netdev_queue *q) {
  CALL1("netif_tx_queue_stopped", q->index);
  return q->stopped;
}
static void netif_tx_stop_queue(struct netdev_queue *q) {
  CALL1("netif_tx_stop_queue", q->index);
  q->stopped = 1;
}
static void netif_tx_wake_queue(struct netdev_queue *q) {
  CALL1("netif_tx_wake_queue", q->index);
  q->stopped = 0;
}
static void netdev_tx_sent_queue(struct netdev_queue *q, unsigned int bytes) {
  CALL2("netdev_tx_sent_queue", q->index, bytes);
}
static void netdev_tx_completed_queue(struct netdev_queue *q, unsigned int pkts,
                                      unsigned int bytes) {
  CALL3("netdev_tx_completed_queue", q->index, pkts, bytes);
}
static void __netif_tx_lock_bh(struct netdev_queue *q) {
  CALL1("__netif_tx_lock_bh", q->index);
}
static void __netif_tx_unlock_bh(struct netdev_queue *q) {
  CALL1("__netif_tx_unlock_bh", q->index);
}
static int nicsim_xmit_more;
static int nicsim_clean_ret, nicsim_clean_pending;
static bool netdev_xmit_more(void) {
  CALL0("netdev_xmit_more");
  return nicsim_xmit_more;
}

/* ---- DMA mapping: the k-th mapping of a record gets 0x10000000 + k * 0x1000 ---- */
enum dma_data_direction { DMA_TO_DEVICE = 1 };
static int nicsim_maps;
static int nicsim_map_err_at;
static dma_addr_t nicsim_map(void) {
  nicsim_maps++;
  return 0x10000000ULL + (dma_addr_t)nicsim_maps * 0x1000;
}
static dma_addr_t dma_map_single(struct device *d, void *ptr, size_t len,
                                 enum dma_data_direction dir) {
  CALL1("dma_map_single", len);
  return nicsim_map();
}
static dma_addr_t skb_frag_dma_map(struct device *d, const skb_frag_t *frag, size_t off,
                                   size_t len, enum dma_data_direction dir) {
  CALL1("skb_frag_dma_map", len);
  return nicsim_map();
}
static int dma_mapping_error(struct device *d, dma_addr_t addr) {
  CALL1("dma_mapping_error", addr);
  return nicsim_map_err_at > 0 && addr == 0x10000000ULL + (dma_addr_t)nicsim_map_err_at * 0x1000;
}
static void dma_unmap_page(struct device *d, dma_addr_t addr, size_t len,
                           enum dma_data_direction dir) {
  CALL2("dma_unmap_page", addr, len);
}
static void dma_unmap_single(struct device *d, dma_addr_t addr, size_t len,
                             enum dma_data_direction dir) {
  CALL2("dma_unmap_single", addr, len);
}

/* ---- skbs freed, timestamps, checksums ---- */
static void dev_consume_skb_any(struct sk_buff *skb) {
  CALL1("dev_consume_skb_any", skb->id);
}
static void dev_kfree_skb(struct sk_buff *skb) {
  CALL1("dev_kfree_skb", skb ? skb->id : -1);
}
static void skb_tx_timestamp(struct sk_buff *skb) {
  CALL1("skb_tx_timestamp", skb->id);
}
static int nicsim_csum_ret, nicsim_csum_linearize;
static int skb_checksum_help(struct sk_buff *skb) {
  CALL1("skb_checksum_help", skb->id);
  if (nicsim_csum_ret == 0 && nicsim_csum_linearize) {
    skb->data_len = 0;
    skb_shinfo(skb)->nr_frags = 0;
  }
  return nicsim_csum_ret;
}
struct xdp_frame {
  int unused;
};
static void xdp_return_frame_rx_napi(struct xdp_frame *f) {
  CALL0("xdp_return_frame_rx_napi");
}
static void xdp_return_frame(struct xdp_frame *f) {
  CALL0("xdp_return_frame");
}

/* ---- byte order (little-endian host, as arm64 and x86-64) ---- */
#define cpu_to_le32(x) ((__le32)(x))
#define le32_to_cpu(x) ((u32)(x))

/* ---- locks, statistics, debug switches ---- */
#define spin_lock_irqsave(l, f) ((void)(f))
#define spin_unlock_irqrestore(l, f) ((void)(f))
typedef struct {
  u64 v;
} u64_stats_t;
struct u64_stats_sync {
  int unused;
};
#define u64_stats_update_begin(s) ((void)0)
#define u64_stats_update_end(s) ((void)0)
#define u64_stats_add(p, n) ((p)->v += (n))
#define u64_stats_inc(p) ((p)->v++)
#define netif_msg_pktdata(p) 0
#define netif_msg_tx_queued(p) 0
#define netif_msg_tx_done(p) 0
#define print_pkt(buf, len) ((void)0)

/* ---- the driver's own state ---- */
struct stmmac_tx_info {
  dma_addr_t buf;
  bool map_as_page;
  unsigned len;
  bool last_segment;
  bool is_jumbo;
  enum stmmac_txbuf_type buf_type;
};

struct stmmac_tx_queue {
  u32 tx_count_frames;
  int tbs;
  struct hrtimer txtimer;
  u32 queue_index;
  struct stmmac_priv *priv_data;
  struct dma_extended_desc *dma_etx;
  struct dma_edesc *dma_entx;
  struct dma_desc *dma_tx;
  union {
    struct sk_buff **tx_skbuff;
    struct xdp_frame **xdpf;
  };
  struct stmmac_tx_info *tx_skbuff_dma;
  void *xsk_pool;
  u32 xsk_frames_done;
  unsigned int cur_tx;
  unsigned int dirty_tx;
  dma_addr_t dma_tx_phy;
  dma_addr_t tx_tail_addr;
  u32 mss;
};

struct page {
  dma_addr_t addr;
};
struct page_pool {
  int queue;
};
struct stmmac_rx_buffer {
  struct page *page;
  dma_addr_t addr;
  __u32 page_offset;
  struct page *sec_page;
  dma_addr_t sec_addr;
};
struct xdp_rxq_info {
  int unused;
};
struct stmmac_rx_queue {
  u32 rx_count_frames;
  u32 queue_index;
  struct page_pool *page_pool;
  struct stmmac_rx_buffer *buf_pool;
  struct stmmac_priv *priv_data;
  struct dma_extended_desc *dma_erx;
  struct dma_desc *dma_rx;
  unsigned int cur_rx;
  unsigned int dirty_rx;
  unsigned int buf_alloc_num;
  void *xsk_pool;
  dma_addr_t dma_rx_phy;
  u32 rx_tail_addr;
  unsigned int state_saved;
  struct {
    struct sk_buff *skb;
    unsigned int len;
    unsigned int error;
  } state;
  unsigned int napi_skb_frag_size;
  struct xdp_rxq_info xdp_rxq;
};

struct stmmac_channel {
  struct napi_struct rx_napi;
  struct napi_struct tx_napi;
  struct napi_struct rxtx_napi;
  struct stmmac_priv *priv_data;
  int lock;
  u32 index;
};

struct stmmac_dma_conf {
  struct stmmac_tx_queue tx_queue[MTL_MAX_TX_QUEUES];
  struct stmmac_rx_queue rx_queue[MTL_MAX_RX_QUEUES];
  unsigned int dma_tx_size;
  unsigned int dma_rx_size;
  unsigned int dma_buf_sz;
};

struct stmmac_q_tx_stats {
  u64_stats_t tx_bytes;
  u64_stats_t tx_set_ic_bit;
  u64_stats_t tx_tso_frames;
  u64_stats_t tx_tso_nfrags;
};
struct stmmac_napi_tx_stats {
  u64_stats_t tx_packets;
  u64_stats_t tx_pkt_n;
  u64_stats_t poll;
  u64_stats_t tx_clean;
  u64_stats_t tx_set_ic_bit;
};
struct stmmac_txq_stats {
  struct u64_stats_sync q_syncp;
  struct stmmac_q_tx_stats q;
  struct u64_stats_sync napi_syncp;
  struct stmmac_napi_tx_stats napi;
};
struct stmmac_napi_rx_stats {
  u64_stats_t rx_bytes;
  u64_stats_t rx_packets;
  u64_stats_t rx_pkt_n;
  u64_stats_t poll;
};
struct stmmac_rxq_stats {
  struct u64_stats_sync napi_syncp;
  struct stmmac_napi_rx_stats napi;
};
/* the per-CPU normal-interrupt counts and the abnormal causes the dwmac callbacks count */
struct stmmac_pcpu_stats {
  struct u64_stats_sync syncp;
  u64_stats_t rx_normal_irq_n[MTL_MAX_TX_QUEUES];
  u64_stats_t tx_normal_irq_n[MTL_MAX_TX_QUEUES];
};
struct stmmac_extra_stats {
  unsigned long tx_undeflow_irq;
  unsigned long tx_jabber_irq;
  unsigned long rx_overflow_irq;
  unsigned long rx_buf_unav_irq;
  unsigned long rx_process_stopped_irq;
  unsigned long rx_watchdog_irq;
  unsigned long tx_early_irq;
  unsigned long tx_process_stopped_irq;
  unsigned long fatal_bus_error_irq;
  unsigned long rx_early_irq;
  struct stmmac_pcpu_stats *pcpu_stats;
  unsigned long tx_dropped;
  unsigned long tx_errors;
  unsigned long rx_dropped;
  unsigned long rx_errors;
  struct stmmac_rxq_stats rxq_stats[MTL_MAX_RX_QUEUES];
  unsigned long max_sdu_txq_drop[MTL_MAX_TX_QUEUES];
  struct stmmac_txq_stats txq_stats[MTL_MAX_TX_QUEUES];
};

struct stmmac_est {
  int enable;
  u32 max_sdu[MTL_MAX_TX_QUEUES];
};

struct stmmac_txq_cfg {
  bool coe_unsupported;
};

struct plat_stmmacenet_data {
  u32 tx_queues_to_use;
  u32 rx_queues_to_use;
  int has_gmac4;
  int has_xgmac;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  enum dwmac_core_type core_type;
#endif
  int enh_desc;
  struct stmmac_txq_cfg tx_queues_cfg[MTL_MAX_TX_QUEUES];
  const struct dwmac4_addrs *dwmac4_addrs;
};

struct dma_features {
  unsigned int vlins;
  unsigned int addr64;
  unsigned int host_dma_width;
};
struct mac_device_info {
  unsigned int rx_csum;
  bool hw_vlan_en;
};

struct stmmac_priv {
  u32 tx_coal_frames[MTL_MAX_TX_QUEUES];
  u32 tx_coal_timer[MTL_MAX_TX_QUEUES];
  u32 rx_coal_frames[MTL_MAX_TX_QUEUES];
  int hwts_tx_en;
  int use_riwt;
  int tso;
  int extend_desc;
  int mode;
  int sarc_type;
  bool tx_path_in_lpi_mode;
  bool eee_sw_timer_en;
  int eee_enabled;
  void __iomem *ioaddr;
  struct net_device *dev;
  struct device *device;
  struct plat_stmmacenet_data *plat;
  struct dma_features dma_cap;
  struct stmmac_est *est;
  struct stmmac_dma_conf dma_conf;
  struct stmmac_extra_stats xstats;
  struct stmmac_channel channel[MTL_MAX_TX_QUEUES];
  unsigned long state;
  u32 msg_enable;
  int sfty_irq;
  bool sph;
  bool sph_active;
  int hwts_rx_en;
  struct mac_device_info *hw;
  struct workqueue_struct *wq;
  struct work_struct service_task;
};

/* ---- hwif.h callbacks: recorded, descriptors named kind,entry ---- */
static struct stmmac_priv nicsim_priv;
static struct dma_desc nicsim_dma_tx[NICSIM_MAX_RING];
static struct dma_extended_desc nicsim_dma_etx[NICSIM_MAX_RING];
static struct dma_edesc nicsim_dma_entx[NICSIM_MAX_RING];

static struct dma_desc nicsim_dma_rx[NICSIM_MAX_RING];
static struct dma_extended_desc nicsim_dma_erx[NICSIM_MAX_RING];
#define NICSIM_IN(arr, c) \
  ((c) >= (const char *)(arr) && (c) < (const char *)((arr) + NICSIM_MAX_RING))

/*
 * 0 dma_tx / dma_rx, 1 dma_etx / dma_erx (through the basic member), 2 dma_entx (basic); the
 * entry in its ring
 */
static int nicsim_desc_kind(const void *p) {
  const char *c = p;
  if (NICSIM_IN(nicsim_dma_etx, c) || NICSIM_IN(nicsim_dma_erx, c))
    return 1;
  if (NICSIM_IN(nicsim_dma_entx, c))
    return 2;
  return 0;
}
static long long nicsim_desc_entry(const void *p) {
  const char *c = p;
  if (NICSIM_IN(nicsim_dma_etx, c))
    return (c - (const char *)nicsim_dma_etx) / (long long)sizeof(struct dma_extended_desc);
  if (NICSIM_IN(nicsim_dma_erx, c))
    return (c - (const char *)nicsim_dma_erx) / (long long)sizeof(struct dma_extended_desc);
  if (NICSIM_IN(nicsim_dma_entx, c))
    return (c - (const char *)&nicsim_dma_entx[0].basic) / (long long)sizeof(struct dma_edesc);
  if (NICSIM_IN(nicsim_dma_rx, c))
    return (c - (const char *)nicsim_dma_rx) / (long long)sizeof(struct dma_desc);
  return (c - (const char *)nicsim_dma_tx) / (long long)sizeof(struct dma_desc);
}
/* a descriptor callback: name(kind,entry[,a[,b]]); id is name's hash, taken where the name is
 * a literal (the loop's binary tokens: hashed once per call site, not per call) */
static void nicsim_dcall(const char *name, unsigned long long id, const void *p, int n,
                         long long a, long long b) {
  if (n == 0)
    nicsim_call_h(name, id, 2, __nicsim_ll(nicsim_desc_kind(p)), nicsim_desc_entry(p));
  else if (n == 1)
    nicsim_call_h(name, id, 3, __nicsim_ll(nicsim_desc_kind(p)), nicsim_desc_entry(p), a);
  else
    nicsim_call_h(name, id, 4, __nicsim_ll(nicsim_desc_kind(p)), nicsim_desc_entry(p), a, b);
}
#define NICSIM_D0(name, p) nicsim_dcall(name, __nicsim_h(name), p, 0, 0, 0)
#define NICSIM_D1(name, p, a) nicsim_dcall(name, __nicsim_h(name), p, 1, __nicsim_ll(a), 0)

static void nicsim_prepare_tx_desc(struct dma_desc *p, int is_fs, int len, bool csum_flag,
                                   int mode, bool tx_own, bool ls, unsigned int tot_pkt_len) {
  nicsim_call_h("prepare_tx_desc", __nicsim_h("prepare_tx_desc"), 9,
                __nicsim_ll(nicsim_desc_kind(p)),
                __nicsim_ll(nicsim_desc_entry(p)), __nicsim_ll(is_fs), __nicsim_ll(len),
                __nicsim_ll(csum_flag), __nicsim_ll(mode), __nicsim_ll(tx_own), __nicsim_ll(ls),
                __nicsim_ll(tot_pkt_len));
}
#define stmmac_prepare_tx_desc(priv, p, ...) nicsim_prepare_tx_desc(p, __VA_ARGS__)
static void nicsim_prepare_tso_tx_desc(struct dma_desc *p, int is_fs, int len1, int len2,
                                       bool tx_own, bool ls, unsigned int tcphdrlen,
                                       unsigned int tcppayloadlen) {
  nicsim_call_h("prepare_tso_tx_desc", __nicsim_h("prepare_tso_tx_desc"), 9,
                __nicsim_ll(nicsim_desc_kind(p)),
                __nicsim_ll(nicsim_desc_entry(p)), __nicsim_ll(is_fs), __nicsim_ll(len1),
                __nicsim_ll(len2), __nicsim_ll(tx_own), __nicsim_ll(ls), __nicsim_ll(tcphdrlen),
                __nicsim_ll(tcppayloadlen));
}
#define stmmac_prepare_tso_tx_desc(priv, p, ...) nicsim_prepare_tso_tx_desc(p, __VA_ARGS__)
#define stmmac_set_tx_owner(priv, p) NICSIM_D0("set_tx_owner", p)
#define stmmac_set_tx_ic(priv, p) NICSIM_D0("set_tx_ic", p)
#define stmmac_set_desc_addr(priv, p, addr) NICSIM_D1("set_desc_addr", p, addr)
#define stmmac_set_mss(priv, p, mss) NICSIM_D1("set_mss", p, mss)
#define stmmac_enable_tx_timestamp(priv, p) NICSIM_D0("enable_tx_timestamp", p)
#define stmmac_set_desc_vlan(priv, p, type) NICSIM_D1("set_desc_vlan", p, type)
#define stmmac_set_desc_sarc(priv, p, type) NICSIM_D1("set_desc_sarc", p, type)
#define stmmac_set_desc_tbs(priv, p, sec, nsec) \
  CALL3("set_desc_tbs", ((struct dma_edesc *)(p)) - nicsim_dma_entx, sec, nsec)
#define stmmac_release_tx_desc(priv, p, mode) NICSIM_D1("release_tx_desc", p, mode)
#define stmmac_clean_desc3(priv, q, p) NICSIM_D0("clean_desc3", p)

static int nicsim_tx_status[NICSIM_MAX_RING];
static int nicsim_tx_status_of(const struct dma_desc *p) {
  NICSIM_D0("tx_status", p);
  return nicsim_tx_status[nicsim_desc_entry(p) & (NICSIM_MAX_RING - 1)];
}
#define stmmac_tx_status(priv, x, p, ioaddr) nicsim_tx_status_of(p)

static int nicsim_is_jumbo, nicsim_jumbo_entry;
/* the entry the jumbo stub answered, which the caller goes on writing from (modulo the ring,
 * -EINVAL included), and whether it was asked */
static int nicsim_tx_jumbo_at, nicsim_tx_jumbo_asked;
static int nicsim_is_jumbo_frm(int len, int enh_desc) {
  CALL2("is_jumbo_frm", len, enh_desc);
  return nicsim_is_jumbo;
}
#define stmmac_is_jumbo_frm(priv, len, enh) nicsim_is_jumbo_frm(len, enh)
static int nicsim_jumbo_frm(int csum) {
  CALL1("jumbo_frm", csum);
  nicsim_tx_jumbo_at = nicsim_jumbo_entry;
  nicsim_tx_jumbo_asked = 1;
  return nicsim_jumbo_entry;
}
#define stmmac_jumbo_frm(priv, q, skb, csum) nicsim_jumbo_frm(csum)

/* enable_dma_transmission(ioaddr) before the channel argument, (ioaddr, chan) after */
#define NICSIM_THIRD(a, b, c, ...) c
#ifdef NICSIM_IN_LOOP
/*
 * In the loop the tree's own DMA callbacks decide (dwmac_lib.c and dwmac4_lib.c, compiled in as
 * in-loop units), through the ops table of the record's core as hwif.c sets priv->hw->dma:
 * dwmac1000, GMAC4, and XGMAC as the model has it (GMAC4's callbacks). An op the core lacks (NULL) is skipped, as
 * stmmac_do_void_callback does. Their register reads are answered from the record's register
 * file (the model's, when the call starts) and recorded as readl(offset,value); their writes
 * are recorded as writel(offset,value) (nicsim_kernel.h). The call names stay as the stubs'
 * before the op runs (the model charges the access there); dma_status(ret) follows the op.
 */
struct nicsim_hw_ops {
  int (*dma_interrupt)(struct stmmac_priv *, void __iomem *, struct stmmac_extra_stats *, u32,
                       u32);
  void (*enable_dma_transmission)(); /* (ioaddr) before the channel argument, (ioaddr, chan) */
  void (*set_tx_tail_ptr)(struct stmmac_priv *, void __iomem *, u32, u32);
};
static const struct nicsim_hw_ops *nicsim_hwops;
static void nicsim_hw_select(long long core);
#define NICSIM_HW_REGS 32
static int nicsim_hw_nregs;
static u32 nicsim_hw_regs[NICSIM_HW_REGS][2];
static u32 nicsim_hw_readl(const volatile void *addr) {
  u32 off = (u32)NICSIM_MMIO_OFF(addr);
  u32 v = 0;
  for (int i = 0; i < nicsim_hw_nregs; i++) {
    if (nicsim_hw_regs[i][0] == off) {
      v = nicsim_hw_regs[i][1];
      break;
    }
  }
  CALL2("readl", off, v);
  return v;
}
#undef readl
#define readl(a) nicsim_hw_readl(a)
#ifndef this_cpu_ptr
#define this_cpu_ptr(p) (p)
#endif
/* the record's register file: n (offset, value) pairs from in */
static void nicsim_hw_regs_set(const long long *in) {
  int n = (int)in[0];
  nicsim_hw_nregs = n < 0 ? 0 : n > NICSIM_HW_REGS ? NICSIM_HW_REGS : n;
  for (int i = 0; i < nicsim_hw_nregs; i++) {
    nicsim_hw_regs[i][0] = (u32)in[1 + 2 * i];
    nicsim_hw_regs[i][1] = (u32)in[2 + 2 * i];
  }
}
#define stmmac_enable_dma_transmission(priv, ...) \
  (CALL1("enable_dma_transmission", NICSIM_THIRD(priv, __VA_ARGS__, -1, -1)), \
   nicsim_hwops->enable_dma_transmission ? nicsim_hwops->enable_dma_transmission(__VA_ARGS__) \
                                         : (void)0)
#define stmmac_set_tx_tail_ptr(priv, ioaddr, tail, chan) \
  (CALL2("set_tx_tail_ptr", (u32)(tail), chan), \
   nicsim_hwops->set_tx_tail_ptr ? nicsim_hwops->set_tx_tail_ptr(priv, ioaddr, tail, chan) \
                                 : (void)0)
#else
#define stmmac_enable_dma_transmission(...) \
  CALL1("enable_dma_transmission", NICSIM_THIRD(__VA_ARGS__, -1, -1))
#define stmmac_set_tx_tail_ptr(priv, ioaddr, tail, chan) \
  CALL2("set_tx_tail_ptr", (u32)(tail), chan)
#endif
#define stmmac_enable_dma_irq(priv, ioaddr, chan, rx, tx) \
  CALL3("enable_dma_irq", chan, rx, tx)
#define stmmac_disable_dma_irq(priv, ioaddr, chan, rx, tx) \
  CALL3("disable_dma_irq", chan, rx, tx)

static int nicsim_dma_status[MTL_MAX_TX_QUEUES][4];
#ifdef NICSIM_IN_LOOP
static int nicsim_dma_interrupt_status(struct stmmac_priv *priv, void __iomem *ioaddr,
                                       struct stmmac_extra_stats *x, u32 chan, u32 dir) {
  CALL2("dma_interrupt", chan, dir);
  int ret = nicsim_hwops->dma_interrupt(priv, ioaddr, x, chan, dir);
  CALL1("dma_status", ret);
  return ret;
}
#define stmmac_dma_interrupt_status(priv, ioaddr, x, chan, dir) \
  nicsim_dma_interrupt_status(priv, ioaddr, x, chan, dir)
#else
static int nicsim_dma_interrupt_status(u32 chan, u32 dir) {
  CALL2("dma_interrupt", chan, dir);
  return nicsim_dma_status[chan][dir];
}
#define stmmac_dma_interrupt_status(priv, ioaddr, x, chan, dir) \
  nicsim_dma_interrupt_status(chan, dir)
#endif
#define MAX_T(t, a, b) ((t)(a) > (t)(b) ? (t)(a) : (t)(b))
typedef int irqreturn_t;
#define IRQ_NONE 0
#define IRQ_HANDLED 1

/* ---- the RX path: pages (window entry e's page at 0x30000000 + e * 0x1000, the k-th
 * allocation at 0x20000000 + k * 0x1000), page pool, XDP buffer, skbs ---- */
#define PAGE_SIZE 4096
#define GFP_ATOMIC 0x820
#define __GFP_NOWARN 0x2000
#define GFP_DMA32 0x04
#define DMA_FROM_DEVICE 2
#define CHECKSUM_UNNECESSARY 1
#define ETH_FCS_LEN 4
#define prefetch(x) ((void)(x))
#define net_prefetch(x) ((void)(x))
#define MAX_ERRNO 4095
#define IS_ERR(ptr) ((unsigned long)(void *)(ptr) >= (unsigned long)-MAX_ERRNO)
#define PTR_ERR(ptr) ((long)(ptr))
#define ERR_PTR(err) ((void *)(long)(err))
enum pkt_hash_types { PKT_HASH_TYPE_NONE, PKT_HASH_TYPE_L2, PKT_HASH_TYPE_L3, PKT_HASH_TYPE_L4 };
typedef int gro_result_t;

/* port-check's window is 24 entries; in the loop a call may refill the whole ring */
#ifdef NICSIM_IN_LOOP
#define NICSIM_RX_NEW (NICSIM_MAX_RING + 1)
#else
#define NICSIM_RX_NEW 64
#endif
static struct page nicsim_ring_pages[NICSIM_MAX_RING];
static struct page nicsim_new_pages[NICSIM_RX_NEW];
static int nicsim_page_allocs, nicsim_page_fail_at;
static struct page *page_pool_alloc_pages(struct page_pool *pool, gfp_t gfp) {
  nicsim_page_allocs++;
  CALL2("page_pool_alloc_pages", pool->queue, gfp);
  if (nicsim_page_allocs == nicsim_page_fail_at || nicsim_page_allocs >= NICSIM_RX_NEW)
    return NULL;
  nicsim_new_pages[nicsim_page_allocs].addr = 0x20000000ULL + nicsim_page_allocs * 0x1000ULL;
  return &nicsim_new_pages[nicsim_page_allocs];
}
static dma_addr_t page_pool_get_dma_addr(const struct page *page) {
  return page->addr;
}
static enum dma_data_direction page_pool_get_dma_dir(const struct page_pool *pool) {
  return DMA_FROM_DEVICE;
}
static void page_pool_recycle_direct(struct page_pool *pool, struct page *page) {
  CALL2("page_pool_recycle_direct", pool->queue, page ? page->addr : 0);
}
static void page_pool_put_page(struct page_pool *pool, struct page *page, unsigned int len,
                               bool direct) {
  CALL4("page_pool_put_page", pool->queue, page ? page->addr : 0, (int)len, direct);
}
static void page_pool_release_page(struct page_pool *pool, struct page *page) {
  CALL2("page_pool_release_page", pool->queue, page ? page->addr : 0);
}
static void *page_address(const struct page *page) {
  return (void *)(uintptr_t)page->addr;
}
static struct page *virt_to_head_page(const void *x) {
  /* the pages lie at fixed addresses: entry e's at 0x30000000 + e * 0x1000, the k-th new one
   * at 0x20000000 + k * 0x1000 */
  uintptr_t a = (uintptr_t)x;
  if (a >= 0x30000000ULL && a < 0x30000000ULL + NICSIM_MAX_RING * 0x1000ULL) {
    struct page *pg = &nicsim_ring_pages[(a - 0x30000000ULL) / PAGE_SIZE];
    return pg->addr ? pg : NULL;
  }
  if (a >= 0x20000000ULL && a < 0x20000000ULL + NICSIM_RX_NEW * 0x1000ULL) {
    struct page *pg = &nicsim_new_pages[(a - 0x20000000ULL) / PAGE_SIZE];
    return pg->addr ? pg : NULL;
  }
  return NULL;
}
static void dma_sync_single_for_cpu(struct device *d, dma_addr_t addr, size_t size,
                                    enum dma_data_direction dir) {
  CALL2("dma_sync_single_for_cpu", addr, size);
}

struct xdp_buff {
  void *data;
  void *data_end;
  void *data_meta;
  void *data_hard_start;
  struct xdp_rxq_info *rxq;
  u32 frame_sz;
};
struct stmmac_xdp_buff {
  struct xdp_buff xdp;
  struct stmmac_priv *priv;
  struct dma_desc *desc;
  struct dma_desc *ndesc;
};
static void xdp_init_buff(struct xdp_buff *xdp, u32 frame_sz, struct xdp_rxq_info *rxq) {
  xdp->frame_sz = frame_sz;
  xdp->rxq = rxq;
}
static void xdp_prepare_buff(struct xdp_buff *xdp, unsigned char *hard_start, int headroom,
                             int data_len, const bool meta_valid) {
  unsigned char *data = hard_start + headroom;
  xdp->data_hard_start = hard_start;
  xdp->data = data;
  xdp->data_end = data + data_len;
  xdp->data_meta = meta_valid ? data : data + 1;
}
static int nicsim_xdp_verdict[NICSIM_MAX_RING];
static struct sk_buff *stmmac_xdp_run_prog(struct stmmac_priv *priv, struct xdp_buff *xdp) {
  struct page *pg = virt_to_head_page(xdp->data_hard_start);
  long long e = pg >= nicsim_ring_pages && pg < nicsim_ring_pages + NICSIM_MAX_RING
      ? pg - nicsim_ring_pages : -1;
  CALL1("stmmac_xdp_run_prog", e);
  return ERR_PTR(-(e >= 0 ? nicsim_xdp_verdict[e] : 0));
}

static struct sk_buff nicsim_rx_skbs[NICSIM_RX_NEW];
static int nicsim_skb_allocs, nicsim_skb_fail_at;
static struct sk_buff *nicsim_new_skb(void) {
  nicsim_skb_allocs++;
  if (nicsim_skb_allocs == nicsim_skb_fail_at || nicsim_skb_allocs >= NICSIM_RX_NEW)
    return NULL;
  struct sk_buff *skb = &nicsim_rx_skbs[nicsim_skb_allocs];
  memset(skb, 0, sizeof *skb);
  skb->id = 2000 + nicsim_skb_allocs;
  return skb;
}
static struct sk_buff *napi_alloc_skb(struct napi_struct *napi, unsigned int len) {
  CALL2("napi_alloc_skb", napi->id, len);
  return nicsim_new_skb();
}
static struct sk_buff *napi_build_skb(void *data, unsigned int frag_size) {
  CALL1("napi_build_skb", frag_size);
  return nicsim_new_skb();
}
static void skb_copy_to_linear_data(struct sk_buff *skb, const void *from, unsigned int len) {
  CALL2("skb_copy_to_linear_data", skb->id, len);
}
static void *skb_put(struct sk_buff *skb, unsigned int len) {
  CALL2("skb_put", skb->id, len);
  skb->len += len;
  return NULL;
}
static void skb_reserve(struct sk_buff *skb, int len) {
  CALL2("skb_reserve", skb->id, len);
}
static void skb_add_rx_frag(struct sk_buff *skb, int i, struct page *page, int off, int size,
                            unsigned int truesize) {
  nicsim_call_h("skb_add_rx_frag", __nicsim_h("skb_add_rx_frag"),
                6, __nicsim_ll(skb->id), __nicsim_ll(i),
                __nicsim_ll(page ? page->addr : 0), __nicsim_ll((unsigned int)off),
                __nicsim_ll((unsigned int)size), __nicsim_ll(truesize));
  skb_shinfo(skb)->nr_frags++;
  skb->len += size;
}
static void skb_mark_for_recycle(struct sk_buff *skb) {
  CALL1("skb_mark_for_recycle", skb->id);
}
static u16 eth_type_trans(struct sk_buff *skb, struct net_device *dev) {
  CALL1("eth_type_trans", skb->id);
  return 8;
}
static void skb_checksum_none_assert(struct sk_buff *skb) {
  CALL1("skb_checksum_none_assert", skb->id);
}
static void skb_set_hash(struct sk_buff *skb, u32 hash, enum pkt_hash_types type) {
  CALL3("skb_set_hash", skb->id, hash, type);
}
static void skb_record_rx_queue(struct sk_buff *skb, u16 q) {
  CALL2("skb_record_rx_queue", skb->id, q);
}
static gro_result_t napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb) {
  nicsim_call_h("napi_gro_receive", __nicsim_h("napi_gro_receive"),
                5, __nicsim_ll(napi->id), __nicsim_ll(skb->id),
                __nicsim_ll(skb->len), __nicsim_ll(skb->ip_summed),
                __nicsim_ll(skb_shinfo(skb)->nr_frags));
  return 0;
}

/* RX hwif callbacks */
static int nicsim_rx_status[NICSIM_MAX_RING];
static int nicsim_rx_status_of(const struct dma_desc *p) {
  NICSIM_D0("rx_status", p);
  return nicsim_rx_status[nicsim_desc_entry(p) & (NICSIM_MAX_RING - 1)];
}
#define stmmac_rx_status(priv, x, p) nicsim_rx_status_of(p)
#define stmmac_rx_extended_status(priv, x, p) \
  CALL1("rx_extended_status", nicsim_desc_entry(p))
static void nicsim_sec_addr(const struct dma_desc *p, dma_addr_t addr, bool valid) {
  nicsim_call_h("set_desc_sec_addr", __nicsim_h("set_desc_sec_addr"),
                4, __nicsim_ll(nicsim_desc_kind(p)), nicsim_desc_entry(p),
                __nicsim_ll(addr), __nicsim_ll(valid));
}
#define stmmac_set_desc_sec_addr(priv, p, addr, valid) nicsim_sec_addr(p, addr, valid)
#define stmmac_refill_desc3(priv, q, p) NICSIM_D0("refill_desc3", p)
#define stmmac_set_rx_owner(priv, p, disable) NICSIM_D1("set_rx_owner", p, disable)
static int nicsim_hash_ret, nicsim_hash, nicsim_hash_type;
static int nicsim_get_rx_hash(const struct dma_desc *p, u32 *hash,
                              enum pkt_hash_types *type) {
  NICSIM_D0("get_rx_hash", p);
  if (nicsim_hash_ret == 0) {
    *hash = (u32)nicsim_hash;
    *type = (enum pkt_hash_types)nicsim_hash_type;
  }
  return nicsim_hash_ret;
}
#define stmmac_get_rx_hash(priv, p, hash, type) nicsim_get_rx_hash(p, hash, type)
#define stmmac_set_rx_tail_ptr(priv, ioaddr, tail, chan) \
  CALL2("set_rx_tail_ptr", (u32)(tail), chan)
#define stmmac_enable_dma_reception(priv, ioaddr, chan) CALL1("enable_dma_reception", chan)
#define netif_msg_rx_status(p) 0
#define stmmac_display_ring(...) ((void)0)

/* the driver's RX helpers */
static int nicsim_buf1[NICSIM_MAX_RING], nicsim_buf2[NICSIM_MAX_RING];
static unsigned int stmmac_rx_buf1_len(struct stmmac_priv *priv, struct dma_desc *p, int status,
                                       unsigned int len) {
  nicsim_call_h("stmmac_rx_buf1_len", __nicsim_h("stmmac_rx_buf1_len"),
                4, __nicsim_ll(nicsim_desc_kind(p)), nicsim_desc_entry(p),
                __nicsim_ll(status), __nicsim_ll(len));
  return (unsigned int)nicsim_buf1[nicsim_desc_entry(p) & (NICSIM_MAX_RING - 1)];
}
static unsigned int stmmac_rx_buf2_len(struct stmmac_priv *priv, struct dma_desc *p, int status,
                                       unsigned int len) {
  nicsim_call_h("stmmac_rx_buf2_len", __nicsim_h("stmmac_rx_buf2_len"),
                4, __nicsim_ll(nicsim_desc_kind(p)), nicsim_desc_entry(p),
                __nicsim_ll(status), __nicsim_ll(len));
  return (unsigned int)nicsim_buf2[nicsim_desc_entry(p) & (NICSIM_MAX_RING - 1)];
}
static void stmmac_get_rx_hwtstamp(struct stmmac_priv *priv, struct dma_desc *p,
                                   struct dma_desc *np, struct sk_buff *skb) {
  nicsim_call_h("stmmac_get_rx_hwtstamp", __nicsim_h("stmmac_get_rx_hwtstamp"),
                4, __nicsim_ll(nicsim_desc_kind(p)),
                nicsim_desc_entry(p), nicsim_desc_entry(np), __nicsim_ll(skb->id));
}
static void stmmac_rx_vlan(struct net_device *dev, struct sk_buff *skb) {
  CALL1("stmmac_rx_vlan", skb->id);
}
static void stmmac_rx_hw_vlan(struct stmmac_priv *priv, struct mac_device_info *hw,
                              struct dma_desc *p, struct sk_buff *skb) {
  NICSIM_D1("stmmac_rx_hw_vlan", p, skb->id);
}
static void stmmac_finalize_xdp_rx(struct stmmac_priv *priv, int xdp_status) {
  CALL1("stmmac_finalize_xdp_rx", xdp_status);
}

/* ---- the service work ---- */
struct workqueue_struct {
  int unused;
};
static int nicsim_queue_work_ret;
static bool queue_work(struct workqueue_struct *wq, struct work_struct *work) {
  CALL0("queue_work");
  return nicsim_queue_work_ret;
}
static void netif_carrier_off(struct net_device *dev) {
  CALL0("netif_carrier_off");
}
static void rtnl_lock(void) {
  CALL0("rtnl_lock");
}
static void rtnl_unlock(void) {
  CALL0("rtnl_unlock");
}
static void netif_trans_update(struct net_device *dev) {
  CALL0("netif_trans_update");
}
static void usleep_range(unsigned long min, unsigned long max) {
  CALL2("usleep_range", min, max);
}
static void dev_close(struct net_device *dev) {
  CALL0("dev_close");
}
static int dev_open(struct net_device *dev, struct netlink_ext_ack *extack) {
  CALL0("dev_open");
  return 0;
}
static inline bool test_and_set_bit(long nr, volatile unsigned long *addr) {
  bool old = test_bit(nr, addr);
  set_bit(nr, addr);
  return old;
}
static inline bool test_and_clear_bit(long nr, volatile unsigned long *addr) {
  bool old = test_bit(nr, addr);
  clear_bit(nr, addr);
  return old;
}

/* ---- the driver's unported helpers ---- */
static int nicsim_vlan_insert, nicsim_has_ip_ethertype, nicsim_vlan_push_ok;
static void stmmac_disable_eee_mode(struct stmmac_priv *priv) {
  CALL0("stmmac_disable_eee_mode");
}
static void stmmac_stop_sw_lpi(struct stmmac_priv *priv) {
  CALL0("stmmac_stop_sw_lpi");
}
static int nicsim_enable_eee;
static int stmmac_enable_eee_mode(struct stmmac_priv *priv) {
  CALL0("stmmac_enable_eee_mode");
  return nicsim_enable_eee;
}
#define mod_timer(t, e) CALL0("mod_timer_eee_ctrl")
static void stmmac_restart_sw_lpi_timer(struct stmmac_priv *priv) {
  CALL0("stmmac_restart_sw_lpi_timer");
}
static bool stmmac_vlan_insert(struct stmmac_priv *priv, struct sk_buff *skb,
                               struct stmmac_tx_queue *tx_q) {
  CALL0("stmmac_vlan_insert");
  return nicsim_vlan_insert;
}
static struct sk_buff *__vlan_hwaccel_push_inside(struct sk_buff *skb) {
  CALL1("__vlan_hwaccel_push_inside", skb->id);
  if (!nicsim_vlan_push_ok) {
    return NULL;
  }
  skb->vlan_present = 0;
  skb->len += VLAN_HLEN;
  return skb;
}
static bool stmmac_has_ip_ethertype(struct sk_buff *skb) {
  CALL0("stmmac_has_ip_ethertype");
  return nicsim_has_ip_ethertype;
}
static void stmmac_get_tx_hwtstamp(struct stmmac_priv *priv, struct dma_desc *p,
                                   struct sk_buff *skb) {
  NICSIM_D1("stmmac_get_tx_hwtstamp", p, skb->id);
}
static void stmmac_bump_dma_threshold(struct stmmac_priv *priv, u32 chan) {
  CALL1("stmmac_bump_dma_threshold", chan);
}
static void stmmac_tx_err(struct stmmac_priv *priv, u32 chan) {
  CALL1("stmmac_tx_err", chan);
}
static int nicsim_safety_feat;
static bool stmmac_safety_feat_interrupt(struct stmmac_priv *priv) {
  CALL0("stmmac_safety_feat_interrupt");
  return nicsim_safety_feat;
}
static void stmmac_common_interrupt(struct stmmac_priv *priv) {
  CALL0("stmmac_common_interrupt");
}
static void stmmac_free_tx_buffer(struct stmmac_priv *priv, struct stmmac_dma_conf *c,
                                  u32 queue, int i) {
  CALL2("stmmac_free_tx_buffer", queue, i);
}
#define stmmac_xdp_xmit_zc(priv, queue, budget) 0
#define xsk_tx_completed(pool, n) ((void)0)
#define xsk_uses_need_wakeup(pool) 0
#define xsk_set_tx_need_wakeup(pool) ((void)0)
#define xp_tx_metadata_enabled(pool) 0
#define xsk_tx_metadata_complete(...) ((void)0)
#define STMMAC_XSK_TX_BUDGET_MAX 256
#define STMMAC_LPI_T(x) 0
struct stmmac_xsk_tx_complete {
  struct stmmac_priv *priv;
  struct dma_desc *desc;
};
static int stmmac_xsk_tx_metadata_ops;

/* ---- one record in, one device state ---- */
static struct net_device nicsim_dev;
static struct plat_stmmacenet_data nicsim_plat;
static struct stmmac_est nicsim_est;
static struct device nicsim_device;
static struct sk_buff *nicsim_tx_skbuff[NICSIM_MAX_RING];
static struct stmmac_tx_info nicsim_tx_info[NICSIM_MAX_RING];
static struct sk_buff nicsim_skb;
static struct sk_buff nicsim_ring_skbs[NICSIM_MAX_RING];
static struct sk_buff nicsim_stale_skb;

/* a device with tx_cnt/rx_cnt queues of 1 << order descriptors, all empty and idle */
/*
 * The TX ring's entries, cleared between records. After a call, the entries it can have
 * written are scanned for what it wrote (nicsim_tx_put), which also notes the blocks of
 * NICSIM_TX_BLOCK entries that hold anything; the next record then clears only those blocks.
 * Every other entry is already zero: the set writes entries the scan covers, and the kernel
 * indexes the ring modulo its size. Without a scan since the last clear (a function that
 * prints no ring), the whole ring is cleared. In the loop this keeps a call's cost to the
 * entries it touches, not the ring's.
 */
#define NICSIM_TX_BLOCK 8
#define NICSIM_TX_BLOCKS (NICSIM_MAX_RING / NICSIM_TX_BLOCK)
static unsigned char nicsim_tx_dirty[NICSIM_TX_BLOCKS];
static int nicsim_tx_scanned;
/* entries [0, nicsim_tx_used) may hold something: the last record's ring (and its stale entry) */
static unsigned int nicsim_tx_used = NICSIM_MAX_RING;

static void nicsim_tx_clear(unsigned int from, unsigned int n) {
  memset(&nicsim_tx_skbuff[from], 0, n * sizeof nicsim_tx_skbuff[0]);
  memset(&nicsim_tx_info[from], 0, n * sizeof nicsim_tx_info[0]);
  memset(&nicsim_dma_tx[from], 0, n * sizeof nicsim_dma_tx[0]);
  memset(&nicsim_dma_etx[from], 0, n * sizeof nicsim_dma_etx[0]);
  memset(&nicsim_dma_entx[from], 0, n * sizeof nicsim_dma_entx[0]);
}

/*
 * The ring's status words tx_clean's window set (its record's: from dirty_tx, circular in a
 * ring of nicsim_tx_status_ring entries), cleared with the next record; at first, all.
 */
static unsigned int nicsim_tx_status_from, nicsim_tx_status_n = NICSIM_MAX_RING;
static unsigned int nicsim_tx_status_ring = NICSIM_MAX_RING;

static void nicsim_tx_status_reset(void) {
  for (unsigned int k = 0; k < nicsim_tx_status_n; k++) {
    nicsim_tx_status[(nicsim_tx_status_from + k) & (nicsim_tx_status_ring - 1)] = 0;
  }
  nicsim_tx_status_n = 0;
}

/* the record's indices, the entries a TX function writes from: it walks the ring forward from
 * dirty_tx (reclaiming) or cur_tx (queueing) */
static unsigned int nicsim_tx_cur_in, nicsim_tx_dirty_in;
/* the record's tx_count_frames and mss, for the fields a call left as they came */
static u32 nicsim_tx_count_frames_in, nicsim_tx_mss_in;
/* how many entries from cur_tx a queueing call of the record's skb can write: a descriptor per
 * 4 KiB of each buffer (head and fragments: TSO's 16 KiB buffers, a jumbo head's 8 KiB ones)
 * and one more each, a context descriptor (the MSS) and one to spare */
static unsigned long long nicsim_tx_span;
/* tx_clean's window: the entries from dirty_tx its record set */
static unsigned int nicsim_tx_window_n;
/* the record's stale entry, or -1 */
static int nicsim_tx_stale = -1;

static void nicsim_tx_ring_reset(unsigned int ring) {
  if (!nicsim_tx_scanned) {
    nicsim_tx_clear(0, nicsim_tx_used);
  } else {
    for (unsigned int b = 0; b < NICSIM_TX_BLOCKS; b++) {
      if (nicsim_tx_dirty[b]) {
        nicsim_tx_clear(b * NICSIM_TX_BLOCK, NICSIM_TX_BLOCK);
      }
    }
  }
  memset(nicsim_tx_dirty, 0, sizeof nicsim_tx_dirty);
  nicsim_tx_scanned = 0;
  nicsim_tx_used = ring < NICSIM_MAX_RING ? ring : NICSIM_MAX_RING;
}

/* whether entries [from, from + NICSIM_TX_BLOCK) hold nothing in any TX ring array: fixed-size
 * word loops the compiler unrolls and vectorises (with AVX2 where the CPU has it) */
#if defined(__x86_64__)
__attribute__((__noinline__, __optimize__("O3"), __target_clones__("avx2", "default")))
#endif
static int nicsim_tx_block_empty(unsigned int from) {
#define NICSIM_OR_WORDS(arr) do { \
    const unsigned long long *w = (const unsigned long long *)(const void *)&arr[from]; \
    for (size_t i = 0; i < NICSIM_TX_BLOCK * sizeof arr[0] / 8; i++) any |= w[i]; \
  } while (0)
  unsigned long long any = 0;
  NICSIM_OR_WORDS(nicsim_tx_skbuff);
  NICSIM_OR_WORDS(nicsim_tx_info);
  NICSIM_OR_WORDS(nicsim_dma_tx);
  NICSIM_OR_WORDS(nicsim_dma_etx);
  NICSIM_OR_WORDS(nicsim_dma_entx);
#undef NICSIM_OR_WORDS
  return any == 0;
}

static struct stmmac_pcpu_stats nicsim_pcpu;
static void nicsim_priv_reset(u32 tx_cnt, u32 rx_cnt, int order) {
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  memset(&nicsim_dev, 0, sizeof nicsim_dev);
  memset(&nicsim_plat, 0, sizeof nicsim_plat);
  memset(&nicsim_est, 0, sizeof nicsim_est);
  nicsim_tx_ring_reset(1u << order);
  nicsim_tx_status_reset();
  nicsim_maps = 0;
  nicsim_dev.priv = &nicsim_priv;
  nicsim_priv.dev = &nicsim_dev;
  nicsim_priv.device = &nicsim_device;
  nicsim_priv.ioaddr = nicsim_mmio;
  nicsim_priv.plat = &nicsim_plat;
  memset(&nicsim_pcpu, 0, sizeof nicsim_pcpu);
  nicsim_priv.xstats.pcpu_stats = &nicsim_pcpu;
#ifdef NICSIM_IN_LOOP
  nicsim_hw_nregs = 0;
#endif
  nicsim_plat.tx_queues_to_use = tx_cnt;
  nicsim_plat.rx_queues_to_use = rx_cnt;
  nicsim_priv.dma_conf.dma_tx_size = 1u << order;
  nicsim_priv.dma_conf.dma_rx_size = 1u << order;
  for (u32 q = 0; q < MTL_MAX_TX_QUEUES; q++) {
    struct stmmac_tx_queue *t = &nicsim_priv.dma_conf.tx_queue[q];
    struct stmmac_channel *ch = &nicsim_priv.channel[q];
    t->queue_index = q;
    t->priv_data = &nicsim_priv;
    t->txtimer.queue = q;
    ch->priv_data = &nicsim_priv;
    ch->index = q;
    ch->rx_napi.id = q * 4;
    ch->tx_napi.id = q * 4 + 1;
    ch->rxtx_napi.id = q * 4 + 2;
    nicsim_dev.txq[q].index = q;
    nicsim_priv.dma_conf.rx_queue[q].queue_index = q;
    nicsim_priv.dma_conf.rx_queue[q].priv_data = &nicsim_priv;
  }
}

/* the record's queue and its state; every other queue empty */
static struct stmmac_tx_queue *nicsim_tx_set(const long long *in) {
  u32 queue = (u32)in[0];
  nicsim_priv_reset((u32)in[1], (u32)in[1], (int)in[2]);
  struct stmmac_tx_queue *tx_q = &nicsim_priv.dma_conf.tx_queue[queue];
  tx_q->dma_tx = nicsim_dma_tx;
  tx_q->dma_etx = nicsim_dma_etx;
  tx_q->dma_entx = nicsim_dma_entx;
  tx_q->tx_skbuff = nicsim_tx_skbuff;
  tx_q->tx_skbuff_dma = nicsim_tx_info;
  tx_q->cur_tx = (unsigned int)in[3];
  tx_q->dirty_tx = (unsigned int)in[4];
  nicsim_tx_cur_in = tx_q->cur_tx;
  nicsim_tx_dirty_in = tx_q->dirty_tx;
  nicsim_tx_window_n = 0;
  nicsim_tx_jumbo_asked = 0;
  nicsim_tx_span = 3 + ((unsigned long long)in[41] & 0xff) + 1
      + ((unsigned long long)in[40] & 0xffffffffull) / 4096;
  tx_q->tx_count_frames = (u32)in[5];
  tx_q->mss = (u32)in[6];
  nicsim_tx_count_frames_in = tx_q->tx_count_frames;
  nicsim_tx_mss_in = tx_q->mss;
  tx_q->tbs = (int)in[7];
  nicsim_priv.extend_desc = (int)in[8];
  tx_q->dma_tx_phy = (dma_addr_t)in[9];
  nicsim_priv.tx_coal_frames[queue] = (u32)in[10];
  nicsim_priv.tx_coal_timer[queue] = (u32)in[11];
  nicsim_priv.hwts_tx_en = (int)in[12];
  nicsim_priv.sarc_type = (int)in[13];
  nicsim_priv.tx_path_in_lpi_mode = in[14];
  nicsim_priv.eee_sw_timer_en = in[15];
  nicsim_priv.eee_enabled = (int)in[16];
  nicsim_priv.tso = (int)in[17];
  nicsim_plat.has_gmac4 = in[18] == 1;
  nicsim_plat.has_xgmac = in[18] == 2;
#ifdef NICSIM_IN_LOOP
  nicsim_hw_select(in[18]);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  nicsim_plat.core_type = in[18] == 2 ? DWMAC_CORE_XGMAC
      : in[18] == 1 ? DWMAC_CORE_GMAC4 : DWMAC_CORE_GMAC;
#endif
  nicsim_priv.est = in[19] ? &nicsim_est : NULL;
  nicsim_est.enable = (int)in[20];
  nicsim_est.max_sdu[queue] = (u32)in[21];
  nicsim_priv.dma_cap.vlins = (unsigned int)in[22];
  nicsim_priv.dma_cap.addr64 = (unsigned int)in[23];
  nicsim_plat.tx_queues_cfg[queue].coe_unsupported = in[24];
  nicsim_plat.enh_desc = (int)in[25];
  nicsim_priv.mode = (int)in[26];
  nicsim_dev.txq[queue].stopped = (int)in[27];
  nicsim_priv.channel[queue].tx_napi.sched = (int)in[28];
  tx_q->txtimer.active = (int)in[29];
  nicsim_xmit_more = (int)in[30];
  nicsim_tx_stale = (int)in[31];
  if (in[31] >= 0) {
    nicsim_stale_skb.id = 999;
    nicsim_tx_skbuff[in[31]] = &nicsim_stale_skb;
    nicsim_tx_dirty[(in[31] & (NICSIM_MAX_RING - 1)) / NICSIM_TX_BLOCK] = 1;
    if ((unsigned long long)in[31] >= nicsim_tx_used) {
      nicsim_tx_used = NICSIM_MAX_RING;
    }
  }
  nicsim_map_err_at = (int)in[32];
  nicsim_vlan_insert = (int)in[33];
  nicsim_has_ip_ethertype = (int)in[34];
  nicsim_vlan_push_ok = (int)in[35];
  nicsim_csum_ret = (int)in[36];
  nicsim_csum_linearize = (int)in[37];
  nicsim_is_jumbo = (int)in[38];
  nicsim_jumbo_entry = (int)in[39];
  nicsim_priv.channel[queue].tx_napi.complete_ret = (int)in[68];
  nicsim_priv.channel[queue].tx_napi.complete_clears = (int)in[73];
  tx_q->txtimer.try_ret = (int)in[71];
  nicsim_enable_eee = (int)in[72];
  return tx_q;
}

/* the record's skb (id 1000) */
static struct sk_buff *nicsim_skb_set(const long long *in) {
  struct sk_buff *skb = &nicsim_skb;
  memset(skb, 0, sizeof *skb);
  skb->id = 1000;
  skb->len = (unsigned int)in[40];
  skb_shinfo(skb)->nr_frags = (unsigned char)in[41];
  for (int i = 0; i < MAX_SKB_FRAGS; i++) {
    skb_shinfo(skb)->frags[i].len = (unsigned int)in[42 + i];
  }
  for (int i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
    skb->data_len += skb_shinfo(skb)->frags[i].len;
  }
  skb_shinfo(skb)->gso_size = (unsigned short)in[59];
  skb_shinfo(skb)->gso_type = (unsigned int)in[60];
  skb_shinfo(skb)->tx_flags = in[61] ? SKBTX_HW_TSTAMP : 0;
  skb->ip_summed = (u8)in[62];
  skb->vlan_present = (int)in[63];
  skb->transport_offset = (int)in[64];
  skb->tcp_hdrlen = (int)in[65];
  skb->tstamp = (ktime_t)in[66];
  skb->queue_mapping = (u16)in[0];
  return skb;
}

/*
 * The blocks nicsim_tx_put scans: every TX function writes the ring walking forward from
 * dirty_tx (reclaiming: up to its new dirty_tx) or from cur_tx (queueing: up to its new cur_tx,
 * and on an error path as far as it got, cur_tx put back, its first entries released), one
 * entry after another. So the entries that can hold anything after a call are the runs
 * starting at the record's dirty_tx and cur_tx, each as far as its index moved (the one from
 * cur_tx at least as far as the skb's descriptors reach: an error path's) and then on while a
 * block holds anything, the same from the entry a jumbo stub answered, tx_clean's window (its
 * record's entries, written or left) and the stale entry. Each run stops at the ring's size;
 * in a ring smaller than a block the block is the ring.
 */
static void nicsim_tx_scan_run(unsigned char *want, unsigned int size, unsigned int from,
                               unsigned int n) {
  unsigned int blocks = (size + NICSIM_TX_BLOCK - 1) / NICSIM_TX_BLOCK;
  unsigned int k = 0;
  /* the run's own entries */
  for (; k < n && k < size; k++) {
    want[((from + k) & (size - 1)) / NICSIM_TX_BLOCK] = 1;
  }
  /* then block by block while a block holds anything (an entry written past the index) */
  unsigned int b = ((from + k) & (size - 1)) / NICSIM_TX_BLOCK;
  for (unsigned int m = 0; m < blocks; m++) {
    want[b] = 1;
    if (size < NICSIM_TX_BLOCK || nicsim_tx_block_empty(b * NICSIM_TX_BLOCK)) {
      break;
    }
    b = (b + 1) % blocks;
  }
}

static void nicsim_tx_scan_blocks(unsigned char *want, unsigned int size,
                                  const struct stmmac_tx_queue *tx_q) {
  memset(want, 0, NICSIM_TX_BLOCKS);
  nicsim_tx_scan_run(want, size, nicsim_tx_dirty_in,
                     (tx_q->dirty_tx - nicsim_tx_dirty_in) & (size - 1));
  unsigned int queued = (tx_q->cur_tx - nicsim_tx_cur_in) & (size - 1);
  nicsim_tx_scan_run(want, size, nicsim_tx_cur_in,
                     queued > nicsim_tx_span ? queued
                     : (unsigned int)(nicsim_tx_span < size ? nicsim_tx_span : size));
  if (nicsim_tx_jumbo_asked) {
    nicsim_tx_scan_run(want, size, (unsigned int)nicsim_tx_jumbo_at,
                       (unsigned int)(nicsim_tx_span < size ? nicsim_tx_span : size));
  }
  nicsim_tx_scan_run(want, size, nicsim_tx_dirty_in, nicsim_tx_window_n);
  if (nicsim_tx_stale >= 0) {
    want[(nicsim_tx_stale & (size - 1)) / NICSIM_TX_BLOCK] = 1;
  }
}

/* what a TX function leaves behind: the queue's indices and counters, the entries it wrote,
 * the descriptors written directly, the statistics and the netdev queue's state */
/*
 * A field whose value changes nothing when it is the record's own (an index or count the call
 * left as it came) or zero (a statistic, applied as an increment; a flag only ever set): in
 * the loop (binary output) it is not sent, which the bridge's replay reads as the same.
 * port-check's text record prints every field.
 */
#define NICSIM_TX_OUTU_UNLESS(name, v, same) do { \
    if (!nicsim_bin || !(same)) { \
      OUTU(name, v); \
    } \
  } while (0)

/* "e<n>" and "d<k>,<n>", the ring's entries and descriptors as the output names them, hashed
 * once (the loop prints a few of them every call) */
static unsigned long long nicsim_tx_entry_ids[NICSIM_MAX_RING];
static unsigned long long nicsim_tx_desc_ids[3][NICSIM_MAX_RING];
static int nicsim_tx_ids_made;

static void nicsim_tx_ids(void) {
  char n[48];
  for (unsigned int e = 0; e < NICSIM_MAX_RING; e++) {
    snprintf(n, sizeof n, "e%u", e);
    nicsim_tx_entry_ids[e] = nicsim_name_id(n);
    for (int k = 0; k < 3; k++) {
      snprintf(n, sizeof n, "d%d,%u", k, e);
      nicsim_tx_desc_ids[k][e] = nicsim_name_id(n);
    }
  }
  nicsim_tx_ids_made = 1;
}

static void nicsim_tx_put(u32 queue) {
  struct stmmac_tx_queue *tx_q = &nicsim_priv.dma_conf.tx_queue[queue];
  struct stmmac_txq_stats *st = &nicsim_priv.xstats.txq_stats[queue];
  char n[48];
  if (nicsim_bin && !nicsim_tx_ids_made) {
    nicsim_tx_ids();
  }
  NICSIM_TX_OUTU_UNLESS("cur_tx", tx_q->cur_tx, tx_q->cur_tx == nicsim_tx_cur_in);
  NICSIM_TX_OUTU_UNLESS("dirty_tx", tx_q->dirty_tx, tx_q->dirty_tx == nicsim_tx_dirty_in);
  NICSIM_TX_OUTU_UNLESS("tx_count_frames", tx_q->tx_count_frames,
                        tx_q->tx_count_frames == nicsim_tx_count_frames_in);
  NICSIM_TX_OUTU_UNLESS("mss", tx_q->mss, tx_q->mss == nicsim_tx_mss_in);
  OUTU("tx_tail_addr", tx_q->tx_tail_addr);
  NICSIM_TX_OUTU_UNLESS("xsk_frames_done", tx_q->xsk_frames_done, tx_q->xsk_frames_done == 0);
  unsigned int size = nicsim_priv.dma_conf.dma_tx_size;
  unsigned char want[NICSIM_TX_BLOCKS];
  nicsim_tx_scan_blocks(want, size, tx_q);
  for (unsigned int e = 0; e < size; e++) {
    if (e % NICSIM_TX_BLOCK == 0) {
      if (!want[e / NICSIM_TX_BLOCK] || nicsim_tx_block_empty(e)) {
        e += NICSIM_TX_BLOCK - 1;
        continue;
      }
      nicsim_tx_dirty[e / NICSIM_TX_BLOCK] = 1;
    }
    struct stmmac_tx_info *ti = &nicsim_tx_info[e];
    struct sk_buff *skb = nicsim_tx_skbuff[e];
    if (ti->buf || ti->len || ti->map_as_page || ti->last_segment || ti->is_jumbo ||
        ti->buf_type || skb) {
      if (!nicsim_bin) {
        snprintf(n, sizeof n, "e%u", e);
      }
      nicsim_call_h(n, nicsim_bin ? nicsim_tx_entry_ids[e] : 0, 7, __nicsim_ll(ti->buf),
                    __nicsim_ll(ti->len), __nicsim_ll(ti->map_as_page),
                    __nicsim_ll(ti->last_segment), __nicsim_ll(ti->is_jumbo),
                    __nicsim_ll(ti->buf_type), __nicsim_ll(skb ? skb->id : -1));
    }
    struct dma_desc *ds[3] = {&nicsim_dma_tx[e], &nicsim_dma_etx[e].basic,
                              &nicsim_dma_entx[e].basic};
    for (int k = 0; k < 3; k++) {
      if (ds[k]->des0 || ds[k]->des1 || ds[k]->des2 || ds[k]->des3) {
        if (!nicsim_bin) {
          snprintf(n, sizeof n, "d%d,%u", k, e);
        }
        nicsim_call_h(n, nicsim_bin ? nicsim_tx_desc_ids[k][e] : 0, 4,
                      __nicsim_ll(ds[k]->des0), __nicsim_ll(ds[k]->des1),
                      __nicsim_ll(ds[k]->des2), __nicsim_ll(ds[k]->des3));
      }
    }
  }
  nicsim_tx_scanned = 1;
  NICSIM_TX_OUTU_UNLESS("tx_bytes", st->q.tx_bytes.v, st->q.tx_bytes.v == 0);
  NICSIM_TX_OUTU_UNLESS("tx_set_ic_bit", st->q.tx_set_ic_bit.v, st->q.tx_set_ic_bit.v == 0);
  NICSIM_TX_OUTU_UNLESS("tx_tso_frames", st->q.tx_tso_frames.v, st->q.tx_tso_frames.v == 0);
  NICSIM_TX_OUTU_UNLESS("tx_tso_nfrags", st->q.tx_tso_nfrags.v, st->q.tx_tso_nfrags.v == 0);
  NICSIM_TX_OUTU_UNLESS("napi_poll", st->napi.poll.v, st->napi.poll.v == 0);
  NICSIM_TX_OUTU_UNLESS("napi_tx_clean", st->napi.tx_clean.v, st->napi.tx_clean.v == 0);
  NICSIM_TX_OUTU_UNLESS("napi_tx_packets", st->napi.tx_packets.v, st->napi.tx_packets.v == 0);
  NICSIM_TX_OUTU_UNLESS("napi_tx_pkt_n", st->napi.tx_pkt_n.v, st->napi.tx_pkt_n.v == 0);
  NICSIM_TX_OUTU_UNLESS("tx_dropped", nicsim_priv.xstats.tx_dropped,
                        nicsim_priv.xstats.tx_dropped == 0);
  NICSIM_TX_OUTU_UNLESS("tx_errors", nicsim_priv.xstats.tx_errors,
                        nicsim_priv.xstats.tx_errors == 0);
  NICSIM_TX_OUTU_UNLESS("max_sdu_txq_drop", nicsim_priv.xstats.max_sdu_txq_drop[queue],
                        nicsim_priv.xstats.max_sdu_txq_drop[queue] == 0);
  OUT("queue_stopped", nicsim_dev.txq[queue].stopped);
}

/*
 * The RX record (StmmacRxHarnesses.RX_FIELDS): 0 queue  1 rx_queues_to_use  2 ring_order
 *  3 cur_rx  4 dirty_rx  5 rx_count_frames  6 rx_coal_frames[queue]  7 use_riwt
 *  8 extend_desc  9 sph  10 dma_cap.host_dma_width  11 dma_rx_phy  12 which page allocation
 *  fails (0 none)  13 budget  14 stmmac_rx's return (poll)  15 napi_complete_done's return
 *  16 hwts_rx_en  17 hw->rx_csum  18 hw->hw_vlan_en  19 dma_buf_sz  20 napi_skb_frag_size
 *  21 state_saved  22 state.skb (an skb of state.len bytes, id 3000)  23 state.error
 *  24 state.len  25 which skb allocation fails (0 none)  26 get_rx_hash's return  27 hash
 *  28 hash type  29 stmmac_has_ip_ethertype; then per window entry from dirty_rx: page present, sec_page present,
 *  page_offset, rx_status, buf1_len, buf2_len, XDP verdict. Every entry outside the window has
 *  its page and is owned by the DMA.
 */
#define NICSIM_RX_FIELDS 30
#define NICSIM_RX_WINDOW 24
#define NICSIM_RX_SLOT 7
static struct stmmac_rx_buffer nicsim_buf_pool[NICSIM_MAX_RING];
static struct page nicsim_sec_pages[NICSIM_MAX_RING];
static struct page_pool nicsim_page_pool;
static struct mac_device_info nicsim_hw;
static struct sk_buff nicsim_state_skb;
static unsigned int nicsim_rx_window;
/* the entries nicsim_rx_put prints from dirty_rx: port-check's window, or the loop's */
static unsigned int nicsim_rx_shown = NICSIM_RX_WINDOW;
static unsigned int nicsim_rx_used = NICSIM_MAX_RING;

static struct stmmac_rx_queue *nicsim_rx_set(const long long *in) {
  u32 queue = (u32)in[0];
  nicsim_priv_reset(1, (u32)in[1], (int)in[2]);
  /* only the last record's ring can hold anything: the kernel indexes it modulo its size */
  unsigned int used = nicsim_rx_used;
  memset(nicsim_dma_rx, 0, used * sizeof nicsim_dma_rx[0]);
  memset(nicsim_dma_erx, 0, used * sizeof nicsim_dma_erx[0]);
  memset(nicsim_buf_pool, 0, used * sizeof nicsim_buf_pool[0]);
  /* the last record's allocations are the only new pages set */
  memset(nicsim_new_pages, 0, (nicsim_page_allocs + 1 < NICSIM_RX_NEW
      ? (size_t)nicsim_page_allocs + 1 : (size_t)NICSIM_RX_NEW) * sizeof nicsim_new_pages[0]);
  memset(nicsim_rx_status, 0, used * sizeof nicsim_rx_status[0]);
  memset(nicsim_buf1, 0, used * sizeof nicsim_buf1[0]);
  memset(nicsim_buf2, 0, used * sizeof nicsim_buf2[0]);
  memset(nicsim_xdp_verdict, 0, used * sizeof nicsim_xdp_verdict[0]);
  nicsim_rx_used = nicsim_priv.dma_conf.dma_rx_size < NICSIM_MAX_RING
      ? nicsim_priv.dma_conf.dma_rx_size : NICSIM_MAX_RING;
  nicsim_page_allocs = 0;
  nicsim_skb_allocs = 0;
  struct stmmac_rx_queue *rx_q = &nicsim_priv.dma_conf.rx_queue[queue];
  unsigned int size = nicsim_priv.dma_conf.dma_rx_size;
  rx_q->dma_rx = nicsim_dma_rx;
  rx_q->dma_erx = nicsim_dma_erx;
  rx_q->buf_pool = nicsim_buf_pool;
  rx_q->page_pool = &nicsim_page_pool;
  nicsim_page_pool.queue = (int)queue;
  rx_q->cur_rx = (unsigned int)in[3];
  rx_q->dirty_rx = (unsigned int)in[4];
  nicsim_rx_window = rx_q->dirty_rx;
  nicsim_rx_shown = NICSIM_RX_WINDOW;
  rx_q->rx_count_frames = (u32)in[5];
  nicsim_priv.rx_coal_frames[queue] = (u32)in[6];
  nicsim_priv.use_riwt = (int)in[7];
  nicsim_priv.extend_desc = (int)in[8];
  nicsim_priv.sph = in[9];
  nicsim_priv.sph_active = in[9];
  nicsim_priv.dma_cap.host_dma_width = (unsigned int)in[10];
  rx_q->dma_rx_phy = (dma_addr_t)in[11];
  nicsim_page_fail_at = (int)in[12];
  nicsim_priv.channel[queue].rx_napi.complete_ret = (int)in[15];
  nicsim_priv.hwts_rx_en = (int)in[16];
  nicsim_hw.rx_csum = (unsigned int)in[17];
  nicsim_hw.hw_vlan_en = in[18];
  nicsim_priv.hw = &nicsim_hw;
  nicsim_priv.dma_conf.dma_buf_sz = (unsigned int)in[19];
  rx_q->napi_skb_frag_size = (unsigned int)in[20];
  rx_q->state_saved = (unsigned int)in[21];
  memset(&nicsim_state_skb, 0, sizeof nicsim_state_skb);
  nicsim_state_skb.id = 3000;
  nicsim_state_skb.len = (unsigned int)in[24];
  rx_q->state.skb = in[22] ? &nicsim_state_skb : NULL;
  rx_q->state.error = (unsigned int)in[23];
  rx_q->state.len = (unsigned int)in[24];
  nicsim_skb_fail_at = (int)in[25];
  nicsim_hash_ret = (int)in[26];
  nicsim_hash = (int)in[27];
  nicsim_hash_type = (int)in[28];
  nicsim_has_ip_ethertype = (int)in[29];
  for (unsigned int e = 0; e < size; e++) {
    nicsim_ring_pages[e].addr = 0x30000000ULL + e * 0x1000ULL;
    nicsim_sec_pages[e].addr = 0x40000000ULL + e * 0x1000ULL;
    nicsim_buf_pool[e].page = &nicsim_ring_pages[e];
    nicsim_buf_pool[e].addr = nicsim_ring_pages[e].addr;
    nicsim_rx_status[e] = 0x8; /* dma_own */
  }
  for (int k = 0; k < NICSIM_RX_WINDOW && (unsigned int)k < size; k++) {
    const long long *w = in + NICSIM_RX_FIELDS + k * NICSIM_RX_SLOT;
    unsigned int e = (rx_q->dirty_rx + k) & (size - 1);
    struct stmmac_rx_buffer *b = &nicsim_buf_pool[e];
    b->page = w[0] ? &nicsim_ring_pages[e] : NULL;
    b->sec_page = w[1] ? &nicsim_sec_pages[e] : NULL;
    b->page_offset = (__u32)w[2];
    b->addr = b->page ? b->page->addr + b->page_offset : 0;
    b->sec_addr = b->sec_page ? b->sec_page->addr : 0;
    nicsim_rx_status[e] = (int)w[3];
    nicsim_buf1[e] = (int)w[4];
    nicsim_buf2[e] = (int)w[5];
    nicsim_xdp_verdict[e] = (int)w[6];
  }
  return rx_q;
}

static void nicsim_rx_put(u32 queue) {
  struct stmmac_rx_queue *rx_q = &nicsim_priv.dma_conf.rx_queue[queue];
  struct stmmac_rxq_stats *st = &nicsim_priv.xstats.rxq_stats[queue];
  unsigned int size = nicsim_priv.dma_conf.dma_rx_size;
  char n[24];
  OUTU("cur_rx", rx_q->cur_rx);
  OUTU("dirty_rx", rx_q->dirty_rx);
  OUTU("rx_count_frames", rx_q->rx_count_frames);
  OUTU("rx_tail_addr", rx_q->rx_tail_addr);
  OUTU("state_saved", rx_q->state_saved);
  OUT("state.skb", rx_q->state.skb ? rx_q->state.skb->id : -1);
  OUTU("state.error", rx_q->state.error);
  OUTU("state.len", rx_q->state.len);
  for (unsigned int k = 0; k < nicsim_rx_shown && k < size; k++) {
    unsigned int e = (nicsim_rx_window + k) & (size - 1);
    struct stmmac_rx_buffer *b = &nicsim_buf_pool[e];
    snprintf(n, sizeof n, "b%u", e);
    nicsim_call(n, 5, __nicsim_ll(b->page ? b->page->addr : 0),
                __nicsim_ll(b->sec_page ? b->sec_page->addr : 0), __nicsim_ll(b->addr),
                __nicsim_ll(b->sec_addr), __nicsim_ll(b->page_offset));
  }
  OUTU("rx_packets", st->napi.rx_packets.v);
  OUTU("rx_bytes", st->napi.rx_bytes.v);
  OUTU("rx_pkt_n", st->napi.rx_pkt_n.v);
  OUTU("napi_poll", st->napi.poll.v);
  OUTU("rx_dropped", nicsim_priv.xstats.rx_dropped);
  OUTU("rx_errors", nicsim_priv.xstats.rx_errors);
}

/* the IRQ record (see irq_napi_check.c); in the loop it goes on with the core and the register
 * file (a count, then offset and value pairs) */
#define NICSIM_IRQ_FIELDS 47
static void nicsim_irq_set(const long long *in) {
  nicsim_priv_reset((u32)in[0], (u32)in[1], 6);
  nicsim_priv.state = (unsigned long)in[2];
  nicsim_priv.sfty_irq = (int)in[3];
  nicsim_safety_feat = (int)in[4];
  for (int c = 0; c < 8; c++) {
    const long long *w = in + 7 + c * 5;
    nicsim_dma_status[c][1] = (int)w[0];
    nicsim_dma_status[c][2] = (int)w[1];
    nicsim_dma_status[c][3] = (int)w[2];
    nicsim_priv.channel[c].rx_napi.sched = (int)w[3];
    nicsim_priv.channel[c].tx_napi.sched = (int)w[4];
  }
#ifdef NICSIM_IN_LOOP
  /* the loop's tail: the core, then the register file the dwmac callbacks read */
  nicsim_hw_select(in[NICSIM_IRQ_FIELDS]);
  nicsim_hw_regs_set(in + NICSIM_IRQ_FIELDS + 1);
#endif
}

static void nicsim_irq_put(void) {
  OUTU("state", nicsim_priv.state);
}

static void nicsim_skb_put(const struct sk_buff *skb) {
  OUTU("skb.len", skb->len);
  OUT("skb.in_progress", (skb_shinfo(skb)->tx_flags & SKBTX_IN_PROGRESS) != 0);
  OUT("skb.vlan_present", skb->vlan_present);
}

//@ driver
#ifdef NICSIM_IN_LOOP
/* hwif.c's DMA op tables as the model's cores have them (dwmac1000, GMAC4, XGMAC as GMAC4) */
static const struct nicsim_hw_ops nicsim_hw_tables[3] = {
    {dwmac_dma_interrupt, dwmac_enable_dma_transmission, NULL},
    {dwmac4_dma_interrupt, NULL, dwmac4_set_tx_tail_ptr},
    {dwmac4_dma_interrupt, NULL, dwmac4_set_tx_tail_ptr},
};
static void nicsim_hw_select(long long core) {
  nicsim_hwops = &nicsim_hw_tables[core == 1 ? 1 : core == 2 ? 2 : 0];
}
#endif
