/* stmmac_tso_get_num_desc of the record's queue and skb; after the TX record: pay_len. */
//@ driver
static void nicsim_run(const long long *in) {
  struct stmmac_tx_queue *tx_q = nicsim_tx_set(in);
  struct sk_buff *skb = nicsim_skb_set(in);
  OUT("ret", stmmac_tso_get_num_desc(tx_q, skb, (u32)in[NICSIM_TX_FIELDS]));
}
