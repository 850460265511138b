package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.port.exec.NativePort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --ports c} for the congestion modules: the entry points of net/ipv4/tcp_cubic.c
 * ({@link CubicNative}) and net/ipv4/tcp_bbr.c ({@link BbrNative}). A socket is made by the
 * traffic after the host is built, so installing a bridge only admits its function on the host
 * (its C built at the host's CONFIG_HZ: 100, 250, 300 or 1000); the socket's module takes the
 * host's C when the connection opens (its {@link CongestionOps#attachC}: {@link #cubic},
 * {@link #bbr}).
 */
public final class CcBridges implements PortBridgeProvider {
  static final String CUBIC_C = "net/ipv4/tcp_cubic.c";
  static final String BBR_C = "net/ipv4/tcp_bbr.c";

  @Override
  public List<PortBridge> bridges() {
    List<PortBridge> out = new ArrayList<>();
    for (int k : CubicNative.ENTRIES) {
      out.add(TcpBridges.bridge(CUBIC_C, CubicHarnesses.FUNCTIONS.get(k)));
    }
    for (int k : BbrNative.ENTRIES) {
      out.add(TcpBridges.bridge(BBR_C, BbrHarnesses.FUNCTIONS.get(k)));
    }
    return out;
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new TreeMap<>();
    String inside = "runs as the tree's C inside the module's bridged entry points";
    for (int k = 0; k < CubicHarnesses.FUNCTIONS.size(); k++) {
      if (!CubicNative.ENTRIES.contains(k)) {
        m.put(CUBIC_C + " " + CubicHarnesses.FUNCTIONS.get(k), inside);
      }
    }
    for (int k = 0; k < BbrHarnesses.FUNCTIONS.size(); k++) {
      if (!BbrNative.ENTRIES.contains(k)) {
        m.put(BBR_C + " " + BbrHarnesses.FUNCTIONS.get(k), inside);
      }
    }
    return m;
  }

  /** The host's C of CUBIC's entry points, or null when the host installed none. */
  static CubicNative cubic(InLoopPorts ports) {
    CubicNative n = new CubicNative();
    boolean any = false;
    for (int k : CubicNative.ENTRIES) {
      NativePort p = ports.port(CUBIC_C + " " + CubicHarnesses.FUNCTIONS.get(k));
      if (p != null) {
        n.set(k, p);
        any = true;
      }
    }
    return any ? n : null;
  }

  /** The host's C of BBR's entry points, or null when the host installed none. */
  static BbrNative bbr(InLoopPorts ports) {
    BbrNative n = new BbrNative();
    boolean any = false;
    for (int k : BbrNative.ENTRIES) {
      NativePort p = ports.port(BBR_C + " " + BbrHarnesses.FUNCTIONS.get(k));
      if (p != null) {
        n.set(k, p);
        any = true;
      }
    }
    return any ? n : null;
  }
}
