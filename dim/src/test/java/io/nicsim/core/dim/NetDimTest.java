package io.nicsim.core.dim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.kernel.WorkItem;
import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * net_dim against sequences worked by hand from lib/dim/net_dim.c (v6.12): each expectation
 * below follows the C statement by statement.
 */
class NetDimTest {
  private KernelKit kit;
  private long now;
  private NetDim netDim;
  private Dim dim;
  private int applied;

  @BeforeEach
  void setUp() {
    kit = KernelKit.plain();
    netDim = new NetDim(DimEra.V6_4, () -> now);
    dim = new Dim();
    dim.work = new WorkItem(kit.kernel, "dim", () -> {
      applied++;
      dim.state = Dim.START_MEASURE; // what every driver's dim work does last
    });
  }

  private static DimSample sample(long timeUs, int events, long pkts, long bytes) {
    DimSample s = new DimSample();
    DimLib.updateSample(timeUs * 1000, events, pkts, bytes, s);
    return s;
  }

  private static DimStats stats(int bpms, int ppms, int epms) {
    DimStats s = new DimStats();
    s.bpms = bpms;
    s.ppms = ppms;
    s.epms = epms;
    return s;
  }

  /** net_dim with the clock at the sample's time (ktime_get in dim_update_sample). */
  private void feed(DimSample s) {
    now = s.time;
    netDim.netDim(dim, s);
  }

  @Test
  void firstIterationLeavesParkingToTheRightAndSchedulesTheWork() {
    feed(sample(0, 0, 0, 0)); // START_MEASURE: take the start sample
    assertThat(dim.state).isEqualTo(Dim.MEASURE_IN_PROGRESS);
    feed(sample(500, 63, 500, 500_000)); // 63 events: too few
    assertThat(dim.state).isEqualTo(Dim.MEASURE_IN_PROGRESS);
    assertThat(netDim.iterations()).isZero();

    feed(sample(1000, 64, 1000, 1_000_000));
    // prev bpms 0, curr 1e6: BETTER -> exit parking: ix 0 so GOING_RIGHT, step to 1
    assertThat(dim.profileIx).isEqualTo(1);
    assertThat(dim.tuneState).isEqualTo(Dim.GOING_RIGHT);
    assertThat(dim.stepsRight).isEqualTo(1);
    assertThat(dim.tired).isEqualTo(1);
    assertThat(dim.prevStats.bpms).isEqualTo(1_000_000);
    assertThat(dim.prevStats.ppms).isEqualTo(1000);
    assertThat(dim.prevStats.epms).isEqualTo(64);
    assertThat(dim.state).isEqualTo(Dim.APPLY_NEW_PROFILE);
    assertThat(dim.work.pending()).isTrue();

    // while the profile is being applied net_dim ignores samples
    feed(sample(2000, 200, 2000, 2_000_000));
    assertThat(dim.profileIx).isEqualTo(1);
    assertThat(netDim.iterations()).isEqualTo(1);
  }

  @Test
  void stepsRightWhileBetterAndTurnsLeftWhenWorse() {
    dim.tuneState = Dim.GOING_RIGHT;
    dim.profileIx = 1;
    dim.stepsRight = 1;
    dim.tired = 1;
    dim.prevStats.copyFrom(stats(100_000, 100, 64));

    assertThat(NetDim.decision(stats(120_000, 100, 64), dim)).isTrue(); // +20 % bytes
    assertThat(dim.profileIx).isEqualTo(2);
    assertThat(dim.stepsRight).isEqualTo(2);
    assertThat(dim.tired).isEqualTo(2);

    assertThat(NetDim.decision(stats(90_000, 100, 64), dim)).isTrue(); // -25 %: WORSE, turn
    assertThat(dim.tuneState).isEqualTo(Dim.GOING_LEFT);
    assertThat(dim.profileIx).isEqualTo(1);
    assertThat(dim.stepsLeft).isEqualTo(1);
    assertThat(dim.stepsRight).isEqualTo(2); // turning left clears only steps_left
    assertThat(dim.tired).isEqualTo(3);
    assertThat(dim.prevStats.bpms).isEqualTo(90_000);
  }

