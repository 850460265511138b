package io.nicsim.tcp.stack;

import io.nicsim.tcp.TcpAckSeg;

/** The payload of a pure ACK frame from the receiver: its flow and what the ACK says. */
public final class TcpAckPacket {
  final TcpFlow flow;
  final TcpAckSeg seg = new TcpAckSeg();
  TcpAckPacket nextFree;

  TcpAckPacket(TcpFlow flow) {
    this.flow = flow;
  }

  public TcpFlow flow() {
    return flow;
  }

  public TcpAckSeg seg() {
    return seg;
  }
}
