/*
 * The RX side of the ravb harnesses (v6.11+: page-pool buffers): an RX ring of up to 8
 * descriptors and their buffers, page_pool_alloc answering from the record, and the RX
 * functions' recording stubs. Calls:
 *   page_pool_alloc(q,size)  dma_sync_single_for_device(addr,size)
 * A page allocated by the n-th page_pool_alloc is page 100+n; its DMA address is the record's
 * base + page * 0x1000 + offset (u64, truncated to the descriptor's 32 bits by the C).
 * (v6.11+ only: before, the RX buffers are skbs; rx_skb.c.) In the loop (NICSIM_IN_LOOP) each
 * page_pool_alloc gives a page of its own, numbered NICSIM_LOOP_ALLOC + n (a refill takes up to
 * a ring's worth).
 */
//@ header
#ifdef NICSIM_IN_LOOP
#define NICSIM_LOOP_RX 2048
#define NICSIM_LOOP_ALLOC 0x10000
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
#define NICSIM_RX 8
static struct ravb_rx_desc nicsim_rxd[NICSIM_RX];
static struct ravb_rx_buffer nicsim_rxbuf[NICSIM_RX];
static struct page nicsim_pages[NICSIM_RX + 32];
static struct page_pool nicsim_pool[NUM_RX_QUEUE];
#ifdef NICSIM_IN_LOOP
static struct page nicsim_loop_apages[NICSIM_LOOP_RX];
#endif
static long long nicsim_ans_alloc_fails; /* bit n: the n-th page_pool_alloc fails */
static long long nicsim_ans_offset, nicsim_ans_dma_base;
static int nicsim_allocs;

static struct page *page_pool_alloc(struct page_pool *pool, unsigned int *offset,
                                    unsigned int *size, gfp_t gfp) {
  (void)gfp;
  CALL2("page_pool_alloc", pool->nicsim_q, *size);
  int n = nicsim_allocs++;
  if (n < 63 && ((nicsim_ans_alloc_fails >> n) & 1)) {
    return NULL;
  }
#ifdef NICSIM_IN_LOOP
  struct page *p = &nicsim_loop_apages[n % NICSIM_LOOP_RX];
  p->nicsim_id = NICSIM_LOOP_ALLOC + n;
#else
  struct page *p = &nicsim_pages[NICSIM_RX + (n % 32)];
  p->nicsim_id = 100 + n;
#endif
  *offset = (unsigned int)nicsim_ans_offset;
  return p;
}
static dma_addr_t page_pool_get_dma_addr(struct page *page) {
  return (dma_addr_t)((unsigned long long)nicsim_ans_dma_base
                      + (unsigned long long)page->nicsim_id * 0x1000);
}
static void dma_sync_single_for_device(void *dev, dma_addr_t addr, size_t size, int dir) {
  (void)dev;
  (void)dir;
  CALL2("dma_sync_single_for_device", (unsigned long long)addr, (unsigned long long)size);
}
#define DMA_FROM_DEVICE 2

/* in: num_rx_ring[q], then per descriptor (8): die_dt, ds_cc, dptr, buffer page set, offset;
 * the answers: page_pool_alloc failures (a bit a call), offset, DMA base */
#define NICSIM_RX_FIELDS (1 + 5 * NICSIM_RX + 3)
static void nicsim_rx_set(int q, bool rcar, const long long *in) {
  nicsim_info.rx_buffer_size = rcar ? 2048 + SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) : 2048;
  nicsim_info.rx_desc_size = sizeof(struct ravb_rx_desc);
  nicsim_priv.num_rx_ring[q] = (u32)in[0];
  for (int i = 0; i < NICSIM_RX; i++) {
    const long long *d = in + 1 + 5 * i;
    nicsim_rxd[i].die_dt = (u8)d[0];
    nicsim_rxd[i].ds_cc = (u16)d[1];
    nicsim_rxd[i].dptr = (u32)d[2];
    nicsim_pages[i].nicsim_id = i + 1;
    nicsim_rxbuf[i].page = d[3] ? &nicsim_pages[i] : NULL;
    nicsim_rxbuf[i].offset = (unsigned int)d[4];
  }
  nicsim_ans_alloc_fails = in[1 + 5 * NICSIM_RX];
  nicsim_ans_offset = in[2 + 5 * NICSIM_RX];
  nicsim_ans_dma_base = in[3 + 5 * NICSIM_RX];
  nicsim_allocs = 0;
  nicsim_pool[0].nicsim_q = 0;
  nicsim_pool[1].nicsim_q = 1;
  nicsim_priv.rx_pool[0] = &nicsim_pool[0];
  nicsim_priv.rx_pool[1] = &nicsim_pool[1];
  nicsim_priv.rx_ring[q].desc = nicsim_rxd;
  nicsim_priv.rx_buffers[q] = nicsim_rxbuf;
}
static void nicsim_rx_out(void) {
  for (int i = 0; i < NICSIM_RX; i++) {
    OUT("die_dt", nicsim_rxd[i].die_dt);
    OUT("ds_cc", nicsim_rxd[i].ds_cc);
    OUTU("dptr", nicsim_rxd[i].dptr);
    OUT("page", nicsim_rxbuf[i].page ? nicsim_rxbuf[i].page->nicsim_id : 0);
    if (nicsim_rxbuf[i].page) {
      OUTU("offset", nicsim_rxbuf[i].offset);
    }
  }
}
#endif
