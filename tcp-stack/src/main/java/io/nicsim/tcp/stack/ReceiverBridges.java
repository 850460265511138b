package io.nicsim.tcp.stack;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.port.exec.NativePort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code --ports c} for the receiver's delayed and quick ACKs ({@link TcpReceiverHarnesses}):
 * every harnessed function bridged ({@link ReceiverNative}) on the host's receiver
 * ({@link HostTcpReceiver}, which takes the host's installed C when it is made), and on the far
 * end of a path when it runs the tree's release ({@link FarEnd}: its own build of the same
 * functions at its HZ); nicsim's fixed v6.17 peer, or a far end on another release, keeps the
 * Java.
 */
public final class ReceiverBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    List<PortBridge> out = new ArrayList<>();
    for (String label : ReceiverNative.LABELS) {
      int sp = label.indexOf(' ');
      String file = label.substring(0, sp);
      String function = label.substring(sp + 1);
      out.add(new PortBridge() {
        @Override
        public String file() {
          return file;
        }

        @Override
        public String function() {
          return function;
        }

        @Override
        public boolean install(BridgeSite site, NativePort c) {
          // the receiver is made by the traffic after the host: it takes the installed C then
          return true;
        }
      });
    }
    return out;
  }

  @Override
  public Map<String, String> notBridged() {
    return Map.of();
  }
}
