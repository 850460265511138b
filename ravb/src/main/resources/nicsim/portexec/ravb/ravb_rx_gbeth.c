/* record: rx_skb.c's (q, the ring indices, the budget or *quota, rx_1st_skb, the answers, the
 * RX ring, each descriptor's msc and timestamp). ravb_rx_ring_refill, ravb_alloc_rx_buffer and
 * ravb_rx_get_desc (v6.11+) and ravb_set_buffer_align (before) come from the tree. In the loop
 * (NICSIM_IN_LOOP) the live ring's window follows the record (rx_skb.c's nicsim_rx_window). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  nicsim_rxf_set(in, false);
#ifdef NICSIM_IN_LOOP
  nicsim_rx_window(q, false, in + NICSIM_RXF_LOOP);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
  OUT("ret", ravb_rx_gbeth(&nicsim_ndev, (int)in[3], q));
#else
  int quota = (int)in[3];
  OUT("ret", ravb_rx_gbeth(&nicsim_ndev, &quota, q));
  OUT("quota", quota);
#endif
#ifdef NICSIM_IN_LOOP
  nicsim_rxf_head_out(q);
  nicsim_rx_window_out(q, false);
#else
  nicsim_rxf_out(q, false);
#endif
}
