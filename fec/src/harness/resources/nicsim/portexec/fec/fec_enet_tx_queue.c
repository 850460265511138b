/*
 * record: bufdesc_ex hwts_tx_en budget queue ring_log2 dirty_tx cur queue_stopped
 *   tx_wake_threshold tso_hdrs_dma tdar sent, then per slot s (BD dirty_tx + 1 + s, 6 slots):
 *   cbd_sc cbd_bufaddr cbd_datlen has_skb skb_len in_progress ts
 * The first 'sent' slots are done (BD_ENET_TX_READY clear), the others and every other BD up to
 * cur still READY. Every buffer is an skb (FEC_TXBUF_T_SKB): XDP needs a program.
 * In the loop (NICSIM_IN_LOOP) the record runs on past port-check's with the window the walk
 * reads: 'sent' BDs from dirty_tx + 1 (6 words each: status, READY as it is, bufaddr datlen
 * skb in_progress ts, skb 0 for none or its length + 1), the BDs the DMA is done with and the
 * READY one the walk stops at (none where it reaches cur); the output gives, per BD the call
 * reaped, bufaddr type skb.
 */
//@ header
#ifdef NICSIM_IN_LOOP
static struct sk_buff nicsim_loop_skbs[NICSIM_MAX_RING];
#endif
/* BD i of the ring with its words and skb (NULL: none) */
static void nicsim_txq_bd_set(struct fec_enet_priv_tx_q *txq, int i, bool ex, u16 sc,
                              long long bufaddr, long long datlen, long long ts,
                              struct sk_buff *skb) {
  struct bufdesc *bdp = nicsim_bd(&txq->bd, i);
  bdp->cbd_sc = sc;
  bdp->cbd_bufaddr = (u32)bufaddr;
  bdp->cbd_datlen = (u16)datlen;
  if (ex) {
    ((struct bufdesc_ex *)bdp)->ts = (u32)ts;
  }
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
  txq->tx_buf[i].buf_p = skb;
  txq->tx_buf[i].type = FEC_TXBUF_T_SKB;
#else
  txq->tx_skbuff[i] = skb;
#endif
}
//@ driver
#define TXQ_HEAD 12
#define TXQ_SLOT 7
#define TXQ_LOOP (TXQ_HEAD + NICSIM_SLOTS * TXQ_SLOT)
#define TXQ_LOOP_SLOT 6
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, in[0] != 0);
  nicsim_fep.hwts_tx_en = (int)in[1];
  int budget = (int)in[2];
  int q = (int)in[3];
  int size = (1 << in[4]) < TX_RING_SIZE ? 1 << in[4] : TX_RING_SIZE; /* the era's ring at most */
  int dirty = (int)(in[5] % size);
  int cur = (int)(in[6] % size);
  int sent = (int)in[11];
  bool ex = nicsim_fep.bufdesc_ex;

  struct fec_enet_priv_tx_q *txq = &nicsim_txqs[q];
  memset(txq, 0, sizeof *txq);
  nicsim_fep.num_tx_queues = FEC_ENET_MAX_TX_QS;
  nicsim_fep.tx_queue[q] = txq;
  nicsim_ring(&txq->bd, 1, q, size, ex,
      q == 0 ? FEC_X_DES_ACTIVE_0 : q == 1 ? FEC_X_DES_ACTIVE_1 : FEC_X_DES_ACTIVE_2);
  txq->dirty_tx = nicsim_bd(&txq->bd, dirty);
  txq->bd.cur = nicsim_bd(&txq->bd, cur);
  nicsim_ndev.nicsim_txq[q].nicsim_stopped = (int)in[7];
  txq->tx_wake_threshold = (unsigned short)in[8];
  txq->tso_hdrs_dma = (dma_addr_t)(u32)in[9];
  nicsim_mmio_regs[((char *)txq->bd.reg_desc_active - nicsim_mmio) >> 2] = (u32)in[10];
  for (int i = 0; i < size; i++) {
    nicsim_bd(&txq->bd, i)->cbd_sc = BD_ENET_TX_READY;
  }
#ifdef NICSIM_IN_LOOP
  int nskbs = 0; /* numbered as they come, as port-check's */
  for (int s = 0; s < sent && s < size; s++) {
    const long long *r = in + TXQ_LOOP + s * TXQ_LOOP_SLOT;
    struct sk_buff *skb = NULL;
    if (r[3]) {
      skb = &nicsim_loop_skbs[nskbs];
      memset(skb, 0, sizeof *skb);
      skb->nicsim_id = ++nskbs;
      skb->len = (unsigned int)(r[3] - 1);
      skb_shinfo(skb)->tx_flags = r[4] ? SKBTX_IN_PROGRESS : 0;
    }
    nicsim_txq_bd_set(txq, (dirty + 1 + s) % size, ex, (u16)r[0], r[1], r[2], r[5], skb);
  }
#else
  for (int s = 0; s < NICSIM_SLOTS && s < size; s++) {
    const long long *r = in + TXQ_HEAD + s * TXQ_SLOT;
    u16 status = (u16)r[0] & ~BD_ENET_TX_READY;
    struct sk_buff *skb = NULL;
    if (r[3]) {
      skb = nicsim_skb_new();
      skb->len = (unsigned int)r[4];
      skb_shinfo(skb)->tx_flags = r[5] ? SKBTX_IN_PROGRESS : 0;
    }
    nicsim_txq_bd_set(txq, (dirty + 1 + s) % size, ex,
        s < sent ? status : status | BD_ENET_TX_READY, r[1], r[2], r[6], skb);
  }
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
  fec_enet_tx_queue(&nicsim_ndev, (u16)q, budget);
#else
  fec_enet_tx_queue(&nicsim_ndev, (u16)q);
#endif
  OUT("dirty_tx", ((char *)txq->dirty_tx - (char *)txq->bd.base) / txq->bd.dsize);
#ifdef NICSIM_IN_LOOP
  int reaped = (int)((((char *)txq->dirty_tx - (char *)txq->bd.base) / txq->bd.dsize - dirty
      + size) % size);
  for (int s = 0; s < reaped; s++) {
#else
  for (int s = 0; s < NICSIM_SLOTS && s < size; s++) {
#endif
    int i = (dirty + 1 + s) % size;
    struct bufdesc *bdp = nicsim_bd(&txq->bd, i);
    OUTU("bufaddr", bdp->cbd_bufaddr);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
    struct sk_buff *skb = txq->tx_buf[i].buf_p;
    OUT("type", txq->tx_buf[i].type);
#else
    struct sk_buff *skb = txq->tx_skbuff[i];
    OUT("type", 0);
#endif
    OUT("skb", skb ? skb->nicsim_id : 0);
  }
  OUT("stopped", nicsim_ndev.nicsim_txq[q].nicsim_stopped);
  nicsim_stats_put();
}
