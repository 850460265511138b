package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A microsecond trace (nicsim's default text, as a board's tracefs trace file prints it)
 * calibrates without a bias its ranges do not state: the scaled costs come back each within
 * the range the profile gives it, the range says how much of it is the clock's tick, and spans
 * too short for the tick are listed as not fitted instead of fitted with a bias. nicsim's own
 * events fall on whole microseconds, the worst case for a truncating clock (a board's
 * free-running clock has no such phase).
 */
class CalibrateMicrosecondTest {
  @TempDir Path dir;

  @Test
  void theRoundTripReturnsEachCostWithinItsStatedRange() throws Exception {
    Map<String, Double> perturbed = new TreeMap<>();
    Path p = CalibrateRoundTripTest.perturbedProfile(dir, perturbed);
    Path trace = dir.resolve("board-us.txt");
    Traces.model(trace, Traces.concat(List.of("--soc-file", p.toString()),
        CalibrateRoundTripTest.CONFIG));
    Path profile = dir.resolve("myboard.yaml");
    Traces.Result c = Traces.trace(Traces.concat(List.of("calibrate", "--trace",
        trace.toString(), "--soc", "cyclone5", "--out", profile.toString(), "--json"),
        CalibrateRoundTripTest.CONFIG));
    JsonNode result = new ObjectMapper().readTree(c.out());
    SocProfile cal = SocProfile.loadFile(profile);
    int checked = 0;
    for (JsonNode m : result.get("measured")) {
      String op = m.get("op").asText();
      Double want = perturbed.get(op);
      if (want == null) {
        continue;
      }
      Quantity q = cal.costs().get(op);
      double got = q.value();
      // the stated range, and the source says how much of it is the tick
      assertThat(Math.abs(got / want - 1)).as(op + " " + got + " against " + want + " range "
          + q.range()).isLessThanOrEqualTo(q.range() + 0.005);
      assertThat(q.source()).as(op).contains("clock tick");
      checked++;
    }
    assertThat(checked).isGreaterThanOrEqualTo(8);
    // what is shorter than two ticks on average is said, not fitted
    assertThat(result.get("not_fitted").toString()).doesNotContain("Exception");
    for (JsonNode s : result.get("not_fitted")) {
      if (s.asText().contains("tick")) {
        assertThat(s.asText()).contains("under twice the trace's tick (1000 ns)");
      }
    }
  }
}
