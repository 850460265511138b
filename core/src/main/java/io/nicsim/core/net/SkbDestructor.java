package io.nicsim.core.net;

/** skb->destructor: runs exactly once, when the skb is freed. */
public interface SkbDestructor {

  void destruct(Skb skb);

  /**
   * Called when software GSO has split {@code gso} into {@code segs} (validate_xmit_skb);
   * the owner may move itself onto the segments (tcp_gso_segment does, so that TCP Small Queues
   * sees each segment's completion). By default segments get no destructor and the GSO skb's
   * destructor runs when it is consumed right after.
   */
  default void segmented(Skb gso, Skb[] segs, int count) {}
}
