package io.nicsim.fec;

/** The kernel trees the ports were read in ({@code owner/repo@commit}), for the annotations. */
final class FecSources {
  private FecSources() {}

  static final String MAIN_C = "drivers/net/ethernet/freescale/fec_main.c";
  static final String FEC_H = "drivers/net/ethernet/freescale/fec.h";

  /** 6.17-rc3 tree: newest body of every function (allow-disable coalescing included). */
  static final String TREE_6_17_RC3 = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013";
  /** ~v6.2/6.3 mainline: post-df727 restart, old coal_set, tx without budget. */
  static final String TREE_6_3 = "torvalds/linux@002bba562dd371d9ead03f8a309bfdedd6b51230";
  /** 5.10-stable: fec_enet_itr_coal_init still called from fec_restart. */
  static final String TREE_5_10 = "gregkh/linux@0dc8b3a395c3a749ab62c078f2fd54a402ae7e2b";

  /** A v6.18.19 tree (the jumbo-frame series, ca1bb3fedf26): every port reviewed against it. */
  static final String S618 = "6952350/linux-6.18.y@f3fce0151d4854504d6b04b806d9fd903f130998";

  static final String VERSIONS = "v5.10..v6.18";
}
