/* record: budget, bcmgenet_desc_rx's frames and bytes, napi_complete_done's answer,
 * dim.use_dim, dim.event_ctr, ktime_get()'s answer (dim_update_sample's time) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[0];
  nicsim_ans_work = (unsigned int)in[1];
  nicsim_ans_bytes = (unsigned long)in[2];
  nicsim_ans_complete = in[3] != 0;
  ring->dim.use_dim = (u16)in[4];
  ring->dim.event_ctr = (u16)in[5];
  nicsim_ktime = in[6];
  int ret = bcmgenet_rx_poll(&ring->napi, (int)in[0]);
  OUT("ret", ret);
}
