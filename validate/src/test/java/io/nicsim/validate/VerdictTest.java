package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.studies.uncertainty.Band;
import org.junit.jupiter.api.Test;

class VerdictTest {
  @Test
  void withinTheToleranceOfTheMedian() {
    Verdict v = Verdict.judge(new double[] {100, 104, 96}, 112, 0.15);
    assertThat(v.pass()).isTrue();
    assertThat(v.median()).isEqualTo(100);
    assertThat(v.split()).isFalse();
    assertThat(v.ratio()).isEqualTo(1.12);
  }

  @Test
  void outsideItIsAMiss() {
    Verdict v = Verdict.judge(new double[] {100, 104, 96}, 116, 0.15);
    assertThat(v.pass()).isFalse();
    assertThat(v.matched()).isEqualTo(-1);
  }

  @Test
  void splitRunsMayMatchOneMode() {
    // 190, 200 | 400: a gap of more than twice the tolerance splits them
    Verdict v = Verdict.judge(new double[] {400, 190, 200}, 390, 0.15);
    assertThat(v.split()).isTrue();
    assertThat(v.modes()).containsExactly(195.0, 400.0);
    assertThat(v.pass()).isTrue();
    assertThat(v.matched()).isEqualTo(1);
    assertThat(Verdict.judge(new double[] {400, 190, 200}, 290, 0.15).pass()).isFalse();
  }

  @Test
  void closeRunsAreOneMode() {
    // 5.77 and 6.66 differ by 15 %: one mode, judged against its median
    Verdict v = Verdict.judge(new double[] {5.77, 6.66}, 7.38, 0.15);
    assertThat(v.split()).isFalse();
    assertThat(v.pass()).isFalse();
  }

  @Test
  void aSplitCaseAgreesOnlyWhenTheModelsBandHasTheKernelsStates() {
    Verdict v = Verdict.judge(new double[] {320, 220}, 206, 0.15);
    assertThat(v.split()).isTrue();
    assertThat(v.pass()).isTrue();
    double[] oneState = {204, 205, 206, 207, 208, 206, 205, 207};
    double[] twoStates = {204, 205, 206, 207, 310, 312, 205, 311};
    assertThat(Band.of(oneState).bistable()).isFalse();
    assertThat(Band.of(twoStates).bistable()).isTrue();
    assertThat(v.withBand(oneState, 0.15).pass()).isFalse();
    assertThat(v.withBand(twoStates, 0.15).pass()).isTrue();
    assertThat(v.withBand(twoStates, 0.15).inBandState()).isFalse();
    // two states, but not the kernel's: 103 and 206 against 220 and 320
    double[] otherStates = {103, 103, 206, 207, 206, 206, 205, 207};
    assertThat(Band.of(otherStates).bistable()).isTrue();
    assertThat(v.withBand(otherStates, 0.15).pass()).isFalse();
    assertThat(ValidateReport.band(v.withBand(twoStates, 0.15), 0.15))
        .startsWith("bistable: 63% at 204.2..206.8, 38% at 310");
    // a case whose real runs agree needs no band
    Verdict one = Verdict.judge(new double[] {100, 104}, 101, 0.15);
    assertThat(one.withBand(oneState, 0.15).pass()).isTrue();
  }

  @Test
  void aRunNearTheMedianOfSplitRunsNeedsNoBand() {
    // one of three real runs in a lower state; the model at the median
    Verdict v = Verdict.judge(new double[] {731.5, 956.1, 955.3}, 956.3, 0.15);
    assertThat(v.split()).isTrue();
    double[] oneState = {956.3, 956.4, 956.3, 956.4, 956.3, 956.4, 956.3, 956.4};
    assertThat(v.withBand(oneState, 0.15).pass()).isTrue();
  }

  @Test
  void aMissAgreesWhenTheRealRunsSitInAnotherStateOfABistableBand() {
    // both real runs in the three-skb state, the nominal model run in the two-skb one
    Verdict v = Verdict.judge(new double[] {329, 317}, 206, 0.15);
    assertThat(v.pass()).isFalse();
    double[] twoStates = {204, 205, 206, 207, 310, 312, 205, 311};
    Verdict b = v.withBand(twoStates, 0.15);
    assertThat(b.pass()).isTrue();
    assertThat(b.inBandState()).isTrue();
    // a state far from the real runs, or one state only: still a miss
    assertThat(v.withBand(new double[] {204, 205, 206, 207, 510, 512, 205, 511}, 0.15)
        .pass()).isFalse();
    assertThat(v.withBand(new double[] {204, 205, 206, 207, 208, 206, 205, 207}, 0.15)
        .pass()).isFalse();
  }

  @Test
  void aCaseWhoseKernelClimbsThroughSeveralStatesAgreesWhenTheModelReachesEachOfThem() {
    // CUBIC held by TSQ: two, three and four skbs below TCP (~200, ~300, ~400 Mbit/s)
    Verdict v = Verdict.judge(new double[] {193, 298, 406}, 451, 0.15);
    assertThat(v.split()).isTrue();
    assertThat(v.modes()).hasSize(3);
    double[] climbing = {198, 204, 205, 206, 300, 305, 310, 330, 404, 410, 451, 470, 494, 205,
        206, 309};
    assertThat(Band.of(climbing).bistable()).isFalse(); // more than two states
    Verdict b = v.withBand(climbing, 0.15);
    assertThat(b.pass()).isTrue();
    // a state starts where a sample is beyond 1 + 2 x tolerance of the one below
    assertThat(ValidateReport.band(b, 0.15))
        .isEqualTo("states: 198.0..206.0 (6), 300.0..494.0 (10) of 16");
    // the model's states without the kernel's lowest one: a miss
    double[] upper = {300, 305, 310, 330, 404, 410, 451, 470, 494, 309, 320, 300, 301, 402, 405,
        450};
    assertThat(v.withBand(upper, 0.15).pass()).isFalse();
    // samples from two skbs up to three with no gap between: wider than one state
    double[] spread = {202, 205, 215, 228, 240, 255, 262, 270, 281, 290, 300, 308, 204, 206,
        203, 309};
    Verdict sp = Verdict.judge(new double[] {313, 200, 335}, 230, 0.15).withBand(spread, 0.15);
    assertThat(sp.pass()).isTrue();
    assertThat(ValidateReport.band(sp, 0.15)).isEqualTo("spread over 202.0..309.0 of 16, no gap");
    // one state only, though it spans the model's own noise: a miss
    double[] one = {430, 440, 451, 455, 460, 470, 480, 490};
    assertThat(v.withBand(one, 0.15).pass()).isFalse();
    assertThat(ValidateReport.band(v.withBand(one, 0.15), 0.15)).startsWith("one state");
  }
}
