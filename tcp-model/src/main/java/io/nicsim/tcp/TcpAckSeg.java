package io.nicsim.tcp;

/**
 * What the sender reads from one incoming pure ACK: the cumulative ACK, the (already scaled)
 * window and up to four SACK blocks, most recent first as the receiver orders them.
 */
public final class TcpAckSeg {
  public static final int TCP_NUM_SACKS = 4;

  public int ack;
  public int window;
  public int numSacks;
  public final int[] sackStart = new int[TCP_NUM_SACKS];
  public final int[] sackEnd = new int[TCP_NUM_SACKS];
  /** GRO/backlog-aggregated pure ACKs this segment stands for (gso_segs of the ACK skb). */
  public int gsoSegs = 1;

  public TcpAckSeg set(int ack, int window) {
    this.ack = ack;
    this.window = window;
    this.numSacks = 0;
    this.gsoSegs = 1;
    return this;
  }

  public TcpAckSeg addSack(int start, int end) {
    sackStart[numSacks] = start;
    sackEnd[numSacks] = end;
    numSacks++;
    return this;
  }

  /** Copies another segment into this reusable one. */
  public TcpAckSeg copyFrom(TcpAckSeg o) {
    ack = o.ack;
    window = o.window;
    numSacks = o.numSacks;
    gsoSegs = o.gsoSegs;
    System.arraycopy(o.sackStart, 0, sackStart, 0, TCP_NUM_SACKS);
    System.arraycopy(o.sackEnd, 0, sackEnd, 0, TCP_NUM_SACKS);
    return this;
  }
}
