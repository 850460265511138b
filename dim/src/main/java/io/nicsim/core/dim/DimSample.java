package io.nicsim.core.dim;

/**
 * {@code struct dim_sample}: a snapshot of a queue's counters. The counters are C {@code u32}
 * (packets, bytes, completions) and {@code u16} (events) and are kept here already truncated,
 * so a counter that wraps behaves as it does in the kernel.
 */
public final class DimSample {
  /** ktime_t, ns. */
  public long time;
  /** u32. */
  public int pktCtr;
  /** u32. */
  public int byteCtr;
  /** u16, held in the low 16 bits. */
  public int eventCtr;
  /** u32. */
  public int compCtr;

  /** Copies another sample (a C struct assignment). */
  public void copyFrom(DimSample o) {
    time = o.time;
    pktCtr = o.pktCtr;
    byteCtr = o.byteCtr;
    eventCtr = o.eventCtr;
    compCtr = o.compCtr;
  }
}
