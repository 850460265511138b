/* record: q (RAVB_BE 0, RAVB_NC 1), the budget (v6.11+) or *quota (before), the answers of
 * info->receive (the packets received or the quota used, at most the budget; before v6.11
 * also whether it ran out). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  nicsim_ans_rx_used = in[2];
  nicsim_ans_rx_ret = in[3];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
  OUT("ret", ravb_rx(&nicsim_ndev, (int)in[1], q));
#else
  int quota = (int)in[1];
  OUT("ret", ravb_rx(&nicsim_ndev, &quota, q));
  OUT("quota", quota);
#endif
}
