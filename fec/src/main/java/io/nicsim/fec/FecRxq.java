package io.nicsim.fec;

/** {@code struct fec_enet_priv_rx_q}: the ring size. */
public final class FecRxq {
  final int qid;
  /** {@code bd.ring_size}. */
  int ringSize;

  FecRxq(int qid) {
    this.qid = qid;
  }

  public int qid() {
    return qid;
  }

  public int ringSize() {
    return ringSize;
  }
}
