package io.nicsim.core.host;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.net.NetDeviceOps;
import java.util.SortedMap;
import java.util.TreeMap;

/** A driver instance bound to its simulated hardware: net_device_ops, ethtool_ops, counters. */
public interface NicDriver extends NetDeviceOps {

  EthtoolOps ethtool();

  /** The kernel version and patches this driver instance runs with. */
  PatchSet patchSet();

  /**
   * The driver's and hardware's counters by name, for reports. Names every driver should
   * provide when it has the mechanism: {@code tx_irq}, {@code rx_irq}, {@code napi_poll_tx},
   * {@code napi_poll_rx}, {@code tx_ic_set}, {@code tx_clean_desc}, {@code queue_stop},
   * {@code hrtimer_start}, {@code hrtimer_try_to_cancel}, {@code tx_timer_fire}.
   */
  SortedMap<String, Long> counters();

  /**
   * skbs the driver holds right now (mapped on TX rings and not yet cleaned, kept for RX), or
   * -1 when the driver does not say. The invariant audit checks that every allocated skb is
   * either freed or held by the driver, a qdisc or a socket.
   */
  default long skbsHeld() {
    return -1;
  }

  /**
   * Checks the driver's own invariants (ring indices and OWN bits, BQL against what the rings
   * hold) and throws {@link io.nicsim.core.sim.InvariantViolation} naming the component and
   * the state when one is broken. Called by the periodic audit, never per packet.
   */
  default void checkInvariants() {}

  /**
   * For {@code ethtool -c} on drivers that show register values (fec: RXIC/TXIC): register
   * name → value. Empty by default.
   */
  default SortedMap<String, Long> coalesceRegisters() {
    return new TreeMap<>();
  }

  /** Whether the MAC model has a TX DMA that can hang ({@code --fault tx-hang}). */
  default boolean modelsTxHang() {
    return false;
  }

  /**
   * Fault injection: TX queue {@code queue}'s DMA stops where it is and ignores doorbells until
   * the driver resets it (or {@link #releaseTxDma}), as a wedged DMA does; dev_watchdog then
   * finds the queue stopped and the driver's ndo_tx_timeout recovers it. Only where
   * {@link #modelsTxHang}.
   */
  default void hangTxDma(int queue) {
    throw new UnsupportedOperationException("no TX DMA hang in this MAC model");
  }

  /**
   * The end of a {@code for=} hang that the driver did not reset first: the DMA resumes where
   * it stopped (nothing when it is no longer hung).
   */
  default void releaseTxDma(int queue) {
    throw new UnsupportedOperationException("no TX DMA hang in this MAC model");
  }

  /** Whether TX queue {@code queue}'s DMA is hung right now (a run's fault report). */
  default boolean txDmaHung(int queue) {
    return false;
  }
}
