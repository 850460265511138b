/* record: q (RAVB_BE 0, RAVB_NC 1), num_tx_desc (1 or 2), num_tx_ring[q] (frames, 1..8),
 * dirty_tx[q], cur_tx[q] - dirty_tx[q] (0..the ring's descriptors), stats[q].tx_packets,
 * stats[q].tx_bytes, per descriptor slot (16): die_dt, ds_tagl, dptr; per skb slot (8):
 * tx_skb[q][i] set or NULL; then the skb to send: skb->len, skb->data modulo 4, ip_summed;
 * the answers of ravb_can_tx_csum_gbeth, skb_put_padto (fails), the two dma_map_single
 * calls (address, dma_mapping_error); info->ccc_gac (TX timestamps), the ts_skb kmalloc
 * (fails), priv->ts_skb_tag (0..0x3ff), info->gptp. ravb_tx_free comes from the tree.
 * Calls: ravb_can_tx_csum_gbeth(skb) skb_checksum_help(skb) netif_err(text)
 *   netif_stop_subqueue(q) dma_map_single(buf,offset,len)  buf: 0 tx_align, 1 skb data
 *   kmalloc() skb_get(skb) list_add_tail(skb,tag) skb_tx_timestamp(skb); skb 9 is the one
 *   sent, 1..8 the ring's.
 * In the loop (NICSIM_IN_LOOP) the ring is the live one's size: the record runs on past
 * port-check's with TCCR as the model holds it (ravb_modify's read, recorded as
 * ravb_read(reg,value)), the frame's num_tx_desc descriptors at cur_tx (die_dt, ds_tagl,
 * tagh_tsr, dptr) and the window ravb_tx_free reads (common.c's nicsim_tx_window; empty
 * unless the frame leaves the ring nearly full); the skb sent is NICSIM_LOOP_DESCS + 1, and
 * the output gives the frame's descriptors (frame.*) and, per descriptor the walk freed,
 * die_dt and its frame's tx_skb. */
//@ header
#define NICSIM_DESCS 16
#define NICSIM_SKBS 8
#define NICSIM_XMIT_SKB (NICSIM_SKBS + 1)
static struct ravb_tx_desc nicsim_desc[NICSIM_DESCS];
static struct sk_buff nicsim_skb[NICSIM_SKBS + 1];
static struct sk_buff *nicsim_skbp[NICSIM_SKBS];
static unsigned char nicsim_data[4096] __attribute__((aligned(16)));
#ifdef NICSIM_IN_LOOP
#define NICSIM_ALIGN_BYTES (NICSIM_LOOP_DESCS * 4 + 8)
#else
#define NICSIM_ALIGN_BYTES (NICSIM_SKBS * 4 + 8)
#endif
static unsigned char nicsim_align[NICSIM_ALIGN_BYTES] __attribute__((aligned(16)));
static struct ravb_tstamp_skb nicsim_ts_skb;
static int nicsim_ans_csum, nicsim_ans_padto_fails, nicsim_ans_kmalloc_fails;
static long long nicsim_ans_map_addr[2], nicsim_ans_map_err[2];
static int nicsim_maps;

