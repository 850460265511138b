/* record: q (RAVB_BE 0, RAVB_NC 1), num_tx_desc (1 or 2), num_tx_ring[q] (frames, 1..8),
 * dirty_tx[q], cur_tx[q] - dirty_tx[q] (0..the ring's descriptors), free_txed_only,
 * stats[q].tx_packets, stats[q].tx_bytes, then per descriptor slot (16): die_dt, ds_tagl,
 * dptr; then per skb slot (8): tx_skb[q][i] set or NULL */
//@ driver
#define NICSIM_DESCS 16
#define NICSIM_SKBS 8
static struct ravb_tx_desc nicsim_desc[NICSIM_DESCS];
static struct sk_buff nicsim_skb[NICSIM_SKBS];
static struct sk_buff *nicsim_skbp[NICSIM_SKBS];

static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  nicsim_priv.num_tx_desc = (unsigned int)in[1];
  nicsim_priv.num_tx_ring[q] = (int)in[2];
  nicsim_priv.dirty_tx[q] = (u32)in[3];
  nicsim_priv.cur_tx[q] = (u32)in[3] + (u32)in[4];
  bool free_txed_only = in[5] != 0;
  nicsim_priv.stats[q].tx_packets = (unsigned long)in[6];
  nicsim_priv.stats[q].tx_bytes = (unsigned long)in[7];
  for (int i = 0; i < NICSIM_DESCS; i++) {
    nicsim_desc[i].die_dt = (u8)in[8 + 3 * i];
    nicsim_desc[i].ds_tagl = (u16)in[9 + 3 * i];
    nicsim_desc[i].dptr = (u32)in[10 + 3 * i];
  }
  for (int i = 0; i < NICSIM_SKBS; i++) {
    nicsim_skb[i].nicsim_id = i + 1;
    nicsim_skbp[i] = in[8 + 3 * NICSIM_DESCS + i] ? &nicsim_skb[i] : NULL;
  }
  nicsim_priv.tx_ring[q] = nicsim_desc;
  nicsim_priv.tx_skb[q] = nicsim_skbp;
  OUT("ret", ravb_tx_free(&nicsim_ndev, q, free_txed_only));
  OUTU("dirty_tx", nicsim_priv.dirty_tx[q]);
  OUTU("stats.tx_packets", nicsim_priv.stats[q].tx_packets);
  OUTU("stats.tx_bytes", nicsim_priv.stats[q].tx_bytes);
  for (int i = 0; i < NICSIM_DESCS; i++) {
    OUT("die_dt", nicsim_desc[i].die_dt);
  }
  for (int i = 0; i < NICSIM_SKBS; i++) {
    OUT("tx_skb", nicsim_skbp[i] ? nicsim_skbp[i]->nicsim_id : 0);
  }
}
