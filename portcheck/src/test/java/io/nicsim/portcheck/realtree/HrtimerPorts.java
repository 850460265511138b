package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class HrtimerPorts {
  private static final String FILE = "kernel/time/hrtimer.c";

  @KernelPort(file = FILE, function = "hrtimer_start_range_ns", versions = "v6.1")
  void hrtimerStartRangeNs() {}

  @KernelPort(file = FILE, function = "hrtimer_try_to_cancel", versions = "v6.1")
  void hrtimerTryToCancel() {}

  @KernelPort(file = FILE, function = "__hrtimer_run_queues", versions = "v6.1")
  void underHrtimerRunQueues() {}
}
