package io.nicsim.ravb;

/** The kernel trees the ports were read in, for the annotations. */
final class RavbSources {
  private RavbSources() {}

  static final String MAIN_C = "drivers/net/ethernet/renesas/ravb_main.c";
  static final String MAIN_H = "drivers/net/ethernet/renesas/ravb.h";

  /** linux-stable v6.1.192 (Debian's linux-source-6.1): the quota-era RX and poll bodies. */
  static final String S61 = "debian:linux-source-6.1@6.1.192";
  /** linux-stable v6.12.118 (Debian's linux-source-6.12): the budget-era bodies (v6.11 series). */
  static final String S612 = "debian:linux-source-6.12@6.12.118";
  /** A v6.18.19 tree: the same bodies as 6.12.118 for every ported function. */
  static final String S618 = "6952350/linux-6.18.y@f3fce0151d4854504d6b04b806d9fd903f130998";

  /** Kernels whose paths these bodies reproduce (the eras are {@link RavbPatches}). */
  static final String VERSIONS = "v6.1..v6.18";
}
