package io.nicsim.stmmac;

import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.nic.DescRing;

/** struct stmmac_tx_queue: the ring (cur_tx/dirty_tx), the frame counter and the TX timer. */
public final class StmmacTxQueue {
  final int queueIndex;
  final DescRing ring;
  /** tx_q->tx_count_frames (u32). */
  int txCountFrames;
  /** tx_q->mss: the MSS last programmed with a context descriptor. */
  int mss;
  /** Descriptors queued and cleaned so far (not kernel state: for the liveness check). */
  long queuedDesc;
  long cleanedDesc;
  /** tx_q->txtimer from d5a05e69ac6e on. */
  HrTimer txtimer;
  /** tx_q->txtimer before d5a05e69ac6e. */
  TimerList txtimerList;

  StmmacTxQueue(int queueIndex, DescRing ring) {
    this.queueIndex = queueIndex;
    this.ring = ring;
  }

  public DescRing ring() {
    return ring;
  }

  public int txCountFrames() {
    return txCountFrames;
  }

  /** The hrtimer, or null in the jiffies era. */
  public HrTimer hrtimer() {
    return txtimer;
  }

  /** The timer_list, or null in the hrtimer era. */
  public TimerList timerList() {
    return txtimerList;
  }
}
