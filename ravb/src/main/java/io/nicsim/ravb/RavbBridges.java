package io.nicsim.ravb;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --ports c} for ravb_main.c: no function is bridged yet; each harnessed one is listed
 * with why it stays Java (what a run's header and the README say of it).
 */
public final class RavbBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of();
  }

  @Override
  public Map<String, String> notBridged() {
    return PortBridgeProvider.reason(new LinkedHashMap<>(), RavbSources.MAIN_C, "not bridged"
        + " yet: the data path and its interrupts; a bridge must capture the live descriptor"
        + " rings and replay the skbs' hand-off and completion",
        "ravb_alloc_rx_buffer", "ravb_dma_interrupt", "ravb_interrupt", "ravb_poll",
        "ravb_queue_interrupt", "ravb_rx", "ravb_rx_gbeth", "ravb_rx_rcar",
        "ravb_rx_ring_refill", "ravb_start_xmit", "ravb_tx_free");
  }
}
