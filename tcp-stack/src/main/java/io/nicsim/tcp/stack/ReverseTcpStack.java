package io.nicsim.tcp.stack;

import io.nicsim.core.host.Host;
import io.nicsim.core.nic.DelayLine;
import io.nicsim.tcp.CongestionOps;

/**
 * TCP flowing into the simulated host: connections from a {@link PeerSender} at the far end of
 * a path to a {@link HostTcpReceiver} on the host. Data frames reach the host's stack, which
 * hands each to its connection's receiver; the host's ACKs reach the link partner, which hands
 * them, a reverse delay later, to their sender.
 */
public final class ReverseTcpStack {
  private final Host host;
  private final DelayLine toSenders;
  private int flows;

  public ReverseTcpStack(Host host, long reverseDelayNs) {
    this.host = host;
    host.stack().register(PeerSegment.class,
        (skb, core) -> ((PeerSegment) skb.payload).sender.receiver.receive(skb, core));
    this.toSenders = new DelayLine(host.sim(),
        (payload, offset, payloadLen, len) -> {
          PeerAck a = (PeerAck) payload;
          a.receiver.ackAtPeer(a);
        });
    host.peer().register(PeerAck.class, (payload, offset, payloadLen, len) ->
        toSenders.add(host.sim().now() + reverseDelayNs, payload, offset, payloadLen, len));
  }

  /**
   * A connection (already established) from the peer, whose server writes from {@code startNs}
   * for {@code durationNs}; the host's reader takes {@code readLen} bytes per recvmsg and stops
   * at {@code startNs + durationNs + drainNs}.
   */
  public HostTcpReceiver connect(CongestionOps ca, PathConfig cfg, int readLen, long startNs,
      long durationNs, long drainNs) {
    return connect(ca, cfg, readLen, startNs, durationNs, drainNs, FarEnd.fixed());
  }

  /** As above, the peer's server on {@code far}'s kernel ({@link FarEnd}). */
  public HostTcpReceiver connect(CongestionOps ca, PathConfig cfg, int readLen, long startNs,
      long durationNs, long drainNs, FarEnd far) {
    int flow = ++flows;
    PeerSender peer = new PeerSender(host.sim(), host.link(), cfg, ca, 0x5eed0000 + flow,
        HostTcpReceiver.WINDOW_MAX, startNs, durationNs, far);
    HostTcpReceiver r = new HostTcpReceiver(host, peer, cfg, readLen,
        startNs + durationNs + drainNs);
    peer.receiver = r;
    return r;
  }
}
