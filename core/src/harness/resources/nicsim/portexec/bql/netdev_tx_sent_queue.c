/* record: the queue (common.c), then bytes */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_queue_set(in);
  netdev_tx_sent_queue(&nicsim_txq, (unsigned int)in[NICSIM_QUEUE_FIELDS]);
  nicsim_queue_put();
}
