package io.nicsim.tcp.stack;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --ports c} for the receiver's delayed and quick ACKs ({@link TcpReceiverHarnesses}):
 * not bridged yet; each harnessed function listed with why it stays Java.
 */
public final class ReceiverBridges implements PortBridgeProvider {
  private static final String WHY = "not bridged yet: the receiving socket's ACK state (its"
      + " quick-ACK count, delayed-ACK timer and receive queue)";

  @Override
  public List<PortBridge> bridges() {
    return List.of();
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new LinkedHashMap<>();
    PortBridgeProvider.reason(m, "net/ipv4/tcp_input.c", WHY, "__tcp_ack_snd_check",
        "tcp_enter_quickack_mode", "tcp_in_quickack_mode", "tcp_incr_quickack");
    PortBridgeProvider.reason(m, "net/ipv4/tcp_output.c", WHY, "tcp_send_delayed_ack");
    PortBridgeProvider.reason(m, "net/ipv4/tcp_timer.c", WHY, "tcp_delack_timer_handler");
    return m;
  }
}
