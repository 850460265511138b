package io.nicsim.scenarios.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.text.Num;
import io.nicsim.runs.RunEnv;
import io.nicsim.scenarios.ReproReport;
import io.nicsim.scenarios.ReproRunner;
import io.nicsim.scenarios.seeds.SeedScenarios;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * scenarios/FIDELITY.md's generated block agrees with the model: every calibration, prediction and
 * claim row of a plain {@code reproduce} run is on the page with the same published and
 * simulated figures (a study never moves the point values), and every prediction whose
 * published figure lies outside its band has a note under "Open misses". The run is
 * {@code nicsim reproduce --json}'s: the seed scenarios run by default, seed 1; cli's
 * ReproduceMarkdownTest renders a study's block through the command.
 */
class FidelityPageTest {

  @Test
  void thePageShowsWhatReproduceGives() throws Exception {
    String page = Files.readString(Path.of("FIDELITY.md"));
    int from = page.indexOf(FidelityPage.BEGIN);
    int to = page.indexOf(FidelityPage.END);
    assertThat(from).as("generated block").isNotNegative();
    String block = page.substring(from, to);
    String notes = page.substring(page.indexOf("## Open misses"));
    RunEnv env = RunEnv.standard();
    List<ReproReport.Outcome> outcomes;
    try (Outputs outs = Outputs.begin()) {
      outcomes = new ReproRunner(env.engine(), 1, env.threads(), true).run(
          SeedScenarios.registry().select(List.of()), new PrintWriter(Writer.nullWriter()), outs,
          null, null);
    }
    for (JsonNode s : new ObjectMapper().readTree(ReproReport.json(outcomes)).get("scenarios")) {
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
}
