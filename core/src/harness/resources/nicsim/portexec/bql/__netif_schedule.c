/* record: the queue (common.c); its qdisc is scheduled; no CPU is inside __dev_xmit_skb */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_queue_set(in);
  __netif_schedule(&nicsim_qdisc);
  nicsim_queue_put();
}
