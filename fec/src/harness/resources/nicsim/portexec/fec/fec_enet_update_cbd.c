/* record: ring_log2 index alloc_ok; the new page is 1001 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  int size = 1 << in[0];
  int i = (int)(in[1] % size);
  nicsim_alloc_ok[0] = in[2];
  struct fec_enet_priv_rx_q *rxq = &nicsim_rxqs[0];
  memset(rxq, 0, sizeof *rxq);
  nicsim_ring(&rxq->bd, 0, 0, size, true, FEC_R_DES_ACTIVE_0);
  nicsim_pools[0].nicsim_queue = 0;
  rxq->page_pool = &nicsim_pools[0];
  rxq->rx_skb_info[i].page = nicsim_page(i + 1);
  rxq->rx_skb_info[i].offset = 7;
  struct bufdesc *bdp = nicsim_bd(&rxq->bd, i);
  bdp->cbd_bufaddr = 0x1234;
  OUT("ret", fec_enet_update_cbd(rxq, bdp, i));
  OUT("page", rxq->rx_skb_info[i].page ? rxq->rx_skb_info[i].page->nicsim_id : 0);
  OUT("offset", rxq->rx_skb_info[i].offset);
  OUTU("bufaddr", bdp->cbd_bufaddr);
}
