package io.nicsim.stmmac;

/**
 * {@code stmmac_rx_watchdog()}: program the RI watchdog count of one RX channel. The hardware
 * model implements it; ethtool and open call it.
 */
@FunctionalInterface
public interface RxWatchdog {
  /** Writes {@code riwt} (units of 256 stmmac_clk cycles) to the RX channel's watchdog. */
  void rxWatchdog(int riwt, int queue);

  /** A watchdog register nobody reads (tests of the ethtool paths alone). */
  RxWatchdog NONE = (riwt, queue) -> {};
}
