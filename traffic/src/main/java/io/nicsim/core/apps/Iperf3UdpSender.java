package io.nicsim.core.apps;

import io.nicsim.core.net.Ethernet;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The link partner's iperf3 sending one UDP stream to the simulated host (the server side of
 * {@code iperf3 -u -R}), paced as iperf3 paces {@code -b}: a stream may send while its average
 * rate since the start is below the target (iperf_check_throttle, checked after every datagram
 * and on the pacing timer, every 1000 us by default), so at rates the NIC can exceed it sends
 * bursts back to back on each pacing tick; {@code -b 0} sends back to back all along. The
 * server's CPU is not modelled (its sendto takes no time); its NIC sends at the link's rate.
 */
public final class Iperf3UdpSender {
  /** iperf3's default --pacing-timer, 1000 us. */
  public static final long PACING_TIMER_NS = 1_000_000L;
  static final int RING = 1 << 16;

  private final Simulator sim;
  private final Link link;
  private final UdpDatagram flow;
  private final int payloadLen;
  private final int frameLen;
  private final long rateBps;
  private final long startNs;
  private final long endNs;
  private long bytesSent;
  private long sent;
  private boolean greenLight = true;
  private final long[] sentAt = new long[RING];
  private final Event tick = new Event() {
    @Override
    protected void fire() {
      pacingTick();
    }

    @Override
    public boolean nestable() {
      return true; // the far end
    }
  };
  private final Event backToBack = new Event() {
    @Override
    protected void fire() {
      unpaced();
    }

    @Override
    public boolean nestable() {
      return true;
    }
  };

  /** @param rateBps -b: the stream's UDP payload bit rate, 0 = unlimited */
  public Iperf3UdpSender(Simulator sim, Link link, UdpDatagram flow, int payloadLen,
      long rateBps, long startNs, long endNs) {
    this.sim = sim;
    this.link = link;
    this.flow = flow;
    this.payloadLen = payloadLen;
    this.frameLen = payloadLen + Ethernet.UDP_HLEN + Ethernet.IP_HLEN + Ethernet.ETH_HLEN;
    this.rateBps = rateBps;
    this.startNs = startNs;
    this.endNs = endNs;
    sim.schedule(rateBps == 0 ? backToBack : tick, startNs);
  }

  /** iperf_check_throttle: green while bytes_sent * 8 / seconds is below -b. */
  private void checkThrottle(long now) {
    double seconds = (now - startNs) / 1e9;
    // a uint64_t from a double: a zero interval gives +inf, above any rate
    double bps = bytesSent * 8 / seconds;
    greenLight = bps < rateBps;
  }

  /** The pacing timer: re-check, then send while green (iperf_send, one datagram a call). */
  private void pacingTick() {
    long now = sim.now();
    if (now >= endNs) {
      return;
    }
    if (now > startNs) {
      checkThrottle(now);
    }
    while (greenLight) {
      send(now);
      checkThrottle(now);
    }
    sim.schedule(tick, now + PACING_TIMER_NS);
  }

  /** -b 0: every datagram as soon as the NIC has sent the last. */
  private void unpaced() {
    long now = sim.now();
    if (now >= endNs) {
      return;
    }
    long end = send(now);
    sim.schedule(backToBack, Math.max(end, now + 1));
  }

  private long send(long now) {
    sentAt[(int) (sent & (RING - 1))] = now;
    long end = link.transmitToNic(now, flow, sent, payloadLen, frameLen);
    sent++;
    bytesSent += payloadLen;
    return end;
  }

  public long sent() {
    return sent;
  }

  /** When datagram {@code seq} was sent (iperf3's timestamp in it); the last 65536. */
  public long sendTimeNs(long seq) {
    return sentAt[(int) (seq & (RING - 1))];
  }

  public int payloadLen() {
    return payloadLen;
  }
}
