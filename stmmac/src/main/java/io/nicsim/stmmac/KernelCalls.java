package io.nicsim.stmmac;

import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;

/**
 * The kernel functions stmmac's ported code calls outside the driver, one method per kernel
 * function and in the kernel's argument order. On a simulated host they act on core's model
 * ({@link LiveKernelCalls}); under {@code port-check --execute} the harness records each call
 * and answers it from the input record, exactly as the C harness's stubs do, so the Java port
 * and the tree's C make the same calls in the same order.
 */
interface KernelCalls {

  // ---- NAPI (net/core/dev.c, include/linux/netdevice.h)

  /** napi_schedule_prep. */
  boolean napiSchedulePrep(Napi n);

  /** __napi_schedule (the caller won napi_schedule_prep). */
  void napiSchedule(Napi n);

  /** napi_complete_done. */
  boolean napiCompleteDone(Napi n, int workDone);

  /** napi_is_scheduled. */
  boolean napiIsScheduled(Napi n);

  // ---- hrtimer

  /** hrtimer_start(timer, ns, HRTIMER_MODE_REL). */
  void hrtimerStart(HrTimer t, long ns);

  /** hrtimer_try_to_cancel. */
  int hrtimerTryToCancel(HrTimer t);

  /** hrtimer_active. */
  boolean hrtimerActive(HrTimer t);

  /** hrtimer_cancel. */
  int hrtimerCancel(HrTimer t);

  // ---- the netdev TX queue (include/linux/netdevice.h)

  /** netif_tx_queue_stopped. */
  boolean netifTxQueueStopped(NetdevQueue txq);

  /** netif_tx_stop_queue. */
  void netifTxStopQueue(NetdevQueue txq);

  /** netif_tx_wake_queue. */
  void netifTxWakeQueue(NetdevQueue txq);

  /** netdev_tx_sent_queue (BQL). */
  void netdevTxSentQueue(NetdevQueue txq, int bytes);

  /** netdev_tx_completed_queue (BQL). */
  void netdevTxCompletedQueue(NetdevQueue txq, int pkts, int bytes);

  /** __netif_tx_lock_bh. */
  void netifTxLockBh(NetdevQueue txq);

  /** __netif_tx_unlock_bh. */
  void netifTxUnlockBh(NetdevQueue txq);

  /** netdev_xmit_more. */
  boolean netdevXmitMore();

  // ---- skbs and DMA mapping

  /**
   * dma_map_single(dev, skb->data, len, DMA_TO_DEVICE): the head's bus address. Lengths are
   * the C's size_t after the caller's conversion (an int argument sign-extends).
   */
  long dmaMapSingle(Skb skb, long len);

  /** {@code skb_frag_dma_map(dev, &frags[i], 0, len, DMA_TO_DEVICE)}. */
  long skbFragDmaMap(Skb skb, int frag, long len);

  /** dma_mapping_error. */
  boolean dmaMappingError(long addr);

  /** dma_unmap_page(dev, addr, len, DMA_TO_DEVICE). */
  void dmaUnmapPage(long addr, long len);

  /** dma_unmap_single(dev, addr, len, DMA_TO_DEVICE). */
  void dmaUnmapSingle(long addr, long len);

  /** dev_consume_skb_any: a transmitted skb freed from the completion path. */
  void devConsumeSkbAny(Skb skb);

  /** dev_kfree_skb: a dropped skb freed. */
  void devKfreeSkb(Skb skb);

  /** skb_tx_timestamp: the software TX timestamp hook. */
  void skbTxTimestamp(Skb skb);

  /** skb_checksum_help: the checksum computed in software; 0 or -errno. */
  int skbChecksumHelp(Skb skb);

  /** xdp_return_frame_rx_napi(tx_q->xdpf[entry]). */
  void xdpReturnFrameRxNapi(int queue, int entry);

  /** xdp_return_frame(tx_q->xdpf[entry]). */
  void xdpReturnFrame(int queue, int entry);

  // ---- the RX path: page pool, DMA sync, skb building, GRO

  /** page_pool_alloc_pages(rx_q->page_pool, gfp): the page (its bus address), 0 for NULL. */
  long pagePoolAllocPages(int queue, int gfp);

  /** page_pool_get_dma_addr(page). */
  long pagePoolGetDmaAddr(long page);

  /** page_pool_recycle_direct(rx_q->page_pool, page). */
  void pagePoolRecycleDirect(int queue, long page);

  /** page_pool_put_page(rx_q->page_pool, page, dma_sync_size, allow_direct). */
  void pagePoolPutPage(int queue, long page, int dmaSyncSize, boolean allowDirect);

  /** page_pool_release_page(rx_q->page_pool, page) (before skb_mark_for_recycle). */
  void pagePoolReleasePage(int queue, long page);

  /** dma_sync_single_for_cpu(dev, addr, size, dma_dir). */
  void dmaSyncSingleForCpu(long addr, long size);

  /** napi_alloc_skb(napi, len): a new skb, or null. */
  Skb napiAllocSkb(Napi napi, int len);

  /** napi_build_skb(page_address(buf->page), frag_size): an skb around the page, or null. */
  Skb napiBuildSkb(StmmacRxQueue q, int entry, int fragSize);

  /** skb_copy_to_linear_data(skb, data, len): the buffer's first len bytes copied. */
  void skbCopyToLinearData(Skb skb, StmmacRxQueue q, int entry, int len);

  /** skb_put(skb, len). */
  void skbPut(Skb skb, int len);

  /** skb_reserve(skb, len). */
  void skbReserve(Skb skb, int len);

  /** skb_add_rx_frag(skb, i, page, off, size, truesize). */
  void skbAddRxFrag(Skb skb, int i, long page, int off, int size, int truesize);

  /** skb_mark_for_recycle(skb). */
  void skbMarkForRecycle(Skb skb);

  /** eth_type_trans(skb, dev): skb->protocol. */
  int ethTypeTrans(Skb skb);

  /** skb_checksum_none_assert(skb). */
  void skbChecksumNoneAssert(Skb skb);

  /** skb_set_hash(skb, hash, type). */
  void skbSetHash(Skb skb, int hash, int type);

  /** skb_record_rx_queue(skb, queue). */
  void skbRecordRxQueue(Skb skb, int queue);

  /** napi_gro_receive(napi, skb). */
  void napiGroReceive(Napi napi, Skb skb);

  // ---- what the kernel prints

  /** WARN_ON(cond) with cond true. */
  void warnOn();

  /** dev_err(priv->device, msg). */
  void devErr(String msg);

  // ---- the service work (reset path)

  /** {@code queue_work(priv->wq, &priv->service_task)}: whether it was queued. */
  boolean queueWork(Runnable serviceTask);

  /** netif_carrier_off. */
  void netifCarrierOff();

  /** netdev_err(priv->dev, msg). */
  void netdevErr(String msg);

  /** rtnl_lock. */
  void rtnlLock();

  /** rtnl_unlock. */
  void rtnlUnlock();

  /** netif_trans_update. */
  void netifTransUpdate();

  /** dev_close. */
  void devClose();

  /** dev_open; 0 or -errno. */
  int devOpen();
}
