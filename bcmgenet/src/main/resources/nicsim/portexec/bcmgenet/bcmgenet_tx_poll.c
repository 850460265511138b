/* record: TX ring 0 (data.c), then the budget. In the loop (NICSIM_IN_LOOP) the record runs
 * on past the budget with the window the reclaim walks: from clean_ptr, one slot per BD the
 * TDMA has sent since c_index ((TDMA_CONS_INDEX - c_index) & DMA_C_INDEX_MASK, at most the
 * ring), each whether its control block holds an skb and that skb's GENET_CB bytes_sent; the
 * slots after TX ring 0's fields are then empty, and the output gives cb.skb per window slot */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  nicsim_tx_set(in);
#ifdef NICSIM_IN_LOOP
  struct bcmgenet_tx_ring *ring = &nicsim_priv.tx_rings[0];
  unsigned int window = ((unsigned int)in[0] - ring->c_index) & 0xFFFF; /* the TDMA's 16-bit indices */
  if (window > (unsigned int)in[4]) {
    window = (unsigned int)in[4];
  }
  unsigned int cb_i = ring->clean_ptr;
  for (unsigned int k = 0; k < window; k++) {
    const long long *s = in + NICSIM_TX_LOOP_WINDOW + 2 * k;
    struct enet_cb *cb = &nicsim_tx_cbs[cb_i];
    if (s[0]) {
      struct sk_buff *skb = &nicsim_skbs[k];
      memset(skb, 0, sizeof *skb);
      skb->nicsim_id = (int)k + 1;
      GENET_CB(skb)->first_cb = cb;
      GENET_CB(skb)->last_cb = cb;
      GENET_CB(skb)->bytes_sent = (unsigned int)s[1];
      cb->skb = skb;
      cb->dma_addr = NICSIM_CB_DMA(cb_i);
      cb->dma_len = (unsigned int)s[1];
    }
    cb_i = cb_i < ring->end_ptr ? cb_i + 1 : ring->cb_ptr;
  }
  unsigned int from = ring->clean_ptr;
#endif
  int ret = bcmgenet_tx_poll(&nicsim_priv.tx_rings[0].napi,
                             (int)in[NICSIM_TX_FIELDS + 2 * NICSIM_TX_SLOTS]);
  OUT("ret", ret);
#ifdef NICSIM_IN_LOOP
  OUTU("free_bds", ring->free_bds);
  OUTU("c_index", ring->c_index);
  OUTU("clean_ptr", ring->clean_ptr);
  OUTU("stats64.packets", ring->stats64.packets.v);
  OUTU("stats64.bytes", ring->stats64.bytes.v);
  cb_i = from;
  for (unsigned int k = 0; k < window; k++) {
    struct enet_cb *cb = &nicsim_tx_cbs[cb_i];
    OUT("cb.skb", cb->skb ? cb->skb->nicsim_id : 0);
    cb_i = cb_i < ring->end_ptr ? cb_i + 1 : ring->cb_ptr;
  }
#else
  nicsim_tx_put(in);
#endif
}
