package io.nicsim.bcmgenet;

/** The kernel trees the ports were read in, for the annotations. */
final class GenetSources {
  private GenetSources() {}

  static final String MAIN_C = "drivers/net/ethernet/broadcom/genet/bcmgenet.c";
  static final String MAIN_H = "drivers/net/ethernet/broadcom/genet/bcmgenet.h";

  /** linux-stable v6.12.117 (Debian's linux-source-6.12 tarball): the body of every ported function. */
  static final String S612 = "debian:linux-source-6.12@6.12.117";
  /** linux-stable v6.1.192 (Debian's linux-source-6.1 tarball): same coalescing, NAPI and DIM code. */
  static final String S61 = "debian:linux-source-6.1@6.1.192";
  /** A v6.18.19 tree: get_coalesce without DMA_TIMEOUT_MASK. */
  static final String S618 = "6952350/linux-6.18.y@f3fce0151d4854504d6b04b806d9fd903f130998";

  /** v6.17-rc3 (mainline): rx_poll's napi_complete_done check and the probe's default-on call. */
  static final String S617 = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  /** Kernels whose coalescing/DIM/NAPI paths these bodies reproduce. */
  static final String VERSIONS = "v4.17..v6.18";
}
