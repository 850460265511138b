/* record: the queue (common.c) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_queue_set(in);
  netif_schedule_queue(&nicsim_txq);
  nicsim_queue_put();
}
