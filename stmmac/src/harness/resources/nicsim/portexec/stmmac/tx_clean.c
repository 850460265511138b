/*
 * stmmac_tx_clean of the record's queue with the record's budget; after the TX record, per
 * window entry from dirty_tx: tx_status, buf, map_as_page, len, last_segment, is_jumbo,
 * buf_type, skb len (0: no skb). Entries past the window are owned by the DMA. In the loop
 * (NICSIM_IN_LOOP) the window is exactly what the live call walks: the entries from dirty_tx up
 * to cur_tx or to the first one the DMA owns (included), up to the ring's size, so the record
 * may be longer than port-check's, and no entry past it needs marking: the walk stops there. The pending_packets argument exists from a594166387fe
 * (v6.7).
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct stmmac_tx_queue *tx_q = nicsim_tx_set(in);
  u32 queue = (u32)in[0];
  unsigned int size = nicsim_priv.dma_conf.dma_tx_size;
  unsigned int window = 0;
#ifndef NICSIM_IN_LOOP
  for (unsigned int k = 0; k < size; k++) {
    nicsim_tx_status[(tx_q->dirty_tx + k) & (size - 1)] = 0x4; /* tx_dma_own */
  }
#endif
#ifdef NICSIM_IN_LOOP
  /* in the loop the window is the one the call walks: from dirty_tx up to cur_tx or the first
   * entry the DMA owns (that one included), as long as the ring */
  for (unsigned int k = 0; k < size; k++) {
    const long long *w = in + NICSIM_TX_FIELDS + k * NICSIM_TX_SLOT;
    unsigned int e = (tx_q->dirty_tx + k) & (size - 1);
    if (e == tx_q->cur_tx) {
      break;
    }
#else
  for (int k = 0; k < NICSIM_TX_WINDOW && (unsigned int)k < size; k++) {
    const long long *w = in + NICSIM_TX_FIELDS + k * NICSIM_TX_SLOT;
    unsigned int e = (tx_q->dirty_tx + k) & (size - 1);
#endif
    window++;
    nicsim_tx_status[e] = (int)w[0];
    nicsim_tx_info[e].buf = (dma_addr_t)w[1];
    nicsim_tx_info[e].map_as_page = w[2];
    nicsim_tx_info[e].len = (unsigned)w[3];
    nicsim_tx_info[e].last_segment = w[4];
    nicsim_tx_info[e].is_jumbo = w[5];
    nicsim_tx_info[e].buf_type = (enum stmmac_txbuf_type)w[6];
    if (w[7] > 0) {
      nicsim_ring_skbs[e].id = (int)e;
      nicsim_ring_skbs[e].len = (unsigned int)w[7];
      nicsim_tx_skbuff[e] = &nicsim_ring_skbs[e];
    }
#ifdef NICSIM_IN_LOOP
    if (w[0] & 0x4) {
      break;
    }
#endif
  }
  /* the status words to clear with the next record: the window's (in the loop the walk ends
   * at cur_tx or at the window's last entry, owned by the DMA, so it reads no other), or the
   * whole ring's */
  nicsim_tx_status_from = tx_q->dirty_tx;
  nicsim_tx_status_ring = size;
#ifdef NICSIM_IN_LOOP
  nicsim_tx_status_n = window;
#else
  nicsim_tx_status_n = size;
#endif
  nicsim_tx_window_n = window;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
  bool pending = false;
  OUT("ret", stmmac_tx_clean(&nicsim_priv, (int)in[67], queue, &pending));
  OUT("pending_packets", pending);
#else
  OUT("ret", stmmac_tx_clean(&nicsim_priv, (int)in[67], queue));
#endif
  nicsim_tx_put(queue);
}
