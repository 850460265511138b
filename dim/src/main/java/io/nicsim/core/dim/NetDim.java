package io.nicsim.core.dim;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.port.KernelPort;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * lib/dim/net_dim.c: the profile tables and the state machine that walks them. One instance
 * per host (it holds the era and the clock), shared by every queue's {@link Dim}.
 *
 * <p>The walk: every {@link DimLib#NEVENTS} interrupts the driver's poll hands {@link #netDim}
 * a sample; the rates since the last sample are compared with the previous ones (bytes, then
 * packets, then interrupts; a change counts when it is over 10 %). While the rates improve DIM
 * keeps stepping in the same direction along the five profiles, when they do not it turns; it
 * parks "on top" after a step back and forth, and "tired" after ten steps, and leaves parking
 * on the next significant change (or after the tired count runs down).
 */
public final class NetDim {
  /** net_dim itself, charged by the driver that calls it (a profile gives it when DIM is used). */
  public static final CostOp NET_DIM = CostOp.named("net_dim");

  /** NET_DIM_PARAMS_NUM_PROFILES. */
  public static final int PARAMS_NUM_PROFILES = 5;
  static final int DEFAULT_RX_CQ_PKTS_FROM_EQE = 256;
  static final int DEFAULT_TX_CQ_PKTS_FROM_EQE = 128;
  static final int DEF_PROFILE_CQE = 1;
  static final int DEF_PROFILE_EQE = 1;

  /** rx_profile[mode][ix]: EQE mode (timer from the last event), CQE mode. Since v4.16. */
  static final List<List<DimCqModer>> RX_PROFILE = List.of(
      List.of(p(1, DEFAULT_RX_CQ_PKTS_FROM_EQE), p(8, DEFAULT_RX_CQ_PKTS_FROM_EQE),
          p(64, DEFAULT_RX_CQ_PKTS_FROM_EQE), p(128, DEFAULT_RX_CQ_PKTS_FROM_EQE),
          p(256, DEFAULT_RX_CQ_PKTS_FROM_EQE)),
      List.of(p(2, 256), p(8, 128), p(16, 64), p(32, 64), p(64, 64)));

  /** tx_profile[mode][ix]. Since v4.18. */
  static final List<List<DimCqModer>> TX_PROFILE = List.of(
      List.of(p(1, DEFAULT_TX_CQ_PKTS_FROM_EQE), p(8, DEFAULT_TX_CQ_PKTS_FROM_EQE),
          p(32, DEFAULT_TX_CQ_PKTS_FROM_EQE), p(64, DEFAULT_TX_CQ_PKTS_FROM_EQE),
          p(128, DEFAULT_TX_CQ_PKTS_FROM_EQE)),
      List.of(p(5, 128), p(8, 64), p(16, 32), p(32, 32), p(64, 32)));

  private static DimCqModer p(int usec, int pkts) {
    return new DimCqModer(usec, pkts, 0, 0);
  }

  private final DimEra era;
  private final LongSupplier clock;
  /** The stack-local curr_stats of net_dim, reused (no allocation per call). */
  private final DimStats currStats = new DimStats();
  long iterations;
  long profileChanges;

  /**
   * @param era the lib/dim behaviour to run
   * @param clock ktime_get(): the simulated time of the CPU running the caller
   */
  public NetDim(DimEra era, LongSupplier clock) {
    this.era = era;
    this.clock = clock;
  }

  public DimEra era() {
    return era;
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_get_rx_moderation",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_get_rx_moderation",
      versions = DimSources.VERSIONS, commits = {"4c4dbb4a7363"}, source = DimSources.S612,
      notes = "values unchanged since the v4.16 header (" + DimSources.S416 + ")")
  public DimCqModer getRxModeration(int cqPeriodMode, int ix) {
    return RX_PROFILE.get(cqPeriodMode).get(ix).withMode(cqPeriodMode);
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_get_def_rx_moderation",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_get_def_rx_moderation",
      versions = DimSources.VERSIONS, source = DimSources.S612)
  public DimCqModer getDefRxModeration(int cqPeriodMode) {
    int profileIx = cqPeriodMode == Dim.CQ_PERIOD_MODE_START_FROM_CQE
        ? DEF_PROFILE_CQE : DEF_PROFILE_EQE;
    return getRxModeration(cqPeriodMode, profileIx);
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_get_tx_moderation",
      versions = "v4.18..v5.2", source = DimSources.S419)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_get_tx_moderation",
      versions = DimSources.VERSIONS, source = DimSources.S612,
      notes = "absent from the v4.16 header (" + DimSources.S416 + "), present in "
          + DimSources.S419)
  public DimCqModer getTxModeration(int cqPeriodMode, int ix) {
    if (!era.txProfiles()) {
      throw new IllegalStateException("lib/dim " + era.name() + " has no TX profiles");
    }
    return TX_PROFILE.get(cqPeriodMode).get(ix).withMode(cqPeriodMode);
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_get_def_tx_moderation",
      versions = "v4.18..v5.2", source = DimSources.S419)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_get_def_tx_moderation",
      versions = DimSources.VERSIONS, source = DimSources.S612)
  public DimCqModer getDefTxModeration(int cqPeriodMode) {
    int profileIx = cqPeriodMode == Dim.CQ_PERIOD_MODE_START_FROM_CQE
        ? DEF_PROFILE_CQE : DEF_PROFILE_EQE;
    return getTxModeration(cqPeriodMode, profileIx);
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_step",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_step", versions = DimSources.VERSIONS,
      source = DimSources.S612)
  static int step(Dim dim) {
    if (dim.tired == PARAMS_NUM_PROFILES * 2) {
      return Dim.TOO_TIRED;
    }
    switch (dim.tuneState) {
      case Dim.GOING_RIGHT:
        if (dim.profileIx == PARAMS_NUM_PROFILES - 1) {
          return Dim.ON_EDGE;
        }
        dim.profileIx++;
        dim.stepsRight++;
        break;
      case Dim.GOING_LEFT:
        if (dim.profileIx == 0) {
          return Dim.ON_EDGE;
        }
        dim.profileIx--;
        dim.stepsLeft++;
        break;
      default: // parking
        break;
    }
    dim.tired++;
    return Dim.STEPPED;
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_exit_parking",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_exit_parking",
      versions = DimSources.VERSIONS, source = DimSources.S612)
  static void exitParking(Dim dim) {
    dim.tuneState = dim.profileIx != 0 ? Dim.GOING_LEFT : Dim.GOING_RIGHT;
    step(dim);
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_stats_compare",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_stats_compare",
      versions = DimSources.VERSIONS, source = DimSources.S612)
  static int statsCompare(DimStats curr, DimStats prev) {
    if (prev.bpms == 0) {
      return curr.bpms != 0 ? Dim.STATS_BETTER : Dim.STATS_SAME;
    }
    if (DimLib.isSignificantDiff(curr.bpms, prev.bpms)) {
      return curr.bpms > prev.bpms ? Dim.STATS_BETTER : Dim.STATS_WORSE;
    }
    if (prev.ppms == 0) {
      return curr.ppms != 0 ? Dim.STATS_BETTER : Dim.STATS_SAME;
    }
    if (DimLib.isSignificantDiff(curr.ppms, prev.ppms)) {
      return curr.ppms > prev.ppms ? Dim.STATS_BETTER : Dim.STATS_WORSE;
    }
    if (prev.epms == 0) {
      return Dim.STATS_SAME;
    }
    if (DimLib.isSignificantDiff(curr.epms, prev.epms)) {
      return curr.epms < prev.epms ? Dim.STATS_BETTER : Dim.STATS_WORSE;
    }
    return Dim.STATS_SAME;
  }

  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim_decision",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim_decision",
      versions = DimSources.VERSIONS, source = DimSources.S612)
  static boolean decision(DimStats currStats, Dim dim) {
    int prevState = dim.tuneState;
    int prevIx = dim.profileIx;
    int statsRes;
    int stepRes;

    switch (dim.tuneState) {
      case Dim.PARKING_ON_TOP:
        statsRes = statsCompare(currStats, dim.prevStats);
        if (statsRes != Dim.STATS_SAME) {
          exitParking(dim);
        }
        break;
      case Dim.PARKING_TIRED:
        dim.tired--;
        if (dim.tired == 0) {
          exitParking(dim);
        }
        break;
      default: // GOING_RIGHT, GOING_LEFT
        statsRes = statsCompare(currStats, dim.prevStats);
        if (statsRes != Dim.STATS_BETTER) {
          DimLib.turn(dim);
        }
        if (DimLib.onTop(dim)) {
          DimLib.parkOnTop(dim);
          break;
        }
        stepRes = step(dim);
        switch (stepRes) {
          case Dim.ON_EDGE:
            DimLib.parkOnTop(dim);
            break;
          case Dim.TOO_TIRED:
            DimLib.parkTired(dim);
            break;
          default:
            break;
        }
        break;
    }

    if (prevState != Dim.PARKING_ON_TOP || dim.tuneState != Dim.PARKING_ON_TOP) {
      dim.prevStats.copyFrom(currStats);
    }
    return dim.profileIx != prevIx;
  }

  /**
   * net_dim: called from the driver's NAPI poll with the queue's running counters. When an
   * iteration moves the profile it schedules {@code dim.work}, whose driver function programs
   * the new profile and sets {@code state} back to START_MEASURE.
   */
  @KernelPort(file = DimSources.NET_DIM_H, function = "net_dim",
      versions = DimSources.HEADER_VERSIONS, source = DimSources.S416)
  @KernelPort(file = DimSources.NET_DIM_C, function = "net_dim", versions = DimSources.VERSIONS,
      commits = {"4c4dbb4a7363"}, source = DimSources.S612,
      notes = "eras: start sample re-taken (v4.18, " + DimSources.S419 + "), zero delta "
          + "skipped (v6.4, " + DimSources.ZERO_DELTA_MSG + "); v6.13 passes the sample by "
          + "reference (no behaviour change)")
  public void netDim(Dim dim, DimSample endSample) {
    NetDimNative c = dim.work == null ? null : dim.work.kernel().inLoop(NetDimNative.class);
    if (c != null) { // --ports c: the tree's net_dim
      c.netDim(this, dim, endSample);
      return;
    }
    switch (dim.state) {
      case Dim.MEASURE_IN_PROGRESS: {
        int nevents = (int) DimLib.bitGap(16, endSample.eventCtr, dim.startSample.eventCtr);
        if (nevents < DimLib.NEVENTS) {
          break;
        }
        iterations++;
        boolean reliable = DimLib.calcStats(dim.startSample, endSample, currStats);
        if (!reliable && era.skipsZeroDelta()) {
          break;
        }
        if (decision(currStats, dim)) {
          dim.state = Dim.APPLY_NEW_PROFILE;
          profileChanges++;
          dim.work.schedule();
          break;
        }
        startMeasure(dim, endSample);
        break;
      }
      case Dim.START_MEASURE:
        startMeasure(dim, endSample);
        break;
      default: // APPLY_NEW_PROFILE: the work item has not run yet
        break;
    }
  }

  /** The fall-through into DIM_START_MEASURE. */
  private void startMeasure(Dim dim, DimSample endSample) {
    if (era.retakesStartSample()) {
      DimLib.updateSample(clock.getAsLong(), endSample.eventCtr, endSample.pktCtr & 0xFFFF_FFFFL,
          endSample.byteCtr & 0xFFFF_FFFFL, dim.startSample);
    }
    dim.state = Dim.MEASURE_IN_PROGRESS;
  }

  /** ktime_get() as this NetDim's callers see it. */
  long clock() {
    return clock.getAsLong();
  }

  /** Iterations that computed stats (every NEVENTS events). */
  public long iterations() {
    return iterations;
  }

  /** Decisions that moved the profile (work items scheduled). */
  public long profileChanges() {
    return profileChanges;
  }
}
