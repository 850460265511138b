package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.cli.testkit.DemoScenario;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import io.nicsim.scenarios.ScenarioRegistry;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A plain {@code nicsim reproduce} runs every scenario except those run only by name; help,
 * {@code list scenarios} and the command's own output say which those are and how to run
 * them, so "all scenarios" never silently means fewer than {@code list scenarios} shows.
 */
class ReproduceDefaultsTest {
  /** A by-name scenario that fails the test if it runs. */
  static final class WhatIf implements Scenario {
    @Override
    public String name() {
      return "what-if-example";
    }

    @Override
    public String title() {
      return "a what-if";
    }

    @Override
    public List<String> seeds() {
      return List.of("demo_0000000000000000.txt");
    }

    @Override
    public LinkedHashMap<String, String> assumptions() {
      return new LinkedHashMap<>();
    }

    @Override
    public boolean byNameOnly() {
      return true;
    }

    @Override
    public List<Row> run(ReproContext ctx) {
      throw new AssertionError("a by-name scenario ran by default");
    }
  }

  static CliEnv env() {
    return new CliEnv(Cli.HOSTS, TrafficRunners.standard(), new ScenarioRegistry(
        List.of(new DemoScenario(), new WhatIf())), 2);
  }

  @Test
  void theByNameScenariosAreNamedInHelpListAndOutput() {
    Cli.Result help = Cli.run(env(), "reproduce", "--help");
    assertThat(help.out().replaceAll("\\s+", " ")).contains("every scenario except those run"
        + " only by name");
    Cli.Result list = Cli.run(env(), "list", "scenarios");
    assertThat(list.out()).contains("runs only when named (nicsim reproduce what-if-example)");
    Cli.Result r = Cli.run(env(), "reproduce");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("demo-example").doesNotContain("what-if-example");
    assertThat(r.err()).contains("not run by default: what-if-example");
  }

  @Test
  void jsonAndMarkdownTogetherAreRefused() {
    Cli.Result r = Cli.run(env(), "reproduce", "--json", "--markdown");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--markdown: given with --json");
  }
}
