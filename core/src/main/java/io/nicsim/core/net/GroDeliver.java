package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;

/** Where GRO hands skbs up the stack (netif_receive_skb_list_internal), one at a time. */
@FunctionalInterface
public interface GroDeliver {
  void deliver(Skb skb, Core core);
}
