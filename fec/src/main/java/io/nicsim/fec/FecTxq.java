package io.nicsim.fec;

import io.nicsim.core.nic.DescRing;

/**
 * {@code struct fec_enet_priv_tx_q}: the BD ring, {@code dirty_tx} and the stop/wake
 * hysteresis. {@code bd.cur} is the ring's {@code cur}; {@code dirtyTx} is the driver's
 * {@code dirty_tx}: the last BD it has reaped, one before the next to reap.
 *
 * <p>A BD ({@code struct bufdesc_ex}) is the index {@code i}: {@link FecBds#status} is its
 * {@code cbd_sc} (READY kept as the ring's OWN bit, which the DMA model clears), {@code bufLen}
 * its {@code cbd_datlen}, {@link #bds} the other words; {@code bd.skb(i)} is
 * {@code tx_buf[i].buf_p} when {@code tx_buf[i].type} is an skb.
 */
public final class FecTxq {
  /** {@code FEC_TXBUF_T_SKB}: the only buffer type without an XDP program. */
  static final int FEC_TXBUF_T_SKB = 0;

  final int qid;
  /** {@code bd.ring_size} (unsigned short). */
  int ringSize;
  /** {@code tx_stop_threshold} (unsigned short). */
  int txStopThreshold;
  /** {@code tx_wake_threshold} (unsigned short). */
  int txWakeThreshold;
  /** The BDs ({@code bd.base .. bd.last}); a set OWN bit is BD_ENET_TX_READY. */
  DescRing bd;
  /** The BD words besides the ones {@link DescRing} holds. */
  FecBds bds;
  /** {@code tx_buf[i].type}. */
  int[] txBufType;
  /** {@code dirty_tx} as a BD index. */
  int dirtyTx;
  /** {@code bd.dma}: the ring's DMA address (what X_DES_START is given). */
  int bdDma;
  /** {@code tso_hdrs_dma}: the TSO header area, {@code ring_size * TSO_HEADER_SIZE} bytes. */
  long tsoHdrsDma;
  /** BDs queued and reaped so far (not kernel state: for the liveness check). */
  long queued;
  long cleaned;

  FecTxq(int qid) {
    this.qid = qid;
  }

  /** Gives the queue its BD ring of {@code bd.ring_size} entries. */
  void ring(int size) {
    ringSize = size;
    bd = new DescRing("tx" + qid, size);
    bds = new FecBds(bd, true);
    txBufType = new int[size];
  }

  public int qid() {
    return qid;
  }

  public int ringSize() {
    return ringSize;
  }

  public int txStopThreshold() {
    return txStopThreshold;
  }

  public int txWakeThreshold() {
    return txWakeThreshold;
  }

  public DescRing bd() {
    return bd;
  }

  public int dirtyTx() {
    return dirtyTx;
  }
}
