/* record: q (RAVB_BE 0, RAVB_NC 1), budget, info->nc_queues, info->irq_en_dis, RIS0, RIC0,
 * TIS, TIC, the answers of info->receive (v6.11+: the packets received, at most the budget;
 * before: the quota it used and whether it ran out) and of napi_complete_done,
 * stats[RAVB_BE].rx_over_errors, stats[RAVB_NC].rx_over_errors, priv->rx_fifo_errors,
 * ndev->stats.rx_over_errors, ndev->stats.rx_fifo_errors, then the TX ring (common.c's
 * nicsim_tx_set). ravb_rx and ravb_tx_free come from the tree. In the loop (NICSIM_IN_LOOP)
 * num_tx_ring[q] is the live ring's, the record runs on past port-check's with the window the
 * walk reads (common.c's nicsim_tx_window), each register read is recorded (ravb_read), and
 * the output gives, per descriptor the walk freed, die_dt and its frame's tx_skb. */
//@ driver
#define NICSIM_POLL_LOOP (16 + NICSIM_TX_FIELDS)
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  int budget = (int)in[1];
  nicsim_info.nc_queues = in[2] != 0;
  nicsim_info.irq_en_dis = in[3] != 0;
  nicsim_ris0 = (u32)in[4];
  nicsim_ric0 = (u32)in[5];
  nicsim_tis = (u32)in[6];
  nicsim_tic = (u32)in[7];
  nicsim_ans_rx_used = in[8];
  nicsim_ans_rx_ret = in[9];
  nicsim_ans_complete_done = in[10] != 0;
  nicsim_priv.stats[0].rx_over_errors = (unsigned long)in[11];
  nicsim_priv.stats[1].rx_over_errors = (unsigned long)in[12];
  nicsim_priv.rx_fifo_errors = (u32)in[13];
  nicsim_ndev.stats.rx_over_errors = (unsigned long)in[14];
  nicsim_ndev.stats.rx_fifo_errors = (unsigned long)in[15];
  nicsim_tx_set(q, in + 16);
#ifdef NICSIM_IN_LOOP
  nicsim_tx_window(q, in + NICSIM_POLL_LOOP);
#endif
  OUT("ret", ravb_poll(&nicsim_priv.napi[q], budget));
  OUTU("priv.rx_over_errors", nicsim_priv.rx_over_errors);
  OUTU("ndev.rx_over_errors", nicsim_ndev.stats.rx_over_errors);
  OUTU("ndev.rx_fifo_errors", nicsim_ndev.stats.rx_fifo_errors);
#ifdef NICSIM_IN_LOOP
  OUTU("dirty_tx", nicsim_priv.dirty_tx[q]);
  OUTU("stats.tx_packets", nicsim_priv.stats[q].tx_packets);
  OUTU("stats.tx_bytes", nicsim_priv.stats[q].tx_bytes);
  nicsim_tx_window_out(q, (u32)in[16 + 2]);
#else
  nicsim_tx_out(q);
#endif
}
