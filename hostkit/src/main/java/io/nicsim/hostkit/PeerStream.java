package io.nicsim.hostkit;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.host.Host;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The link partner sending UDP datagrams of {@code payloadLen} bytes to the host, one every
 * {@code gapNs} (0: back to back at line rate), from {@code startNs} until {@code endNs}.
 */
public final class PeerStream {
  private final Simulator sim;
  private final Link link;
  private final int frameLen;
  private final int payloadLen;
  private final long gapNs;
  private final long endNs;
  private final UdpDatagram flow = new UdpDatagram(1);
  private long sent;
  private final Event next =
      new Event() {
        @Override
        protected void fire() {
          send();
        }
      };

  public PeerStream(Host h, int payloadLen, long gapNs, long startNs, long endNs) {
    this.sim = h.sim();
    this.link = h.link();
    this.payloadLen = payloadLen;
    this.frameLen = payloadLen + 42; // UDP, IPv4 and Ethernet headers
    this.gapNs = gapNs;
    this.endNs = endNs;
    sim.schedule(next, startNs);
  }

  /** Datagrams put on the wire so far. */
  public long sent() {
    return sent;
  }

  /** The frame length on the wire (without FCS). */
  public int frameLen() {
    return frameLen;
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
