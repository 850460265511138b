package io.nicsim.portcheck.realtree;

import io.nicsim.core.port.KernelPort;

/**
 * Test-only markers naming real kernel functions, to try port-check on a real kernel tree
 * (see docs/port-check.md). The methods are empty: nothing here is a port.
 */
@SuppressWarnings("unused")
final class DevPorts {
  private static final String FILE = "net/core/dev.c";

  @KernelPort(file = FILE, function = "napi_complete_done", versions = "v6.1")
  void napiCompleteDone() {}

  @KernelPort(file = FILE, function = "__napi_schedule", versions = "v6.1")
  void underNapiSchedule() {}

  @KernelPort(file = FILE, function = "napi_schedule_prep", versions = "v6.1")
  void napiSchedulePrep() {}

  @KernelPort(file = FILE, function = "net_rx_action", versions = "v6.1")
  void netRxAction() {}

  @KernelPort(file = FILE, function = "__napi_poll", versions = "v6.1")
  void underNapiPoll() {}

  @KernelPort(file = FILE, function = "dev_hard_start_xmit", versions = "v6.1")
  void devHardStartXmit() {}

  @KernelPort(file = FILE, function = "__skb_gso_segment", versions = "v6.1")
  void underSkbGsoSegment() {}

  @KernelPort(file = FILE, function = "sch_handle_ingress", versions = "v6.1")
  void schHandleIngress() {}
}
