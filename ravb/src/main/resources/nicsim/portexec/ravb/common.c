/*
 * ravb interrupt and TX-completion harnesses: nicsim's own C, no kernel text. The function
 * under test and ravb.h's enums (enum ravb_reg's offsets, the RIS0/TIS bits, enum DIE_DT,
 * TX_DS) come from the tree; this file gives struct ravb_private, struct ravb_hw_info,
 * struct net_device and the TX descriptor the fields the functions touch, register accessors
 * over five registers (RIS0, RIC0, TIS, TIC, ISS hold the record's values; a write is
 * recorded and lands as RavbHw's does) and a recording stub for
 * every kernel function called. Calls print as tokens (RavbHarnesses' kernel mirrors them):
 *   ravb_write(reg,value)          reg: enum ravb_reg's offset
 *   ravb_get_tx_tstamp() ravb_emac_interrupt_unlocked() ravb_error_interrupt()
 *   ravb_ptp_interrupt()
 *   napi_schedule_prep(q) __napi_schedule(q)
 *   dma_unmap_single(addr,size) dev_kfree_skb_any(skb)    skb: its number (1..)
 *   napi_complete_done(q,work_done) netif_wake_subqueue(q) receive(budget or *quota,q)
 * The queues are RAVB_BE (0) and RAVB_NC (1).
 */
//@ header
#define NUM_TX_QUEUE 2
#define NUM_RX_QUEUE 2
#define DMA_TO_DEVICE 1
#define le32_to_cpu(x) ((u32)(x))
#define le16_to_cpu(x) ((u16)(x))
#define cpu_to_le32(x) ((u32)(x))
#define cpu_to_le16(x) ((u16)(x))
#define ALIGN(x, a) (((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define PTR_ALIGN(p, a) ((__typeof__(p))ALIGN((unsigned long)(p), (a)))
#define SMP_CACHE_BYTES 64
#define SKB_DATA_ALIGN(x) ALIGN((x), SMP_CACHE_BYTES)
#define ETH_ZLEN 60
#define ETH_FCS_LEN 4
#define CHECKSUM_PARTIAL 3
#define SKBTX_IN_PROGRESS (1 << 2)
#define GFP_ATOMIC 0x20u
#define ENOMEM 12
typedef enum { NETDEV_TX_OK = 0x00, NETDEV_TX_BUSY = 0x10 } netdev_tx_t;
typedef int irqreturn_t;
#define IRQ_NONE 0
#define IRQ_HANDLED 1
#define spin_lock(l) ((void)(l))
#define spin_unlock(l) ((void)(l))
#define spin_lock_irqsave(l, f) ((void)(l), (void)(f))
#define spin_unlock_irqrestore(l, f) ((void)(l), (void)(f))

