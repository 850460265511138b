package io.nicsim.core.dim;

import io.nicsim.core.port.KernelPort;

/** lib/dim/dim.c and the inline helpers of include/linux/dim.h shared by every DIM user. */
public final class DimLib {
  private DimLib() {}

  /** DIM_NEVENTS: events between two iterations. */
  public static final int NEVENTS = 64;
  static final long USEC_PER_MSEC = 1000L;

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_on_top",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.DIM_C, function = "dim_on_top", versions = "v5.3..v6.18",
      source = DimSources.S612, notes = "net_dim_on_top in include/linux/net_dim.h before v5.3")
  public static boolean onTop(Dim dim) {
    switch (dim.tuneState) {
      case Dim.PARKING_ON_TOP:
      case Dim.PARKING_TIRED:
        return true;
      case Dim.GOING_RIGHT:
        return dim.stepsLeft > 1 && dim.stepsRight == 1;
      default: // GOING_LEFT
        return dim.stepsRight > 1 && dim.stepsLeft == 1;
    }
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_turn",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.DIM_C, function = "dim_turn", versions = "v5.3..v6.18",
      source = DimSources.S612)
  public static void turn(Dim dim) {
    switch (dim.tuneState) {
      case Dim.GOING_RIGHT:
        dim.tuneState = Dim.GOING_LEFT;
        dim.stepsLeft = 0;
        break;
      case Dim.GOING_LEFT:
        dim.tuneState = Dim.GOING_RIGHT;
        dim.stepsRight = 0;
        break;
      default: // parking: nothing
        break;
    }
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_park_on_top",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.DIM_C, function = "dim_park_on_top", versions = "v5.3..v6.18",
      source = DimSources.S612)
  public static void parkOnTop(Dim dim) {
    dim.stepsRight = 0;
    dim.stepsLeft = 0;
    dim.tired = 0;
    dim.tuneState = Dim.PARKING_ON_TOP;
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_park_tired",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.DIM_C, function = "dim_park_tired", versions = "v5.3..v6.18",
      source = DimSources.S612)
  public static void parkTired(Dim dim) {
    dim.stepsRight = 0;
    dim.stepsLeft = 0;
    dim.tuneState = Dim.PARKING_TIRED;
  }

  /**
   * BIT_GAP(bits, end, start): {@code end - start} modulo 2^bits (the counters wrap).
   */
  public static long bitGap(int bits, long end, long start) {
    long mask = (1L << bits) - 1;
    return ((end - start) + (1L << bits)) & mask;
  }

  /**
   * IS_SIGNIFICANT_DIFF(val, ref): more than 10 % apart. The C multiplies {@code abs(val - ref)}
   * (an int) by {@code 100UL} and divides by {@code ref} converted to unsigned long, so the
   * arithmetic is unsigned 64-bit.
   */
  public static boolean isSignificantDiff(int val, int ref) {
    if (ref == 0) {
      return false;
    }
    long num = 100L * (long) Math.abs(val - ref);
    return Long.compareUnsigned(Long.divideUnsigned(num, (long) ref), 10) > 0;
  }

  /**
   * dim_calc_stats. Returns false, leaving {@code curr} untouched, when no whole microsecond
   * passed (in kernels before v6.4 the C returned void there and the caller went on with
   * whatever its stack held; {@link NetDim} keeps that era's behaviour by reusing the last
   * values).
   */
  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_calc_stats",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.DIM_C, function = "dim_calc_stats", versions = "v5.3..v6.18",
      commits = {"4c4dbb4a7363"}, source = DimSources.S612,
      notes = "u32 delta_us and counters; LP64 long for the × USEC_PER_MSEC products; "
          + "net_dim_calc_stats in net_dim.h before v5.3 (no completions)")
  public static boolean calcStats(DimSample start, DimSample end, DimStats curr) {
    // u32 holds up to 71 minutes
    long deltaUs = ((end.time - start.time) / 1000L) & 0xFFFF_FFFFL;
    long npkts = bitGap(32, end.pktCtr & 0xFFFF_FFFFL, start.pktCtr & 0xFFFF_FFFFL);
    long nbytes = bitGap(32, end.byteCtr & 0xFFFF_FFFFL, start.byteCtr & 0xFFFF_FFFFL);
    long ncomps = bitGap(32, end.compCtr & 0xFFFF_FFFFL, start.compCtr & 0xFFFF_FFFFL);

    if (deltaUs == 0) {
      return false;
    }
    curr.ppms = (int) divRoundUp(npkts * USEC_PER_MSEC, deltaUs);
    curr.bpms = (int) divRoundUp(nbytes * USEC_PER_MSEC, deltaUs);
    curr.epms = (int) divRoundUp(NEVENTS * USEC_PER_MSEC, deltaUs);
    curr.cpms = (int) divRoundUp(ncomps * USEC_PER_MSEC, deltaUs);
    if (curr.epms != 0) {
      // DIV_ROUND_DOWN_ULL: the int product widened to unsigned long long, then divided
      curr.cpeRatio = (int) Long.divideUnsigned((long) (curr.cpms * 100), (long) curr.epms);
    } else {
      curr.cpeRatio = 0;
    }
    return true;
  }

  /** DIV_ROUND_UP on non-negative 64-bit values. */
  static long divRoundUp(long n, long d) {
    return (n + d - 1) / d;
  }

  /**
   * dim_update_sample: the counters truncated to the sample's C types ({@code u64} packets and
   * bytes into {@code u32}, the event counter into {@code u16}) and the time of the call.
   */
  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_sample",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.DIM_H, function = "dim_update_sample", versions = "v5.3..v6.18",
      source = DimSources.S612, notes = "net_dim_sample in net_dim.h before v5.3; ktime_get() is "
          + "the caller's clock, passed in")
  public static void updateSample(long now, int eventCtr, long packets, long bytes, DimSample s) {
    s.time = now;
    s.pktCtr = (int) packets;
    s.byteCtr = (int) bytes;
    s.eventCtr = eventCtr & 0xFFFF;
  }
}
