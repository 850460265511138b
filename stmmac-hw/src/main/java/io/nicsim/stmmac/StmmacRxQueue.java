package io.nicsim.stmmac;

import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;

/**
 * struct stmmac_rx_queue: the ring ({@code cur_rx}/{@code dirty_rx} are the ring's
 * {@code cur}/{@code dirty}), the refill frame counter, each entry's {@code buf_pool} buffer
 * (a page is its bus address, 0 for none; the model's pages are the token 1), the state a frame
 * spanning two polls leaves, and the tail pointer.
 */
public final class StmmacRxQueue {
  final int queueIndex;
  final DescRing ring;
  /** rx_q->rx_count_frames (u32). */
  int rxCountFrames;
  /** rx_q->dma_rx_phy (0 in the model). */
  long dmaRxPhy;
  /** rx_q->rx_tail_addr (u32). */
  int rxTailAddr;
  /** rx_q->napi_skb_frag_size (from napi_build_skb's use, 6.18). */
  int napiSkbFragSize;

  // rx_q->buf_pool[entry]
  final long[] page;
  final long[] secPage;
  final int[] pageOffset;
  final long[] addr;
  final long[] secAddr;

  // rx_q->state: a frame whose descriptors span two polls
  boolean stateSaved;
  Skb stateSkb;
  int stateError;
  int stateLen;

  StmmacRxQueue(int queueIndex, DescRing ring) {
    this.queueIndex = queueIndex;
    this.ring = ring;
    int n = ring == null ? 0 : ring.size();
    page = new long[n];
    secPage = new long[n];
    pageOffset = new int[n];
    addr = new long[n];
    secAddr = new long[n];
  }

  public DescRing ring() {
    return ring;
  }
}
