package io.nicsim.tcp;

/**
 * What the sender reads from one incoming pure ACK: the cumulative ACK, the (already scaled)
 * window and up to four SACK blocks, most recent first as the receiver orders them.
 */
public final class TcpAckSeg {
  public static final int TCP_NUM_SACKS = 4;

  /** TCP_SKB_CB(skb)->seq: the segment's own sequence number (the peer's snd_nxt). */
  public int seq;
  /** TCP_SKB_CB(skb)->end_seq: seq plus the payload the segment carries (seq for a pure ACK). */
  public int endSeq;
  public int ack;
  /**
   * The window field as received, shifted left by the peer's window scale ({@code
   * TcpSock.sndWscale}, 0 unless the handshake sets it); with no scale it carries the window in
   * bytes.
   */
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
    seq = o.seq;
    endSeq = o.endSeq;
    ack = o.ack;
    window = o.window;
    numSacks = o.numSacks;
    gsoSegs = o.gsoSegs;
    System.arraycopy(o.sackStart, 0, sackStart, 0, TCP_NUM_SACKS);
    System.arraycopy(o.sackEnd, 0, sackEnd, 0, TCP_NUM_SACKS);
    return this;
  }
}
