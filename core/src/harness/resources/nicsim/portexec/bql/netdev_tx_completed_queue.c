/* record: the queue (common.c), then pkts and bytes */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_queue_set(in);
  netdev_tx_completed_queue(&nicsim_txq, (unsigned int)in[NICSIM_QUEUE_FIELDS],
                            (unsigned int)in[NICSIM_QUEUE_FIELDS + 1]);
  nicsim_queue_put();
}
