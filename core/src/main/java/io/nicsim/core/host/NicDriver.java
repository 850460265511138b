package io.nicsim.core.host;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.net.NetDeviceOps;
import java.util.SortedMap;

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
   * For {@code ethtool -c} on drivers that show register values (fec: RXIC/TXIC): register
   * name → value. Empty by default.
   */
  default SortedMap<String, Long> coalesceRegisters() {
    return new java.util.TreeMap<>();
  }
}
