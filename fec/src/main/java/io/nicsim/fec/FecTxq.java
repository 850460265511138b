package io.nicsim.fec;


import io.nicsim.core.nic.DescRing;

/**
 * {@code struct fec_enet_priv_tx_q}: the BD ring, {@code dirty_tx} and the stop/wake
 * hysteresis. {@code bd.cur} is the ring's {@code cur}; {@code dirtyTx} is the driver's
 * {@code dirty_tx}: the last BD it has reaped, one before the next to reap.
 */
public final class FecTxq {
  final int qid;
  /** {@code bd.ring_size} (unsigned short). */
  int ringSize;
  /** {@code tx_stop_threshold} (unsigned short). */
  int txStopThreshold;
  /** {@code tx_wake_threshold} (unsigned short). */
  int txWakeThreshold;
  /** The BDs ({@code bd.base .. bd.last}); a set OWN bit is BD_ENET_TX_READY. */
  DescRing bd;
  /** {@code dirty_tx} as a BD index. */
  int dirtyTx;
  /** BDs queued and reaped so far (not kernel state: for the liveness check). */
  long queued;
  long cleaned;

  FecTxq(int qid) {
    this.qid = qid;
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
