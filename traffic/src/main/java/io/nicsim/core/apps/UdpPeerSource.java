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
  /** Send times of the last {@link #RING} datagrams (iperf3 puts them in the datagram). */
  private final long[] sentAt = new long[RING];
  static final int RING = 1 << 16;
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
    sentAt[(int) (sent & (RING - 1))] = sim.now();
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

  /**
   * When datagram {@code seq} (its payload offset) was sent, as iperf3 stamps it; valid for the
   * last 65536 sent.
   */
  public long sendTimeNs(long seq) {
    return sentAt[(int) (seq & (RING - 1))];
  }

  /** Payload bytes per datagram. */
  public int payloadLen() {
    return payloadLen;
  }
}
