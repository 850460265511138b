package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class BbrPorts {
  private static final String FILE = "net/ipv4/tcp_bbr.c";

  @KernelPort(file = FILE, function = "bbr_update_bw", versions = "v6.1")
  void bbrUpdateBw() {}

  @KernelPort(file = FILE, function = "bbr_set_pacing_rate", versions = "v6.1")
  void bbrSetPacingRate() {}
}
