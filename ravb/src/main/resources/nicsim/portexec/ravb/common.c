/*
 * ravb interrupt and TX-completion harnesses: nicsim's own C, no kernel text. The function
 * under test and ravb.h's enums (enum ravb_reg's offsets, the RIS0/TIS bits, enum DIE_DT,
 * TX_DS) come from the tree; this file gives struct ravb_private, struct ravb_hw_info,
 * struct net_device and the TX descriptor the fields the functions touch, register accessors
 * over four registers (RIS0, RIC0, TIS, TIC hold the record's values) and a recording stub for
 * every kernel function called. Calls print as tokens (RavbHarnesses' kernel mirrors them):
 *   ravb_write(reg,value)          reg: enum ravb_reg's offset
 *   napi_schedule_prep(q) __napi_schedule(q)
 *   dma_unmap_single(addr,size) dev_kfree_skb_any(skb)    skb: its number (1..)
 * The queues are RAVB_BE (0) and RAVB_NC (1).
 */
//@ header
#define NUM_TX_QUEUE 2
#define NUM_RX_QUEUE 2
#define DMA_TO_DEVICE 1
#define le32_to_cpu(x) ((u32)(x))
#define le16_to_cpu(x) ((u16)(x))
typedef int irqreturn_t;

struct sk_buff {
  int nicsim_id;
};
struct napi_struct {
  int nicsim_q;
};
struct net_device_stats {
  unsigned long tx_packets;
  unsigned long tx_bytes;
};
struct ravb_tx_desc {
  __le16 ds_tagl;
  u8 tagh_tsr;
  u8 die_dt;
  __le32 dptr;
};
struct ravb_hw_info {
  unsigned irq_en_dis:1;
  unsigned nc_queues:1;
};
struct ravb_private {
  const struct ravb_hw_info *info;
  struct net_device_stats stats[NUM_RX_QUEUE];
  u32 cur_tx[NUM_TX_QUEUE];
  u32 dirty_tx[NUM_TX_QUEUE];
  int num_tx_ring[NUM_TX_QUEUE];
  unsigned int num_tx_desc;
  struct ravb_tx_desc *tx_ring[NUM_TX_QUEUE];
  struct sk_buff **tx_skb[NUM_TX_QUEUE];
  struct napi_struct napi[NUM_RX_QUEUE];
};
struct nicsim_parent {
  void *parent;
};
struct net_device {
  struct nicsim_parent dev;
  struct ravb_private *nicsim_priv;
};
static inline void *netdev_priv(const struct net_device *dev) {
  return dev->nicsim_priv;
}

static struct ravb_hw_info nicsim_info;
static struct ravb_private nicsim_priv;
static struct net_device nicsim_ndev;
static u32 nicsim_ris0, nicsim_ric0, nicsim_tis, nicsim_tic;
static int nicsim_ans_prep[NUM_RX_QUEUE];

static void nicsim_priv_set(void) {
  memset(&nicsim_priv, 0, sizeof(nicsim_priv));
  memset(&nicsim_info, 0, sizeof(nicsim_info));
  nicsim_priv.info = &nicsim_info;
  nicsim_priv.napi[0].nicsim_q = 0;
  nicsim_priv.napi[1].nicsim_q = 1;
  nicsim_ndev.nicsim_priv = &nicsim_priv;
}

static u32 ravb_read(struct net_device *ndev, enum ravb_reg reg) {
  (void)ndev;
  switch (reg) {
  case RIS0: return nicsim_ris0;
  case RIC0: return nicsim_ric0;
  case TIS: return nicsim_tis;
  case TIC: return nicsim_tic;
  default: return 0;
  }
}

static void ravb_write(struct net_device *ndev, u32 data, enum ravb_reg reg) {
  (void)ndev;
  CALL2("ravb_write", (long long)reg, (unsigned long long)data);
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

static void dma_unmap_single(void *dev, u32 addr, u32 size, int dir) {
  (void)dev;
  (void)dir;
  CALL2("dma_unmap_single", (unsigned long long)addr, (unsigned long long)size);
}

static void dev_kfree_skb_any(struct sk_buff *skb) {
  CALL1("dev_kfree_skb_any", skb->nicsim_id);
}
