/*
 * record: num_rx_queues budget, then per queue q (3): done
 * fec_enet_rx_queue is a recording stub returning queue q's done reduced into 0..its budget.
 */
//@ header
static long long nicsim_done[3];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
static int fec_enet_rx_queue(struct net_device *ndev, u16 queue_id, int budget)
#else
static int fec_enet_rx_queue(struct net_device *ndev, int budget, u16 queue_id)
#endif
{
  CALL2("fec_enet_rx_queue", queue_id, budget);
  return budget < 0 ? 0 : (int)(nicsim_done[queue_id] % ((long long)budget + 1));
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, false);
  nicsim_fep.num_rx_queues = (int)in[0];
  for (int q = 0; q < 3; q++) {
    nicsim_done[q] = in[2 + q];
  }
  OUT("ret", fec_enet_rx(&nicsim_ndev, (int)in[1]));
}
