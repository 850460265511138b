/*
 * record: bufdesc_ex queue ring_log2 create_page_pool, then per allocation k (6): ok
 * Allocations from the seventh on succeed; page k is 1001 + k (DMA 0x80000000 + page * 4096).
 * fec_enet_create_page_pool and fec_enet_free_buffers are recording stubs.
 */
//@ header
static long long nicsim_create_pool;
static int fec_enet_create_page_pool(struct fec_enet_private *fep,
                                     struct fec_enet_priv_rx_q *rxq, int size) {
  CALL2("fec_enet_create_page_pool", rxq->bd.qid, size);
  return (int)nicsim_create_pool;
}
static void fec_enet_free_buffers(struct net_device *ndev) {
  CALL0("fec_enet_free_buffers");
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, in[0] != 0);
  int q = (int)in[1];
  int size = 1 << in[2];
  nicsim_create_pool = in[3];
  for (int k = 0; k < NICSIM_SLOTS; k++) {
    nicsim_alloc_ok[k] = in[4 + k];
  }
  struct fec_enet_priv_rx_q *rxq = &nicsim_rxqs[q];
  memset(rxq, 0, sizeof *rxq);
  nicsim_fep.num_rx_queues = FEC_ENET_MAX_RX_QS;
  nicsim_fep.rx_queue[q] = rxq;
  nicsim_ring(&rxq->bd, 0, q, size, nicsim_fep.bufdesc_ex,
      q == 0 ? FEC_R_DES_ACTIVE_0 : q == 1 ? FEC_R_DES_ACTIVE_1 : FEC_R_DES_ACTIVE_2);
  nicsim_pools[q].nicsim_queue = q;
  rxq->page_pool = &nicsim_pools[q];
  OUT("ret", fec_enet_alloc_rxq_buffers(&nicsim_ndev, (unsigned int)q));
  for (int i = 0; i < size; i++) {
    struct bufdesc *bdp = nicsim_bd(&rxq->bd, i);
    OUTU("sc", bdp->cbd_sc);
    OUTU("bufaddr", bdp->cbd_bufaddr);
    if (nicsim_fep.bufdesc_ex) {
      OUTU("esc", ((struct bufdesc_ex *)bdp)->cbd_esc);
    }
    OUT("page", rxq->rx_skb_info[i].page ? rxq->rx_skb_info[i].page->nicsim_id : 0);
    OUT("offset", rxq->rx_skb_info[i].offset);
  }
}