/* 320 bytes: SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) on arm64, as RavbRx assumes */
struct skb_shared_info {
  u8 tx_flags;
  u8 nr_frags;
  u8 nicsim_pad[318];
};
struct skb_shared_hwtstamps {
  ktime_t hwtstamp;
};
struct sk_buff {
  int nicsim_id;
  unsigned int len;
  unsigned char *data;
  u8 ip_summed;
  u16 queue_mapping;
  __be16 protocol;
  struct skb_shared_hwtstamps nicsim_hwtstamps;
  struct skb_shared_info nicsim_shinfo;
};
#define skb_shinfo(skb) (&(skb)->nicsim_shinfo)
static inline u16 skb_get_queue_mapping(const struct sk_buff *skb) {
  return skb->queue_mapping;
}
/* the ts_skb ravb_start_xmit queues for a TX timestamp (ravb.h's, the fields it sets) */
struct ravb_tstamp_skb {
  struct list_head list;
  struct sk_buff *skb;
  u16 tag;
};
struct net_device;
struct napi_struct {
  int nicsim_q;
  struct net_device *dev;
};
struct net_device_stats {
  unsigned long rx_packets;
  unsigned long tx_packets;
  unsigned long rx_bytes;
  unsigned long tx_bytes;
  unsigned long rx_errors;
  unsigned long multicast;
  unsigned long rx_length_errors;
  unsigned long rx_over_errors;
  unsigned long rx_crc_errors;
  unsigned long rx_frame_errors;
  unsigned long rx_fifo_errors;
  unsigned long rx_missed_errors;
};
struct ravb_tx_desc {
  __le16 ds_tagl;
  u8 tagh_tsr;
  u8 die_dt;
  __le32 dptr;
};
struct ravb_rx_desc {
  __le16 ds_cc;
  u8 msc;
  u8 die_dt;
  __le32 dptr;
};
struct ravb_ex_rx_desc {
  __le16 ds_cc;
  u8 msc;
  u8 die_dt;
  __le32 dptr;
  __le32 ts_n;
  __le32 ts_sl;
  __le16 ts_sh;
  __le16 res;
};
struct page {
  int nicsim_id;
};
struct page_pool {
  int nicsim_q;
};
struct ravb_rx_buffer {
  struct page *page;
  unsigned int offset;
};
struct ravb_hw_info {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
  int (*receive)(struct net_device *ndev, int budget, int q);
#else
  bool (*receive)(struct net_device *ndev, int *quota, int q);
#endif
  unsigned irq_en_dis:1;
  unsigned nc_queues:1;
  unsigned gptp:1;
  unsigned ccc_gac:1;
  u32 rx_buffer_size;
  u32 rx_desc_size;
  size_t max_rx_len;
};
struct platform_device {
  struct device dev;
};
struct ravb_private {
  const struct ravb_hw_info *info;
  struct platform_device *pdev;
  spinlock_t lock;
  struct net_device_stats stats[NUM_RX_QUEUE];
  u32 cur_tx[NUM_TX_QUEUE];
  u32 dirty_tx[NUM_TX_QUEUE];
  int num_tx_ring[NUM_TX_QUEUE];
  unsigned int num_tx_desc;
  struct ravb_tx_desc *tx_ring[NUM_TX_QUEUE];
  void *tx_align[NUM_TX_QUEUE];
  struct list_head ts_skb_list;
  u32 ts_skb_tag;
  u32 msg_enable;
  struct sk_buff **tx_skb[NUM_TX_QUEUE];
  struct napi_struct napi[NUM_RX_QUEUE];
  u32 rx_over_errors;
  u32 rx_fifo_errors;
  u32 cur_rx[NUM_RX_QUEUE];
  u32 dirty_rx[NUM_RX_QUEUE];
  u32 num_rx_ring[NUM_RX_QUEUE];
  u32 tstamp_rx_ctrl;
  struct sk_buff *rx_1st_skb;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
  union {
    struct ravb_rx_desc *desc;
    struct ravb_ex_rx_desc *ex_desc;
    void *raw;
  } rx_ring[NUM_RX_QUEUE];
  struct page_pool *rx_pool[NUM_RX_QUEUE];
  struct ravb_rx_buffer *rx_buffers[NUM_RX_QUEUE];
#else
  struct ravb_rx_desc *gbeth_rx_ring;
  struct ravb_ex_rx_desc *rx_ring[NUM_RX_QUEUE];
  struct sk_buff **rx_skb[NUM_RX_QUEUE];
#endif
};
struct nicsim_parent {
  void *parent;
};
typedef u64 netdev_features_t;
#define NETIF_F_RXCSUM ((netdev_features_t)1 << 32)
struct net_device {
  struct nicsim_parent dev;
  netdev_features_t features;
  struct net_device_stats stats;
  struct ravb_private *nicsim_priv;
};
static inline void *netdev_priv(const struct net_device *dev) {
  return dev->nicsim_priv;
}

static struct ravb_hw_info nicsim_info;
static struct ravb_private nicsim_priv;
static struct net_device nicsim_ndev;
static u32 nicsim_ris0, nicsim_ric0, nicsim_tis, nicsim_tic, nicsim_iss;
/* TCCR as ravb_modify reads it: 0 in port-check's records, the model's in the loop's */
static u32 nicsim_tccr;
static struct platform_device nicsim_pdev;
static int nicsim_ans_prep[NUM_RX_QUEUE];

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static int nicsim_receive(struct net_device *ndev, int budget, int q);
#else
static bool nicsim_receive(struct net_device *ndev, int *quota, int q);
#endif

static void nicsim_priv_set(void) {
  memset(&nicsim_priv, 0, sizeof(nicsim_priv));
  memset(&nicsim_info, 0, sizeof(nicsim_info));
  nicsim_priv.info = &nicsim_info;
  nicsim_info.receive = nicsim_receive;
  nicsim_priv.pdev = &nicsim_pdev;
  nicsim_priv.napi[0].nicsim_q = 0;
  nicsim_priv.napi[1].nicsim_q = 1;
  nicsim_priv.napi[0].dev = &nicsim_ndev;
  nicsim_priv.napi[1].dev = &nicsim_ndev;
  memset(&nicsim_ndev.stats, 0, sizeof(nicsim_ndev.stats));
  nicsim_ndev.features = 0;
  nicsim_ndev.nicsim_priv = &nicsim_priv;
}

static u32 nicsim_reg(enum ravb_reg reg) {
  switch (reg) {
  case RIS0: return nicsim_ris0;
  case RIC0: return nicsim_ric0;
  case TIS: return nicsim_tis;
  case TIC: return nicsim_tic;
  case ISS: return nicsim_iss;
  case TCCR: return nicsim_tccr;
  default: return 0;
  }
}

/* in the loop (NICSIM_IN_LOOP) a read is recorded too, ravb_read(reg,value): the model's read
 * is made where the C makes it */
