package io.nicsim.scenarios.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.formats.output.Outputs;
import io.nicsim.runs.RunEnv;
import io.nicsim.scenarios.ReproReport;
import io.nicsim.scenarios.ReproRunner;
import io.nicsim.scenarios.Scenario;
import io.nicsim.scenarios.ScenarioEnv;
import io.nicsim.scenarios.ScenarioFile;
import io.nicsim.scenarios.ScenarioRegistry;
import io.nicsim.studies.plan.LocalEngine;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.Progress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bands come from the documented input ranges and nothing else: an all-exact profile gives a
 * band of zero width at the point value, a wider range gives a wider band, a published figure
 * changes nothing but itself, and any thread count gives the same bytes. The study is
 * {@code nicsim reproduce --file S --uncertainty 8}'s (scenarios' {@code UncertaintyStudy}
 * over a file scenario) on stmmac's UDP flood, on a profile that is cyclone5 with every number
 * exact but udp_sendmsg (what a flood's CPU time is mostly made of). What the command prints
 * and refuses: cli's {@code UncertaintyCommandTest}.
 */
class UncertaintyTest {
  @TempDir Path dir;

  static final String SCENARIO = "name: band-check\ntitle: stmmac on my board\n"
      + "seeds: [000_x.txt]\nassumptions: {board: \"a direct cable\"}\n"
      + "runs:\n"
      + "  - case: mine\n    mac: stmmac\n    soc-file: board.yaml\n"
      + "    traffic: \"iperf3 -u -b 0 -l 256 -t 5ms\"\n"
      + "    metrics:\n      pps: {published: PUBLISHED, role: prediction}\n      cpu_pct:\n";

  /** cyclone5 with every number exact, udp_sendmsg given {@code spec}. */
  static String profile(String spec) {
    SocProfile base = SocProfile.load("cyclone5");
    StringBuilder y = new StringBuilder("name: board\ninherits: cyclone5\n");
    Map<String, Map<String, Quantity>> sections = new java.util.LinkedHashMap<>();
    sections.put("cpu", base.cpu());
    sections.put("kernel", base.kernel());
    sections.put("clocks", base.clocks());
    sections.put("params", base.params());
    sections.put("costs", base.costs());
    sections.forEach((section, quantities) -> {
      if (quantities.isEmpty()) {
        return;
      }
      y.append(section).append(":\n");
      quantities.forEach((k, q) -> {
        if (section.equals("costs") && k.equals("udp_sendmsg")) {
          y.append("  udp_sendmsg: {value: 2000, ").append(spec).append("}\n");
        } else {
          double v = q.value();
          String value = v == Math.rint(v) ? Long.toString((long) v)
              : String.format(Locale.ROOT, "%s", v);
          y.append("  ").append(k).append(": {value: ").append(value)
              .append(", source: \"fixed\", class: exact}\n");
        }
      });
    });
    return y.toString();
  }

  JsonNode study(String profileSpec, double published, int threads) throws Exception {
    Files.writeString(dir.resolve("board.yaml"), profile(profileSpec), StandardCharsets.UTF_8);
    Path s = dir.resolve("s.yaml");
    Files.writeString(s, SCENARIO.replace("PUBLISHED", Double.toString(Math.abs(published))),
        StandardCharsets.UTF_8);
    RunEnv runs = RunEnv.standard();
    Scenario sc = ScenarioFile.load(s, runs.hosts(), Set.of());
    List<ReproReport.Outcome> outcomes;
    try (Outputs outs = Outputs.begin();
        PointEngine pe = new LocalEngine(threads)) {
      List<ReproReport.Outcome> nominal = new ReproRunner(runs.engine(), 1, threads, true)
          .run(List.of(sc), new PrintWriter(new StringWriter()), outs, null, null);
      outcomes = new UncertaintyStudy(new ScenarioEnv(runs, new ScenarioRegistry(List.of())),
          1, 8, true).run(nominal, Map.of(sc.name(), s.toAbsolutePath().toString()), false, pe,
          Progress.NONE);
    }
    // rows: pps (with the published figure), cpu_pct
    JsonNode rows = new ObjectMapper().readTree(ReproReport.json(outcomes)).get("scenarios")
        .get(0).get("rows");
    return published < 0 ? rows.get(1) : rows.get(0);
  }

  static double width(JsonNode row) {
    return row.get("high").asDouble() - row.get("low").asDouble();
  }

  @Test
  void anExactProfileGivesABandOfZeroWidthAtThePointValue() throws Exception {
    JsonNode row = study("source: \"fixed\", class: exact", 1000, 2);
    assertThat(row.get("low").asDouble()).isEqualTo(row.get("simulated").asDouble());
    assertThat(row.get("high").asDouble()).isEqualTo(row.get("simulated").asDouble());
    assertThat(row.get("samples").asInt()).isEqualTo(8);
  }

  @Test
  void aWiderRangeGivesAWiderBandAndThePointValueStays() throws Exception {
    JsonNode narrow = study("source: \"range: test\", class: estimate, range: 5%", -1, 2);
    JsonNode wide = study("source: \"range: test\", class: estimate, range: 40%", -1, 2);
    assertThat(width(narrow)).isPositive();
    assertThat(width(wide)).isGreaterThan(2 * width(narrow));
    assertThat(wide.get("simulated").asDouble()).isEqualTo(narrow.get("simulated").asDouble());
  }

  @Test
  void aPublishedFigureChangesNothingButItselfAndItsMark() throws Exception {
    JsonNode a = study("source: \"range: test\", class: estimate, range: 20%", 1000, 2);
    JsonNode b = study("source: \"range: test\", class: estimate, range: 20%", 1e9, 2);
    assertThat(b.get("low")).isEqualTo(a.get("low"));
    assertThat(b.get("high")).isEqualTo(a.get("high"));
    assertThat(b.get("simulated")).isEqualTo(a.get("simulated"));
    assertThat(b.get("published_inside").asBoolean()).isFalse();
  }

  @Test
  void theStudyIsTheSameForAnyThreadCount() throws Exception {
    String spec = "source: \"range: test\", class: estimate, range: 20%";
    assertThat(study(spec, 1000, 3)).isEqualTo(study(spec, 1000, 1));
  }
}
