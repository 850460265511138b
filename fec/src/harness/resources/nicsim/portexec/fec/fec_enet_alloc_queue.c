/*
 * fec_enet_alloc_queue on data.c: kzalloc hands out the harness's queue structs (zeroed) or
 * NULL, the TSO header area (dma_alloc_coherent before v6.7, fec_dma_alloc after) is at
 * 0x20000000 + k * 1 MiB for the k-th area or NULL, fec_enet_free_queue is recorded.
 * Record: 0 num_tx_queues  1 num_rx_queues  2 the kzalloc that fails (k-th call, 0 none)
 *  3 the TSO area that fails (k-th, 0 none)
 * Output: kzalloc(rx,queue) tso_hdrs_alloc(size) fec_enet_free_queue calls, ret, then each
 * queue the fep holds: its ring size (and for TX the thresholds and tso_hdrs_dma), the totals.
 */
//@ header
#ifndef GFP_KERNEL
#define GFP_KERNEL 0
#endif
static struct fec_enet_priv_tx_q nicsim_aq_txq[FEC_ENET_MAX_TX_QS];
static struct fec_enet_priv_rx_q nicsim_aq_rxq[FEC_ENET_MAX_RX_QS];
static int nicsim_aq_ntx, nicsim_aq_nrx, nicsim_aq_kz, nicsim_aq_kz_fail, nicsim_aq_dma,
    nicsim_aq_dma_fail;
static void *kzalloc(size_t size, gfp_t flags) {
  (void)flags;
  int rx = size != sizeof(struct fec_enet_priv_tx_q);
  int i = rx ? nicsim_aq_nrx++ : nicsim_aq_ntx++;
  CALL2("kzalloc", rx, i);
  if (++nicsim_aq_kz == nicsim_aq_kz_fail) {
    return NULL;
  }
  void *q = rx ? (void *)&nicsim_aq_rxq[i] : (void *)&nicsim_aq_txq[i];
  memset(q, 0, size);
  return q;
}
static void *nicsim_aq_tso_alloc(size_t size, dma_addr_t *dma) {
  static char area[1];
  CALL1("tso_hdrs_alloc", size);
  int k = ++nicsim_aq_dma;
  if (k == nicsim_aq_dma_fail) {
    return NULL;
  }
  *dma = 0x20000000ULL + (dma_addr_t)(k - 1) * 0x100000;
  return area;
}
static void *dma_alloc_coherent(struct device *dev, size_t size, dma_addr_t *dma, gfp_t gfp) {
  (void)dev;
  (void)gfp;
  return nicsim_aq_tso_alloc(size, dma);
}
static void *fec_dma_alloc(struct device *dev, size_t size, dma_addr_t *dma, gfp_t gfp) {
  (void)dev;
  (void)gfp;
  return nicsim_aq_tso_alloc(size, dma);
}
static void fec_enet_free_queue(struct net_device *ndev) {
  (void)ndev;
  CALL0("fec_enet_free_queue");
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  nicsim_fep.num_tx_queues = (int)in[0];
  nicsim_fep.num_rx_queues = (int)in[1];
  for (int i = 0; i < FEC_ENET_MAX_TX_QS; i++) {
    nicsim_fep.tx_queue[i] = NULL;
  }
  for (int i = 0; i < FEC_ENET_MAX_RX_QS; i++) {
    nicsim_fep.rx_queue[i] = NULL;
  }
  nicsim_fep.total_tx_ring_size = 0;
  nicsim_fep.total_rx_ring_size = 0;
  nicsim_aq_ntx = nicsim_aq_nrx = nicsim_aq_kz = nicsim_aq_dma = 0;
  nicsim_aq_kz_fail = (int)in[2];
  nicsim_aq_dma_fail = (int)in[3];
  OUT("ret", fec_enet_alloc_queue(nicsim_fep.netdev));
  for (int i = 0; i < FEC_ENET_MAX_TX_QS; i++) {
    struct fec_enet_priv_tx_q *q = nicsim_fep.tx_queue[i];
    if (q) {
      OUT("tx.ring_size", q->bd.ring_size);
      OUT("tx_stop_threshold", q->tx_stop_threshold);
      OUT("tx_wake_threshold", q->tx_wake_threshold);
      OUTU("tso_hdrs_dma", q->tso_hdrs_dma);
    }
  }
  for (int i = 0; i < FEC_ENET_MAX_RX_QS; i++) {
    struct fec_enet_priv_rx_q *q = nicsim_fep.rx_queue[i];
    if (q) {
      OUT("rx.ring_size", q->bd.ring_size);
    }
  }
  OUTU("total_tx_ring_size", nicsim_fep.total_tx_ring_size);
  OUTU("total_rx_ring_size", nicsim_fep.total_rx_ring_size);
}
