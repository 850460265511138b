/* record: the common part (rx.c), then NICSIM_RX_FIELDS + 0 budget  +1 RDMA_PROD_INDEX
 * +2 c_index  +3 old_discards (NICSIM_RX_FIELDS + NICSIM_RX_SLOT * NICSIM_RX_SLOTS on).
 * In the loop (NICSIM_IN_LOOP) the record runs on with the window the walk reads, per control
 * block from read_ptr, as many as it takes (the frames the RDMA produced since c_index, at most
 * the budget and the ring): whether it holds an skb, whether it is mapped, and that skb's
 * rsb.length_status and rsb.rx_csum; the slots' allocation and mapping answers are 0 there
 * (the model's never fail), and no other control block holds anything */
//@ driver
#define NICSIM_RX_LOOP (NICSIM_RX_FIELDS + NICSIM_RX_SLOT * NICSIM_RX_SLOTS + 4)
static void nicsim_run(const long long *in) {
  nicsim_rx_set(in);
  const long long *d = in + NICSIM_RX_FIELDS + NICSIM_RX_SLOT * NICSIM_RX_SLOTS;
  struct bcmgenet_rx_ring *ring = &nicsim_priv.rx_rings[0];
  nicsim_rdma_prod_index = (u32)d[1];
  ring->c_index = (unsigned int)d[2];
  ring->old_discards = (unsigned int)d[3];
#ifdef NICSIM_IN_LOOP
  unsigned int window = ((unsigned int)d[1] - ring->c_index) & 0xFFFF; /* the RDMA's 16-bit indices */
  if (window > (unsigned int)d[0]) {
    window = (unsigned int)d[0];
  }
  if (window > ring->size) {
    window = ring->size;
  }
  unsigned int c = ring->read_ptr;
  for (unsigned int k = 0; k < window; k++) {
    nicsim_rx_hold(c, c - ring->cb_ptr, in + NICSIM_RX_LOOP + 4 * k);
    c = c < ring->end_ptr ? c + 1 : ring->cb_ptr;
  }
  memcpy(nicsim_rx_cbs0, nicsim_rx_cbs, sizeof nicsim_rx_cbs);
#endif
  unsigned int ret = bcmgenet_desc_rx(ring, (unsigned int)d[0]);
  OUTU("ret", ret);
  OUTU("read_ptr", ring->read_ptr);
  OUTU("c_index", ring->c_index);
  OUTU("old_discards", ring->old_discards);
  OUTU("dim.bytes", ring->dim.bytes);
  OUTU("dim.packets", ring->dim.packets);
  struct bcmgenet_rx_stats64 *st = &ring->stats64;
  OUTU("bytes", st->bytes.v);
  OUTU("packets", st->packets.v);
  OUTU("errors", st->errors.v);
  OUTU("dropped", st->dropped.v);
  OUTU("multicast", st->multicast.v);
  OUTU("length_errors", st->length_errors.v);
  OUTU("over_errors", st->over_errors.v);
  OUTU("crc_errors", st->crc_errors.v);
  OUTU("frame_errors", st->frame_errors.v);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
  OUTU("missed", st->missed.v);
  OUTU("broadcast", st->broadcast.v);
  OUTU("fragmented_errors", st->fragmented_errors.v);
#endif
  nicsim_rx_cbs_put();
}
