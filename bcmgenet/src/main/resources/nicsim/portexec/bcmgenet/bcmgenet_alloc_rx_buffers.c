/* record: the common part (rx.c) alone: the ring's control blocks as they are (held skbs and
 * mappings: a re-open's), each allocation's and mapping's answer */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_rx_set(in);
  int ret = bcmgenet_alloc_rx_buffers(&nicsim_priv, &nicsim_priv.rx_rings[0]);
  OUT("ret", ret);
  nicsim_rx_cbs_put();
}
