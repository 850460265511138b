package io.nicsim.core.dim;

/**
 * {@code struct dim_cq_moder}: one moderation profile (timer in µs, frame count) as DIM hands
 * it to a driver. {@code usec}, {@code pkts} and {@code comps} are C {@code u16}.
 */
public record DimCqModer(int usec, int pkts, int comps, int cqPeriodMode) {

  /** The same profile tagged with a CQ period mode (what net_dim_get_*_moderation does). */
  public DimCqModer withMode(int mode) {
    return new DimCqModer(usec, pkts, comps, mode);
  }
}
