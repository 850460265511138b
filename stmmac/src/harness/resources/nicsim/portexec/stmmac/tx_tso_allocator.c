/*
 * stmmac_tso_allocator from the record's cur_tx; after the TX record: des, total_len,
 * last_segment. 6.12.118 (tso-entry-local) takes the entry by pointer and leaves cur_tx alone.
 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_tx_set(in);
  dma_addr_t des = (dma_addr_t)in[NICSIM_TX_FIELDS];
  int total_len = (int)in[NICSIM_TX_FIELDS + 1];
  bool last = in[NICSIM_TX_FIELDS + 2];
  u32 queue = (u32)in[0];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 118) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
  u32 entry = nicsim_priv.dma_conf.tx_queue[queue].cur_tx;
  stmmac_tso_allocator(&nicsim_priv, &entry, des, total_len, last, queue);
  OUTU("entry", entry);
#else
  stmmac_tso_allocator(&nicsim_priv, des, total_len, last, queue);
#endif
  nicsim_tx_put(queue);
}
