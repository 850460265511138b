package io.nicsim.fec;

import io.nicsim.core.net.Skb;

/**
 * The kernel functions fec's ports call, one method per C function (named in its Javadoc), so a
 * port reads as its C does. {@link FecHostKernel} binds them to the simulated host (NAPI, the
 * netdev queues, the skb ledger); the {@code port-check --execute} harnesses bind them to
 * recording stubs whose answers come from the input record. The NAPI is always
 * {@code &fep->napi} and the device {@code fep->netdev}, so neither is an argument.
 *
 * <p>Addresses: a DMA address is a {@code u32} as the BDs hold it ({@code cbd_bufaddr}); a CPU
 * address (skb data, a bounce buffer, a page) is an opaque {@code long} whose low bits are the
 * alignment the driver tests.
 */
public interface FecKernel {

  /** {@code DMA_TO_DEVICE}. */
  int DMA_TO_DEVICE = 1;
  /** {@code DMA_FROM_DEVICE}. */
  int DMA_FROM_DEVICE = 2;

  // ---------------------------------------------------------------- NAPI

  /** {@code napi_schedule_prep(&fep->napi)}. */
  boolean napiSchedulePrep();

  /** {@code __napi_schedule(&fep->napi)}. */
  void napiSchedule();

  /** {@code napi_complete_done(napi, work_done)}. */
  boolean napiCompleteDone(int workDone);

  /** {@code napi_gro_receive(&fep->napi, skb)}. */
  void napiGroReceive(Skb skb);

  /** {@code napi_enable(&fep->napi)}. */
  void napiEnable();

  /** {@code napi_disable(&fep->napi)}. */
  void napiDisable();

  // ---------------------------------------------------------------- skbs

  /** {@code build_skb(page_address(page), frag_size)}: the skb, or null when allocation fails. */
  Skb buildSkb(long page, int fragSize);

  /** {@code napi_consume_skb(skb, budget)}. */
  void napiConsumeSkb(Skb skb, int budget);

  /** {@code dev_kfree_skb_any(skb)}. */
  void devKfreeSkbAny(Skb skb);

  /** {@code skb->data} as an address (its low bits are the buffer's alignment). */
  long skbData(Skb skb);

  /** {@code skb_tx_timestamp(skb)}. */
  void skbTxTimestamp(Skb skb);

  /** {@code fec_enet_hwtstamp(fep, ts, hwtstamps)} then {@code skb_tstamp_tx(skb, ...)}. */
  void skbTstampTx(Skb skb, int ts);

  /** {@code fec_enet_hwtstamp(fep, ts, skb_hwtstamps(skb))} on a received skb. */
  void rxHwtstamp(Skb skb, int ts);

  /** {@code skb_reserve(skb, len)}. */
  void skbReserve(Skb skb, int len);

  /** {@code skb_put(skb, len)} ({@code len} an unsigned int). */
  void skbPut(Skb skb, int len);

  /** {@code ntohs(skb_vlan_eth_hdr(skb)->h_vlan_TCI)}. */
  int vlanTci(Skb skb);

  /** {@code memmove(skb->data + VLAN_HLEN, skb->data, ETH_ALEN * 2); skb_pull(skb, VLAN_HLEN)}. */
  void vlanPop(Skb skb);

  /** {@code __vlan_hwaccel_put_tag(skb, htons(proto), tci)}. */
  void vlanHwaccelPutTag(Skb skb, int proto, int tci);

  /** {@code eth_type_trans(skb, ndev)}: pulls the Ethernet header, returns the protocol. */
  int ethTypeTrans(Skb skb);

  /** {@code fec_enet_clear_csum(skb, ndev)}: non-zero when the skb cannot be sent. */
  int clearCsum(Skb skb);

  /** {@code swap_buffer(page_address(page) + offset, len)} on a received frame. */
  void swapBuffer(long page, int offset, int len);

  /** {@code swap_buffer(bufaddr, len)} on a TX bounce buffer. */
  void swapTxBuffer(long cpuAddr, int len);

  /** {@code memcpy(txq->tx_bounce[index], skb->data, buflen)}. */
  void copyToBounce(int index, Skb skb, int len);

  // ---------------------------------------------------------------- page pool

  /** {@code page_pool_dev_alloc_pages(rxq->page_pool)}: a page, or 0 when none. */
  long pagePoolDevAllocPages(int queue);

  /** {@code page_pool_get_dma_addr(page)}. */
  long pagePoolGetDmaAddr(long page);

  /** {@code page_pool_recycle_direct(rxq->page_pool, page)}. */
  void pagePoolRecycleDirect(int queue, long page);

  // ---------------------------------------------------------------- DMA API

  /** {@code dma_map_single(&fep->pdev->dev, cpu_addr, len, dir)}. */
  long dmaMapSingle(long cpuAddr, int len, int dir);

  /** {@code dma_mapping_error(&fep->pdev->dev, addr)}. */
  boolean dmaMappingError(long addr);

  /** {@code dma_unmap_single(&fep->pdev->dev, addr, len, dir)}. */
  void dmaUnmapSingle(long addr, int len, int dir);

  /** {@code dma_sync_single_for_cpu(&fep->pdev->dev, addr, len, dir)}. */
  void dmaSyncSingleForCpu(long addr, int len, int dir);

  // ---------------------------------------------------------------- TX queues

  /** {@code netif_tx_queue_stopped(netdev_get_tx_queue(ndev, queue))}. */
  boolean netifTxQueueStopped(int queue);

  /** {@code netif_tx_wake_queue(netdev_get_tx_queue(ndev, queue))}. */
  void netifTxWakeQueue(int queue);

  /** {@code netif_tx_stop_queue(netdev_get_tx_queue(ndev, queue))}. */
  void netifTxStopQueue(int queue);

  // ---------------------------------------------------------------- messages

  /** {@code net_ratelimit()}. */
  boolean netRatelimit();

  /** {@code netdev_err(ndev, text)}. */
  void netdevErr(String text);

  /** {@code WARN_ON(1)}: the condition held. */
  void warnOn();
}
