package io.nicsim.ravb;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.hostkit.MacHosts;

/** Host set-ups for the ravb suite. */
final class RavbHosts {
  static final long MS = 1_000_000L;

  private RavbHosts() {}

  /** A host on {@code soc} running {@code kernel}, no periodic tick. */
  static Host host(String soc, String kernel, String... patches) {
    HostConfig c = HostConfig.of("ravb", soc)
        .withKernelConfig(KernelConfig.defaults().withTick(false))
        .withPatches(java.util.List.of(patches))
        .withKernel(kernel);
    return MacHosts.classPath().host(c);
  }

  static RavbDriver driver(Host h) {
    return (RavbDriver) h.driver();
  }

  /** Received datagrams go through udp_rcv and are dropped. */
  static void udpReceiver(Host h) {
    h.stack().register(UdpDatagram.class, (skb, core) -> {
      core.charge(KernelOps.UDP_RCV);
      skb.free();
    });
  }

  /** The link partner sends UDP datagrams every {@code gapNs} (0: back to back). */
  static final class PeerStream {
    final Simulator sim;
    final Link link;
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
      this.gapNs = gapNs;
      this.endNs = endNs;
      sim.schedule(next, startNs);
    }

    private void send() {
      long end = link.transmitToNic(sim.now(), flow, sent, payloadLen, payloadLen + 42);
      sent++;
      long at = gapNs > 0 ? sim.now() + gapNs : end;
      if (at < endNs) {
        sim.schedule(next, at);
      }
    }
  }
}
