package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class FecPorts {
  private static final String FILE = "drivers/net/ethernet/freescale/fec_main.c";

  @KernelPort(file = FILE, function = "fec_enet_us_to_itr_clock", versions = "v6.1")
  void fecEnetUsToItrClock() {}

  @KernelPort(file = FILE, function = "fec_enet_itr_coal_set", versions = "v6.1")
  void fecEnetItrCoalSet() {}

  @KernelPort(file = FILE, function = "fec_enet_get_coalesce", versions = "v6.1")
  void fecEnetGetCoalesce() {}

  @KernelPort(file = FILE, function = "fec_enet_set_coalesce", versions = "v6.1")
  void fecEnetSetCoalesce() {}

  @KernelPort(file = FILE, function = "fec_enet_rx_napi", versions = "v6.1")
  void fecEnetRxNapi() {}

  @KernelPort(file = FILE, function = "fec_enet_interrupt", versions = "v6.1")
  void fecEnetInterrupt() {}

  @KernelPort(file = FILE, function = "fec_enet_itr_coal_init", versions = "v6.1")
  void fecEnetItrCoalInit() {}
}
