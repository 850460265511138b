package io.nicsim.tcp.stack;

import io.nicsim.tcp.TcpSkb;

/**
 * The payload of a TCP data frame: which connection it belongs to, and the send-side skb it
 * was cloned from, so the clone's destructor can tell TCP the clone is gone (skb_fclone_busy).
 * The frame's payload offset is the byte position in the connection's stream.
 */
public final class TcpPacket {
  final TcpFlow flow;
  final TcpSkb skb;
  /** Software GSO consumed the clone; its segments carry the destructor now. */
  boolean segmented;
  /** Stream offset just past this clone's data: its last segment carries PSH. */
  long endOffset;

  TcpPacket(TcpFlow flow, TcpSkb skb) {
    this.flow = flow;
    this.skb = skb;
  }

  public TcpFlow flow() {
    return flow;
  }

  /** The sequence number of a frame of this packet starting at stream {@code offset}. */
  public int seqAt(long offset) {
    return flow.seqOf(offset);
  }
}
