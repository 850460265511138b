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

  /** The skb around RX buffer {@code buf} of {@code len} bytes (napi_build_skb / the ring's skb); 0 when it fails. */
  long rxSkb(int q, int entry, long buf, int len);

  /** skb_add_rx_frag of RX buffer {@code buf} ({@code len} bytes) to {@code skb}. */
  void skbAddRxFrag(long skb, long buf, int len);

  /** page_pool_put_page of a buffer the RX path drops. */
  void pagePoolPutPage(long buf);

  /** napi_gro_receive(napi, skb) after eth_type_trans: the frame goes up. */
  void napiGroReceive(Napi napi, long skb);

  /** The length of RX skb {@code skb} (skb->len). */
  int skbLen(long skb);

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
