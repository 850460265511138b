/*
 * The RX functions' harness (ravb_rx_gbeth, ravb_rx_rcar; both eras): nicsim's own C. The skb
 * building stubs, each recorded, on skbs of this file (an skb is printed as its number):
 *   v6.11+: dma_sync_single_for_cpu(addr,len) napi_build_skb(data,frag_size)
 *           skb_mark_for_recycle(skb) skb_add_rx_frag(skb,i,page,offset,size,truesize)
 *           page_pool_put_page(q,page,dma_sync_size,allow_direct)
 *           and the refill's page_pool_alloc/dma_sync_single_for_device (rx_common.c)
 *   before: dma_unmap_single(addr,size) skb_copy_to_linear_data_offset(skb,offset,from,len)
 *           dev_kfree_skb(skb) netdev_alloc_skb(len) skb_reserve(skb,len)
 *           dma_map_single(data,size)
 *   both:   skb_put(skb,len) eth_type_trans(skb) ravb_rx_csum_gbeth(skb) ravb_rx_csum(skb)
 *           napi_gro_receive(q,skb,skb->len,hwtstamp)
 * Addresses: page n is at n * 0x1000 (page_address); ring slot i's buffer is page (v6.11+) or
 * skb (before) i + 1 at the record's offset; rx_1st_skb from the record is skb 50; the k-th
 * napi_build_skb gives skb 200 + k, the k-th netdev_alloc_skb skb 100 + k with its data at
 * (100 + k) * 0x1000 + the record's misalignment. eth_type_trans pulls ETH_HLEN (14) off a long
 * enough skb as the real one does; the checksum helpers take the record's count of bytes off.
 *
 * Record: q, cur_rx[q], cur_rx[q] - dirty_rx[q], budget (v6.11+) or *quota, rx_1st_skb set,
 * its len, its nr_frags, NETIF_F_RXCSUM, bytes the checksum helper takes off, tstamp_rx_ctrl,
 * skb allocation failures (a bit per napi_build_skb or netdev_alloc_skb), dma_mapping_error
 * answers (a bit a call), netdev_alloc_skb's data misalignment, dma_map_single's base; then the
 * RX ring as rx_common.c's nicsim_rx_set (num_rx_ring, per descriptor die_dt, ds_cc, dptr,
 * buffer set, offset; page_pool_alloc's failures, offset, DMA base); then per descriptor msc,
 * ts_n, ts_sl, ts_sh. Before v6.11 rx_1st_skb is always set (see the harness's notes).
 */
