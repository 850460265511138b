package io.nicsim.core.host;

import io.nicsim.core.net.SockWfreeNative;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for net/core/sock.c's sock_wfree on the host's UDP sockets
 * ({@link SockWfreeNative}): the sockets are made by the traffic after the host, so a flood
 * takes the C from its device's kernel when it is built.
 */
public final class SockBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(new PortBridge() {
      @Override
      public String file() {
        return "net/core/sock.c";
      }

      @Override
      public String function() {
        return "sock_wfree";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        site.host().kernel().putInLoop(SockWfreeNative.class, new SockWfreeNative(c));
        return true;
      }
    });
  }
}
