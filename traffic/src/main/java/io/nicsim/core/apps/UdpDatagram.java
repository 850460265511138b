package io.nicsim.core.apps;

/** The payload object of a UDP flow's datagrams (one shared instance per flow). */
public final class UdpDatagram {
  private final int flow;

  public UdpDatagram(int flow) {
    this.flow = flow;
  }

  public int flow() {
    return flow;
  }
}
