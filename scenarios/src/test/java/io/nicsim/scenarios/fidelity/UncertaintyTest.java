package io.nicsim.scenarios.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.testkit.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bands come from the documented input ranges and nothing else: an all-exact profile gives a
 * band of zero width at the point value, a wider range gives a wider band, a published figure
 * changes nothing but itself, and any thread count gives the same bytes.
 */
class UncertaintyTest {
  @TempDir Path dir;

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

  JsonNode study(String profileSpec, double published, String threads) throws Exception {
    Files.writeString(dir.resolve("board.yaml"), profile(profileSpec), StandardCharsets.UTF_8);
    Path s = dir.resolve("s.yaml");
    Files.writeString(s, SCENARIO.replace("PUBLISHED", Double.toString(Math.abs(published))),
        StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("reproduce", "--file", s.toString(), "--json", "--uncertainty", "8",
        "--threads", threads);
    assertThat(r.exit()).as(r.err()).isZero();
    // rows: pps (with the published figure), cpu_pct
    JsonNode rows = new ObjectMapper().readTree(r.out()).get("scenarios").get(0).get("rows");
    return published < 0 ? rows.get(1) : rows.get(0);
  }

  static double width(JsonNode row) {
    return row.get("high").asDouble() - row.get("low").asDouble();
  }

  @Test
  void anExactProfileGivesABandOfZeroWidthAtThePointValue() throws Exception {
    JsonNode row = study("source: \"fixed\", class: exact", 1000, "2");
    assertThat(row.get("low").asDouble()).isEqualTo(row.get("simulated").asDouble());
    assertThat(row.get("high").asDouble()).isEqualTo(row.get("simulated").asDouble());
    assertThat(row.get("samples").asInt()).isEqualTo(8);
  }

  @Test
  void aWiderRangeGivesAWiderBandAndThePointValueStays() throws Exception {
    JsonNode narrow = study("source: \"range: test\", class: estimate, range: 5%", -1, "2");
    JsonNode wide = study("source: \"range: test\", class: estimate, range: 40%", -1, "2");
    assertThat(width(narrow)).isPositive();
    assertThat(width(wide)).isGreaterThan(2 * width(narrow));
    assertThat(wide.get("simulated").asDouble()).isEqualTo(narrow.get("simulated").asDouble());
  }

  @Test
  void aPublishedFigureChangesNothingButItselfAndItsMark() throws Exception {
    JsonNode a = study("source: \"range: test\", class: estimate, range: 20%", 1000, "2");
    JsonNode b = study("source: \"range: test\", class: estimate, range: 20%", 1e9, "2");
    assertThat(b.get("low")).isEqualTo(a.get("low"));
    assertThat(b.get("high")).isEqualTo(a.get("high"));
    assertThat(b.get("simulated")).isEqualTo(a.get("simulated"));
    assertThat(b.get("published_inside").asBoolean()).isFalse();
  }

  @Test
  void theStudyIsTheSameForAnyThreadCount() throws Exception {
    String spec = "source: \"range: test\", class: estimate, range: 20%";
    assertThat(study(spec, 1000, "3")).isEqualTo(study(spec, 1000, "1"));
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
