package io.nicsim.scenarios.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.formats.text.Num;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * scenarios/FIDELITY.md's generated block agrees with the model: every calibration, prediction and
 * claim row of a plain {@code reproduce} run is on the page with the same published and
 * simulated figures (a study never moves the point values), and every prediction whose
 * published figure lies outside its band has a note under "Open misses".
 */
class FidelityPageTest {

  @Test
  void thePageShowsWhatReproduceGives() throws Exception {
    String page = Files.readString(Path.of("..", "scenarios", "FIDELITY.md"));
    int from = page.indexOf(FidelityPage.BEGIN);
    int to = page.indexOf(FidelityPage.END);
    assertThat(from).as("generated block").isNotNegative();
    String block = page.substring(from, to);
    String notes = page.substring(page.indexOf("## Open misses"));
    Cli.Result r = Cli.run(CliEnv.standard(), "reproduce", "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    for (JsonNode s : new ObjectMapper().readTree(r.out()).get("scenarios")) {
      assertThat(block).contains("### " + s.get("name").asText());
      for (JsonNode row : s.get("rows")) {
        String role = row.get("role").asText();
        if (role.equals("extra")) {
          continue;
        }
        String sim = Num.human(row.get("simulated").asDouble());
        if (role.equals("claim")) {
          assertThat(block).contains("- claim (" + row.get("case").asText() + ", "
              + row.get("metric").asText() + " = " + sim + "): **" + row.get("verdict").asText());
          continue;
        }
        String line = "| " + row.get("case").asText() + " | " + row.get("metric").asText()
            + " | " + role + " | " + Num.human(row.get("published").asDouble()) + " | " + sim
            + " | ";
        assertThat(block).as(s.get("name").asText()).contains(line);
        int at = block.indexOf(line);
        String rest = block.substring(at, block.indexOf('\n', at));
        if (role.equals("prediction") && rest.endsWith("| **no** |")) {
          assertThat(notes).as("a cause for " + line).contains(row.get("metric").asText());
        }
      }
    }
    assertThat(block).contains("Predictions with a published figure inside their band:");
  }

  @Test
  void theDemoStudyRendersItsBlock() {
    Cli.Result r = Cli.run("reproduce", "--uncertainty", "4", "--markdown");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith(FidelityPage.BEGIN).endsWith(FidelityPage.END + "\n")
        .contains("### demo-example").containsPattern("\\| testsoc 64B \\| pps \\| calibration"
            + " \\| 100000 \\| \\d+ \\| \\[\\d+\\.\\.\\d+\\] \\| (yes|\\*\\*no\\*\\*) \\|");
  }
}