  @Test
  void parksOnTopAfterTwoLeftStepsAndOneBetterStepRight() {
    // went left twice, turned, stepped right once: the next BETTER sample parks here
    dim.tuneState = Dim.GOING_RIGHT;
    dim.profileIx = 2;
    dim.stepsLeft = 2;
    dim.stepsRight = 1;
    dim.tired = 3;
    dim.prevStats.copyFrom(stats(100_000, 100, 64));

    assertThat(NetDim.decision(stats(150_000, 100, 64), dim)).isFalse();
    assertThat(dim.tuneState).isEqualTo(Dim.PARKING_ON_TOP);
    assertThat(dim.profileIx).isEqualTo(2);
    assertThat(dim.stepsLeft).isZero();
    assertThat(dim.stepsRight).isZero();
    assertThat(dim.tired).isZero();
    assertThat(dim.prevStats.bpms).isEqualTo(150_000); // left GOING_RIGHT: stats kept

    // parked: a SAME sample keeps it parked and does not replace prev_stats
    assertThat(NetDim.decision(stats(160_000, 100, 64), dim)).isFalse(); // +6.7 %: SAME
    assertThat(dim.tuneState).isEqualTo(Dim.PARKING_ON_TOP);
    assertThat(dim.prevStats.bpms).isEqualTo(150_000);

    // a significant change leaves parking: ix 2 != 0 so GOING_LEFT, one step
    assertThat(NetDim.decision(stats(100_000, 100, 64), dim)).isTrue();
    assertThat(dim.tuneState).isEqualTo(Dim.GOING_LEFT);
    assertThat(dim.profileIx).isEqualTo(1);
    assertThat(dim.stepsLeft).isEqualTo(1);
    assertThat(dim.tired).isEqualTo(1);
  }

  @Test
  void theRightEdgeParksOnTop() {
    dim.tuneState = Dim.GOING_RIGHT;
    dim.profileIx = 4;
    dim.stepsRight = 4;
    dim.tired = 4;
    dim.prevStats.copyFrom(stats(100_000, 100, 64));
    assertThat(NetDim.decision(stats(200_000, 100, 64), dim)).isFalse();
    assertThat(dim.tuneState).isEqualTo(Dim.PARKING_ON_TOP);
    assertThat(dim.profileIx).isEqualTo(4);
  }

  @Test
  void tenStepsMakeItTiredAndTenIterationsWakeIt() {
    dim.tuneState = Dim.GOING_LEFT;
    dim.profileIx = 3;
    dim.stepsRight = 0;
    dim.stepsLeft = 0;
    dim.tired = 10;
    dim.prevStats.copyFrom(stats(100_000, 100, 64));
    assertThat(NetDim.decision(stats(200_000, 100, 64), dim)).isFalse();
    assertThat(dim.tuneState).isEqualTo(Dim.PARKING_TIRED);
    assertThat(dim.tired).isEqualTo(10); // park_tired keeps the count
    for (int i = 9; i >= 1; i--) {
      assertThat(NetDim.decision(stats(999, 1, 1), dim)).isFalse();
      assertThat(dim.tired).isEqualTo(i);
      assertThat(dim.tuneState).isEqualTo(Dim.PARKING_TIRED);
    }
    assertThat(NetDim.decision(stats(999, 1, 1), dim)).isTrue();
    assertThat(dim.tuneState).isEqualTo(Dim.GOING_LEFT); // ix 3 != 0
    assertThat(dim.profileIx).isEqualTo(2);
    assertThat(dim.tired).isEqualTo(1);
  }

  @Test
  void comparisonThresholdsAreMoreThanTenPercentInTheOrderBytesPacketsEvents() {
    assertThat(DimLib.isSignificantDiff(111, 100)).isTrue();
    assertThat(DimLib.isSignificantDiff(110, 100)).isFalse(); // exactly 10 %: not more
    assertThat(DimLib.isSignificantDiff(90, 100)).isFalse();
    assertThat(DimLib.isSignificantDiff(89, 100)).isTrue();
    assertThat(DimLib.isSignificantDiff(5, 0)).isFalse(); // (ref) && ...
    // integer division: 100 * 1 / 9 = 11 > 10
    assertThat(DimLib.isSignificantDiff(10, 9)).isTrue();

    DimStats prev = stats(100_000, 100, 64);
    assertThat(NetDim.statsCompare(stats(105_000, 100, 64), prev)).isEqualTo(Dim.STATS_SAME);
    // bytes within 10 %, packets +20 %: packets decide
    assertThat(NetDim.statsCompare(stats(105_000, 120, 64), prev)).isEqualTo(Dim.STATS_BETTER);
    assertThat(NetDim.statsCompare(stats(105_000, 80, 64), prev)).isEqualTo(Dim.STATS_WORSE);
    // bytes and packets the same, fewer interrupts is better
    assertThat(NetDim.statsCompare(stats(100_000, 100, 50), prev)).isEqualTo(Dim.STATS_BETTER);
    assertThat(NetDim.statsCompare(stats(100_000, 100, 80), prev)).isEqualTo(Dim.STATS_WORSE);
    // bytes decide before anything else
    assertThat(NetDim.statsCompare(stats(80_000, 200, 10), prev)).isEqualTo(Dim.STATS_WORSE);
    // a zero previous rate
    assertThat(NetDim.statsCompare(stats(0, 0, 64), stats(0, 0, 64)))
        .isEqualTo(Dim.STATS_SAME);
    assertThat(NetDim.statsCompare(stats(1, 0, 64), stats(0, 0, 64)))
        .isEqualTo(Dim.STATS_BETTER);
  }

