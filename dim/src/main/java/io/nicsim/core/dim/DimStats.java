package io.nicsim.core.dim;

/** {@code struct dim_stats}: rates between two samples, per millisecond (C {@code int}s). */
public final class DimStats {
  /** Packets per ms. */
  public int ppms;
  /** Bytes per ms. */
  public int bpms;
  /** Events (interrupts) per ms. */
  public int epms;
  /** Completions per ms (RDMA DIM). */
  public int cpms;
  /** Completions per event × 100 (RDMA DIM). */
  public int cpeRatio;

  /** A C struct assignment. */
  public void copyFrom(DimStats o) {
    ppms = o.ppms;
    bpms = o.bpms;
    epms = o.epms;
    cpms = o.cpms;
    cpeRatio = o.cpeRatio;
  }
}
