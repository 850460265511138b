package io.nicsim.ravb;

import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;

/**
 * The kernel functions ravb's interrupt, NAPI and xmit paths call: the simulated host's in a
 * run ({@link RavbHostKernel}), recording stubs in a harness, so the same port runs in both. An
 * RX buffer or RX skb is a handle (0 = NULL).
 */
interface RavbKernel {
  /** napi_schedule_prep. */
  boolean napiSchedulePrep(Napi n);

  /** __napi_schedule. */
  void napiSchedule(Napi n);

  /** napi_complete_done (napi_complete is {@code napiCompleteDone(n, 0)}). */
  boolean napiCompleteDone(Napi n, int workDone);

  /** netif_wake_subqueue(ndev, q). */
  void netifWakeSubqueue(int q);

  /** netif_stop_subqueue(ndev, q). */
  void netifStopSubqueue(int q);

  /** dma_unmap_single(dev, addr, size, DMA_TO_DEVICE) of a sent TX descriptor's buffer. */
  void dmaUnmapSingle(int addr, int size);

  /** dev_kfree_skb_any of a TX skb. */
  void devKfreeSkbAny(Skb skb);

  /** The RX buffer allocation: page_pool_alloc (v6.11+) or netdev_alloc_skb; 0 when it fails. */
  long allocRxBuffer(int q, int entry);

  /** netdev_alloc_skb(ndev, len): a quota-era RX skb for ring slot {@code entry}; 0 when it fails. */
  default long netdevAllocSkb(int q, int entry, int len) {
    return allocRxBuffer(q, entry);
  }

  /**
   * napi_build_skb(page_address(page) + offset, frag_size) around RX buffer {@code buf}
   * (v6.11+): a new skb of length 0, or 0 when it fails.
   */
  long napiBuildSkb(int q, int entry, long buf, int fragSize);

  /**
   * The skb held in RX ring slot {@code entry} (before v6.11: {@code priv->rx_skb[q][entry]}, a
   * slot read, not a call; the host builds the frame the DMAC wrote there).
   */
  long rxRingSkb(int q, int entry, long buf);

  /** skb_put(skb, len). */
  void skbPut(long skb, int len);

  /** skb_add_rx_frag(skb, nr_frags, page, offset, len, truesize) of RX buffer {@code buf}. */
  void skbAddRxFrag(long skb, long buf, int len, int truesize);

  /** page_pool_put_page(priv->rx_pool[q], page, 0, true) of a buffer the RX path drops. */
  void pagePoolPutPage(int q, long buf);

  /** napi_gro_receive(napi, skb): the frame goes up. */
  void napiGroReceive(Napi napi, long skb);

  /** The length of RX skb {@code skb} (skb->len). */
  int skbLen(long skb);

  /** dma_sync_single_for_cpu(dev, addr, len, DMA_FROM_DEVICE) of a filled RX buffer (v6.11+). */
  default void dmaSyncRxForCpu(int addr, int len) {}

  /** skb_mark_for_recycle(skb): the skb's pages go back to the page pool (v6.11+). */
  default void skbMarkForRecycle(long skb) {}

  /**
   * skb->protocol = eth_type_trans(skb, ndev). The real one pulls the Ethernet header off
   * skb->len; the model's host hands frames up whole (its stack reads the header itself).
   */
  default void ethTypeTrans(long skb) {}

  /** ravb_rx_csum_gbeth (GbEth) or ravb_rx_csum (R-Car) when NETIF_F_RXCSUM is on. */
  default void rxCsum(long skb, boolean gbeth) {}

  /** skb_hwtstamps(skb)->hwtstamp = {@code hwtstamp} (R-Car RX timestamping). */
  default void skbRxHwtstamp(long skb, long hwtstamp) {}

  /**
   * skb_copy_to_linear_data_offset(to, offset, from->data, len): before v6.11 GbEth copies a
   * frame's later descriptors into its first skb.
   */
  default void skbCopyToLinearDataOffset(long to, int offset, long from, int len) {
    throw new IllegalStateException("the model's frames fit one RX buffer");
  }

