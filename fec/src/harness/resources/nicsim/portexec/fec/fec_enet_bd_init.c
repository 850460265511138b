/*
 * record: bufdesc_ex num_rx_queues num_tx_queues ring_log2 tso_hdrs_dma, per RX BD i (8):
 *   cbd_bufaddr, per TX BD i (8): cbd_sc cbd_bufaddr cbd_datlen skb
 * Every ring has 1 << ring_log2 BDs (4 or 8) and the same words; a TX BD with skb holds one
 * (FEC_TXBUF_T_SKB: XDP needs a program); RX BDs start with status 0x1234 and TX BDs as given.
 */
//@ driver
#define BDI_HEAD 5
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, in[0] != 0);
  bool ex = nicsim_fep.bufdesc_ex;
  nicsim_fep.num_rx_queues = (int)in[1];
  nicsim_fep.num_tx_queues = (int)in[2];
  int size = 1 << in[3];
  static struct bufdesc_ex ring_mem[6][8];
  for (int q = 0; q < 3; q++) {
    struct fec_enet_priv_rx_q *rxq = &nicsim_rxqs[q];
    struct fec_enet_priv_tx_q *txq = &nicsim_txqs[q];
    memset(rxq, 0, sizeof *rxq);
    memset(txq, 0, sizeof *txq);
    nicsim_fep.rx_queue[q] = rxq;
    nicsim_fep.tx_queue[q] = txq;
    memset(ring_mem[q], 0, sizeof ring_mem[q]);
    memset(ring_mem[3 + q], 0, sizeof ring_mem[3 + q]);
    unsigned char dsize = ex ? sizeof(struct bufdesc_ex) : sizeof(struct bufdesc);
    struct bufdesc_prop *bds[2] = {&rxq->bd, &txq->bd};
    for (int d = 0; d < 2; d++) {
      bds[d]->qid = q;
      bds[d]->base = (struct bufdesc *)ring_mem[d * 3 + q];
      bds[d]->dsize = dsize;
      bds[d]->dsize_log2 = ex ? 5 : 3;
      bds[d]->ring_size = (unsigned short)size;
      bds[d]->last = (struct bufdesc *)((char *)bds[d]->base + (size - 1) * dsize);
      bds[d]->cur = nicsim_bd(bds[d], size - 1);
    }
    txq->dirty_tx = txq->bd.base;
    txq->tso_hdrs_dma = (dma_addr_t)(u32)in[4];
    for (int i = 0; i < size; i++) {
      struct bufdesc *r = nicsim_bd(&rxq->bd, i);
      r->cbd_sc = 0x1234;
      r->cbd_bufaddr = (u32)in[BDI_HEAD + i];
      const long long *t = in + BDI_HEAD + 8 + i * 4;
      struct bufdesc *b = nicsim_bd(&txq->bd, i);
      b->cbd_sc = (u16)t[0];
      b->cbd_bufaddr = (u32)t[1];
      b->cbd_datlen = (u16)t[2];
      struct sk_buff *skb = t[3] ? nicsim_skb_new() : NULL;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
      txq->tx_buf[i].buf_p = skb;
      txq->tx_buf[i].type = FEC_TXBUF_T_SKB;
#else
      txq->tx_skbuff[i] = skb;
#endif
    }
  }
  fec_enet_bd_init(&nicsim_ndev);
  for (int q = 0; q < 3; q++) {
    struct fec_enet_priv_rx_q *rxq = &nicsim_rxqs[q];
    struct fec_enet_priv_tx_q *txq = &nicsim_txqs[q];
    OUT("rx.cur", ((char *)rxq->bd.cur - (char *)rxq->bd.base) / rxq->bd.dsize);
    OUT("tx.cur", ((char *)txq->bd.cur - (char *)txq->bd.base) / txq->bd.dsize);
    OUT("dirty_tx", ((char *)txq->dirty_tx - (char *)txq->bd.base) / txq->bd.dsize);
    for (int i = 0; i < size; i++) {
      OUTU("rx.sc", nicsim_bd(&rxq->bd, i)->cbd_sc);
      struct bufdesc *b = nicsim_bd(&txq->bd, i);
      OUTU("tx.sc", b->cbd_sc);
      OUTU("tx.bufaddr", b->cbd_bufaddr);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
      OUT("tx.buf", txq->tx_buf[i].buf_p != NULL);
      OUT("tx.type", txq->tx_buf[i].type);
#else
      OUT("tx.buf", txq->tx_skbuff[i] != NULL);
      OUT("tx.type", 0);
#endif
    }
  }
}
