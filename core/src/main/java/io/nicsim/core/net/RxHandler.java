package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;

/** The protocol stack above a device: takes received skbs (and must free them). */
@FunctionalInterface
public interface RxHandler {
  void receive(Skb skb, Core core);
}
