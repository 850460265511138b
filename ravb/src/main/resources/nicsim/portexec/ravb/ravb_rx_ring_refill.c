/* record: q (RAVB_BE 0, RAVB_NC 1), R-Car (else GbEth: info->rx_buffer_size), dirty_rx[q],
 * count, then the RX ring (rx_common.c's nicsim_rx_set). ravb_alloc_rx_buffer and
 * ravb_rx_get_desc come from the tree. */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  nicsim_rx_set(q, in[1] != 0, in + 4);
  nicsim_priv.dirty_rx[q] = (u32)in[2];
  OUTU("ret", ravb_rx_ring_refill(&nicsim_ndev, q, (u32)in[3], GFP_ATOMIC));
  nicsim_rx_out();
}
