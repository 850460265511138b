package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.cli.testkit.DemoScenario;
import io.nicsim.scenarios.ReproReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {

  @Test
  void tablesFitAPlainTextMailAndSayWhichRowIsWhich() {
    Cli.Result r = Cli.run("reproduce");
    assertThat(r.exit()).as(r.err()).isZero();
    for (String line : r.out().split("\n")) {
      assertThat(line.codePointCount(0, line.length())).as(line).isLessThanOrEqualTo(ReproReport.WIDTH);
    }
    assertThat(r.out()).startsWith("== demo-example: ")
        .contains("seeds: demo_0000000000000000.txt")
        .containsPattern("case +metric +published +simulated +Δ% +role")
        .containsPattern("testsoc 64B +pps +100000 +\\d+ +[+-]\\d+\\.\\d +calib")
        .containsPattern("testsoc ping +ping_rtt_ms +0\\.050 +0\\.\\d{3} +[+-]\\d+\\.\\d +pred")
        .containsPattern("cpu_pct +- +\\d+\\.\\d+ +- +extra");
    assertThat(r.err()).contains("[1/1] demo-example ...").contains("[1/1] demo-example: 4 rows");
  }

  @Test
  void jsonFollowsTheContract() throws Exception {
    Cli.Result r = Cli.run("reproduce", "demo-example", "--json");
    JsonNode root = new ObjectMapper().readTree(r.out());
    List<String> top = new ArrayList<>();
    root.fieldNames().forEachRemaining(top::add);
    assertThat(top).containsExactly("nicsim", "scenarios");
    JsonNode s = root.get("scenarios").get(0);
    List<String> keys = new ArrayList<>();
    s.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("name", "seeds", "assumptions", "rows");
    assertThat(s.get("seeds").get(0).asText()).isEqualTo("demo_0000000000000000.txt");
    assertThat(s.get("assumptions").get("soc").asText()).startsWith("testsoc");
    JsonNode row = s.get("rows").get(0);
    List<String> rk = new ArrayList<>();
    row.fieldNames().forEachRemaining(rk::add);
    assertThat(rk).containsExactly("case", "soc", "kernel", "patches", "coalesce", "metric",
        "unit", "published", "simulated", "role");
    assertThat(row.get("published").asDouble()).isEqualTo(DemoScenario.PUBLISHED_PPS);
    assertThat(row.get("role").asText()).isEqualTo("calibration");
    assertThat(row.get("patches").isArray()).isTrue();
    assertThat(row.get("coalesce").isObject()).isTrue();
    assertThat(s.get("rows").get(1).get("published").isNull()).isTrue();
    assertThat(s.get("rows").get(3).get("role").asText()).isEqualTo("prediction");
  }

  @Test
  void outputsAreTheSameWhateverTheThreadCount() {
    assertThat(Cli.run("reproduce", "--json", "--threads", "3").out())
        .isEqualTo(Cli.run("reproduce", "--json", "--threads", "1").out());
  }

  @Test
  void csvAndPlotsPerScenario(@TempDir Path dir) throws Exception {
    Cli.Result r = Cli.run("reproduce", "--csv", dir.toString(), "--plot-dir", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    List<String> csv = Files.readAllLines(dir.resolve("demo-example.csv"));
    assertThat(csv.get(0)).isEqualTo(
        "case,soc,kernel,patches,coalesce,metric,unit,published,simulated,delta_pct,role");
    assertThat(csv).hasSize(5);
    assertThat(csv.get(2)).startsWith("testsoc 64B,testsoc,v6.18,,,cpu_pct,%,,");
    for (String f : new String[] {"demo-example-pps", "demo-example-cpu_pct",
        "demo-example-ping_rtt_ms", "demo-example-knob1", "demo-example-timeline1"}) {
      assertThat(Files.readAllBytes(dir.resolve(f + ".png")))
          .startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
      assertThat(Files.readString(dir.resolve(f + ".svg"))).contains("<svg");
    }
  }

  @Test
  void unknownScenarioAndAFileWhereADirectoryGoesAreRefused(@TempDir Path dir) throws Exception {
    Cli.Result r = Cli.run("reproduce", "nosuch");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("nicsim reproduce: SCENARIO: unknown scenario 'nosuch'"
        + " (accepted: demo-example)\n");
    Path file = Files.writeString(dir.resolve("f"), "x");
    Cli.Result d = Cli.run("reproduce", "--csv", file.toString());
    assertThat(d.exit()).isEqualTo(2);
    assertThat(d.err()).contains("--csv: '" + file + "' is not a directory");
  }

  @Test
  void missingOutputDirectoriesAreCreatedAsMkdirPDoes(@TempDir Path dir) {
    Path plots = dir.resolve("a/plots");
    Path csv = dir.resolve("csv");
    Cli.Result r = Cli.run("reproduce", "--plot-dir", plots + "/", "--csv", csv.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(plots.resolve("demo-example-pps.png")).isRegularFile();
    assertThat(csv.resolve("demo-example.csv")).isRegularFile();
  }
}
