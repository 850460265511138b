package io.nicsim.core.nic;

/** Receives frames at the time their last bit arrives. */
@FunctionalInterface
public interface FrameSink {
  /**
   * @param payload what the frame carries (shared, immutable; describes the packet)
   * @param offset byte offset of this frame's data in the payload's stream
   * @param payloadLen payload bytes in this frame
   * @param len frame length from the Ethernet header on, without FCS (skb->len)
   */
  void receiveFrame(Object payload, long offset, int payloadLen, int len);
}
