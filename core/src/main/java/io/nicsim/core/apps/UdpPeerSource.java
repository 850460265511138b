package io.nicsim.core.apps;

import io.nicsim.core.net.Ethernet;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The link partner sending UDP datagrams to the simulated host ({@code iperf3 -u -R} seen from
 * the host): one every {@code gapNs}, or back to back at line rate when the gap is 0.
 */
public final class UdpPeerSource {
  private final Simulator sim;
  private final Link link;
  private final UdpDatagram flow;
  private final int payloadLen;
  private final int frameLen;
  private final long gapNs;
  private final long endNs;
  private long sent;
  private final Event next =
      new Event() {
        @Override
        protected void fire() {
          send();
        }
      };

  public UdpPeerSource(Simulator sim, Link link, UdpDatagram flow, int payloadLen, long gapNs,
      long startNs, long endNs) {
    this.sim = sim;
    this.link = link;
    this.flow = flow;
    this.payloadLen = payloadLen;
    this.frameLen = payloadLen + Ethernet.UDP_HLEN + Ethernet.IP_HLEN + Ethernet.ETH_HLEN;
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

  public long sent() {
    return sent;
  }
}
