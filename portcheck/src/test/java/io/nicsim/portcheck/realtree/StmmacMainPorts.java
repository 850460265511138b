package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class StmmacMainPorts {
  private static final String FILE = "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c";

  @KernelPort(file = FILE, function = "stmmac_tx_timer_arm", versions = "v6.1")
  void stmmacTxTimerArm() {}

  @KernelPort(file = FILE, function = "stmmac_tx_timer", versions = "v6.1")
  void stmmacTxTimer() {}

  @KernelPort(file = FILE, function = "stmmac_tx_clean", versions = "v6.1")
  void stmmacTxClean() {}

  @KernelPort(file = FILE, function = "stmmac_xmit", versions = "v6.1")
  void stmmacXmit() {}

  @KernelPort(file = FILE, function = "stmmac_tso_xmit", versions = "v6.1")
  void stmmacTsoXmit() {}

  @KernelPort(file = FILE, function = "stmmac_napi_poll_tx", versions = "v6.1")
  void stmmacNapiPollTx() {}

  @KernelPort(file = FILE, function = "stmmac_napi_poll_rx", versions = "v6.1")
  void stmmacNapiPollRx() {}

  @KernelPort(file = FILE, function = "stmmac_napi_poll_rxtx", versions = "v6.1")
  void stmmacNapiPollRxtx() {}

  @KernelPort(file = FILE, function = "stmmac_dma_interrupt", versions = "v6.1")
  void stmmacDmaInterrupt() {}

  @KernelPort(file = FILE, function = "stmmac_init_coalesce", versions = "v6.1")
  void stmmacInitCoalesce() {}

  @KernelPort(file = FILE, function = "stmmac_fpe_handshake", versions = "v6.1")
  void stmmacFpeHandshake() {}
}