static u32 ravb_read(struct net_device *ndev, enum ravb_reg reg) {
  (void)ndev;
  u32 v = nicsim_reg(reg);
#ifdef NICSIM_IN_LOOP
  CALL2("ravb_read", (long long)reg, (unsigned long long)v);
#endif
  return v;
}

/* a write is recorded and lands as on the AVB-DMAC: the status registers are write-0-to-clear
 * (their reserved bits ignored), the enable registers take the value, the R-Car set/clear
 * registers (RIE0/RID0, TIE/TID) set or clear bits of RIC0/TIC */
static void ravb_write(struct net_device *ndev, u32 data, enum ravb_reg reg) {
  (void)ndev;
  CALL2("ravb_write", (long long)reg, (unsigned long long)data);
  switch (reg) {
  case RIS0: nicsim_ris0 &= data | RIS0_RESERVED; break;
  case TIS: nicsim_tis &= data | TIS_RESERVED; break;
  case RIC0: nicsim_ric0 = data; break;
  case TIC: nicsim_tic = data; break;
  case RIE0: nicsim_ric0 |= data; break;
  case RID0: nicsim_ric0 &= ~data; break;
  case TIE: nicsim_tic |= data; break;
  case TID: nicsim_tic &= ~data; break;
  default: break;
  }
}

static bool napi_schedule_prep(struct napi_struct *n) {
  CALL1("napi_schedule_prep", n->nicsim_q);
  return nicsim_ans_prep[n->nicsim_q];
}

static void __napi_schedule(struct napi_struct *n) {
  CALL1("__napi_schedule", n->nicsim_q);
}

/* the warnings of an interrupt whose NAPI is already scheduled print nothing here */
#define netdev_warn(...) do { } while (0)

/* runtime PM: the device is active (the model has no runtime PM; the ports assume it) */
#define pm_runtime_get_noresume(d) ((void)(d))
#define pm_runtime_put_noidle(d) ((void)(d))
#define pm_runtime_active(d) ((void)(d), 1)

/* the handlers of the causes the ports hand to the kernel */
static void ravb_get_tx_tstamp(struct net_device *ndev) {
  (void)ndev;
  CALL0("ravb_get_tx_tstamp");
}
static void ravb_emac_interrupt_unlocked(struct net_device *ndev) {
  (void)ndev;
  CALL0("ravb_emac_interrupt_unlocked");
}
static void ravb_error_interrupt(struct net_device *ndev) {
  (void)ndev;
  CALL0("ravb_error_interrupt");
}
static void ravb_ptp_interrupt(struct net_device *ndev) {
  (void)ndev;
  CALL0("ravb_ptp_interrupt");
}

static void dma_unmap_single(void *dev, u32 addr, u32 size, int dir) {
  (void)dev;
  (void)dir;
  CALL2("dma_unmap_single", (unsigned long long)addr, (unsigned long long)size);
}

static void dev_kfree_skb_any(struct sk_buff *skb) {
  CALL1("dev_kfree_skb_any", skb->nicsim_id);
}

static bool napi_complete_done(struct napi_struct *n, int work_done);
static int nicsim_ans_complete_done;
static bool napi_complete_done(struct napi_struct *n, int work_done) {
  CALL2("napi_complete_done", n->nicsim_q, work_done);
  return nicsim_ans_complete_done;
}
/* include/linux/netdevice.h's napi_complete */
#define napi_complete(n) napi_complete_done((n), 0)

static void netif_wake_subqueue(struct net_device *ndev, u16 q) {
  (void)ndev;
  CALL1("netif_wake_subqueue", q);
}

/* info->receive: the RX function ravb_rx dispatches to, a recording stub answering from the
 * record (ravb_rx_gbeth and ravb_rx_rcar have harnesses of their own) */
static long long nicsim_ans_rx_used, nicsim_ans_rx_ret;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static int nicsim_receive(struct net_device *ndev, int budget, int q) {
  (void)ndev;
  CALL2("receive", budget, q);
  return (int)nicsim_ans_rx_used;
}
#else
static bool nicsim_receive(struct net_device *ndev, int *quota, int q) {
  (void)ndev;
  CALL2("receive", *quota, q);
  *quota -= (int)nicsim_ans_rx_used;
  return nicsim_ans_rx_ret != 0;
}
#endif

/* the TX ring from a record: num_tx_desc, num_tx_ring[q], dirty_tx[q], cur_tx[q] - dirty_tx[q],
 * stats[q].tx_packets, tx_bytes, per descriptor (16) die_dt, ds_tagl, dptr, per skb slot (8)
 * set or NULL; the fields read (7 + 48 + 8) */
