package io.nicsim.bench.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What --compare reads from a child bench: its flood row, whatever the JSON's spacing. */
class FreshCommandsTest {

  @Test
  void floodRatesAreTheMeasuredValueAndThePerCpuRateOfTheNote() {
    String json = "nicsim bench: flood: …\n{ \"rows\": [ { \"figure\": \"stmmac UDP flood\","
        + " \"measured\": 0.741937, \"met\": false, \"name\": \"flood\", \"note\": \"simulated"
        + " 1.488 Mpps; per thread CPU second 4.22 M packets\" } ] }\nnicsim-maxrss-kb 1 2 3";
    assertThat(FreshCommands.floodRates(json)).containsExactly(0.741937, 4.22);
    assertThat(FreshCommands.floodRates(json.replace("\"measured\": ", "\"measured\" : 5.1e0,"
        + " \"x\": "))).containsExactly(5.1, 4.22);
  }

  @Test
  void aChildWithoutAFloodRowIsNamed() {
    assertThatThrownBy(() -> FreshCommands.floodRates("{ \"rows\": [] }"))
        .hasMessageContaining("no flood row");
  }
}
