package io.nicsim.ravb;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --ports c} for ravb_main.c: the interrupt entry points ({@link RavbIrqBridge}), the NAPI
 * poll ({@link RavbPollBridge}; ravb_rx and ravb_tx_free inside), the xmit
 * ({@link RavbXmitBridge}; ravb_tx_free inside), the RX functions ({@link RavbRxBridge};
 * ravb_rx_ring_refill and ravb_alloc_rx_buffer inside from v6.11); each
 * other harnessed function is listed with why it stays Java (what a run's header and the
 * README say of it).
 */
public final class RavbBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(new RavbIrqBridge(false), new RavbIrqBridge(true),
        new RavbPollBridge(), new RavbXmitBridge(), new RavbRxBridge(false),
        new RavbRxBridge(true));
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new LinkedHashMap<>();
    PortBridgeProvider.reason(m, RavbSources.MAIN_C, "runs as the tree's C inside the bridged"
        + " ravb_rx_gbeth and ravb_rx_rcar, its only callers (v6.11+; 6.1's RX functions refill"
        + " inline)", "ravb_alloc_rx_buffer", "ravb_rx_ring_refill");
    PortBridgeProvider.reason(m, RavbSources.MAIN_C, "runs as the tree's C inside the bridged"
        + " ravb_poll and ravb_start_xmit (on a nearly full ring), its only callers",
        "ravb_tx_free");
    PortBridgeProvider.reason(m, RavbSources.MAIN_C, "runs as the tree's C inside the bridged"
        + " ravb_poll, its only caller", "ravb_rx");
    PortBridgeProvider.reason(m, RavbSources.MAIN_C, "runs as the tree's C inside the bridged"
        + " ravb_interrupt and ravb_dma_interrupt, the driver's callers; its read-only mirror"
        + " for the liveness watch (RavbTxLiveness.cleaner, once a millisecond of the audit)"
        + " runs as Java", "ravb_queue_interrupt");
    return m;
  }
}
