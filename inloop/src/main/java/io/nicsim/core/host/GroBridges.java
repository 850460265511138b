package io.nicsim.core.host;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.GroNative;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * {@code --ports c} for GRO (net/core/gro.c, include/net/gro.h): the tree's dev_gro_receive on
 * every skb a NAPI's GRO receives, and its flush, napi_gro_flush up to 6.14
 * (__napi_gro_flush_chain inside) or gro_flush from the gro_node rework (6.15; __gro_flush and
 * __gro_flush_chain inside), on every NAPI of the host ({@link GroNative}); the protocol's
 * gro_receive and napi_gro_complete are the model's, run where the C calls them. Each tree
 * compiles the one flush of its era, so only that one is installed.
 */
public final class GroBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(bridge("net/core/gro.c", "dev_gro_receive"),
        bridge("net/core/gro.c", "napi_gro_flush"), bridge("include/net/gro.h", "gro_flush"));
  }

  private static PortBridge bridge(String file, String function) {
    return new PortBridge() {
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
        Kernel k = site.host().kernel();
        GroNative was = k.inLoop(GroNative.class);
        UnaryOperator<GroNative> with = switch (function) {
          case "dev_gro_receive" -> g -> g.withReceive(c);
          case "napi_gro_flush" -> g -> g.withNapiGroFlush(c);
          default -> g -> g.withGroFlush(c);
        };
        k.putInLoop(GroNative.class, with.apply(was != null ? was : GroNative.none()));
        return true;
      }
    };
  }
}
