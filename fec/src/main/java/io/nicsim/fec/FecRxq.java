package io.nicsim.fec;

import io.nicsim.core.nic.DescRing;

/**
 * {@code struct fec_enet_priv_rx_q}: the BD ring. A set OWN bit is BD_ENET_RX_EMPTY (the BD
 * waits for the hardware); {@code bd.cur} is the next BD the driver looks at. {@link #page} is
 * {@code rx_skb_info[i].page} (0 for none).
 */
public final class FecRxq {
  final int qid;
  /** {@code bd.ring_size}. */
  int ringSize;
  DescRing bd;
  /** The BD words besides the ones {@link DescRing} holds. */
  FecBds bds;
  /** {@code rx_skb_info[i].page}: 0 = NULL. */
  long[] page;
  /** {@code rx_skb_info[i].offset}. */
  int[] pageOffset;
  /** {@code bd.dma}: the ring's DMA address (what R_DES_START is given). */
  int bdDma;
  /** Whether a page pool exists for the queue (fec_enet_create_page_pool ran). */
  boolean pagePool;

  FecRxq(int qid) {
    this.qid = qid;
  }

  /** Gives the queue its BD ring of {@code bd.ring_size} entries. */
  void ring(int size) {
    ringSize = size;
    bd = new DescRing("rx" + qid, size);
    bds = new FecBds(bd, false);
    page = new long[size];
    pageOffset = new int[size];
  }

  public int qid() {
    return qid;
  }

  public int ringSize() {
    return ringSize;
  }

  public DescRing bd() {
    return bd;
  }
}
