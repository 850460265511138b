/*
 * bcmgenet ring set-up harnesses: nicsim's own C (no kernel text). The function, bcmgenet.h's
 * constants (ENET_MAX_MTU_SIZE, DMA_RING_SIZE_SHIFT, …) and bcmgenet.c's enum dma_ring_reg
 * come from the tree; this file gives struct bcmgenet_priv the rings (GENET_MAX_MQ_CNT + 1 TX
 * rings) and control blocks, hw_params->words_per_bd from the record, and register accessors
 * that record every write as a call tdma_ring_writel:REG(ring,value), by the enum's name (a
 * call, so that the loop's binary record carries it too).
 * netif_napi_add_tx records netif_napi_add_tx(ring index).
 *
 * bcmgenet_init_tx_ring record: 0 index (0..GENET_MAX_MQ_CNT)  1 size  2 start_ptr
 *  3 end_ptr  4 words_per_bd
 * Output: the calls in order, then the ring's fields (cbs as an offset into priv->tx_cbs).
 */
//@ prelude
#define ETH_DATA_LEN 1500
#define ETH_HLEN 14
#define VLAN_HLEN 4
#define ETH_FCS_LEN 4
//@ header
#define NICSIM_TX_RINGS 5
#define spin_lock_init(l) ((void)(l))
struct napi_struct {
  int nicsim_unused;
};
struct enet_cb {
  void *skb;
};
struct bcmgenet_hw_params {
  u32 words_per_bd;
};
struct bcmgenet_priv;
struct bcmgenet_tx_ring {
  spinlock_t lock;
  struct napi_struct napi;
  unsigned int index;
  struct enet_cb *cbs;
  unsigned int size;
  unsigned int clean_ptr;
  unsigned int c_index;
  unsigned int free_bds;
  unsigned int write_ptr;
  unsigned int cb_ptr;
  unsigned int end_ptr;
  unsigned int prod_index;
  struct bcmgenet_priv *priv;
};
struct net_device {
  int nicsim_unused;
};
struct bcmgenet_priv {
  const struct bcmgenet_hw_params *hw_params;
  struct bcmgenet_tx_ring tx_rings[NICSIM_TX_RINGS];
  struct enet_cb *tx_cbs;
  struct net_device *dev;
};

static const char *nicsim_ring_reg_name(enum dma_ring_reg r, int tx) {
  switch (r) {
  case TDMA_READ_PTR: return tx ? "TDMA_READ_PTR" : "RDMA_WRITE_PTR";
  case TDMA_READ_PTR_HI: return tx ? "TDMA_READ_PTR_HI" : "RDMA_WRITE_PTR_HI";
  case TDMA_CONS_INDEX: return tx ? "TDMA_CONS_INDEX" : "RDMA_PROD_INDEX";
  case TDMA_PROD_INDEX: return tx ? "TDMA_PROD_INDEX" : "RDMA_CONS_INDEX";
  case DMA_RING_BUF_SIZE: return "DMA_RING_BUF_SIZE";
  case DMA_START_ADDR: return "DMA_START_ADDR";
  case DMA_START_ADDR_HI: return "DMA_START_ADDR_HI";
  case DMA_END_ADDR: return "DMA_END_ADDR";
  case DMA_END_ADDR_HI: return "DMA_END_ADDR_HI";
  case DMA_MBUF_DONE_THRESH: return "DMA_MBUF_DONE_THRESH";
  case TDMA_FLOW_PERIOD: return tx ? "TDMA_FLOW_PERIOD" : "RDMA_XON_XOFF_THRESH";
  case TDMA_WRITE_PTR: return tx ? "TDMA_WRITE_PTR" : "RDMA_READ_PTR";
  case TDMA_WRITE_PTR_HI: return tx ? "TDMA_WRITE_PTR_HI" : "RDMA_READ_PTR_HI";
  }
  return "?";
}

static void bcmgenet_tdma_ring_writel(struct bcmgenet_priv *priv, unsigned int ring, u32 val,
                                      enum dma_ring_reg r) {
  (void)priv;
  /* a call named "tdma_ring_writel:REG", so that the loop's binary record carries it too */
  char name[64];
  snprintf(name, sizeof name, "tdma_ring_writel:%s", nicsim_ring_reg_name(r, 1));
  nicsim_call(name, 2, (long long)ring, (long long)val);
}

static int bcmgenet_tx_poll(struct napi_struct *napi, int budget) {
  (void)napi;
  return budget;
}
static void netif_napi_add_tx(struct net_device *dev, struct napi_struct *napi,
                              int (*poll)(struct napi_struct *, int)) {
  (void)dev;
  (void)poll;
  CALL1("netif_napi_add_tx",
        container_of(napi, struct bcmgenet_tx_ring, napi)->index);
}

static struct bcmgenet_hw_params nicsim_hw_params;
static struct bcmgenet_priv nicsim_priv;
static struct net_device nicsim_dev;
static struct enet_cb nicsim_tx_cbs[256];
//@ driver
static void nicsim_run(const long long *in) {
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  nicsim_hw_params.words_per_bd = (u32)in[4];
  nicsim_priv.hw_params = &nicsim_hw_params;
  nicsim_priv.tx_cbs = nicsim_tx_cbs;
  nicsim_priv.dev = &nicsim_dev;
  unsigned int index = (unsigned int)in[0];
  bcmgenet_init_tx_ring(&nicsim_priv, index, (unsigned int)in[1], (unsigned int)in[2],
                        (unsigned int)in[3]);
  struct bcmgenet_tx_ring *ring = &nicsim_priv.tx_rings[index];
  OUTU("index", ring->index);
  OUT("cbs", ring->cbs - nicsim_priv.tx_cbs);
  OUTU("size", ring->size);
  OUTU("clean_ptr", ring->clean_ptr);
  OUTU("c_index", ring->c_index);
  OUTU("free_bds", ring->free_bds);
  OUTU("write_ptr", ring->write_ptr);
  OUTU("cb_ptr", ring->cb_ptr);
  OUTU("end_ptr", ring->end_ptr);
  OUTU("prod_index", ring->prod_index);
}
