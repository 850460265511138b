/* stmmac_tso_xmit on the record's skb and queue (the TX record of main.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_tx_set(in);
  struct sk_buff *skb = nicsim_skb_set(in);
  OUT("ret", stmmac_tso_xmit(skb, &nicsim_dev));
  nicsim_tx_put((u32)in[0]);
  nicsim_skb_put(skb);
}
