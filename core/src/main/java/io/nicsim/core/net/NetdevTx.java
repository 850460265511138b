package io.nicsim.core.net;

/** netdev_tx_t and the qdisc's NET_XMIT codes. */
public final class NetdevTx {
  public static final int NETDEV_TX_OK = 0x00;
  public static final int NETDEV_TX_BUSY = 0x10;
  public static final int NET_XMIT_SUCCESS = 0x00;
  public static final int NET_XMIT_DROP = 0x01;
  public static final int NET_XMIT_CN = 0x02;

  private NetdevTx() {}

  /** dev_xmit_complete. */
  public static boolean complete(int rc) {
    return rc < NET_XMIT_MASK;
  }

  static final int NET_XMIT_MASK = 0x0f;
}
