package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.testkit.Cli;
import org.junit.jupiter.api.Test;

/**
 * {@code nicsim reproduce --uncertainty} as a command: every row of the built-in demo gets a
 * band in text and JSON, and the study's options are refused where they make no sense. The
 * knob MAC's board and scenario here are {@code RunSampleFailureTest}'s fixtures. What the bands
 * are made of is scenarios' {@code UncertaintyTest}.
 */
class UncertaintyCommandTest {
  static final String SCENARIO = "name: band-check\ntitle: knob on my board\nseeds: [000_x.txt]\n"
      + "assumptions: {board: \"a direct cable\"}\n"
      + "runs:\n"
      + "  - case: mine\n    mac: knob\n    soc-file: board.yaml\n"
      + "    traffic: \"iperf3 -u -b 0 -l 256 -t 5ms\"\n"
      + "    metrics:\n      pps: {published: PUBLISHED, role: prediction}\n      cpu_pct:\n";

  /**
   * knobsoc with udp_sendmsg (what a flood's CPU time is mostly made of) given {@code spec},
   * irq_entry (testsoc's one estimate) exact.
   */
  static String profile(String spec) {
    return "name: board\ninherits: knobsoc\ncosts:\n  udp_sendmsg: {value: 2000, " + spec + "}\n"
        + "  irq_entry: {value: 700, source: \"fixed\", class: exact}\n";
  }

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
