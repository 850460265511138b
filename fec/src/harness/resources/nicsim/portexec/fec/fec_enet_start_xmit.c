/*
 * record: queue_mapping gso submit_ret submit_bds ring_log2 dirty_tx cur tx_stop_threshold
 * fec_enet_txq_submit_skb / fec_enet_txq_submit_tso are recording stubs that take submit_bds
 * BDs (bd.cur moves on) and return submit_ret.
 */
//@ header
static long long nicsim_submit_ret;
static long long nicsim_submit_bds;
static int nicsim_submit(const char *name, struct fec_enet_priv_tx_q *txq, struct sk_buff *skb) {
  CALL2(name, txq->bd.qid, skb->nicsim_id);
  int cur = (int)(((char *)txq->bd.cur - (char *)txq->bd.base) / txq->bd.dsize);
  txq->bd.cur = nicsim_bd(&txq->bd, (int)((cur + nicsim_submit_bds) % txq->bd.ring_size));
  return (int)nicsim_submit_ret;
}
static int fec_enet_txq_submit_skb(struct fec_enet_priv_tx_q *txq, struct sk_buff *skb,
                                   struct net_device *ndev) {
  return nicsim_submit("fec_enet_txq_submit_skb", txq, skb);
}
static int fec_enet_txq_submit_tso(struct fec_enet_priv_tx_q *txq, struct sk_buff *skb,
                                   struct net_device *ndev) {
  return nicsim_submit("fec_enet_txq_submit_tso", txq, skb);
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  int q = (int)in[0];
  nicsim_submit_ret = in[2];
  nicsim_submit_bds = in[3];
  int size = 1 << in[4];
  struct fec_enet_priv_tx_q *txq = &nicsim_txqs[q];
  memset(txq, 0, sizeof *txq);
  nicsim_fep.num_tx_queues = FEC_ENET_MAX_TX_QS;
  nicsim_fep.tx_queue[q] = txq;
  nicsim_ring(&txq->bd, 1, q, size, true,
      q == 0 ? FEC_X_DES_ACTIVE_0 : q == 1 ? FEC_X_DES_ACTIVE_1 : FEC_X_DES_ACTIVE_2);
  txq->dirty_tx = nicsim_bd(&txq->bd, (int)(in[5] % size));
  txq->bd.cur = nicsim_bd(&txq->bd, (int)(in[6] % size));
  txq->tx_stop_threshold = (unsigned short)in[7];
  struct sk_buff *skb = nicsim_skb_new();
  skb->queue_mapping = (u16)q;
  skb_shinfo(skb)->gso_size = in[1] ? 1448 : 0;
  OUT("ret", fec_enet_start_xmit(skb, &nicsim_ndev));
  OUT("stopped", nicsim_ndev.nicsim_txq[q].nicsim_stopped);
}
