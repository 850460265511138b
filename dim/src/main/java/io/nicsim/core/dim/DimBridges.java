package io.nicsim.core.dim;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.port.exec.NativePort;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --ports c} for lib/dim: the tree's net_dim on every driver's struct dim
 * ({@link NetDimNative}). The drivers make their NetDim and work items themselves; each net_dim
 * call finds the C through the kernel its dim's work item runs on, so installing puts it there.
 * dim.c's helpers (dim_calc_stats, dim_on_top, dim_turn, the parking functions) and net_dim.c's
 * statics run inside it as the tree's C.
 */
public final class DimBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(new PortBridge() {
      @Override
      public String file() {
        return "lib/dim/net_dim.c";
      }

      @Override
      public String function() {
        return "net_dim";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        site.host().kernel().putInLoop(NetDimNative.class, new NetDimNative(c));
        return true;
      }
    });
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new LinkedHashMap<>();
    String inside = "runs as the tree's C inside the bridged net_dim";
    PortBridgeProvider.reason(m, "lib/dim/dim.c", inside, "dim_calc_stats", "dim_on_top",
        "dim_park_on_top", "dim_park_tired", "dim_turn");
    PortBridgeProvider.reason(m, "lib/dim/net_dim.c", inside, "net_dim_decision",
        "net_dim_exit_parking", "net_dim_stats_compare", "net_dim_step");
    PortBridgeProvider.reason(m, "lib/dim/net_dim.c", "runs as the tree's C inside bcmgenet's"
        + " bridged bcmgenet_dim_work, bcmgenet_set_ring_rx_coalesce and"
        + " bcmgenet_init_rx_coalesce, the only callers a tree has among nicsim's drivers (fec's"
        + " and stmmac's dim what-ifs, not kernel code, call the Java port)",
        "net_dim_get_def_rx_moderation", "net_dim_get_rx_moderation");
    PortBridgeProvider.reason(m, "lib/dim/net_dim.c", "no run reaches it as kernel code: no"
        + " driver nicsim models calls it on a tree (stmmac's dim what-if, not kernel code, calls"
        + " the Java port)", "net_dim_get_def_tx_moderation", "net_dim_get_tx_moderation");
    PortBridgeProvider.reason(m, "include/linux/dim.h", "runs as the tree's C inside the"
        + " bridged bcmgenet_rx_poll, the only caller a tree has among nicsim's drivers (its"
        + " ktime_get the model's; fec's and stmmac's dim what-ifs, not kernel code, call the"
        + " Java port)", "dim_update_sample");
    return m;
  }
}
