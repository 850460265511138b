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
}
