package io.nicsim.fec;


import io.nicsim.core.nic.DescRing;

/**
 * {@code struct fec_enet_priv_rx_q}: the BD ring. A set OWN bit is BD_ENET_RX_EMPTY (the BD
 * waits for the hardware); {@code bd.cur} is the next BD the driver looks at.
 */
public final class FecRxq {
  final int qid;
  /** {@code bd.ring_size}. */
  int ringSize;
  DescRing bd;
  /** Buffers attached (fec_enet_alloc_rxq_buffers ran): bd_init hands such BDs to the DMA. */
  boolean buffers;

  FecRxq(int qid) {
    this.qid = qid;
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
