/* record: num_tx_queues budget; fec_enet_tx_queue is a recording stub */
//@ header
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
static void fec_enet_tx_queue(struct net_device *ndev, u16 queue_id, int budget) {
  CALL2("fec_enet_tx_queue", queue_id, budget);
}
#else
static void fec_enet_tx_queue(struct net_device *ndev, u16 queue_id) {
  CALL1("fec_enet_tx_queue", queue_id);
}
#endif
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, false);
  nicsim_fep.num_tx_queues = (int)in[0];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
  fec_enet_tx(&nicsim_ndev, (int)in[1]);
#else
  fec_enet_tx(&nicsim_ndev);
#endif
}