static bool ravb_can_tx_csum_gbeth(struct sk_buff *skb) {
  CALL1("ravb_can_tx_csum_gbeth", skb->nicsim_id);
  return nicsim_ans_csum;
}
static int skb_checksum_help(struct sk_buff *skb) {
  CALL1("skb_checksum_help", skb->nicsim_id);
  return 0;
}
static int skb_put_padto(struct sk_buff *skb, unsigned int len) {
  if (skb->len < len) {
    if (nicsim_ans_padto_fails) {
      return -ENOMEM;
    }
    skb->len = len;
  }
  return 0;
}
static void netif_stop_subqueue(struct net_device *ndev, u16 q) {
  (void)ndev;
  CALL1("netif_stop_subqueue", q);
}
static dma_addr_t dma_map_single(void *dev, void *ptr, size_t len, int dir) {
  (void)dev;
  (void)dir;
  unsigned char *p = ptr;
  unsigned char *align = PTR_ALIGN((unsigned char *)nicsim_priv.tx_align[0], DPTR_ALIGN);
  if (p >= nicsim_align && p < nicsim_align + sizeof nicsim_align) {
    CALL3("dma_map_single", 0, (long long)(p - align), (unsigned long long)len);
  } else {
    CALL3("dma_map_single", 1, (long long)(p - nicsim_skb[NICSIM_SKBS].data),
          (unsigned long long)len);
  }
  return (dma_addr_t)(u32)nicsim_ans_map_addr[nicsim_maps++ & 1];
}
static int dma_mapping_error(void *dev, dma_addr_t addr) {
  (void)dev;
  (void)addr;
  return nicsim_ans_map_err[(nicsim_maps - 1) & 1] != 0;
}
static void *kmalloc(size_t size, gfp_t flags) {
  (void)size;
  (void)flags;
  CALL0("kmalloc");
  return nicsim_ans_kmalloc_fails ? NULL : &nicsim_ts_skb;
}
static struct sk_buff *skb_get(struct sk_buff *skb) {
  CALL1("skb_get", skb->nicsim_id);
  return skb;
}
static void list_add_tail(struct list_head *entry, struct list_head *head) {
  (void)head;
  struct ravb_tstamp_skb *ts = container_of(entry, struct ravb_tstamp_skb, list);
  CALL2("list_add_tail", ts->skb->nicsim_id, ts->tag);
}
static void skb_tx_timestamp(struct sk_buff *skb) {
  CALL1("skb_tx_timestamp", skb->nicsim_id);
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  nicsim_priv.num_tx_desc = (unsigned int)in[1];
  nicsim_priv.num_tx_ring[q] = (int)in[2];
  nicsim_priv.dirty_tx[q] = (u32)in[3];
  nicsim_priv.cur_tx[q] = (u32)in[3] + (u32)in[4];
  nicsim_priv.stats[q].tx_packets = (unsigned long)in[5];
  nicsim_priv.stats[q].tx_bytes = (unsigned long)in[6];
  for (int i = 0; i < NICSIM_DESCS; i++) {
    nicsim_desc[i].die_dt = (u8)in[7 + 3 * i];
    nicsim_desc[i].ds_tagl = (u16)in[8 + 3 * i];
    nicsim_desc[i].dptr = (u32)in[9 + 3 * i];
    nicsim_desc[i].tagh_tsr = 0;
  }
  memset(nicsim_skb, 0, sizeof nicsim_skb);
  for (int i = 0; i <= NICSIM_SKBS; i++) {
    nicsim_skb[i].nicsim_id = i + 1;
  }
  for (int i = 0; i < NICSIM_SKBS; i++) {
    nicsim_skbp[i] = in[7 + 3 * NICSIM_DESCS + i] ? &nicsim_skb[i] : NULL;
  }
  const long long *x = in + 7 + 3 * NICSIM_DESCS + NICSIM_SKBS;
  struct sk_buff *skb = &nicsim_skb[NICSIM_SKBS];
  skb->len = (unsigned int)x[0];
  skb->data = nicsim_data + 16 + (int)x[1];
  skb->ip_summed = (u8)x[2];
  skb->queue_mapping = (u16)q;
  nicsim_ans_csum = x[3] != 0;
  nicsim_ans_padto_fails = x[4] != 0;
  nicsim_ans_map_addr[0] = x[5];
  nicsim_ans_map_err[0] = x[6];
  nicsim_ans_map_addr[1] = x[7];
  nicsim_ans_map_err[1] = x[8];
  nicsim_maps = 0;
  nicsim_info.ccc_gac = x[9] != 0;
  nicsim_ans_kmalloc_fails = x[10] != 0;
  nicsim_priv.ts_skb_tag = (u32)x[11];
  nicsim_info.gptp = x[12] != 0;
  nicsim_priv.tx_ring[q] = nicsim_desc;
  nicsim_priv.tx_skb[q] = nicsim_skbp;
  nicsim_priv.tx_align[0] = nicsim_align + 1; /* PTR_ALIGN moves it on */
  nicsim_priv.tx_align[1] = nicsim_align + 1;
#ifdef NICSIM_IN_LOOP
#define NICSIM_XMIT_INPUTS (7 + 3 * NICSIM_DESCS + NICSIM_SKBS + 13)
#define NICSIM_XMIT_FRAME (NICSIM_XMIT_INPUTS + 1)
#define NICSIM_XMIT_LOOP (NICSIM_XMIT_FRAME + 8)
  nicsim_tccr = (u32)in[NICSIM_XMIT_INPUTS];
  u32 descs = (u32)nicsim_priv.num_tx_ring[q] * nicsim_priv.num_tx_desc;
  u32 entry = nicsim_priv.cur_tx[q] % descs;
  nicsim_tx_window(q, in + NICSIM_XMIT_LOOP);
  for (u32 i = 0; i < nicsim_priv.num_tx_desc; i++) {
    const long long *d = in + NICSIM_XMIT_FRAME + 4 * i;
    struct ravb_tx_desc *t = &nicsim_loop_txd[(entry + i) % descs];
    t->die_dt = (u8)d[0];
    t->ds_tagl = (u16)d[1];
    t->tagh_tsr = (u8)d[2];
    t->dptr = (u32)d[3];
  }
  skb->nicsim_id = NICSIM_LOOP_DESCS + 1;
#endif
  OUT("ret", ravb_start_xmit(skb, &nicsim_ndev));
  OUTU("cur_tx", nicsim_priv.cur_tx[q]);
  OUTU("dirty_tx", nicsim_priv.dirty_tx[q]);
  OUTU("ts_skb_tag", nicsim_priv.ts_skb_tag);
  OUTU("stats.tx_packets", nicsim_priv.stats[q].tx_packets);
  OUTU("stats.tx_bytes", nicsim_priv.stats[q].tx_bytes);
  OUT("skb.tx_flags", skb_shinfo(skb)->tx_flags);
#ifdef NICSIM_IN_LOOP
  for (u32 i = 0; i < nicsim_priv.num_tx_desc; i++) {
    struct ravb_tx_desc *t = &nicsim_loop_txd[(entry + i) % descs];
    OUT("frame.die_dt", t->die_dt);
    OUT("frame.ds_tagl", t->ds_tagl);
    OUT("frame.tagh_tsr", t->tagh_tsr);
    OUTU("frame.dptr", t->dptr);
  }
  nicsim_tx_window_out(q, (u32)in[3]);
  return;
#endif
  for (int i = 0; i < NICSIM_DESCS; i++) {
    OUT("die_dt", nicsim_desc[i].die_dt);
    OUT("ds_tagl", nicsim_desc[i].ds_tagl);
    OUTU("dptr", nicsim_desc[i].dptr);
    OUT("tagh_tsr", nicsim_desc[i].tagh_tsr);
  }
  for (int i = 0; i < NICSIM_SKBS; i++) {
    OUT("tx_skb", nicsim_skbp[i] ? nicsim_skbp[i]->nicsim_id : 0);
  }
}
