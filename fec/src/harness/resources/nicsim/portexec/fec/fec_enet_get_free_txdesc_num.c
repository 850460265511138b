/* record: bufdesc_ex ring_log2 dirty_tx cur (BD indices) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, in[0] != 0);
  int size = 1 << in[1];
  struct fec_enet_priv_tx_q *txq = &nicsim_txqs[0];
  nicsim_ring(&txq->bd, 1, 0, size, nicsim_fep.bufdesc_ex, FEC_X_DES_ACTIVE_0);
  txq->dirty_tx = nicsim_bd(&txq->bd, (int)(in[2] % size));
  txq->bd.cur = nicsim_bd(&txq->bd, (int)(in[3] % size));
  OUT("ret", fec_enet_get_free_txdesc_num(txq));
}
