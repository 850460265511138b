package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.testkit.Cli;
import org.junit.jupiter.api.Test;

/**
 * {@code nicsim reproduce --uncertainty} as a command: every row of the built-in demo gets a
 * band in text and JSON, and the study's options are refused where they make no sense. What
 * the bands are made of is scenarios' {@code UncertaintyTest}.
 */
class UncertaintyCommandTest {
  @Test
  void everyRowOfTheBuiltInDemoGetsABandInTextAndJson() throws Exception {
    Cli.Result t = Cli.run("reproduce", "--uncertainty", "4");
    assertThat(t.exit()).as(t.err()).isZero();
    assertThat(t.out()).containsPattern("pps +100000 +\\d+ +[+-]\\d+\\.\\d +calib +\\[\\d+\\.\\.\\d+\\]")
        .contains("5th..95th percentile over 4 samples");
    JsonNode rows = new ObjectMapper().readTree(Cli.run("reproduce", "--uncertainty", "4",
        "--json").out()).get("scenarios").get(0).get("rows");
    for (JsonNode r : rows) {
      assertThat(r.has("low") && r.has("high")).as(r.toString()).isTrue();
      assertThat(r.get("low").asDouble()).isLessThanOrEqualTo(r.get("high").asDouble());
    }
  }

  @Test
  void sensitivityNeedsAStudyAndTheStudyNeedsTwoSamples() {
    assertThat(Cli.run("reproduce", "--sensitivity").err())
        .contains("--sensitivity: needs --uncertainty N");
    assertThat(Cli.run("reproduce", "--uncertainty", "1").err())
        .contains("--uncertainty: 1 is out of range");
  }
}
