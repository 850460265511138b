/*
 * record: quirks bufdesc_ex hwts_tx_en tx_align queue ring_log2 cur dirty_tx cur_cbd_sc
 *   skb_len skb_data_align skb_hw_tstamp ip_summed clear_csum dma_map_error dma_addr
 *   net_ratelimit tdar
 * A linear skb (nr_frags 0) of skb_len bytes, its data skb_data_align bytes past a 64-byte
 * boundary; dma_map_single answers dma_addr (DMA_MAPPING_ERROR with dma_map_error); every read
 * of TDAR gives tdar. In the loop (NICSIM_IN_LOOP) the record is one word longer (1) and each
 * read of a register is recorded, readl(offset,value): the model reads it there.
 */
//@ header
#ifdef NICSIM_IN_LOOP
static u32 nicsim_fec_readl(const volatile void *addr) {
  u32 v = nicsim_readl(addr);
  CALL2("readl", NICSIM_MMIO_OFF(addr), v);
  return v;
}
#undef readl
#define readl(a) nicsim_fec_readl(a)
#endif
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set((u32)in[0], in[1] != 0);
  nicsim_fep.hwts_tx_en = (int)in[2];
  nicsim_fep.tx_align = (int)in[3];
  int q = (int)in[4];
  int size = (1 << in[5]) < TX_RING_SIZE ? 1 << in[5] : TX_RING_SIZE; /* the era's ring at most */
  int cur = (int)(in[6] % size);
  int dirty = (int)(in[7] % size);
  bool ex = nicsim_fep.bufdesc_ex;
  nicsim_ans_clear_csum = in[13];
  nicsim_ans_dma_map = in[14] ? (long long)DMA_MAPPING_ERROR : (long long)(u32)in[15];
  nicsim_ans_ratelimit = in[16];

  struct fec_enet_priv_tx_q *txq = &nicsim_txqs[q];
  memset(txq, 0, sizeof *txq);
  nicsim_fep.num_tx_queues = FEC_ENET_MAX_TX_QS;
  nicsim_fep.tx_queue[q] = txq;
  nicsim_ring(&txq->bd, 1, q, size, ex,
      q == 0 ? FEC_X_DES_ACTIVE_0 : q == 1 ? FEC_X_DES_ACTIVE_1 : FEC_X_DES_ACTIVE_2);
  txq->bd.cur = nicsim_bd(&txq->bd, cur);
  txq->dirty_tx = nicsim_bd(&txq->bd, dirty);
  for (int i = 0; i < size; i++) {
    txq->tx_bounce[i] = nicsim_bounce[i];
  }
  nicsim_bd(&txq->bd, cur)->cbd_sc = (u16)in[8];
  nicsim_mmio_regs[((char *)txq->bd.reg_desc_active - nicsim_mmio) >> 2] = (u32)in[17];
  struct sk_buff *skb = nicsim_skb_new();
  skb->len = (unsigned int)in[9];
  skb->data = skb->head + in[10];
  skb_shinfo(skb)->tx_flags = in[11] ? SKBTX_HW_TSTAMP : 0;
  skb->ip_summed = (u8)in[12];
  skb->queue_mapping = (u16)q;

  OUT("ret", fec_enet_txq_submit_skb(txq, skb, &nicsim_ndev));
  OUT("cur", ((char *)txq->bd.cur - (char *)txq->bd.base) / txq->bd.dsize);
  struct bufdesc *bdp = nicsim_bd(&txq->bd, cur);
  OUTU("sc", bdp->cbd_sc);
  OUTU("datlen", bdp->cbd_datlen);
  OUTU("bufaddr", bdp->cbd_bufaddr);
  if (ex) {
    OUTU("esc", ((struct bufdesc_ex *)bdp)->cbd_esc);
    OUTU("bdu", ((struct bufdesc_ex *)bdp)->cbd_bdu);
  }
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
  struct sk_buff *held = txq->tx_buf[cur].buf_p;
#else
  struct sk_buff *held = txq->tx_skbuff[cur];
#endif
  OUT("skb", held ? held->nicsim_id : 0);
  OUT("in_progress", (skb_shinfo(skb)->tx_flags & SKBTX_IN_PROGRESS) != 0);
}