//@ header
#ifndef NICSIM_RX
#define NICSIM_RX 8
#endif
#define ETH_HLEN 14
typedef s64 time64_t;
struct timespec64 {
  time64_t tv_sec;
  long tv_nsec;
};
/* include/linux/ktime.h's ktime_set, as timespec64_to_ktime calls it */
#define NICSIM_KTIME_MAX ((s64)~((u64)1 << 63))
#define NICSIM_KTIME_SEC_MAX (NICSIM_KTIME_MAX / 1000000000L)
static ktime_t timespec64_to_ktime(struct timespec64 ts) {
  if (ts.tv_sec >= NICSIM_KTIME_SEC_MAX) {
    return NICSIM_KTIME_MAX;
  }
  return (ktime_t)((u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec);
}
static inline struct skb_shared_hwtstamps *skb_hwtstamps(struct sk_buff *skb) {
  return &skb->nicsim_hwtstamps;
}

static struct ravb_rx_desc nicsim_grxd[NICSIM_RX];
static struct ravb_ex_rx_desc nicsim_exrxd[NICSIM_RX];
static struct sk_buff nicsim_1st;
static struct sk_buff nicsim_built[16];
static long long nicsim_ans_skb_fails, nicsim_ans_map_err, nicsim_ans_misalign, nicsim_ans_map_base;
static long long nicsim_ans_csum_trim;
static int nicsim_builds, nicsim_maps;

static void nicsim_skb_init(struct sk_buff *skb, int id, unsigned long data) {
  memset(skb, 0, sizeof(*skb));
  skb->nicsim_id = id;
  skb->data = (unsigned char *)data;
}

/* the next skb of an allocation, or NULL when the record says this one fails */
static struct sk_buff *nicsim_skb_alloc(int base, unsigned long data) {
  int n = nicsim_builds++;
  if (n < 63 && ((nicsim_ans_skb_fails >> n) & 1)) {
    return NULL;
  }
  struct sk_buff *skb = &nicsim_built[n % 16];
  nicsim_skb_init(skb, base + n, data ? data : (unsigned long)(base + n) * 0x1000UL);
  return skb;
}

static void *skb_put(struct sk_buff *skb, unsigned int len) {
  CALL2("skb_put", skb->nicsim_id, len);
  skb->len += len;
  return skb->data;
}
/* in the loop the model's host hands frames up whole (its stack reads the header itself) */
static __be16 eth_type_trans(struct sk_buff *skb, struct net_device *ndev) {
  (void)ndev;
  CALL1("eth_type_trans", skb->nicsim_id);
#ifndef NICSIM_IN_LOOP
  if (skb->len >= ETH_HLEN) {
    skb->len -= ETH_HLEN;
  }
#endif
  return 0x0008;
}
static void nicsim_csum(struct sk_buff *skb) {
  if (skb->len >= (unsigned int)nicsim_ans_csum_trim) {
    skb->len -= (unsigned int)nicsim_ans_csum_trim;
  }
}
__attribute__((unused)) static void ravb_rx_csum_gbeth(struct sk_buff *skb) {
  CALL1("ravb_rx_csum_gbeth", skb->nicsim_id);
  nicsim_csum(skb);
}
__attribute__((unused)) static void ravb_rx_csum(struct sk_buff *skb) {
  CALL1("ravb_rx_csum", skb->nicsim_id);
  nicsim_csum(skb);
}
static int napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb) {
  CALL4("napi_gro_receive", napi->nicsim_q, skb->nicsim_id, skb->len,
        skb->nicsim_hwtstamps.hwtstamp);
  return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static void *page_address(const struct page *page) {
  return page ? (void *)((unsigned long)page->nicsim_id * 0x1000UL) : NULL;
}
static void dma_sync_single_for_cpu(void *dev, dma_addr_t addr, size_t size, int dir) {
  (void)dev;
  (void)dir;
  CALL2("dma_sync_single_for_cpu", (unsigned long long)addr, (unsigned long long)size);
}
static struct sk_buff *napi_build_skb(void *data, unsigned int frag_size) {
  CALL2("napi_build_skb", (unsigned long)data, frag_size);
  return nicsim_skb_alloc(200, (unsigned long)data);
}
static void skb_mark_for_recycle(struct sk_buff *skb) {
  CALL1("skb_mark_for_recycle", skb->nicsim_id);
}
static void skb_add_rx_frag(struct sk_buff *skb, int i, struct page *page, int off, int size,
                            unsigned int truesize) {
  nicsim_call("skb_add_rx_frag", 6, (long long)skb->nicsim_id, (long long)i,
              (long long)(page ? page->nicsim_id : 0), (long long)off, (long long)size,
              (long long)truesize);
  skb_shinfo(skb)->nr_frags = (u8)(i + 1);
  skb->len += (unsigned int)size;
}
static void page_pool_put_page(struct page_pool *pool, struct page *page,
                               unsigned int dma_sync_size, bool allow_direct) {
  CALL4("page_pool_put_page", pool->nicsim_q, page ? page->nicsim_id : 0, dma_sync_size,
        allow_direct);
}
#else
#define DMA_FROM_DEVICE 2
static struct sk_buff nicsim_ring_skb[NICSIM_RX];
static struct sk_buff *nicsim_ring_skbp[NICSIM_RX];
#ifdef NICSIM_IN_LOOP
static struct sk_buff nicsim_loop_askb[NICSIM_LOOP_RX];
#endif
static struct sk_buff *netdev_alloc_skb(struct net_device *ndev, unsigned int len) {
  (void)ndev;
  CALL1("netdev_alloc_skb", len);
#ifdef NICSIM_IN_LOOP
  /* the loop's refill: an skb of its own each, NICSIM_LOOP_ALLOC + n, its data aligned */
  int n = nicsim_builds++;
  struct sk_buff *skb = &nicsim_loop_askb[n % NICSIM_LOOP_RX];
  nicsim_skb_init(skb, NICSIM_LOOP_ALLOC + n, (unsigned long)(NICSIM_LOOP_ALLOC + n) * 0x1000UL);
  return skb;
#else
  return nicsim_skb_alloc(100, (unsigned long)(100 + nicsim_builds) * 0x1000UL
                               + (unsigned long)nicsim_ans_misalign);
#endif
}
static void skb_reserve(struct sk_buff *skb, int len) {
  CALL2("skb_reserve", skb->nicsim_id, len);
  skb->data += len;
}
static dma_addr_t dma_map_single(void *dev, void *ptr, size_t size, int dir) {
  (void)dev;
  (void)dir;
  CALL2("dma_map_single", (unsigned long)ptr, (unsigned long long)size);
  return (dma_addr_t)((unsigned long long)nicsim_ans_map_base + (unsigned long)ptr);
}
static int dma_mapping_error(void *dev, dma_addr_t addr) {
  (void)dev;
  (void)addr;
  int n = nicsim_maps++;
  return n < 63 && ((nicsim_ans_map_err >> n) & 1);
}
#define skb_checksum_none_assert(skb) ((void)(skb))
static void skb_copy_to_linear_data_offset(struct sk_buff *skb, const int offset,
                                           const void *from, const unsigned int len) {
  CALL4("skb_copy_to_linear_data_offset", skb->nicsim_id, offset, (unsigned long)from, len);
}
static void dev_kfree_skb(struct sk_buff *skb) {
  CALL1("dev_kfree_skb", skb->nicsim_id);
}
#endif

#define NICSIM_RXF_HEAD 14
static void nicsim_rxf_set(const long long *in, bool rcar) {
  int q = (int)in[0];
  nicsim_priv.cur_rx[q] = (u32)in[1];
  nicsim_priv.dirty_rx[q] = (u32)in[1] - (u32)in[2];
  nicsim_ndev.features = in[7] ? NETIF_F_RXCSUM : 0;
  nicsim_ans_csum_trim = in[8];
  nicsim_priv.tstamp_rx_ctrl = (u32)in[9];
  nicsim_ans_skb_fails = in[10];
  nicsim_ans_map_err = in[11];
  nicsim_ans_misalign = in[12];
  nicsim_ans_map_base = in[13];
  nicsim_builds = 0;
  nicsim_maps = 0;
  nicsim_skb_init(&nicsim_1st, 50, 50UL * 0x1000UL);
  nicsim_1st.len = (unsigned int)in[5];
  skb_shinfo(&nicsim_1st)->nr_frags = (u8)in[6];
  const long long *ring = in + NICSIM_RXF_HEAD;
  const long long *ex = ring + 1 + 5 * NICSIM_RX + 3;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
  nicsim_priv.rx_1st_skb = in[4] ? &nicsim_1st : NULL;
  nicsim_rx_set(q, rcar, ring);
  if (rcar) {
    nicsim_info.rx_desc_size = sizeof(struct ravb_ex_rx_desc);
    nicsim_priv.rx_ring[q].ex_desc = nicsim_exrxd;
  }
#else
  nicsim_priv.rx_1st_skb = &nicsim_1st;
  nicsim_info.max_rx_len = rcar ? RX_BUF_SZ + RAVB_ALIGN - 1 : ALIGN(GBETH_RX_BUFF_MAX, RAVB_ALIGN);
  nicsim_priv.num_rx_ring[q] = (u32)ring[0];
  for (int i = 0; i < NICSIM_RX; i++) {
    const long long *d = ring + 1 + 5 * i;
    nicsim_grxd[i].die_dt = (u8)d[0];
    nicsim_grxd[i].ds_cc = (u16)d[1];
    nicsim_grxd[i].dptr = (u32)d[2];
    nicsim_skb_init(&nicsim_ring_skb[i], i + 1, (unsigned long)(i + 1) * 0x1000UL
                                                + (unsigned long)d[4]);
    nicsim_ring_skbp[i] = d[3] ? &nicsim_ring_skb[i] : NULL;
  }
  nicsim_priv.gbeth_rx_ring = nicsim_grxd;
  nicsim_priv.rx_ring[0] = nicsim_exrxd;
  nicsim_priv.rx_ring[1] = nicsim_exrxd;
  nicsim_priv.rx_skb[0] = nicsim_ring_skbp;
  nicsim_priv.rx_skb[1] = nicsim_ring_skbp;
#endif
  for (int i = 0; i < NICSIM_RX; i++) {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
    struct ravb_rx_desc *g = &nicsim_rxd[i];
#else
    struct ravb_rx_desc *g = &nicsim_grxd[i];
#endif
    g->msc = (u8)ex[4 * i];
    nicsim_exrxd[i].die_dt = g->die_dt;
    nicsim_exrxd[i].ds_cc = g->ds_cc;
    nicsim_exrxd[i].dptr = g->dptr;
    nicsim_exrxd[i].msc = g->msc;
    nicsim_exrxd[i].ts_n = (u32)ex[4 * i + 1];
    nicsim_exrxd[i].ts_sl = (u32)ex[4 * i + 2];
    nicsim_exrxd[i].ts_sh = (u16)ex[4 * i + 3];
  }
}

static void nicsim_rxf_head_out(int q) {
  OUTU("cur_rx", nicsim_priv.cur_rx[q]);
  OUTU("dirty_rx", nicsim_priv.dirty_rx[q]);
  OUT("rx_1st_skb", nicsim_priv.rx_1st_skb ? nicsim_priv.rx_1st_skb->nicsim_id : 0);
  OUTU("rx_1st_skb.len", nicsim_priv.rx_1st_skb ? nicsim_priv.rx_1st_skb->len : 0);
  struct net_device_stats *st = &nicsim_priv.stats[q];
  OUTU("rx_packets", st->rx_packets);
  OUTU("rx_bytes", st->rx_bytes);
  OUTU("rx_errors", st->rx_errors);
  OUTU("multicast", st->multicast);
  OUTU("rx_crc_errors", st->rx_crc_errors);
  OUTU("rx_frame_errors", st->rx_frame_errors);
  OUTU("rx_length_errors", st->rx_length_errors);
  OUTU("rx_missed_errors", st->rx_missed_errors);
}

static void nicsim_rxf_out(int q, bool rcar) {
  nicsim_rxf_head_out(q);
  for (int i = 0; i < NICSIM_RX; i++) {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
    struct ravb_rx_desc *g = &nicsim_rxd[i];
    struct page *p = nicsim_rxbuf[i].page;
    int id = p ? p->nicsim_id : 0;
    unsigned long off = nicsim_rxbuf[i].offset;
#else
    struct ravb_rx_desc *g = &nicsim_grxd[i];
    struct sk_buff *s = nicsim_ring_skbp[i];
    int id = s ? s->nicsim_id : 0;
    unsigned long off = s ? (unsigned long)s->data - (unsigned long)id * 0x1000UL : 0;
#endif
    if (rcar) {
      OUT("die_dt", nicsim_exrxd[i].die_dt);
      OUT("ds_cc", nicsim_exrxd[i].ds_cc);
      OUTU("dptr", nicsim_exrxd[i].dptr);
    } else {
      OUT("die_dt", g->die_dt);
      OUT("ds_cc", g->ds_cc);
      OUTU("dptr", g->dptr);
    }
    OUT("buf", id);
    if (id) {
      OUTU("offset", off);
    }
  }
}

#ifdef NICSIM_IN_LOOP
/*
 * The loop's RX ring (RavbRxBridge): the live ring's window from dirty_rx, n descriptors (at
 * most the ring), each die_dt, ds_cc, msc, whether its buffer is set, ts_n, ts_sl, ts_sh; the
 * window takes the words after port-check's record (whose ring of 8 the loop leaves unread).
 * A descriptor's dptr is its place in the window and its buffer (page, or skb before v6.11) is
 * number place + 1 at offset 0, so a sync, unmap, napi_build_skb or skb call names the
 * descriptor it is of (the model maps nothing); the refill's buffers are NICSIM_LOOP_ALLOC + n.
 * The descriptor after a window shorter than the ring reads DT_FEMPTY.
 * nicsim_rx_window_out gives, per place, die_dt, ds_cc and the buffer's number (0: none).
 */
#define NICSIM_RXF_LOOP (NICSIM_RXF_HEAD + 1 + 5 * NICSIM_RX + 3 + 4 * NICSIM_RX)
#define NICSIM_LOOP_RX_SLOT 7
static struct ravb_ex_rx_desc nicsim_loop_exrxd[NICSIM_LOOP_RX];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static struct ravb_rx_desc nicsim_loop_rxd[NICSIM_LOOP_RX];
static struct ravb_rx_buffer nicsim_loop_rxbuf[NICSIM_LOOP_RX];
static struct page nicsim_loop_pages[NICSIM_LOOP_RX];
#else
static struct ravb_rx_desc nicsim_loop_grxd[NICSIM_LOOP_RX];
static struct sk_buff nicsim_loop_skb[NICSIM_LOOP_RX];
static struct sk_buff *nicsim_loop_skbp[NICSIM_LOOP_RX];
#endif
static int nicsim_loop_n;
static u32 nicsim_loop_from;

static void nicsim_rx_window(int q, bool rcar, const long long *in) {
  u32 ring = nicsim_priv.num_rx_ring[q];
  int n = (int)in[0];
  nicsim_loop_n = n;
  nicsim_loop_from = nicsim_priv.dirty_rx[q];
  for (int w = 0; w <= n && (u32)w < ring; w++) {
    u32 e = (nicsim_loop_from + (u32)w) % ring;
    const long long *r = in + 1 + NICSIM_LOOP_RX_SLOT * w;
    bool in_window = w < n;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
    struct ravb_rx_desc *g = &nicsim_loop_rxd[e];
#else
    struct ravb_rx_desc *g = &nicsim_loop_grxd[e];
#endif
    struct ravb_ex_rx_desc *x = &nicsim_loop_exrxd[e];
    g->die_dt = x->die_dt = in_window ? (u8)r[0] : DT_FEMPTY;
    g->ds_cc = x->ds_cc = in_window ? (u16)r[1] : 0;
    g->msc = x->msc = in_window ? (u8)r[2] : 0;
    g->dptr = x->dptr = (u32)w;
    x->ts_n = in_window ? (u32)r[4] : 0;
    x->ts_sl = in_window ? (u32)r[5] : 0;
    x->ts_sh = in_window ? (u16)r[6] : 0;
    bool set = in_window && r[3] != 0;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
    nicsim_loop_pages[e].nicsim_id = w + 1;
    nicsim_loop_rxbuf[e].page = set ? &nicsim_loop_pages[e] : NULL;
    nicsim_loop_rxbuf[e].offset = 0;
#else
    nicsim_skb_init(&nicsim_loop_skb[e], w + 1, (unsigned long)(w + 1) * 0x1000UL);
    nicsim_loop_skbp[e] = set ? &nicsim_loop_skb[e] : NULL;
#endif
  }
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
  nicsim_priv.rx_ring[q].raw = rcar ? (void *)nicsim_loop_exrxd : (void *)nicsim_loop_rxd;
  nicsim_priv.rx_buffers[q] = nicsim_loop_rxbuf;
#else
  nicsim_priv.gbeth_rx_ring = nicsim_loop_grxd;
  nicsim_priv.rx_ring[q] = nicsim_loop_exrxd;
  nicsim_priv.rx_skb[q] = nicsim_loop_skbp;
#endif
  (void)rcar;
}

static void nicsim_rx_window_out(int q, bool rcar) {
  u32 ring = nicsim_priv.num_rx_ring[q];
  for (int w = 0; w < nicsim_loop_n; w++) {
    u32 e = (nicsim_loop_from + (u32)w) % ring;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
    struct ravb_rx_desc *g = &nicsim_loop_rxd[e];
    struct page *p = nicsim_loop_rxbuf[e].page;
    int id = p ? p->nicsim_id : 0;
#else
    struct ravb_rx_desc *g = &nicsim_loop_grxd[e];
    struct sk_buff *s = nicsim_loop_skbp[e];
    int id = s ? s->nicsim_id : 0;
#endif
    if (rcar) {
      OUT("die_dt", nicsim_loop_exrxd[e].die_dt);
      OUT("ds_cc", nicsim_loop_exrxd[e].ds_cc);
    } else {
      OUT("die_dt", g->die_dt);
      OUT("ds_cc", g->ds_cc);
    }
    OUT("buf", id);
  }
}
#endif
