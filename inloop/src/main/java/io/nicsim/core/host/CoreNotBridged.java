package io.nicsim.core.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Core's harnessed kernel functions that stay Java under {@code --ports c}, each with why (the
 * bridged ones are {@link NapiBridges}, {@link DqlBridges} and {@link BqlBridges}): what a
 * run's header and the README list.
 */
public final class CoreNotBridged implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of();
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new LinkedHashMap<>();
    String dev = "net/core/dev.c";
    PortBridgeProvider.reason(m, dev, "runs as the tree's C inside the bridged busy_poll_stop,"
        + " its only caller", "__busy_poll_stop");
    PortBridgeProvider.reason(m, dev, "stays Java: the model spreads the busy loop over the"
        + " polling task's steps, one iteration each, with the wire, interrupts and the other"
        + " CPUs running between them; the tree's C runs every iteration in one call, so a"
        + " bridge would rerun the whole loop from its start at each iteration with every"
        + " earlier poll's answer in its record (unbounded: a 2 ms busy poll makes hundreds);"
        + " its end, busy_poll_stop, runs as C", "__napi_busy_loop");
    PortBridgeProvider.reason(m, dev, "runs as the tree's C inside the bridged"
        + " netdev_tx_completed_queue, its only caller", "netif_schedule_queue");
    PortBridgeProvider.reason(m, "net/core/gro.c", "runs as the tree's C inside the bridged"
        + " gro_flush (6.15+), its only caller", "__gro_flush", "__gro_flush_chain");
    PortBridgeProvider.reason(m, "net/core/gro.c", "runs as the tree's C inside the bridged"
        + " napi_gro_flush (to 6.14), its only caller", "__napi_gro_flush_chain");
    PortBridgeProvider.reason(m, "net/sched/sch_generic.c", "runs as the tree's C inside the"
        + " bridged dequeue_skb, its only caller", "try_bulk_dequeue_skb");
    PortBridgeProvider.reason(m, "net/core/net-sysfs.c", "runs as the tree's C inside the"
        + " bridged netdev_store, its only caller", "change_gro_flush_timeout",
        "change_napi_defer_hard_irqs", "modify_napi_threaded");
    PortBridgeProvider.reason(m, "lib/kstrtox.c", "runs as the tree's C inside the bridged"
        + " netdev_store (kstrtoul) and bql_set (kstrtouint), its only callers", "_kstrtoull");
    PortBridgeProvider.reason(m, "net/ethtool/ioctl.c", "runs as the tree's C inside the"
        + " bridged ethtool_set_coalesce; its other caller, ethtool_set_per_queue_coalesce, no"
        + " run reaches", "ethtool_set_coalesce_supported");
    PortBridgeProvider.reason(m, "net/ethtool/ioctl.c", "no run reaches it: a run's -C sets the"
        + " device's values (ETHTOOL_SCOALESCE); nicsim has no per-queue option",
        "ethtool_set_per_queue_coalesce");
    return m;
  }
}