  @Test
  void calcStatsKeepsCIntegerSemantics() {
    DimSample start = sample(0, 0, 0xFFFF_FFF0L, 0xFFFF_FF00L);
    DimSample end = sample(3, 64, 0x1_0000_0010L, 0x1_0000_0100L); // both wrapped
    DimStats s = new DimStats();
    assertThat(DimLib.calcStats(start, end, s)).isTrue();
    assertThat(s.ppms).isEqualTo(10_667); // DIV_ROUND_UP(32 * 1000, 3)
    assertThat(s.bpms).isEqualTo(170_667); // DIV_ROUND_UP(512 * 1000, 3)
    assertThat(s.epms).isEqualTo(21_334); // DIV_ROUND_UP(64000, 3)

    DimSample same = sample(0, 64, 10, 10);
    same.time = 999; // under a microsecond: delta_us 0
    DimStats untouched = stats(7, 7, 7);
    assertThat(DimLib.calcStats(start, same, untouched)).isFalse();
    assertThat(untouched.bpms).isEqualTo(7);

    assertThat(DimLib.bitGap(16, 28, 65_500)).isEqualTo(64); // u16 event counter wrap
  }

  @Test
  void theEventCounterWrapsAsAU16() {
    feed(sample(0, 65_500, 0, 0));
    feed(sample(1000, 27, 1000, 1_000_000)); // 63 events across the wrap
    assertThat(netDim.iterations()).isZero();
    feed(sample(1000, 28, 1000, 1_000_000)); // 64
    assertThat(netDim.iterations()).isEqualTo(1);
  }

