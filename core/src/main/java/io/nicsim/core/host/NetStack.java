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
  // the last payload type looked up and its handler (null: none): runs carry one or two types
  private Class<?> lastType;
  private RxHandler lastHandler;

  public void register(Class<?> payloadType, RxHandler handler) {
    handlers.put(payloadType, handler);
    lastType = null;
  }

  @Override
  public void receive(Skb skb, Core core) {
    RxHandler h = skb.payload == null ? null : handler(skb.payload.getClass());
    if (h == null) {
      unclaimed++;
      skb.free();
      return;
    }
    h.receive(skb, core);
  }

  private RxHandler handler(Class<?> type) {
    if (type != lastType) {
      lastHandler = handlers.get(type);
      lastType = type;
    }
    return lastHandler;
  }

  public long unclaimedCount() {
    return unclaimed;
  }
}
