package io.nicsim.fec;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/** Host set-ups for the end-to-end suite. */
final class FecHosts {
  static final long SEC = 1_000_000_000L;
  static final long MS = 1_000_000L;

  private FecHosts() {}

  /**
   * A host of {@code soc} with the given ethtool -C arguments (null: none). The periodic tick is
   * off: idle cores stop it (NO_HZ idle) and fec needs no timer_list.
   */
  static Host host(String soc, String coalesce, String kernel, String... patches) {
    HostConfig c = HostConfig.of("fec", soc)
        .withKernelConfig(KernelConfig.defaults().withTick(false))
        .withPatches(java.util.List.of(patches));
    if (kernel != null) {
      c = c.withKernel(kernel);
    }
    if (coalesce != null) {
      c = c.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    return FecTestHost.of(c).host();
  }

  static FecDriver driver(Host h) {
    return (FecDriver) h.driver();
  }

  /** Starts {@code count} pings at 1 s intervals from {@code startNs} against an echo peer. */
  static Ping ping(Host h, int count, long startNs) {
    EchoPeer peer = new EchoPeer(h.sim(), h.link(), h.soc().param("peer_echo_ns").asLong());
    h.peer().register(IcmpEcho.class, peer);
    Ping ping = Ping.on(h).count(count).intervalNs(SEC).startNs(startNs).build();
    h.stack().register(IcmpEcho.class, ping);
    ping.start(h.appCore());
    return ping;
  }

  /** Received datagrams go through udp_rcv and are dropped (nobody reads them). */
  static void udpReceiver(Host h) {
    h.stack().register(UdpDatagram.class, (skb, core) -> {
      core.charge(KernelOps.UDP_RCV);
      skb.free();
    });
  }

  /**
   * The link partner sends UDP datagrams of {@code payloadLen} bytes to the host, one every
   * {@code gapNs} (0: back to back at line rate), from {@code startNs} until {@code endNs}.
   */
  static final class PeerStream {
    final Simulator sim;
    final Link link;
    final int frameLen;
    final int payloadLen;
    final long gapNs;
    final long endNs;
    final UdpDatagram flow = new UdpDatagram(1);
    long sent;
    private final Event next =
        new Event() {
          @Override
          protected void fire() {
            send();
          }
        };

    PeerStream(Host h, int payloadLen, long gapNs, long startNs, long endNs) {
      this.sim = h.sim();
      this.link = h.link();
      this.payloadLen = payloadLen;
      this.frameLen = payloadLen + 42;
      this.gapNs = gapNs;
      this.endNs = endNs;
      sim.schedule(next, startNs);
    }

    private void send() {
      long end = link.transmitToNic(sim.now(), flow, sent, payloadLen, frameLen);
      sent++;
      long at = gapNs > 0 ? sim.now() + gapNs : end;
      if (at < endNs) {
        sim.schedule(next, at);
      }
    }
  }
}
