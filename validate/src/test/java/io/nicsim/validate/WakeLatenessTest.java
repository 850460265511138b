package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.soc.SocProfile;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real runs' holder wake-ups, pooled, as the profile the model's fixed holds run on. */
class WakeLatenessTest {
  static final double[] A = {20, 30, 50, 70, 110, 520, 600};
  static final double[] B = {17, 33, 47, 75, 120, 550, 610};
  static final double[] C = {21, 38, 63, 96, 224, 940, 950};

  @Test
  void eachQuantileIsTheRunsMedian() {
    assertThat(WakeLateness.pooled(List.of(A, B, C)))
        .containsExactly(20, 33, 50, 75, 120, 550, 610);
    // a run without a hold (no wake-ups) does not count
    assertThat(WakeLateness.pooled(Arrays.asList(A, null, B))).containsExactly(18.5, 31.5, 48.5,
        72.5, 115, 535, 605);
    assertThat(WakeLateness.pooled(Arrays.asList((double[]) null))).isNull();
  }

  @Test
  void theRangeIsTheRunsSpreadNeverUnderTenPercent() {
    double[] q = WakeLateness.pooled(List.of(A, B, C));
    double[] r = WakeLateness.ranges(List.of(A, B, C), q);
    assertThat(r[4]).isCloseTo((224 - 120) / 120.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(WakeLateness.ranges(List.of(A), A)).containsOnly(WakeLateness.MIN_RANGE);
  }

  @Test
  void theProfileIsTheCasesWithTheMeasuredWakeUps() {
    String yaml = WakeLateness.profile("ideal-xmit", "cubic-fixed-5ms", List.of(A, B, C));
    SocProfile p = SocProfile.parse("measured", yaml);
    assertThat(p.param("ideal_tx_wake_late_p50_ns", 0.0)).isEqualTo(50_000);
    assertThat(p.param("ideal_tx_wake_late_max_ns", 0.0)).isEqualTo(610_000);
    // everything else is the case's own profile
    SocProfile base = SocProfile.load("ideal-xmit");
    assertThat(p.param("link_tbf_burst_bytes", 0.0))
        .isEqualTo(base.param("link_tbf_burst_bytes", 0.0));
    assertThat(p.mac()).isEqualTo(base.mac());
    assertThat(WakeLateness.profile("ideal-xmit", "x", Arrays.asList((double[]) null))).isNull();
  }

  @Test
  void aCaseOnTheMeasuredProfileRunsTheModelOnThatFile() {
    ValidateCase f = Cases.byName().get("cubic-fixed-5ms").withModelSoc("inherits: x\n");
    String args = String.join(" ", f.modelArgs(5, 1, "/tmp/x.yaml"));
    assertThat(args).contains("--soc-file /tmp/x.yaml").doesNotContain("--soc ideal-xmit");
    assertThat(String.join(" ", Cases.byName().get("cubic-fixed-5ms").modelArgs(5, 1)))
        .contains("--soc ideal-xmit");
  }
}
