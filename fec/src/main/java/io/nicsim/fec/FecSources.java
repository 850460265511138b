package io.nicsim.fec;

/** The kernel trees the ports were read in ({@code owner/repo@commit}), for the annotations. */
final class FecSources {
  private FecSources() {}

  static final String MAIN_C = "drivers/net/ethernet/freescale/fec_main.c";
  static final String FEC_H = "drivers/net/ethernet/freescale/fec.h";

  /** 6.17-rc3 tree: newest body of every function (allow-disable coalescing included). */
  static final String S1 = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013";
  /** ~v6.2/6.3 mainline: post-df727 restart, old coal_set, tx without budget. */
  static final String S3 = "torvalds/linux@002bba562dd371d9ead03f8a309bfdedd6b51230";
  /** 5.10-stable: fec_enet_itr_coal_init still called from fec_restart. */
  static final String S5 = "gregkh/linux@0dc8b3a395c3a749ab62c078f2fd54a402ae7e2b";

  static final String VERSIONS = "v5.10..v6.17";
}
