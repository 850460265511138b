package io.nicsim.core.host;

import io.nicsim.core.kernel.NetifScheduleNative;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevQueueNative;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for a TX queue's BQL wrappers and wake-up: the tree's netdev_tx_sent_queue,
 * netdev_tx_completed_queue (include/linux/netdevice.h) and netif_tx_wake_queue
 * (net/core/dev.c) on every TX queue ({@link NetdevQueueNative}); dql_queued, dql_completed,
 * netif_schedule_queue and __netif_schedule run inside them. __netif_schedule where the model
 * schedules a qdisc on its own ({@link NetifScheduleNative}, every qdisc of the host's kernel). The queue's stop and wake
 * (DRV_XOFF, STACK_XOFF) and the qdisc's scheduling are the C's; the NET_TX softirq it raises
 * schedules the model's qdisc.
 */
public final class BqlBridges implements PortBridgeProvider {
  private static final String NETDEVICE_H = "include/linux/netdevice.h";
  private static final String DEV_C = "net/core/dev.c";

  @Override
  public List<PortBridge> bridges() {
    return List.of(bridge(NETDEVICE_H, "netdev_tx_sent_queue"),
        bridge(NETDEVICE_H, "netdev_tx_completed_queue"), bridge(DEV_C, "netif_tx_wake_queue"),
        bridge(DEV_C, "__netif_schedule"));
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
        if (function.equals("__netif_schedule")) { // the model's own: every qdisc of the host
          site.host().kernel().putInLoop(NetifScheduleNative.class, new NetifScheduleNative(c));
          return true;
        }
        NetDevice dev = site.host().dev();
        for (int q = 0; q < dev.numTxQueues(); q++) {
          NetdevQueueNative.install(dev.queue(q), function, c);
        }
        return true;
      }
    };
  }
}
