package io.nicsim.scenarios.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.runs.RunEngine;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.ReproReport;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import java.util.List;

/** Runs a scenario as {@code nicsim reproduce} does and checks what every row must satisfy. */
final class ScenarioRuns {
  private ScenarioRuns() {}

  static List<Row> run(Scenario s) {
    RunEngine engine = new RunEngine(NicsimHost.FACTORY, TrafficRunners.standard());
    return s.run(new ReproContext(engine, 1, 2));
  }

  /** Finite values, published figures exactly where the role needs one, printable table. */
  static void checkRows(Scenario s, List<Row> rows) {
    assertThat(rows).isNotEmpty();
    for (Row r : rows) {
      assertThat(Double.isFinite(r.simulated())).as(r.caseName() + " " + r.metric()).isTrue();
      assertThat(r.published() == null).as(r.caseName() + " " + r.metric())
          .isEqualTo(r.role() == Role.EXTRA || r.role() == Role.CLAIM);
      assertThat(r.statement() != null).as(r.caseName() + " " + r.metric())
          .isEqualTo(r.role() == Role.CLAIM);
      assertThat(r.soc()).isNotBlank();
      assertThat(r.kernel()).startsWith("v");
    }
    String table = ReproReport.text(List.of(new ReproReport.Outcome(s, rows)));
    for (String line : table.split("\n")) {
      assertThat(line.codePointCount(0, line.length())).as(line)
          .isLessThanOrEqualTo(ReproReport.WIDTH);
    }
    assertThat(s.assumptions()).containsKeys("path", "calibration");
  }

  /** The row of a case and metric. */
  static Row row(List<Row> rows, String caseName, String metric) {
    return rows.stream().filter(r -> r.caseName().equals(caseName) && r.metric().equals(metric))
        .findFirst().orElseThrow(() -> new AssertionError("no row " + caseName + " " + metric));
  }

  static double value(List<Row> rows, String caseName, String metric) {
    return row(rows, caseName, metric).simulated();
  }
}
