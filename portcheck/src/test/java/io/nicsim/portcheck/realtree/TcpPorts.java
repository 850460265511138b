package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class TcpPorts {
  private static final String FILE = "net/ipv4/tcp_output.c";

  @KernelPort(file = FILE, function = "tcp_small_queue_check", versions = "v6.1")
  void tcpSmallQueueCheck() {}

  @KernelPort(file = FILE, function = "tcp_write_xmit", versions = "v6.1")
  void tcpWriteXmit() {}

  @KernelPort(file = FILE, function = "tcp_pacing_check", versions = "v6.1")
  void tcpPacingCheck() {}

  @KernelPort(file = FILE, function = "tcp_tsq_handler", versions = "v6.1")
  void tcpTsqHandler() {}
}
