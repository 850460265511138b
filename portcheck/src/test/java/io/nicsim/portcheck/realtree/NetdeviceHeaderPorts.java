package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class NetdeviceHeaderPorts {
  private static final String FILE = "include/linux/netdevice.h";

  @KernelPort(file = FILE, function = "napi_schedule", versions = "v6.1")
  void napiSchedule() {}

  @KernelPort(file = FILE, function = "netdev_xmit_more", versions = "v6.1")
  void netdevXmitMore() {}
}
