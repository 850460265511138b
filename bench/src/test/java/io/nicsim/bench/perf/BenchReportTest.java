package io.nicsim.bench.perf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchReportTest {
  private static final BenchRow FLOOR =
      new BenchRow("engine", "engine events", "M events/s", 20, true, 19.5, 18, 21, 5,
          "nicsim bench engine", "26 events pending");
  private static final BenchRow CEILING =
      new BenchRow("bbr", "bbr wall", "s wall", 1, false, 0.4, 0.38, 0.45, 3, "nicsim bench bbr",
          "");

  @Test
  void metFollowsTheTargetsDirection() {
    assertThat(FLOOR.met()).isFalse();
    assertThat(CEILING.met()).isTrue();
    assertThat(new BenchRow("x", "x", "u", 1, false, 1.01, 1, 1, 1, "c", "").met()).isFalse();
    assertThat(new BenchRow("x", "x", "u", 3, true, 3, 3, 3, 1, "c", "").met()).isTrue();
  }

  @Test
  void jsonRowsCarryTheContractKeysFirst() throws Exception {
    JsonNode root = new ObjectMapper().readTree(BenchReport.json(List.of(FLOOR, CEILING), 1, 2));
    JsonNode rows = root.get("rows");
    assertThat(rows).hasSize(2);
    List<String> keys = new ArrayList<>();
    for (Iterator<String> it = rows.get(0).fieldNames(); it.hasNext(); ) {
      keys.add(it.next());
    }
    assertThat(keys.subList(0, 6))
        .containsExactly("figure", "unit", "target", "measured", "met", "command");
    assertThat(rows.get(0).get("met").asBoolean()).isFalse();
    assertThat(rows.get(1).get("met").asBoolean()).isTrue();
    assertThat(rows.get(0).get("measured").asDouble()).isEqualTo(19.5);
    assertThat(root.get("machine").get("nproc").asInt()).isPositive();
  }

  @Test
  void textTableHasARowPerFigureAndTheNotes() {
    String t = BenchReport.text(List.of(FLOOR, CEILING), 1, 2);
    assertThat(t).contains("| figure").contains("≥ 20.0 M events/s").contains("≤ 1.00 s wall")
        .contains("19.5 M events/s (18.0..21.0, 5)").contains("| NO ").contains("| yes ")
        .contains("engine: 26 events pending").doesNotContain("bbr: \n");
  }

  @Test
  void medianAndSpread() {
    Stats odd = Stats.of(3, 1, 2);
    assertThat(odd.median()).isEqualTo(2);
    assertThat(odd.min()).isEqualTo(1);
    assertThat(odd.max()).isEqualTo(3);
    assertThat(Stats.of(4, 1, 2, 3).median()).isEqualTo(2.5);
  }
}