  @Test
  void theV416EraNeverRetakesTheStartSample() {
    netDim = new NetDim(DimEra.V4_16, () -> now);
    feed(sample(5000, 100, 1000, 1000));
    assertThat(dim.state).isEqualTo(Dim.MEASURE_IN_PROGRESS);
    assertThat(dim.startSample.time).isZero();
    assertThat(dim.startSample.eventCtr).isZero();
    assertThatThrownBy(() -> netDim.getTxModeration(0, 0))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void fromV64AZeroTimeDeltaEndsTheIteration() {
    feed(sample(1000, 0, 0, 0));
    DimSample same = sample(1000, 64, 100, 100_000);
    feed(same);
    assertThat(netDim.iterations()).isEqualTo(1);
    assertThat(dim.tuneState).isEqualTo(Dim.PARKING_ON_TOP);
    assertThat(dim.state).isEqualTo(Dim.MEASURE_IN_PROGRESS);
    assertThat(dim.startSample.eventCtr).isZero(); // not re-taken either
  }

  @Test
  void theWorkItemRunsInProcessContextAndRearmsMeasurement() {
    kit.inTask(0, 0, () -> {
      feed(sample(0, 0, 0, 0));
      feed(sample(1000, 64, 1000, 1_000_000));
    });
    kit.runUntil(1_000_000);
    assertThat(applied).isEqualTo(1);
    assertThat(dim.work.runs()).isEqualTo(1);
    assertThat(dim.state).isEqualTo(Dim.START_MEASURE);
    assertThat(kit.cpu.timesCharged(WorkItem.PROCESS_ONE_WORK)).isEqualTo(1);
  }

  @Test
  void profileTablesMatchTheKernel() {
    int[] rxEqe = {1, 8, 64, 128, 256};
    int[][] rxCqe = {{2, 256}, {8, 128}, {16, 64}, {32, 64}, {64, 64}};
    int[] txEqe = {1, 8, 32, 64, 128};
    int[][] txCqe = {{5, 128}, {8, 64}, {16, 32}, {32, 32}, {64, 32}};
    for (DimEra era : new DimEra[] {DimEra.V4_16, DimEra.V4_18, DimEra.V6_4}) {
      NetDim n = new NetDim(era, () -> 0);
      for (int i = 0; i < NetDim.PARAMS_NUM_PROFILES; i++) {
        assertThat(n.getRxModeration(0, i)).isEqualTo(new DimCqModer(rxEqe[i], 256, 0, 0));
        assertThat(n.getRxModeration(1, i))
            .isEqualTo(new DimCqModer(rxCqe[i][0], rxCqe[i][1], 0, 1));
        if (era.txProfiles()) {
          assertThat(n.getTxModeration(0, i)).isEqualTo(new DimCqModer(txEqe[i], 128, 0, 0));
          assertThat(n.getTxModeration(1, i))
              .isEqualTo(new DimCqModer(txCqe[i][0], txCqe[i][1], 0, 1));
        }
      }
      assertThat(n.getDefRxModeration(0).usec()).isEqualTo(8);
      assertThat(n.getDefRxModeration(1).usec()).isEqualTo(8);
    }
    assertThat(new NetDim(DimEra.V6_4, () -> 0).getDefTxModeration(1))
        .isEqualTo(new DimCqModer(8, 64, 0, 1));
    assertThat(DimEra.of(io.nicsim.core.era.KernelVersion.of(6, 1))).isEqualTo(DimEra.V4_18);
    assertThat(DimEra.of(io.nicsim.core.era.KernelVersion.of(6, 12))).isEqualTo(DimEra.V6_4);
  }

  /**
   * A 64-event sample with no elapsed time, from GOING_RIGHT: mainline v6.1 decides on it (the
   * stats it never filled), 6.1.192 skips it as v6.4 does (6.1.30's backport, found by
   * port-check --execute on Debian's 6.1.192: the era was chosen from the version number only).
   */
  @Test
  void v6_1_192SkipsAZeroElapsedSampleAndMainlineV6_1DoesNot() {
    assertThat(DimEra.of(io.nicsim.core.era.KernelVersion.parse("v6.1.192")))
        .isEqualTo(DimEra.V6_4);
    assertThat(DimEra.of(io.nicsim.core.era.KernelVersion.parse("v6.1.29")))
        .isEqualTo(DimEra.V4_18);
    assertThat(DimEra.of(io.nicsim.core.era.KernelVersion.parse("v6.1.30")))
        .isEqualTo(DimEra.V6_4);
    for (String kernel : new String[] {"v6.1", "v6.1.192"}) {
      NetDim n = new NetDim(DimEra.of(io.nicsim.core.era.KernelVersion.parse(kernel)), () -> 0);
      Dim d = new Dim();
      d.work = new io.nicsim.core.kernel.WorkItem(
          new io.nicsim.core.kernel.HarnessKernel().kernel, "dim", () -> { });
      d.state = Dim.MEASURE_IN_PROGRESS;
      d.tuneState = Dim.GOING_RIGHT;
      d.stepsRight = 1;
      d.stepsLeft = 0;
      d.tired = 3;
      d.profileIx = 2;
      d.startSample.time = 5_000_000;
      DimSample end = new DimSample();
      end.time = 5_000_000; // no time elapsed
      end.eventCtr = 64;
      end.pktCtr = 640;
      end.byteCtr = 64_000;
      n.netDim(d, end);
      assertThat(n.iterations()).isEqualTo(1);
      if (kernel.equals("v6.1")) {
        // the old net_dim decides on stats it never filled (all zero: STATS_SAME), turns left
        // and steps: a new profile is applied
        assertThat(d.tuneState).as(kernel).isEqualTo(Dim.GOING_LEFT);
        assertThat(d.profileIx).as(kernel).isEqualTo(1);
        assertThat(d.state).as(kernel).isEqualTo(Dim.APPLY_NEW_PROFILE);
        assertThat(d.work.pending()).as(kernel + ": schedule_work").isTrue();
      } else {
        assertThat(d.tuneState).as(kernel + ": sample skipped").isEqualTo(Dim.GOING_RIGHT);
        assertThat(d.profileIx).isEqualTo(2);
        assertThat(d.stepsRight).isEqualTo(1);
        assertThat(d.tired).isEqualTo(3);
        assertThat(d.state).isEqualTo(Dim.MEASURE_IN_PROGRESS);
        assertThat(d.startSample.eventCtr).as(kernel + ": start sample kept").isZero();
        assertThat(d.work.pending()).isFalse();
      }
    }
  }
}
