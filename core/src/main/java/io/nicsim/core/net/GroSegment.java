package io.nicsim.core.net;

/**
 * What GRO (net/core/gro.c, tcp_gro_receive) reads of a received TCP data frame: a payload
 * type that implements it may be merged into the skb GRO holds for its flow. Frames whose
 * payload does not implement it (UDP, ICMP, pure ACKs) go up as GRO_NORMAL, one skb each. The
 * skb gives the rest: its payload offset is the sequence number, its payload length the
 * segment's length.
 */
public interface GroSegment {

  /**
   * The flow's hash (skb_get_hash_raw of the 4-tuple): GRO keeps one list per hash bucket and
   * merges only frames of one flow.
   */
  int groFlow(Skb skb);

  /**
   * Everything of the TCP header besides sequence and flags that tcp_gro_receive requires to
   * be equal (ack_seq, window, the options: the timestamp's TSval changes every millisecond of
   * the sender's clock).
   */
  long groHeaderKey(Skb skb);

  /**
   * The frame's Ethernet, IP and TCP header bytes: GRO pulls them (the segment's length is the
   * skb's length less these); the skb's payload offset is the sequence number.
   */
  int groHeaderLen(Skb skb);

  /** The frame's PSH flag (a sender sets it on the last segment of each TSO/GSO skb). */
  boolean groPsh(Skb skb);
}
