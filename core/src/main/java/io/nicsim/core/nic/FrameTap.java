package io.nicsim.core.nic;

/** Observes every frame a link carries, e.g. to write a pcap. */
@FunctionalInterface
public interface FrameTap {
  /**
   * @param time when the first bit leaves the sender, ns
   * @param toPeer direction: NIC → peer (true) or peer → NIC
   */
  void frame(long time, boolean toPeer, Object payload, long offset, int payloadLen, int len);
}
