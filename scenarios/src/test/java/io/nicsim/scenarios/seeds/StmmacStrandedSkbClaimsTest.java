package io.nicsim.scenarios.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scenario's claims are decided by its openings rows, each way. */
class StmmacStrandedSkbClaimsTest {

  static Map<String, Row> openings(double v66, double v618, double v612, double v612117,
      double zero, double fix) {
    Map<String, Row> m = new LinkedHashMap<>();
    double[] v = {v66, v618, v612, v618, v612117, zero, fix};
    for (int i = 0; i < StmmacStrandedSkb.CASES.size(); i++) {
      StmmacStrandedSkb.Case c = StmmacStrandedSkb.CASES.get(i);
      m.put(c.name(), new Row(c.name(), "rk3588-yt6801", c.kernel(), c.patches(), null,
          "window_openings_per_mpkt", "/Mpkt", null, v[i], Role.EXTRA));
    }
    return m;
  }

  @Test
  void theIssuesPictureIsSupportedRowByRow() {
    List<Row> claims = StmmacStrandedSkb.claims(openings(0, 50, 50, 10, 3, 0));
    assertThat(claims).hasSize(7).allSatisfy(r -> {
      assertThat(r.role()).isEqualTo(Role.CLAIM);
      assertThat(r.verdict()).as(r.statement()).isEqualTo(Row.Verdict.SUPPORTED);
    });
  }

  @Test
  void aWindowOnTheControlOrWithTheFixRefutesAndNoneWhereExpectedIsNotTestable() {
    List<Row> claims = StmmacStrandedSkb.claims(openings(2, 0, 50, 60, 0, 1));
    assertThat(claims.get(0).verdict()).isEqualTo(Row.Verdict.REFUTED); // v6.6
    assertThat(claims.get(1).verdict()).isEqualTo(Row.Verdict.NOT_TESTABLE); // v6.7: none seen
    assertThat(claims.get(4).verdict()).isEqualTo(Row.Verdict.REFUTED); // 6.12.117 not narrower
    assertThat(claims.get(5).verdict()).isEqualTo(Row.Verdict.NOT_TESTABLE); // tx-frames 0
    assertThat(claims.get(6).verdict()).isEqualTo(Row.Verdict.REFUTED); // the fix
  }

  @Test
  void dmesgTimesAreReadFromTheLogLineAfterTheStop() {
    List<String> log = List.of("[    0.500000] NETDEV WATCHDOG: eth0 (stmmac): transmit queue 0"
        + " timed out 5004 ms", "[    5.748000] NETDEV WATCHDOG: eth0 (stmmac): transmit queue 0"
        + " timed out 5004 ms", "[    5.748002] stmmac eth0: Reset adapter.");
    assertThat(StmmacStrandedSkb.dmesgAt(log, "NETDEV WATCHDOG", 745_170_000L)).isEqualTo(5.748);
    assertThat(StmmacStrandedSkb.dmesgAt(log, "Reset adapter", 745_170_000L))
        .isEqualTo(5.748002);
    assertThat(StmmacStrandedSkb.dmesgAt(log, "Reset adapter", 6_000_000_000L)).isEqualTo(-1);
  }
}
