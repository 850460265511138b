package io.nicsim.stmmac;

import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.nic.DescRing;
import java.util.Arrays;

/**
 * struct stmmac_tx_queue: the ring ({@code cur_tx}/{@code dirty_tx} are the ring's
 * {@code cur}/{@code dirty}, {@code tx_skbuff[]} its skbs), the per-entry {@code tx_skbuff_dma[]}
 * bookkeeping, the frame counter, the MSS last programmed and the TX timer.
 */
public final class StmmacTxQueue {
  /** STMMAC_TBS_AVAIL: the queue has enhanced (TBS) descriptors. */
  static final int STMMAC_TBS_AVAIL = 1 << 0;
  /** STMMAC_TBS_EN: time-based scheduling is on. */
  static final int STMMAC_TBS_EN = 1 << 1;

  /** enum stmmac_txbuf_type. */
  static final int STMMAC_TXBUF_T_SKB = 0;
  static final int STMMAC_TXBUF_T_XDP_TX = 1;
  static final int STMMAC_TXBUF_T_XDP_NDO = 2;
  static final int STMMAC_TXBUF_T_XSK_TX = 3;

  final int queueIndex;
  final DescRing ring;
  /** tx_q->tx_count_frames (u32). */
  int txCountFrames;
  /** tx_q->mss: the MSS last programmed with a context descriptor. */
  int mss;
  /** tx_q->tbs: STMMAC_TBS_AVAIL / STMMAC_TBS_EN (the model's queues have neither). */
  int tbs;
  /** tx_q->dma_tx_phy: the ring's bus address (0 in the model). */
  long dmaTxPhy;
  /** tx_q->tx_tail_addr (dma_addr_t). */
  long txTailAddr;
  /** tx_q->xsk_frames_done. */
  int xskFramesDone;

  // tx_q->tx_skbuff_dma[entry]
  final long[] dmaBuf;
  final int[] dmaLen;
  final boolean[] mapAsPage;
  final boolean[] lastSegment;
  final boolean[] isJumbo;
  final int[] bufType;
  /** tx_q->xdpf[entry] != NULL: an XDP frame to return (the model queues none). */
  final boolean[] xdpf;

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
    int n = ring == null ? 0 : ring.size();
    dmaBuf = new long[n];
    dmaLen = new int[n];
    mapAsPage = new boolean[n];
    lastSegment = new boolean[n];
    isJumbo = new boolean[n];
    bufType = new int[n];
    xdpf = new boolean[n];
  }

  /** The tx_skbuff_dma[] entries back to their state after ring init. */
  void clearDmaInfo() {
    Arrays.fill(dmaBuf, 0);
    Arrays.fill(dmaLen, 0);
    Arrays.fill(mapAsPage, false);
    Arrays.fill(lastSegment, false);
    Arrays.fill(isJumbo, false);
    Arrays.fill(bufType, STMMAC_TXBUF_T_SKB);
    Arrays.fill(xdpf, false);
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
