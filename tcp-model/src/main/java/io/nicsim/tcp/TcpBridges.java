package io.nicsim.tcp;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.port.exec.NativePort;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * {@code --ports c} for tcp-model's socket: its harnessed functions, none bridged yet (each
 * with why), and the hook that gives a new connection's congestion module the host's C (the
 * modules' own bridges are their jar's: tcp-cc's {@code CcBridges} for CUBIC and BBR).
 */
public final class TcpBridges implements PortBridgeProvider {
  private static final List<CongestionBridge> CONGESTION = ServiceLoader.load(
      CongestionBridge.class, TcpBridges.class.getClassLoader()).stream()
      .map(ServiceLoader.Provider::get).toList();

  @Override
  public List<PortBridge> bridges() {
    return new ArrayList<>();
  }

  @Override
  public java.util.Map<String, String> notBridged() {
    java.util.Map<String, String> m = new java.util.TreeMap<>();
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

  /** A bridge that admits {@code function} of {@code file} on the host being built. */
  static PortBridge bridge(String file, String function) {
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
   * installed runs as C on this module from now on (through the module jar's
   * {@link CongestionBridge}). Nothing changes in a run without {@code --ports c}.
   */
  public static void attach(CongestionOps ca, InLoopPorts ports) {
    if (!ports.active()) {
      return;
    }
    for (CongestionBridge b : CONGESTION) {
      if (b.attach(ca, ports)) {
        return;
      }
    }
  }
}
