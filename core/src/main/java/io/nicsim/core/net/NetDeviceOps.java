package io.nicsim.core.net;

/** The part of struct net_device_ops nicsim drives. */
public interface NetDeviceOps {

  /** ndo_open. */
  void open();

  /** ndo_stop. */
  void stop();

  /**
   * ndo_start_xmit: NETDEV_TX_OK after taking the skb, or NETDEV_TX_BUSY to have it requeued.
   * {@code netdev_xmit_more()} is {@link io.nicsim.core.kernel.Kernel#netdevXmitMore()}.
   */
  int startXmit(Skb skb, NetdevQueue txq);

  /** ndo_tx_timeout, called by dev_watchdog for a queue stopped too long. */
  default void txTimeout(int queue) {}
}
