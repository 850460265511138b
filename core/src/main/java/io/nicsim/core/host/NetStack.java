package io.nicsim.core.host;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.net.RxHandler;
import io.nicsim.core.net.Skb;
import java.util.HashMap;
import java.util.Map;

/**
 * The protocol layers above the device: received skbs are handed to the handler registered
 * for their payload's type (ICMP echo to ping, TCP segments to the TCP model); anything else
 * is counted and freed.
 */
public final class NetStack implements RxHandler {
  private final Map<Class<?>, RxHandler> handlers = new HashMap<>();
  private long unclaimed;

  public void register(Class<?> payloadType, RxHandler handler) {
    handlers.put(payloadType, handler);
  }

  @Override
  public void receive(Skb skb, Core core) {
    RxHandler h = skb.payload == null ? null : handlers.get(skb.payload.getClass());
    if (h == null) {
      unclaimed++;
      skb.free();
      return;
    }
    h.receive(skb, core);
  }

  public long unclaimedCount() {
    return unclaimed;
  }
}
