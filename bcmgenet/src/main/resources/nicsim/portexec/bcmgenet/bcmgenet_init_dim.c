/* record: the hw and ring fields (common.c), then dim.event_ctr, dim.packets, dim.bytes */
//@ header
#define INIT_WORK(w, f) ((w)->func = (f))
static void nicsim_dim_work_fn(struct work_struct *work) {
  (void)work;
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set(in);
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[0];
  ring->dim.event_ctr = (u16)in[NICSIM_HW_FIELDS];
  ring->dim.packets = (unsigned long)in[NICSIM_HW_FIELDS + 1];
  ring->dim.bytes = (unsigned long)in[NICSIM_HW_FIELDS + 2];
  bcmgenet_init_dim(ring, nicsim_dim_work_fn);
  OUT("work", ring->dim.dim.work.func == nicsim_dim_work_fn);
  OUT("dim.dim.mode", ring->dim.dim.mode);
  OUT("dim.event_ctr", ring->dim.event_ctr);
  OUTU("dim.packets", ring->dim.packets);
  OUTU("dim.bytes", ring->dim.bytes);
  nicsim_priv_put();
}
