package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class StmmacEthtoolPorts {
  private static final String FILE = "drivers/net/ethernet/stmicro/stmmac/stmmac_ethtool.c";

  @KernelPort(file = FILE, function = "__stmmac_get_coalesce", versions = "v6.1")
  void underStmmacGetCoalesce() {}

  @KernelPort(file = FILE, function = "__stmmac_set_coalesce", versions = "v6.1")
  void underStmmacSetCoalesce() {}

  @KernelPort(file = FILE, function = "stmmac_set_coalesce", versions = "v6.1")
  void stmmacSetCoalesce() {}

  @KernelPort(file = FILE, function = "stmmac_usec2riwt", versions = "v6.1")
  void stmmacUsec2riwt() {}

  @KernelPort(file = FILE, function = "stmmac_riwt2usec", versions = "v6.1")
  void stmmacRiwt2usec() {}
}
