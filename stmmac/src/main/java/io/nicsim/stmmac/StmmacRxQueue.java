package io.nicsim.stmmac;

import io.nicsim.core.nic.DescRing;

/** struct stmmac_rx_queue: the ring (cur_rx/dirty_rx) and the refill frame counter. */
public final class StmmacRxQueue {
  final int queueIndex;
  final DescRing ring;
  /** rx_q->rx_count_frames (u32). */
  int rxCountFrames;

  StmmacRxQueue(int queueIndex, DescRing ring) {
    this.queueIndex = queueIndex;
    this.ring = ring;
  }

  public DescRing ring() {
    return ring;
  }
}
