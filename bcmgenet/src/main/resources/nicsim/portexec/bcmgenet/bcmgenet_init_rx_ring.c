/* record: the common part (rx.c: the ring's control blocks are cb_ptr .. cb_ptr + size - 1),
 * then NICSIM_RX_FIELDS + NICSIM_RX_SLOT * NICSIM_RX_SLOTS + 0: index (0..GENET_MAX_MQ_CNT).
 * words_per_bd is 3 (GENET v4 and v5). bcmgenet_alloc_rx_buffers runs as the tree's C;
 * bcmgenet_init_dim and bcmgenet_init_rx_coalesce (executed on their own) are recording stubs,
 * as is netif_napi_add. */
//@ header
static void bcmgenet_dim_work(struct work_struct *work) {
  (void)work;
}
static int bcmgenet_rx_poll(struct napi_struct *napi, int budget) {
  (void)napi;
  return budget;
}
static void bcmgenet_init_dim(struct bcmgenet_rx_ring *ring,
                              void (*cb)(struct work_struct *work)) {
  (void)cb;
  CALL1("bcmgenet_init_dim", ring->index);
}
static void bcmgenet_init_rx_coalesce(struct bcmgenet_rx_ring *ring) {
  CALL1("bcmgenet_init_rx_coalesce", ring->index);
}
static void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
                           int (*poll)(struct napi_struct *, int)) {
  (void)dev;
  (void)poll;
  CALL1("netif_napi_add", container_of(napi, struct bcmgenet_rx_ring, napi)->index);
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_rx_set(in);
  const long long *d = in + NICSIM_RX_FIELDS + NICSIM_RX_SLOT * NICSIM_RX_SLOTS;
  unsigned int index = (unsigned int)d[0];
  unsigned int start = (unsigned int)in[0], size = (unsigned int)in[1];
  int ret = bcmgenet_init_rx_ring(&nicsim_priv, index, size, start, start + size);
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[index];
  OUT("ret", ret);
  OUTU("index", ring->index);
  OUT("cbs", ring->cbs - nicsim_priv.rx_cbs);
  OUTU("size", ring->size);
  OUTU("c_index", ring->c_index);
  OUTU("read_ptr", ring->read_ptr);
  OUTU("cb_ptr", ring->cb_ptr);
  OUTU("end_ptr", ring->end_ptr);
  nicsim_rx_cbs_put();
}
