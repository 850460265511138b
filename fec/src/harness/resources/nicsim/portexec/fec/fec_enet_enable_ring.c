/* record: num_rx_queues num_tx_queues max_buf_size, rx_dma[3], tx_dma[3] (each ring's bd.dma) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  nicsim_fep.num_rx_queues = (int)in[0];
  nicsim_fep.num_tx_queues = (int)in[1];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  nicsim_fep.max_buf_size = (unsigned int)in[2];
#endif
  for (int q = 0; q < 3; q++) {
    nicsim_fep.rx_queue[q] = &nicsim_rxqs[q];
    nicsim_rxqs[q].bd.dma = (dma_addr_t)(u32)in[3 + q];
    nicsim_fep.tx_queue[q] = &nicsim_txqs[q];
    nicsim_txqs[q].bd.dma = (dma_addr_t)(u32)in[6 + q];
  }
  fec_enet_enable_ring(&nicsim_ndev);
}
