/* record: TX ring 0's cb_ptr, size and write_ptr - cb_ptr (its cbs start at tx_cbs[cb_ptr]) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  struct bcmgenet_tx_ring *ring = &nicsim_priv.tx_rings[0];
  ring->cb_ptr = (unsigned int)in[0];
  ring->end_ptr = ring->cb_ptr + (unsigned int)in[1] - 1;
  ring->write_ptr = ring->cb_ptr + (unsigned int)in[2];
  ring->cbs = nicsim_tx_cbs + ring->cb_ptr;
  struct enet_cb *cb = bcmgenet_get_txcb(&nicsim_priv, ring);
  OUT("cb", cb - nicsim_tx_cbs);
  OUTU("write_ptr", ring->write_ptr);
}
