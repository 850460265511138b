package io.nicsim.core.host;

import io.nicsim.core.net.DqlNative;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for lib/dynamic_queue_limits: the tree's dql_queued, dql_completed,
 * dql_reset and dql_init on every TX queue's struct dql ({@link DqlNative}). dql_init runs when
 * the queues are made, before any bridge exists: installing it runs the tree's dql_init on each
 * queue again, so its state is the C's from the start.
 */
public final class DqlBridges implements PortBridgeProvider {
  private static final String C = "lib/dynamic_queue_limits.c";
  private static final String H = "include/linux/dynamic_queue_limits.h";

  @Override
  public List<PortBridge> bridges() {
    return List.of(bridge(H, "dql_queued"), bridge(C, "dql_completed"), bridge(C, "dql_reset"),
        bridge(C, "dql_init"));
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
        NetDevice dev = site.host().dev();
        for (int q = 0; q < dev.numTxQueues(); q++) {
          DqlNative.install(dev.queue(q).dql(), function, c);
        }
        return true;
      }
    };
  }
}
