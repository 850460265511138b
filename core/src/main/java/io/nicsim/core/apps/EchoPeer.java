package io.nicsim.core.apps;

import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The pinged host: answers each echo request after a fixed response time (its own receive,
 * ICMP and transmit path, including its NIC's interrupt moderation), with a frame of the same
 * length.
 */
public final class EchoPeer implements FrameSink {
  private final Simulator sim;
  private final Link link;
  private final long responseNs;
  private long replies;

  public EchoPeer(Simulator sim, Link link, long responseNs) {
    this.sim = sim;
    this.link = link;
    this.responseNs = responseNs;
  }

  @Override
  public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
    if (!(payload instanceof IcmpEcho echo) || echo.reply()) {
      return;
    }
    IcmpEcho reply = echo.toReply();
    sim.scheduleIn(Event.of(() -> {
      replies++;
      link.transmitToNic(sim.now(), reply, 0, payloadLen, len);
    }), responseNs);
  }

  public long replies() {
    return replies;
  }

  public long responseNs() {
    return responseNs;
  }
}
