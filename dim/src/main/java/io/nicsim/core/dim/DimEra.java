package io.nicsim.core.dim;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;

/**
 * What changed in lib/dim's behaviour across kernels. The profile values themselves have not
 * changed since v4.16 (only their names, their home — net_dim.h, then lib/dim/net_dim.c in
 * v5.3 — and, in v6.11, a per-device copy users may edit); what changed is which tables exist
 * and two decisions in {@code net_dim}.
 *
 * @param name the first kernel of the era
 * @param retakesStartSample {@code net_dim}'s START_MEASURE branch takes a new start sample
 *     ("net/dim: Update DIM start sample after each DIM iteration"); in v4.16 it did not, so
 *     every iteration compared against the zero sample the driver's memset left
 * @param txProfiles the TX tables and net_dim_get_tx_moderation exist ("net/dim: Support
 *     adaptive TX moderation")
 * @param skipsZeroDelta dim_calc_stats returns false on a zero time delta and net_dim stops
 *     there (v6.4, {@value DimSources#ZERO_DELTA_MSG}); before, the decision ran on a stats
 *     struct that was never filled
 */
public record DimEra(String name, boolean retakesStartSample, boolean txProfiles,
    boolean skipsZeroDelta) {

  /** v4.16: net_dim.h, RX profiles only, start sample never re-taken. */
  public static final DimEra V4_16 = new DimEra("v4.16", false, false, false);
  /**
   * v4.18: TX profiles; the start sample re-taken. Both are absent from the v4.16 header and
   * present in the v4.19 one nicsim read; v4.18 is inferred from the series' dates.
   */
  public static final DimEra V4_18 = new DimEra("v4.18", true, true, false);
  /** v6.4: a zero time delta ends the iteration. */
  public static final DimEra V6_4 = new DimEra("v6.4", true, true, true);

  /**
   * The change that made dim_calc_stats report a zero time delta and net_dim skip the sample:
   * mainline v6.4, and the 6.1.y stable line from 6.1.30 (Debian's linux-source-6.1 changelog
   * lists it under ChangeLog-6.1.30; 6.1.192's dim.c and net_dim.c have it).
   */
  public static final Patch ZERO_DELTA = new Patch(
      "dim-zero-delta", null, "linux/dim: Do nothing if no time delta between samples",
      KernelVersion.of(6, 4), Patch.Status.MAINLINE,
      "dim_calc_stats returns false when no whole microsecond passed; net_dim skips the sample")
      .backportedTo(KernelVersion.of(6, 1, 30), null,
          "Debian linux-source-6.1 changelog: ChangeLog-6.1.30 lists 'linux/dim: Do nothing if"
              + " no time delta between samples'; present in 6.1.192 (" + DimSources.S61 + ")");

  /**
   * The era a kernel version runs: a stable release has its line's backports (6.1.30 and later
   * skip a zero time delta as v6.4 does).
   */
  public static DimEra of(KernelVersion v) {
    if (ZERO_DELTA.inKernel(v)) {
      return V6_4;
    }
    if (v.compareTo(KernelVersion.of(4, 18)) >= 0) {
      return V4_18;
    }
    return V4_16;
  }
}
