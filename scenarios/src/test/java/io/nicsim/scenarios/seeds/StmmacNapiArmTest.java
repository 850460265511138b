package io.nicsim.scenarios.seeds;

import static io.nicsim.scenarios.seeds.ScenarioRuns.row;
import static io.nicsim.scenarios.seeds.ScenarioRuns.value;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seed 001 on the model: rows and roles, and the mechanism — per-packet hrtimer re-arms with a
 * clockevent reprogram saturate the Krait that takes the softirqs, and arming only while the TX
 * NAPI is idle gives most of it back. Simulated values are not pinned.
 */
class StmmacNapiArmTest {
  private static final StmmacNapiArm SCENARIO = new StmmacNapiArm();
  private static final String ERA40 = "40 ms (<=v4.18)";
  private static final String JIFFIES = "1 ms v4.19 jiffies";
  private static final String HRTIMER = "1 ms v6.6 hrtimer";
  private static final String SERIES = "v6.7 series";
  private static List<Row> rows;

  @BeforeAll
  static void runOnce() {
    rows = ScenarioRuns.run(SCENARIO);
  }

  @Test
  void registeredAndEveryRowIsWellFormed() {
    assertThat(io.nicsim.scenarios.seeds.SeedScenarios.registry().select(List.of("stmmac-napi-arm")))
        .hasOnlyElementsOfType(StmmacNapiArm.class);
    ScenarioRuns.checkRows(SCENARIO, rows);
  }

  @Test
  void theRegressionIsCalibrationWhatV67GivesBackIsAPrediction() {
    assertThat(rows.stream().filter(r -> r.role() == Role.CALIBRATION))
        .extracting(Row::metric).containsExactly("tcp_mbps_lost");
    assertThat(row(rows, "1 ms -> v6.7", "tcp_mbps_regained").role()).isEqualTo(Role.PREDICTION);
    assertThat(row(rows, "1 ms vs 40 ms", "arms_per_pkt_ratio").role()).isEqualTo(Role.CLAIM);
    assertThat(row(rows, "1 ms vs 40 ms", "arms_per_pkt_ratio").verdict())
        .isEqualTo(io.nicsim.scenarios.Row.Verdict.REFUTED);
    assertThat(row(rows, ERA40, "tcp_mbps").coalesce())
        .containsEntry("tx-usecs", 40000L).containsEntry("tx-frames", 64L);
    assertThat(row(rows, ERA40, "tcp_mbps").kernel()).isEqualTo("v4.19");
    assertThat(row(rows, HRTIMER, "tcp_mbps").coalesce()).containsEntry("tx-usecs", 1000L);
    assertThat(row(rows, SERIES, "tcp_mbps").coalesce()).containsEntry("tx-usecs", 5000L);
  }

  @Test
  void derivedRowsAreTheDifferencesOfTheEras() {
    assertThat(value(rows, "40 ms -> 1 ms", "tcp_mbps_lost")).isCloseTo(
        value(rows, ERA40, "tcp_mbps") - value(rows, HRTIMER, "tcp_mbps"),
        org.assertj.core.data.Offset.offset(1e-9));
    assertThat(value(rows, "1 ms -> v6.7", "tcp_mbps_regained")).isCloseTo(
        value(rows, SERIES, "tcp_mbps") - value(rows, HRTIMER, "tcp_mbps"),
        org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void perPacketHrtimerReprogramsCostTheThroughput() {
    double era40 = value(rows, ERA40, "tcp_mbps");
    double hr = value(rows, HRTIMER, "tcp_mbps");
    assertThat(era40).isGreaterThan(800);
    assertThat(hr).isLessThan(era40 - 300);
    // every xmit arms the timer in both eras; only the hrtimer form pays for it
    assertThat(value(rows, ERA40, "hrtimer_cpu_pct")).isLessThan(1);
    assertThat(value(rows, HRTIMER, "hrtimer_cpu_pct")).isGreaterThan(10);
    // the jiffies form of the 1 ms era arms per packet too, without the reprogram cost
    assertThat(value(rows, JIFFIES, "tcp_mbps")).isGreaterThan(hr + 300);
  }

  @Test
  void armingOnlyWhileNapiIsIdleGivesMostOfItBack() {
    double hr = value(rows, HRTIMER, "tcp_mbps");
    assertThat(value(rows, SERIES, "tcp_mbps")).isGreaterThan(hr + 200);
    // the new branch: cancels instead of starts while the TX NAPI is scheduled
    assertThat(value(rows, SERIES, "try_to_cancel_per_s")).isGreaterThan(1000);
    assertThat(value(rows, SERIES, "hrtimer_cpu_pct"))
        .isLessThan(value(rows, HRTIMER, "hrtimer_cpu_pct"));
  }
}
