package io.nicsim.tcp;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.port.exec.NativePort;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --ports c} for tcp-model's congestion modules: the entry points of
 * net/ipv4/tcp_cubic.c ({@link CubicNative}) and net/ipv4/tcp_bbr.c ({@link BbrNative}). A
 * socket is made by the traffic after the host is built, so installing a bridge only admits its
 * function on the host (its C built at the host's CONFIG_HZ: 100, 250, 300 or 1000); the
 * socket's module takes the host's C when the connection opens ({@link #attach}).
 */
public final class TcpBridges implements PortBridgeProvider {
  static final String CUBIC_C = "net/ipv4/tcp_cubic.c";
  static final String BBR_C = "net/ipv4/tcp_bbr.c";

  @Override
  public List<PortBridge> bridges() {
    List<PortBridge> out = new ArrayList<>();
    for (int k : CubicNative.ENTRIES) {
      out.add(bridge(CUBIC_C, CubicHarnesses.FUNCTIONS.get(k)));
    }
    for (int k : BbrNative.ENTRIES) {
      out.add(bridge(BBR_C, BbrHarnesses.FUNCTIONS.get(k)));
    }
    return out;
  }

  @Override
  public java.util.Map<String, String> notBridged() {
    java.util.Map<String, String> m = new java.util.TreeMap<>();
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
    String queues = "not bridged yet: it runs on the live socket's write and retransmit queues,"
        + " which its record holds as bounded lists; a bridge must capture the queues and apply"
        + " the C's edits to them";
    String helper = "a helper: runs as the tree's C inside the congestion modules' bridged"
        + " entry points that call it; no bridge of its own yet";
    for (io.nicsim.core.port.exec.PortHarnessProvider p : List.of(new TcpHarnesses(),
        new TcpHelperHarnesses(), new TcpInputHarnesses(), new TcpOutputHarnesses(),
        new TcpSendmsgHarnesses())) {
      for (io.nicsim.core.port.exec.PortHarness h : p.harnesses()) {
        String f = h.file();
        boolean sock = f.equals("net/ipv4/tcp_output.c") || f.equals("net/ipv4/tcp_input.c")
            || f.equals("net/ipv4/tcp_recovery.c") || f.equals("net/ipv4/tcp_timer.c")
            || f.equals("net/ipv4/tcp.c") || f.equals("net/ipv4/tcp_rate.c");
        m.putIfAbsent(f + " " + h.function(), sock ? queues : helper);
      }
    }
    return m;
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
        // the harness C fixes HZ (tcp common.c); the host's C is built at the host's CONFIG_HZ
        // (KernelC.ports(hz)), the rate TcpStack's sockets tick at
        return true;
      }
    };
  }

  /**
   * Hooks the host's C into a new connection's congestion module: each entry point the host
   * installed runs as C on this module from now on. Nothing changes in a run without
   * {@code --ports c}.
   */
  public static void attach(CongestionOps ca, InLoopPorts ports) {
    if (!ports.active()) {
      return;
    }
    if (ca instanceof Cubic cubic) {
      CubicNative n = new CubicNative();
      boolean any = false;
      for (int k : CubicNative.ENTRIES) {
        NativePort p = ports.port(CUBIC_C + " " + CubicHarnesses.FUNCTIONS.get(k));
        if (p != null) {
          n.set(k, p);
          any = true;
        }
      }
      cubic.c = any ? n : null;
    } else if (ca instanceof Bbr bbr) {
      BbrNative n = new BbrNative();
      boolean any = false;
      for (int k : BbrNative.ENTRIES) {
        NativePort p = ports.port(BBR_C + " " + BbrHarnesses.FUNCTIONS.get(k));
        if (p != null) {
          n.set(k, p);
          any = true;
        }
      }
      bbr.c = any ? n : null;
    }
  }
}
