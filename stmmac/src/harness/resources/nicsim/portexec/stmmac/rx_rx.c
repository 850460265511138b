/*
 * stmmac_rx of the record's queue with the record's budget as limit (the RX record). In the loop
 * (NICSIM_IN_LOOP) the window runs past port-check's 24 entries to what the live call walks:
 * every entry from dirty_rx up to cur_rx (consumed, not yet refilled), then from cur_rx up to
 * the first entry the DMA owns (that one included), as long as the ring; the record holds at
 * least port-check's 24 slots (the ones past the window: a page, owned by the DMA).
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct stmmac_rx_queue *rx_q = nicsim_rx_set(in);
#ifdef NICSIM_IN_LOOP
  unsigned int size = nicsim_priv.dma_conf.dma_rx_size;
  unsigned int consumed = (rx_q->cur_rx - rx_q->dirty_rx) & (size - 1);
  unsigned int k;
  for (k = 0; k < size; k++) {
    const long long *w = in + NICSIM_RX_FIELDS + k * NICSIM_RX_SLOT;
    if (k >= NICSIM_RX_WINDOW) {
      unsigned int e = (rx_q->dirty_rx + k) & (size - 1);
      struct stmmac_rx_buffer *b = &nicsim_buf_pool[e];
      b->page = w[0] ? &nicsim_ring_pages[e] : NULL;
      b->sec_page = w[1] ? &nicsim_sec_pages[e] : NULL;
      b->page_offset = (__u32)w[2];
      b->addr = b->page ? b->page->addr + b->page_offset : 0;
      b->sec_addr = b->sec_page ? b->sec_page->addr : 0;
      nicsim_rx_status[e] = (int)w[3];
      nicsim_buf1[e] = (int)w[4];
      nicsim_buf2[e] = (int)w[5];
      nicsim_xdp_verdict[e] = (int)w[6];
    }
    if (k >= consumed && (w[3] & 0x8)) {
      break;
    }
  }
  if (k + 1 > nicsim_rx_shown) {
    nicsim_rx_shown = k + 1;
  }
#endif
  OUT("ret", stmmac_rx(&nicsim_priv, (int)in[13], (u32)in[0]));
  nicsim_rx_put((u32)in[0]);
}
