package io.nicsim.tcp.stack;

import io.nicsim.tcp.TcpAckSeg;

/** The payload of a pure ACK frame from the host's receiver to the {@link PeerSender}. */
public final class PeerAck {
  final HostTcpReceiver receiver;
  final TcpAckSeg seg = new TcpAckSeg();
  PeerAck nextFree;

  PeerAck(HostTcpReceiver receiver) {
    this.receiver = receiver;
  }

  public TcpAckSeg seg() {
    return seg;
  }
}
