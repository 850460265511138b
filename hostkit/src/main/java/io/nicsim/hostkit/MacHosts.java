package io.nicsim.hostkit;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.check.HostAudit;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.MacDiscovery;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModels;
import io.nicsim.core.kernel.KernelConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds hosts around the MAC models a test supplies: the one host builder every driver's suite
 * and the conformance suites use. It sits below runs (so runs' own tests can use it) and so
 * names none of runs' types; {@code hosts::create} is a runs {@code HostFactory}.
 */
public final class MacHosts {
  public static final long SEC = 1_000_000_000L;
  public static final long MS = 1_000_000L;

  private final MacDiscovery.Found macs;

  private MacHosts(MacModels models) {
    this.macs = new MacDiscovery.Found(models);
  }

  /** Hosts that can be built with any of {@code models} (by their names). */
  public static MacHosts of(MacModel... models) {
    Map<String, MacModel> byName = new LinkedHashMap<>();
    for (MacModel m : models) {
      byName.put(m.name(), m);
    }
    return new MacHosts(MacModels.of(byName));
  }

  /** Hosts of every MAC model on the class path (found as the nicsim command finds them). */
  public static MacHosts classPath() {
    return new MacHosts(MacDiscovery.classPath());
  }

  /** The host component of {@code config} (not yet audited): a runs {@code HostFactory}. */
  public HostComponent create(HostConfig config) {
    return DaggerKitHost.factory().create(config, macs);
  }

  /** The host of {@code config}, built and under the periodic invariant audit (as every run). */
  public Host host(HostConfig config) {
    Host h = create(config).host();
    HostAudit.attach(h);
    return h;
  }

  /**
   * A host of {@code mac} on {@code soc} with {@code ethtool -C} arguments (null: none), a
   * kernel ({@code vX.Y}, null: the MAC's default) and patch edits. The periodic tick is off: an
   * idle core stops it (NO_HZ idle), and a driver without a timer_list needs none.
   */
  public Host host(String mac, String soc, String coalesce, String kernel, String... patches) {
    HostConfig c = HostConfig.of(mac, soc)
        .withKernelConfig(KernelConfig.defaults().withTick(false))
        .withPatches(List.of(patches));
    if (kernel != null) {
      c = c.withKernel(kernel);
    }
    if (coalesce != null) {
      c = c.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    return host(c);
  }

  /** {@code count} pings every {@code intervalNs} from {@code startNs} against an echo peer. */
  public static Ping ping(Host h, int count, long intervalNs, long startNs) {
    // a profile that does not state its echo time gets a PC NIC's (~50 us, as bcm2711's)
    long echoNs = h.soc().param("peer_echo_ns", 50_000, 0, 1_000_000_000L);
    EchoPeer peer = new EchoPeer(h.sim(), h.link(), echoNs);
    h.peer().register(IcmpEcho.class, peer);
    Ping ping = Ping.on(h).count(count).intervalNs(intervalNs).startNs(startNs).build();
    h.stack().register(IcmpEcho.class, ping);
    ping.start(h.appCore());
    return ping;
  }

  /** Received datagrams go through udp_rcv and are dropped (nobody reads them). */
  public static void udpReceiver(Host h) {
    h.stack().register(UdpDatagram.class, (skb, core) -> {
      core.charge(KernelOps.UDP_RCV);
      skb.free();
    });
  }

  /**
   * An unpaced UDP sender ({@code iperf3 -u -b 0}) of {@code length}-byte datagrams from
   * {@code startNs} for {@code durationNs}; the link partner takes them.
   */
  public static UdpFlood udpFlood(Host h, int length, long startNs, long durationNs) {
    h.peer().register(UdpDatagram.class, new UdpSink(h.sim()));
    UdpFlood f = UdpFlood.on(h).length(length).rateBps(0).startNs(startNs)
        .durationNs(durationNs).build();
    f.start(h.appCore());
    return f;
  }
}