#define NICSIM_TX_DESCS 16
#define NICSIM_TX_SKBS 8
#define NICSIM_TX_FIELDS (6 + 3 * NICSIM_TX_DESCS + NICSIM_TX_SKBS)
static struct ravb_tx_desc nicsim_txd[NICSIM_TX_DESCS];
static struct sk_buff nicsim_txskb[NICSIM_TX_SKBS];
static struct sk_buff *nicsim_txskbp[NICSIM_TX_SKBS];
static void nicsim_tx_set(int q, const long long *in) {
  nicsim_priv.num_tx_desc = (unsigned int)in[0];
  nicsim_priv.num_tx_ring[q] = (int)in[1];
  nicsim_priv.dirty_tx[q] = (u32)in[2];
  nicsim_priv.cur_tx[q] = (u32)in[2] + (u32)in[3];
  nicsim_priv.stats[q].tx_packets = (unsigned long)in[4];
  nicsim_priv.stats[q].tx_bytes = (unsigned long)in[5];
  for (int i = 0; i < NICSIM_TX_DESCS; i++) {
    nicsim_txd[i].die_dt = (u8)in[6 + 3 * i];
    nicsim_txd[i].ds_tagl = (u16)in[7 + 3 * i];
    nicsim_txd[i].dptr = (u32)in[8 + 3 * i];
  }
  for (int i = 0; i < NICSIM_TX_SKBS; i++) {
    nicsim_txskb[i].nicsim_id = i + 1;
    nicsim_txskbp[i] = in[6 + 3 * NICSIM_TX_DESCS + i] ? &nicsim_txskb[i] : NULL;
  }
  nicsim_priv.tx_ring[q] = nicsim_txd;
  nicsim_priv.tx_skb[q] = nicsim_txskbp;
}
static void nicsim_tx_out(int q) {
  OUTU("dirty_tx", nicsim_priv.dirty_tx[q]);
  OUTU("stats.tx_packets", nicsim_priv.stats[q].tx_packets);
  OUTU("stats.tx_bytes", nicsim_priv.stats[q].tx_bytes);
  for (int i = 0; i < NICSIM_TX_DESCS; i++) {
    OUT("die_dt", nicsim_txd[i].die_dt);
  }
  for (int i = 0; i < NICSIM_TX_SKBS; i++) {
    OUT("tx_skb", nicsim_txskbp[i] ? nicsim_txskbp[i]->nicsim_id : 0);
  }
}

#ifdef NICSIM_IN_LOOP
/* the loop's TX ring: the live ring's window (RavbTxWindow), up to 1024 descriptors: n, then
 * per descriptor from dirty_tx (n of them) die_dt, ds_tagl and whether its frame's tx_skb is
 * set; each descriptor's dptr is its place in the window, so an unmap names the descriptor it
 * is of (the model maps nothing). nicsim_tx_window_out gives, per descriptor from the record's
 * dirty_tx to the C's, die_dt and its frame's tx_skb. */
#define NICSIM_LOOP_DESCS 1024
static struct ravb_tx_desc nicsim_loop_txd[NICSIM_LOOP_DESCS];
static struct sk_buff nicsim_loop_txskb[NICSIM_LOOP_DESCS];
static struct sk_buff *nicsim_loop_txskbp[NICSIM_LOOP_DESCS];
static void nicsim_tx_window(int q, const long long *in) {
  u32 descs = (u32)nicsim_priv.num_tx_ring[q] * nicsim_priv.num_tx_desc;
  int n = (int)in[0];
  for (int w = 0; w < n; w++) {
    const long long *r = in + 1 + 3 * w;
    u32 e = (nicsim_priv.dirty_tx[q] + (u32)w) % descs;
    u32 slot = e / nicsim_priv.num_tx_desc;
    nicsim_loop_txd[e].die_dt = (u8)r[0];
    nicsim_loop_txd[e].ds_tagl = (u16)r[1];
    nicsim_loop_txd[e].dptr = (u32)w;
    nicsim_loop_txskb[slot].nicsim_id = (int)slot + 1;
    nicsim_loop_txskbp[slot] = r[2] ? &nicsim_loop_txskb[slot] : NULL;
  }
  nicsim_priv.tx_ring[q] = nicsim_loop_txd;
  nicsim_priv.tx_skb[q] = nicsim_loop_txskbp;
}
static void nicsim_tx_window_out(int q, u32 dirty) {
  u32 descs = (u32)nicsim_priv.num_tx_ring[q] * nicsim_priv.num_tx_desc;
  for (u32 d = dirty; d != nicsim_priv.dirty_tx[q]; d++) {
    u32 e = d % descs;
    struct sk_buff *skb = nicsim_loop_txskbp[e / nicsim_priv.num_tx_desc];
    OUT("die_dt", nicsim_loop_txd[e].die_dt);
    OUT("tx_skb", skb ? skb->nicsim_id : 0);
  }
}
#endif