  /** dev_kfree_skb(skb) of an RX skb. */
  default void devKfreeSkb(long skb) {
    throw new IllegalStateException("the model's frames fit one RX buffer");
  }

  /** skb->data of a new RX skb, modulo RAVB_ALIGN (the model's host: aligned, 0). */
  default int rxSkbDataMisalign(long skb) {
    return 0;
  }

  /** skb_reserve(skb, len). */
  default void skbReserve(long skb, int len) {}

  /** dma_map_single(dev, skb->data, size, DMA_FROM_DEVICE) of a new RX skb (the model: 0). */
  default long dmaMapRx(long skb, int size) {
    return 0;
  }

  /** dma_mapping_error of that mapping (never on the model's host). */
  default boolean rxDmaMappingError(long addr) {
    return false;
  }

  // The calls below are never reached, or have one answer, on the model's host: their defaults
  // are that host's behaviour; a harness records them and answers from its input record.

  /** ravb_get_tx_tstamp (TIS.TFUF: the model takes no TX timestamps). */
  default void getTxTstamp() {}

  /** ravb_emac_interrupt_unlocked (ISS.MS: the model raises no E-MAC cause). */
  default void emacInterruptUnlocked() {}

  /** ravb_error_interrupt (ISS.ES: the model raises no error cause). */
  default void errorInterrupt() {}

  /** ravb_ptp_interrupt (ISS.CGIS: the model has no gPTP timer). */
  default void ptpInterrupt() {}

  /**
   * skb_put_padto(skb, len): 0, or -ENOMEM when padding fails (the skb is then freed). The
   * model's host pads in place (its skbs keep their length; the descriptor takes the padded one).
   */
  default int skbPutPadto(Skb skb, int len) {
    return 0;
  }

  /** skb->data modulo DPTR_ALIGN (the model's: {@link RavbXmit#SKB_DATA_MISALIGN}). */
  default int skbDataMisalign(Skb skb) {
    return RavbXmit.SKB_DATA_MISALIGN;
  }

  /**
   * dma_map_single(dev, buffer, len, DMA_TO_DEVICE) of TX data: the queue's tx_align bounce
   * buffer at {@code offset} ({@code alignBuffer}) or the skb's data at {@code offset}; the DMA
   * address (the model maps nothing: 0).
   */
  default int dmaMapTx(boolean alignBuffer, int offset, int len) {
    return 0;
  }

  /** dma_mapping_error of the last mapping (never on the model's host). */
  default boolean dmaMappingError(int addr) {
    return false;
  }

  /** ravb_can_tx_csum_gbeth(skb) (the model's stack never asks for CHECKSUM_PARTIAL). */
  default boolean canTxCsumGbeth(Skb skb) {
    return true;
  }

  /** skb_checksum_help(skb). */
  default void skbChecksumHelp(Skb skb) {}

  /** The ts_skb's kmalloc: false when it fails (the NC queue's TX timestamp request). */
  default boolean tsSkbAlloc() {
    return true;
  }

  /** skb_get(skb) and list_add_tail of the ts_skb {skb, tag} to ts_skb_list. */
  default void tsSkbQueue(Skb skb, int tag) {}

  /** skb_tx_timestamp(skb). */
  default void skbTxTimestamp(Skb skb) {}

  /** netif_err(priv, tx_queued, ndev, text): a message the kernel prints (tx_queued is off by default). */
  default void netifErr(String text) {}

  /** page_pool_get_dma_addr(page) + offset of an RX buffer (the model maps nothing: 0). */
  default long rxBufferDma(long buf) {
    return 0;
  }

  /** dma_sync_single_for_device(dev, addr, size, DMA_FROM_DEVICE) of a new RX buffer. */
  default void dmaSyncRxForDevice(long addr, int size) {}
}
