package io.nicsim.core.dim;

/** Where the lib/dim ports were read ({@code @KernelPort.source}). */
final class DimSources {
  private DimSources() {}

  static final String DIM_C = "lib/dim/dim.c";
  static final String NET_DIM_C = "lib/dim/net_dim.c";
  static final String DIM_H = "include/linux/dim.h";
  /** v4.16..v5.2: everything lived in this header as static inlines. */
  static final String NET_DIM_H = "include/linux/net_dim.h";

  /**
   * linux-stable v6.12.117 (Debian's linux-source-6.12 tarball): the bodies ported. 6.18.19
   * differs only in net_dim taking the sample by pointer (v6.13, no behaviour change).
   */
  static final String S612 = "debian:linux-source-6.12@6.12.117";
  /**
   * linux-stable v6.1.192 (Debian's linux-source-6.1 tarball): the same behaviour as 6.12 (the
   * zero-delta change backported in 6.1.30); the NET_DIM_* constants still in net_dim.c.
   */
  static final String S61 = "debian:linux-source-6.1@6.1.192";
  /** The v4.16 header (first net_dim.h: RX profiles only, start sample never re-taken). */
  static final String S416 = "torvalds/linux@026a807c2de37aa826748c2ffa1969fc778406b2";
  /** A v4.19..v5.2 header (TX profiles, start sample re-taken after each iteration). */
  static final String S419 = "torvalds/linux@0e58983de0d8";

  /** The message that made dim_calc_stats return false on a zero time delta (v6.4). */
  static final String ZERO_DELTA_MSG = "20230507135743.138993-1-tariqt@nvidia.com";

  /** lib/dim/net_dim.c exists from v5.3 (before, static inlines in include/linux/net_dim.h). */
  static final String VERSIONS = "v5.3..v6.18";
  /** The header era. */
  static final String HEADER_VERSIONS = "v4.16..v5.2";
}
