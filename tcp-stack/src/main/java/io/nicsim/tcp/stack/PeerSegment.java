package io.nicsim.tcp.stack;

import io.nicsim.core.net.GroSegment;
import io.nicsim.core.net.Skb;

/**
 * The payload of a TCP data frame from the {@link PeerSender} to the host: one per skb the peer
 * sent (its TSO segments share it), what a receiving GRO compares (the flow, the header words
 * that must match) and where that skb ends (its last segment carries PSH).
 */
public final class PeerSegment implements GroSegment {
  final PeerSender sender;
  private final int flowHash;
  /** The TCP timestamp option's TSval (ms of the sender's clock). */
  final long tsval;
  /** Stream offset just past the sender skb's data. */
  final long endOffset;

  PeerSegment(PeerSender sender, int flowHash, long tsval, long endOffset) {
    this.sender = sender;
    this.flowHash = flowHash;
    this.tsval = tsval;
    this.endOffset = endOffset;
  }

  public PeerSender sender() {
    return sender;
  }

  @Override
  public int groFlow(Skb skb) {
    return flowHash;
  }

  @Override
  public long groHeaderKey(Skb skb) {
    return tsval; // ack_seq and the window do not change: the host sends no data
  }

  @Override
  public int groHeaderLen(Skb skb) {
    return PeerSender.HDR_LEN;
  }

  @Override
  public boolean groPsh(Skb skb) {
    return skb.payloadOffset + skb.payloadLen == endOffset;
  }
}
