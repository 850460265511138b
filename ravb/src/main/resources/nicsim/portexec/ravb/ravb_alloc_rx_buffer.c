/* record: q (RAVB_BE 0, RAVB_NC 1), R-Car (else GbEth: info->rx_buffer_size), entry, then the
 * RX ring (rx_common.c's nicsim_rx_set). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  nicsim_rx_set(q, in[1] != 0, in + 3);
  u32 entry = (u32)in[2];
  OUT("ret", ravb_alloc_rx_buffer(&nicsim_ndev, q, entry, GFP_ATOMIC, &nicsim_rxd[entry]));
  nicsim_rx_out();
}
