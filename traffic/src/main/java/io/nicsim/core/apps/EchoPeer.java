package io.nicsim.core.apps;

import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayDeque;

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
  private final ArrayDeque<Reply> free = new ArrayDeque<>();

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
    Reply r = free.pollFirst();
    if (r == null) {
      r = new Reply();
    }
    r.echo = echo.toReply();
    r.payloadLen = payloadLen;
    r.len = len;
    sim.scheduleIn(r, responseNs);
  }

  /** One reply on its way out; reused once sent (as many exist as replies overlap in time). */
  private final class Reply extends Event {
    IcmpEcho echo;
    int payloadLen;
    int len;

    @Override
    protected void fire() {
      replies++;
      link.transmitToNic(sim.now(), echo, 0, payloadLen, len);
      echo = null;
      free.addLast(this);
    }

    @Override
    public boolean nestable() {
      return true; // the far end
    }
  }

  public long replies() {
    return replies;
  }

  public long responseNs() {
    return responseNs;
  }
}
