package io.nicsim.scenarios.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.formats.output.Outputs;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunFailure;
import io.nicsim.runs.TrafficRunners;
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
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sample that breaks its run stops the study with one line naming the scenario, the sample
 * and the seed. The fixture: hostkit's knob MAC with its made-up {@code +fragile} bug, which
 * breaks any run whose udp_sendmsg costs more than 2200 ns, on a board whose udp_sendmsg is
 * 2000 ns ±40%: the nominal run passes, the samples at the high end of the range fail.
 */
class UncertaintySampleFailureTest {
  static final String SCENARIO = "name: band-check\ntitle: knob on my board\nseeds: [000_x.txt]\n"
      + "assumptions: {board: \"a direct cable\"}\n"
      + "runs:\n"
      + "  - case: mine\n    mac: knob\n    soc-file: board.yaml\n    patches: [+fragile]\n"
      + "    traffic: \"iperf3 -u -b 0 -l 256 -t 5ms\"\n"
      + "    metrics:\n      pps: {published: 1000, role: prediction}\n      cpu_pct:\n";
  static final String BOARD = "name: board\ninherits: knobsoc\ncosts:\n"
      + "  udp_sendmsg: {value: 2000, source: \"range: test\", class: estimate, range: 40%}\n"
      + "  irq_entry: {value: 700, source: \"fixed\", class: exact}\n";

  @TempDir Path dir;

  @Test
  void aFailedSampleNamesTheScenarioTheSampleAndTheSeedInOneLine() throws Exception {
    Files.writeString(dir.resolve("board.yaml"), BOARD, StandardCharsets.UTF_8);
    Path s = dir.resolve("s.yaml");
    Files.writeString(s, SCENARIO, StandardCharsets.UTF_8);
    RunEnv runs = new RunEnv(MacHosts.of(ExampleMac.knob())::create, TrafficRunners.standard(),
        2);
    Scenario sc = ScenarioFile.load(s, runs.hosts(), Set.of());
    try (Outputs outs = Outputs.begin();
        PointEngine pe = new LocalEngine(2)) {
      List<ReproReport.Outcome> nominal = new ReproRunner(runs.engine(), 1, 2, true)
          .run(List.of(sc), new PrintWriter(new StringWriter()), outs, null, null);
      assertThat(nominal).hasSize(1); // the nominal 2000 ns passes
      UncertaintyStudy study =
          new UncertaintyStudy(new ScenarioEnv(runs, new ScenarioRegistry(List.of())), 1, 8, true);
      assertThatThrownBy(() -> study.run(nominal,
          Map.of(sc.name(), s.toAbsolutePath().toString()), false, pe, Progress.NONE))
          .isInstanceOf(RunFailure.class)
          .hasMessageMatching("band-check: uncertainty sample [0-7] of 8 \\(--seed 1\\)"
              + " failed: .*knob \\+fragile: udp_sendmsg costs [0-9]+ ns, above 2200")
          .hasMessageNotContaining("\n");
    }
  }
}
