/*
 * record: quirks bufdesc_ex hwts_rx_en csum_enabled vlan_feature pagepool_order err_once_printed
 *   queue budget ring_log2 cur protocol n_full, then per slot s (BD cur + s, 6 slots):
 *   status datlen esc ts bufaddr alloc_ok build_ok vlan_tci
 * The first n_full slots hold frames (BD_ENET_RX_EMPTY clear), the rest and every other BD are
 * empty. Every BD has its page (n = index + 1); the k-th page allocation and build_skb succeed
 * as slot k's alloc_ok and build_ok say. A frame's VLAN TCI sits in its page where the
 * driver reads it (after the headroom, RACC's two bytes and the Ethernet addresses).
 */
//@ driver
#define RXQ_HEAD 13
#define RXQ_SLOT 8
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
    struct bufdesc *bdp = nicsim_bd(&rxq->bd, i);
    u16 status = (u16)r[0] & ~BD_ENET_RX_EMPTY;
    bdp->cbd_sc = s < full ? status : status | BD_ENET_RX_EMPTY;
    bdp->cbd_datlen = (u16)r[1];
    bdp->cbd_bufaddr = (u32)r[4];
    if (ex) {
      ((struct bufdesc_ex *)bdp)->cbd_esc = (u32)r[2];
      ((struct bufdesc_ex *)bdp)->ts = (u32)r[3];
    }
    nicsim_page_mem[i][start + 14] = (unsigned char)(r[7] >> 8);
    nicsim_page_mem[i][start + 15] = (unsigned char)r[7];
  }

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
  OUT("ret", fec_enet_rx_queue(&nicsim_ndev, (u16)q, budget));
#else
  OUT("ret", fec_enet_rx_queue(&nicsim_ndev, budget, (u16)q));
#endif
  OUT("cur", ((char *)rxq->bd.cur - (char *)rxq->bd.base) / rxq->bd.dsize);
  for (int s = 0; s < NICSIM_SLOTS && s < size; s++) {
    int i = (cur + s) % size;
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
  nicsim_stats_put();
  OUT("err_once", nicsim_err_once);
}
