/* record: num_rx_queues */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  nicsim_fep.num_rx_queues = (int)in[0];
  for (int q = 0; q < FEC_ENET_MAX_RX_QS; q++) {
    nicsim_fep.rx_queue[q] = &nicsim_rxqs[q];
    nicsim_rxqs[q].bd.reg_desc_active = nicsim_mmio
        + (q == 0 ? FEC_R_DES_ACTIVE_0 : q == 1 ? FEC_R_DES_ACTIVE_1 : FEC_R_DES_ACTIVE_2);
  }
  fec_enet_active_rxring(&nicsim_ndev);
}
