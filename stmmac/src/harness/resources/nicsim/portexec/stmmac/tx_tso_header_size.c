/* stmmac_tso_header_size of the record's skb. */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_tx_set(in);
  struct sk_buff *skb = nicsim_skb_set(in);
  OUTU("ret", stmmac_tso_header_size(skb));
}
