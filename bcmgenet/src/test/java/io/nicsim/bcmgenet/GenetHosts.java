package io.nicsim.bcmgenet;

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

/** Host set-ups for the bcmgenet suite. */
final class GenetHosts {
  static final long SEC = 1_000_000_000L;
  static final long MS = 1_000_000L;

  private GenetHosts() {}

  /** A bcm2711 host with {@code ethtool -C} arguments (null: none), no periodic tick. */
  static Host host(String coalesce, String kernel, String... patches) {
    HostConfig c = HostConfig.of("bcmgenet", "bcm2711")
        .withKernelConfig(KernelConfig.defaults().withTick(false))
        .withPatches(java.util.List.of(patches));
    if (kernel != null) {
      c = c.withKernel(kernel);
    }
    if (coalesce != null) {
      c = c.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    return GenetTestHost.of(c).host();
  }

  static BcmgenetDriver driver(Host h) {
    return (BcmgenetDriver) h.driver();
  }

  /** {@code count} pings every {@code intervalNs} from {@code startNs} against an echo peer. */
  static Ping ping(Host h, int count, long intervalNs, long startNs) {
    EchoPeer peer = new EchoPeer(h.sim(), h.link(), h.soc().param("peer_echo_ns").asLong());
    h.peer().register(IcmpEcho.class, peer);
    Ping ping = new Ping(h.sim(), h.dev(), count, intervalNs, 56, startNs);
    h.stack().register(IcmpEcho.class, ping);
    ping.start(h.appCore());
    return ping;
  }

  /** Received datagrams go through udp_rcv and are dropped. */
  static void udpReceiver(Host h) {
    h.stack().register(UdpDatagram.class, (skb, core) -> {
      core.charge(KernelOps.UDP_RCV);
      skb.free();
    });
  }

  /** The link partner sends UDP datagrams back to back (gap 0) or every {@code gapNs}. */
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
