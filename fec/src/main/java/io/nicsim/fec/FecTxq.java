package io.nicsim.fec;

/** {@code struct fec_enet_priv_tx_q}: ring size and the stop/wake hysteresis. */
public final class FecTxq {
  final int qid;
  /** {@code bd.ring_size} (unsigned short). */
  int ringSize;
  /** {@code tx_stop_threshold} (unsigned short). */
  int txStopThreshold;
  /** {@code tx_wake_threshold} (unsigned short). */
  int txWakeThreshold;

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
}
