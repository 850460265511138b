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
 * Seed 003 on the model: the rows and their roles, and the mechanism — held completions starve
 * BBR through TSQ, the burst-end IC bit (or tx-frames 1) frees it. Simulated values are not
 * pinned; the assertions fail if the mechanism breaks.
 */
class StmmacXmitMoreTest {
  private static final StmmacXmitMore SCENARIO = new StmmacXmitMore();
  private static List<Row> rows;

  @BeforeAll
  static void runOnce() {
    rows = ScenarioRuns.run(SCENARIO);
  }

  @Test
  void registeredAndEveryRowIsWellFormed() {
    assertThat(io.nicsim.scenarios.seeds.SeedScenarios.registry().select(List.of("stmmac-xmit-more")))
        .hasOnlyElementsOfType(StmmacXmitMore.class);
    ScenarioRuns.checkRows(SCENARIO, rows);
  }

  @Test
  void onlyTheWorkaroundFigureIsCalibrationTheRestArePredictions() {
    assertThat(rows.stream().filter(r -> r.role() == Role.CALIBRATION))
        .extracting(r -> r.caseName() + " " + r.metric())
        .containsExactly("BBR tx-frames 1 tcp_mbps");
    assertThat(row(rows, "BBR tx-frames 1", "tcp_mbps").coalesce())
        .containsEntry("tx-usecs", 100L).containsEntry("tx-frames", 1L);
    for (String[] p : new String[][] {{"BBR before", "tcp_mbps"}, {"BBR before", "bbr_bw_mbps"},
        {"CUBIC before", "tcp_mbps"}, {"BBR after", "tcp_mbps"}, {"BBR after", "pps"},
        {"BBR after", "nic_irq_per_s"}, {"BBR after", "pkts_per_nic_irq"}}) {
      assertThat(row(rows, p[0], p[1]).role()).as(p[0] + " " + p[1]).isEqualTo(Role.PREDICTION);
    }
    assertThat(row(rows, "BBR before", "tcp_mbps").published()).isEqualTo(5.24);
    assertThat(row(rows, "BBR before", "tcp_mbps").coalesce())
        .containsEntry("tx-usecs", 5000L).containsEntry("tx-frames", 25L);
    assertThat(row(rows, "BBR after", "tcp_mbps").patches()).containsExactly("+burst-end-ic");
    assertThat(row(rows, "BBR before", "tcp_mbps").patches()).isEmpty();
  }

  @Test
  void heldCompletionsPinBbrToTwoSmallSkbsBelowTcp() {
    assertThat(value(rows, "BBR before", "tcp_mbps")).isLessThan(20);
    assertThat(value(rows, "BBR before", "bbr_bw_mbps")).isLessThan(20);
    // BBR shrinks its skbs to bbr_min_tso_segs; TSQ admits two of them
    assertThat(value(rows, "BBR before", "tcp_tso_segs")).isEqualTo(2.0);
    assertThat(value(rows, "BBR before", "skbs_below_tcp")).isLessThanOrEqualTo(2.0);
    // the coalesce timer, not the frame counter, completes most stall cycles
    assertThat(value(rows, "BBR before", "txtimer_fire_per_s"))
        .isGreaterThan(value(rows, "BBR before", "tx_irq_per_s"));
  }

  @Test
  void cubicKeepsLargeSkbsAndSurvives() {
    assertThat(value(rows, "CUBIC before", "tcp_mbps"))
        .isGreaterThan(100).isGreaterThan(10 * value(rows, "BBR before", "tcp_mbps"));
    assertThat(value(rows, "CUBIC before", "tcp_tso_segs")).isGreaterThan(20);
  }

  @Test
  void burstEndInterruptFreesBbrAndStillCoalesces() {
    double before = value(rows, "BBR before", "tcp_mbps");
    double after = value(rows, "BBR after", "tcp_mbps");
    assertThat(after).isGreaterThan(100).isGreaterThan(20 * before);
    assertThat(value(rows, "BBR after", "bbr_bw_mbps")).isGreaterThan(100);
    assertThat(value(rows, "BBR after", "tx_irq_per_s"))
        .isGreaterThan(10 * value(rows, "BBR before", "tx_irq_per_s"));
    // fewer NIC interrupts than packets: bulk dequeue, TSO and NAPI still batch
    assertThat(value(rows, "BBR after", "pkts_per_nic_irq")).isGreaterThan(2);
    assertThat(value(rows, "BBR tx-frames 1", "tcp_mbps")).isGreaterThan(100);
    assertThat(value(rows, "CUBIC after", "tcp_mbps"))
        .isGreaterThanOrEqualTo(value(rows, "CUBIC before", "tcp_mbps"));
  }
}
