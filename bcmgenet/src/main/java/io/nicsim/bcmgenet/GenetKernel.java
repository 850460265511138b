package io.nicsim.bcmgenet;

import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;

/**
 * The kernel functions bcmgenet's interrupt handler and NAPI polls call: the simulated host's
 * NAPI, queues and DIM in a run ({@link GenetHostKernel}), recording stubs in a port-check
 * harness ({@code GenetDataHarnesses}), so the same port runs in both.
 */
interface GenetKernel {
  /** napi_schedule_prep. */
  boolean napiSchedulePrep(Napi n);

  /** __napi_schedule_irqoff. */
  void napiScheduleIrqoff(Napi n);

  /** napi_complete_done (napi_complete is {@code napiCompleteDone(n, 0)}). */
  boolean napiCompleteDone(Napi n, int workDone);

  /** dma_unmap_single of TX control block {@code cb}'s mapping (its skb's only BD). */
  void dmaUnmapSingle(int cb);

  /** dev_consume_skb_any. */
  void devConsumeSkbAny(Skb skb);

  /** netdev_tx_completed_queue on TX queue {@code index}. */
  void netdevTxCompletedQueue(int index, int pkts, int bytes);

  /** netif_tx_wake_queue on TX queue {@code index}. */
  void netifTxWakeQueue(int index);

  /** netif_napi_add_tx(dev, &ring->napi, bcmgenet_tx_poll). */
  void netifNapiAddTx(BcmgenetPriv.TxRing ring);

  /** netif_napi_add(dev, &ring->napi, bcmgenet_rx_poll). */
  void netifNapiAdd(BcmgenetPriv.RxRing ring);

  /** net_dim. */
  void netDim(Dim dim, DimSample sample);

  /** ktime_get(): the calling CPU's time (dim_update_sample's). */
  long ktimeGet();

  // ---- the RX path (bcmgenet_rx_refill, bcmgenet_desc_rx); an RX skb is a handle, 0 = NULL

  /** __netdev_alloc_skb(dev, length, GFP_ATOMIC | __GFP_NOWARN): a handle, 0 when it fails. */
  long netdevAllocSkb(int length);

  /** dma_map_single(kdev, skb->data, size, DMA_FROM_DEVICE): the mapping. */
  long dmaMapSingleFromDevice(long skb, int size);

  /** dma_mapping_error(kdev, mapping). */
  boolean dmaMappingError(long mapping);

  /**
   * dma_unmap_single(kdev, addr, len, DMA_FROM_DEVICE) of RX control block {@code cb}'s buffer:
   * from here the CPU reads what the RDMA wrote there.
   */
  void dmaUnmapSingleFromDevice(int cb, long addr, int len);

  /** bcmgenet_writel(value, rx BD {@code bd} + off): dmadesc_set_addr's words of an RX BD. */
  void rxBdWritel(int bd, int off, int value);

  /** The receive status block at skb->data: {@code status_64.length_status}. */
  int rsbLengthStatus(long skb);

  /** The receive status block at skb->data: {@code status_64.rx_csum}. */
  int rsbRxCsum(long skb);

  /** dev_kfree_skb_any of an RX skb. */
  void devKfreeSkbAny(long skb);

  /** dev_consume_skb_any of an RX skb (the buffer a refill at open replaced). */
  void devConsumeSkbAny(long skb);

  /** skb_put(skb, len). */
  void skbPut(long skb, int len);

  /** skb_pull(skb, len). */
  void skbPull(long skb, int len);

  /** skb_trim(skb, len). */
  void skbTrim(long skb, int len);

  /** skb->protocol = eth_type_trans(skb, dev). */
  void ethTypeTrans(long skb);

  /** napi_gro_receive(napi, skb), with the skb's csum and ip_summed as the driver set them. */
  void napiGroReceive(Napi napi, long skb, int csum, int ipSummed);

  /** netif_err(priv, …, text): the driver's error message. */
  void netifErr(String text);
}
