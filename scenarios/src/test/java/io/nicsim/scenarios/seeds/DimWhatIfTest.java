package io.nicsim.scenarios.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.scenarios.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/** dim-what-if: the rows are printable and say what the model's DIM does in each case. */
class DimWhatIfTest {

  @Test
  void rowsAndTheirStory() {
    DimWhatIf s = new DimWhatIf();
    List<Row> rows = ScenarioRuns.run(s);
    ScenarioRuns.checkRows(s, rows);
    assertThat(rows).hasSize(24);
    double v;
    // fec: DIM's ping is far below the 1000 us default's ...
    assertThat(ScenarioRuns.value(rows, "fec DIM", "ping_rtt_ms"))
        .isLessThan(ScenarioRuns.value(rows, "fec static", "ping_rtt_ms") / 2);
    // ... and after the pings its bulk runs on a high profile: a few thousand IRQs/s, not the
    // 81 000 of an interrupt per frame
    v = ScenarioRuns.value(rows, "fec DIM", "rx_irq_per_s");
    assertThat(v).isBetween(1_000.0, 10_000.0);
    // bcmgenet's DIM cannot leave one timeout tick: an interrupt per frame as without it
    assertThat(ScenarioRuns.value(rows, "genet DIM", "rx_irq_per_s"))
        .isGreaterThan(80_000.0);
    // stmmac: adaptive TX moderation keeps BBR out of seed 003's starvation
    assertThat(ScenarioRuns.value(rows, "BBR DIM-tx", "tcp_mbps"))
        .isGreaterThan(50 * ScenarioRuns.value(rows, "BBR static", "tcp_mbps"));
  }

  @Test
  void itRunsOnlyWhenNamed() {
    var reg = SeedScenarios.registry();
    assertThat(reg.select(List.of())).noneMatch(x -> x.name().equals("dim-what-if"));
    assertThat(reg.select(List.of("dim-what-if"))).hasSize(1);
  }
}
