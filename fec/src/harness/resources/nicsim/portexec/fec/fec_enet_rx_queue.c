/*
 * record: quirks bufdesc_ex hwts_rx_en csum_enabled vlan_feature pagepool_order err_once_printed
 *   queue budget ring_log2 cur protocol n_full, then per slot s (BD cur + s, 6 slots):
 *   status datlen esc ts bufaddr alloc_ok build_ok vlan_tci
 * The first n_full slots hold frames (BD_ENET_RX_EMPTY clear), the rest and every other BD are
 * empty. Every BD has its page (n = index + 1); the k-th page allocation and build_skb succeed
 * as slot k's alloc_ok and build_ok say. A frame's VLAN TCI sits in its page where the
 * driver reads it (after the headroom, RACC's two bytes and the Ethernet addresses).
 * In the loop (NICSIM_IN_LOOP) the record runs on past port-check's with the window the walk
 * reads: per BD from cur (5 words: status datlen esc ts bufaddr, the status as it is, EMPTY
 * included), the n_full BDs with frames and the one the walk stops at, at most the ring; every
 * allocation and build_skb succeed (the model's page pool and skbs never run dry), and the
 * output gives, per BD the call received, sc bufaddr esc prot bdu page offset.
 */
//@ header
/* BD i of the ring as a slot of the record gives it (both layouts: status datlen esc ts
 * bufaddr), with status sc */
static void nicsim_rxq_bd_set(struct bufdesc_prop *bd, int i, bool ex, u16 sc,
                              const long long *r) {
  struct bufdesc *bdp = nicsim_bd(bd, i);
  bdp->cbd_sc = sc;
  bdp->cbd_datlen = (u16)r[1];
  bdp->cbd_bufaddr = (u32)r[4];
  if (ex) {
    ((struct bufdesc_ex *)bdp)->cbd_esc = (u32)r[2];
    ((struct bufdesc_ex *)bdp)->ts = (u32)r[3];
  }
}
/* BD i of the ring and its page as the call left them */
static void nicsim_rxq_bd_put(struct fec_enet_priv_rx_q *rxq, int i, bool ex) {
  struct bufdesc *bdp = nicsim_bd(&rxq->bd, i);
  OUTU("sc", bdp->cbd_sc);
  OUTU("bufaddr", bdp->cbd_bufaddr);
  if (ex) {
    struct bufdesc_ex *e = (struct bufdesc_ex *)bdp;
    OUTU("esc", e->cbd_esc);
    OUTU("prot", e->cbd_prot);
    OUTU("bdu", e->cbd_bdu);
  }
  OUT("page", rxq->rx_skb_info[i].page ? rxq->rx_skb_info[i].page->nicsim_id : 0);
}
//@ driver
#define RXQ_HEAD 13
#define RXQ_SLOT 8
#define RXQ_LOOP (RXQ_HEAD + NICSIM_SLOTS * RXQ_SLOT)
#define RXQ_LOOP_SLOT 5
static void nicsim_run(const long long *in) {
  nicsim_fep_set((u32)in[0], in[1] != 0);
  nicsim_fep.hwts_rx_en = (int)in[2];
  nicsim_fep.csum_flags = in[3] ? FLAG_RX_CSUM_ENABLED : 0;
  nicsim_ndev.features = in[4] ? NETIF_F_HW_VLAN_CTAG_RX : 0;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  nicsim_fep.pagepool_order = (unsigned int)in[5];
#endif
  nicsim_err_once = in[6] != 0;
  int q = (int)in[7];
  int budget = (int)in[8];
  int size = 1 << in[9];
  int cur = (int)(in[10] % size);
  nicsim_ans_protocol = in[11];
  int full = (int)in[12];
  bool ex = nicsim_fep.bufdesc_ex;
  unsigned int start = FEC_ENET_XDP_HEADROOM + ((nicsim_fep.quirks & FEC_QUIRK_HAS_RACC) ? 2 : 0);

  struct fec_enet_priv_rx_q *rxq = &nicsim_rxqs[q];
  memset(rxq, 0, sizeof *rxq);
  nicsim_fep.num_rx_queues = FEC_ENET_MAX_RX_QS;
  nicsim_fep.rx_queue[q] = rxq;
  nicsim_ring(&rxq->bd, 0, q, size, ex,
      q == 0 ? FEC_R_DES_ACTIVE_0 : q == 1 ? FEC_R_DES_ACTIVE_1 : FEC_R_DES_ACTIVE_2);
  rxq->bd.cur = nicsim_bd(&rxq->bd, cur);
  nicsim_pools[q].nicsim_queue = q;
  rxq->page_pool = &nicsim_pools[q];
#ifdef NICSIM_IN_LOOP
  int window = full + 1 < size ? full + 1 : size;
  for (int s = 0; s < NICSIM_SLOTS; s++) {
    nicsim_alloc_ok[s] = 1;
    nicsim_build_ok[s] = 1;
  }
  for (int s = 0; s < window; s++) {
    const long long *r = in + RXQ_LOOP + s * RXQ_LOOP_SLOT;
    int i = (cur + s) % size;
    nicsim_rxq_bd_set(&rxq->bd, i, ex, (u16)r[0], r);
    rxq->rx_skb_info[i].page = nicsim_page(i + 1);
    rxq->rx_skb_info[i].offset = FEC_ENET_XDP_HEADROOM;
    memset(nicsim_page_mem[i] + start, 0, 32); /* no VLAN TCI: the model's frames carry none */
  }
#else
  for (int i = 0; i < size; i++) {
    nicsim_bd(&rxq->bd, i)->cbd_sc = BD_ENET_RX_EMPTY;
    rxq->rx_skb_info[i].page = nicsim_page(i + 1);
    rxq->rx_skb_info[i].offset = FEC_ENET_XDP_HEADROOM;
    memset(nicsim_page_mem[i], 0, NICSIM_PAGE_BYTES);
  }
  for (int s = 0; s < NICSIM_SLOTS; s++) {
    const long long *r = in + RXQ_HEAD + s * RXQ_SLOT;
    nicsim_alloc_ok[s] = r[5];
    nicsim_build_ok[s] = r[6];
    if (s >= size) {
      continue;
    }
    int i = (cur + s) % size;
    u16 status = (u16)r[0] & ~BD_ENET_RX_EMPTY;
    nicsim_rxq_bd_set(&rxq->bd, i, ex, s < full ? status : status | BD_ENET_RX_EMPTY, r);
    nicsim_page_mem[i][start + 14] = (unsigned char)(r[7] >> 8);
    nicsim_page_mem[i][start + 15] = (unsigned char)r[7];
  }
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
  int ret = fec_enet_rx_queue(&nicsim_ndev, (u16)q, budget);
#else
  int ret = fec_enet_rx_queue(&nicsim_ndev, budget, (u16)q);
#endif
  OUT("ret", ret);
  OUT("cur", ((char *)rxq->bd.cur - (char *)rxq->bd.base) / rxq->bd.dsize);
#ifdef NICSIM_IN_LOOP
  for (int s = 0; s < ret && s < size; s++) {
    nicsim_rxq_bd_put(rxq, (cur + s) % size, ex);
    OUTU("offset", rxq->rx_skb_info[(cur + s) % size].offset);
  }
#else
  for (int s = 0; s < NICSIM_SLOTS && s < size; s++) {
    nicsim_rxq_bd_put(rxq, (cur + s) % size, ex);
  }
#endif
  nicsim_stats_put();
  OUT("err_once", nicsim_err_once);
}
