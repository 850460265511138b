package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The table and JSON from results made up here (no kernel needed). */
class ValidateReportTest {
  static CaseResult result(double model, double... real) {
    ValidateCase c = Cases.byName().get("bbr-none");
    List<RealRunner.Run> rs = new java.util.ArrayList<>();
    for (double v : real) {
      // no hold: the holder's figures are absent (NaN)
      rs.add(new RealRunner.Run(v, v, 0, 100, 200, 7000, 20, Double.NaN, Double.NaN, 10,
          Double.NaN, Double.NaN, Double.NaN, null, null));
    }
    ModelRunner.Run m = new ModelRunner.Run(model, 90, 210, 7100, 2, 2, 21, List.of("--mac"));
    Validator v = new Validator(null, real.length, 4, 1, 0.15, 1, true, java.util.Map.of());
    return v.judge(c, rs, m);
  }

  @Test
  void jsonHasNullWhereASideHasNoFigure() {
    String j = ValidateReport.json(List.of(result(9.2, 9.0, 9.4)), 0.15, "6.18", 2, 4, 1);
    assertThat(j).contains("\"skbs_held\": null", "\"pass\": true", "\"agree\": 1",
        "\"real_median_mbps\": 9.2");
  }

  @Test
  void theTableShowsEachRunTheModelAndTheVerdict() {
    String t = ValidateReport.text(List.of(result(9.2, 9.0, 9.4), result(20, 9.0, 9.4)), 0.15,
        "6.18");
    assertThat(t).contains("bbr-none", "9.00 9.40", "9.20", "ok", "MISS", "1 of 2 cases agree",
        "TSQ real", "TSQ model");
  }

  @Test
  void theDefaultAckPausesSayWhyNoneWereMeasured() {
    // no run recorded tcp_probe (no tracefs)
    assertThat(ValidateReport.text(List.of(result(9.2, 9.0, 9.4)), 0.15, "6.18"))
        .contains("(default: tcp_probe was not recorded (no tracefs instance for it on the"
            + " sender))");
    // recorded, but too few events, or no pause among them: each says so
    assertThat(Validator.whyDefaultPauses(List.of(run(AckPauses.of("")))))
        .isEqualTo("fewer than 20 tcp_probe RTT samples in a run's measured window");
    assertThat(Validator.whyDefaultPauses(List.of(run(new AckPauses(2.5, 0, 0)))))
        .isEqualTo("no RTT sample 1 ms over its base in 2.5 s of tcp_probe samples");
    assertThat(Validator.whyDefaultPauses(List.of(run(new AckPauses(2.5, 40, 80_000)))))
        .isNull();
  }

  static RealRunner.Run run(AckPauses p) {
    return new RealRunner.Run(9, 9, 0, 100, 200, 7000, 20, Double.NaN, Double.NaN, 10,
        Double.NaN, Double.NaN, Double.NaN, null, p);
  }
}
