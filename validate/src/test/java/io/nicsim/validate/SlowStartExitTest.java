package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real runs that left slow start early on the testbed's account are reported, not judged: the
 * three cubic-none runs a fresh machine gave (955.5, 598.7 and 198.4 Mbit/s, no hold at all).
 */
class SlowStartExitTest {
  static RealRunner.Run run(double mbps, long retrans, double ssthresh) {
    return new RealRunner.Run(mbps, mbps, retrans, 2000, 2000, 2e5, 1500, Double.NaN,
        Double.NaN, 30, Double.NaN, Double.NaN, Double.NaN, null, null, ssthresh);
  }

  static final ModelRunner.Run MODEL = new ModelRunner.Run(956, 3500, 2000, 2e5, 3, 45, 1900,
      List.of("--mac"));

  private static Validator validator() {
    return new Validator(null, 3, 8, 2, 0.15, 1, true, java.util.Map.of());
  }

  @Test
  void theBdpOfTheCaseInSegments() {
    // 1 Gbit/s over 23 ms: 2.875 MB, 1985 segments of 1448 B
    assertThat(SlowStartExit.bdpSegments(Cases.byName().get("cubic-none")))
        .isCloseTo(1985.5, org.assertj.core.data.Offset.offset(1.0));
  }

  @Test
  void earlyExitsAreTheTestbedsAndTheRestIsJudged() {
    ValidateCase c = Cases.byName().get("cubic-none");
    List<RealRunner.Run> rs = List.of(run(955.5, 0, Double.NaN), run(598.7, 0, 700),
        run(198.4, 3, Double.NaN));
    CaseResult r = validator().judge(c, rs, MODEL);
    assertThat(r.testbed().get(0)).isNull();
    assertThat(r.testbed().get(1)).contains("ssthresh 700 segments", "BDP of 1985");
    assertThat(r.testbed().get(2)).contains("3 retransmits");
    assertThat(r.verdict().pass()).isTrue();
    assertThat(r.verdict().median()).isEqualTo(955.5);
    String t = ValidateReport.text(List.of(r), 0.15, "6.18");
    assertThat(t).contains("955.5 598.7* 198.4*", "run 2 (598.7 Mbit/s) is the testbed's");
  }

  @Test
  void aSlowRunStillInSlowStartIsJudged() {
    ValidateCase c = Cases.byName().get("cubic-none");
    List<RealRunner.Run> rs = List.of(run(955.5, 0, Double.NaN), run(598.7, 0, Double.NaN),
        run(940, 0, 1500));
    CaseResult r = validator().judge(c, rs, MODEL);
    assertThat(r.testbed()).containsOnlyNulls();
    assertThat(r.verdict().median()).isEqualTo(940);
  }

  @Test
  void bbrIsJudgedWhole() {
    ValidateCase c = Cases.byName().get("bbr-none");
    List<RealRunner.Run> rs = List.of(run(955.5, 0, Double.NaN), run(198.4, 40, 10));
    assertThat(validator().judge(c, rs, MODEL).testbed()).containsOnlyNulls();
  }
}
