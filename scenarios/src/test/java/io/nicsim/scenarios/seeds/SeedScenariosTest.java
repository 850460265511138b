package io.nicsim.scenarios.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.runs.RunEnv;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lead's seed scenarios run on the real drivers and show their mechanisms. Simulated values
 * are not pinned; what is asserted would fail if the mechanism broke.
 */
class SeedScenariosTest {
  private final ReproContext ctx = new ReproContext(RunEnv.standard().engine(), 1, 2);

  private static double value(List<Row> rows, String caseName, String metric) {
    for (Row r : rows) {
      if (r.caseName().equals(caseName) && r.metric().equals(metric)) {
        return r.simulated();
      }
    }
    throw new AssertionError("no row " + caseName + " / " + metric);
  }

  private static void wellFormed(Scenario s, List<Row> rows) {
    assertThat(rows).isNotEmpty();
    assertThat(rows).anyMatch(r -> r.role() == Role.CALIBRATION || r.role() == Role.PREDICTION);
    for (Row r : rows) {
      assertThat(Double.isFinite(r.simulated())).as(r.toString()).isTrue();
      if (r.role() == Role.CLAIM) {
        assertThat(r.statement()).as(r.toString()).isNotBlank();
        assertThat(r.verdict()).as(r.toString()).isNotNull();
      } else if (r.role() != Role.EXTRA) {
        assertThat(r.published()).as(r.toString()).isNotNull();
      }
    }
    assertThat(s.assumptions()).isNotEmpty();
    assertThat(s.seeds()).allMatch(f -> f.matches("\\d{3}_[0-9a-f]{16}\\.txt"));
  }

  @Test
  void hrtimerActiveRemovesRestartsAndTheDeadlineStopsSliding() {
    Scenario s = new StmmacHrtimerActive();
    List<Row> rows = s.run(ctx);
    wellFormed(s, rows);
    assertThat(value(rows, "cyclone5 +patch", "pps"))
        .isGreaterThan(value(rows, "cyclone5 v6.7", "pps"));
    assertThat(value(rows, "cyclone5 +patch", "hrtimer_start_per_s"))
        .isLessThan(value(rows, "cyclone5 v6.7", "hrtimer_start_per_s") / 10);
    assertThat(value(rows, "agilex5 +patch", "hrtimer_cpu_pct"))
        .isLessThan(value(rows, "agilex5 v6.7", "hrtimer_cpu_pct") / 2);
    // Andrew Lunn's point: v6.7 expires tx-usecs after the last frame, the patch after the first
    assertThat(value(rows, "burst v6.7", "expiry_last_ms")).isBetween(5.0, 5.2);
    assertThat(value(rows, "burst +patch", "expiry_first_ms")).isBetween(5.0, 5.2);
    assertThat(value(rows, "burst +patch", "expiry_last_ms"))
        .isLessThan(value(rows, "burst v6.7", "expiry_last_ms") - 0.5);
  }

  @Test
  void withoutTheFrameCounterABatchStallsUntilTheTimer() {
    Scenario s = new StmmacRingBound();
    List<Row> rows = s.run(ctx);
    wellFormed(s, rows);
    assertThat(value(rows, "no counter, 512", "ic_per_full_ring")).isZero();
    assertThat(value(rows, "no counter, 512", "stall_ms")).isGreaterThan(4.0);
    assertThat(value(rows, "counter, 512", "ic_per_full_ring")).isGreaterThanOrEqualTo(15);
    assertThat(value(rows, "counter, 64", "ic_per_full_ring")).isGreaterThanOrEqualTo(1);
    // the reply's 20 and 2 are its author's arithmetic: claim rows, no published figure
    for (Row r : rows) {
      if (r.metric().equals("ic_per_full_ring") && r.caseName().startsWith("counter")) {
        assertThat(r.role()).as(r.caseName()).isEqualTo(io.nicsim.scenarios.Role.CLAIM);
        assertThat(r.published()).isNull();
        assertThat(r.verdict()).isEqualTo(r.simulated() >= (r.caseName().endsWith("64") ? 2 : 1)
            ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED);
      }
    }
    assertThat(value(rows, "counter, 512", "stall_ms"))
        .isLessThan(value(rows, "no counter, 512", "stall_ms"));
  }

  @Test
  void fecRxUsecsCutsPingLatencyAndDoublesInterruptsOfAHalfMillisecondStream() {
    Scenario s = new FecRxUsecs();
    List<Row> rows = s.run(ctx);
    wellFormed(s, rows);
    double before = value(rows, "rx-usecs 1000", "ping_rtt_ms");
    double after = value(rows, "rx-usecs 100", "ping_rtt_ms");
    assertThat(before - after).isBetween(0.7, 0.95); // about the ICTT difference
    assertThat(value(rows, "0.5ms 100us", "rx_irq_per_s"))
        .isEqualTo(2 * value(rows, "0.5ms 1000us", "rx_irq_per_s"));
    assertThat(value(rows, "bulk 100us", "rx_irq_per_s"))
        .isGreaterThan(value(rows, "bulk 1000us", "rx_irq_per_s"));
  }
}
