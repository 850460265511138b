package io.nicsim.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import io.nicsim.core.config.BadInputException;
import io.nicsim.scenarios.Scenario;
import io.nicsim.scenarios.ScenarioFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Scenario files ({@code reproduce --file}) put together from plausible and wrong pieces, then
 * edited like the profiles: each loads (every run's host built) or is refused in one line
 * naming the file and the field. A sample of those that load also runs.
 */
class ScenarioFileFuzzTest {
  static final Path TMP = Fuzz.scratch();

  static final String[] MACS = {"knob", "example", "stmmac", "nosuch", "\"\"", "[knob]", "3"};
  static final String[] SOCS = {"knobsoc", "testsoc", "cyclone5", "nosuch", "\"../x\"",
      "{a: b}"};
  static final String[] COALESCE = {"\"tx-usecs 100\"", "\"tx-usecs 20000\"",
      "\"tx-frames 5ms\"", "\"rx-usecs 1ms tx-frames 3\"", "\"\"", "7", "[a]", "\"bogus 1\""};
  static final String[] TRAFFIC = {"\"iperf3 -u -b 0 -l 64 -t 2ms\"", "\"ping -c 2 -i 1ms\"",
      "\"iperf3 -u -l 99999 -t 1ms\"", "\"ping\"", "\"iperf3 -C bbr -t 1ms\"", "12",
      "\"ping -c 2 -i 1ms -s 70000\""};
  static final String[] METRICS = {"[pps]", "[ping_rtt_ms]", "[udp_mbps, cpu_pct]", "[]",
      "{pps: {published: 4e4, role: calibration}}", "{pps: 3}", "{pps: {role: prediction}}",
      "{pps: {published: x}}", "{cpu_pct: }", "[ppz]", "{pps: {published: 1, role: extra}}",
      "{pps: {published: .nan}}", "pps"};
  static final String[] EXTRA = {"", "    kernel: \"v6.7\"\n", "    kernel: 6.10\n",
      "    patches: [+fast-path]\n", "    patches: \"+nosuch\"\n", "    path: rtt=1ms\n",
      "    path: rtt=5\n", "    seed: 7\n", "    seed: 1.5\n", "    soc-file: nothere.yaml\n",
      "    colour: red\n", "    case: twice\n"};

  /** Mostly the right piece ({@code good}), sometimes any piece of the list. */
  static Arbitrary<String> mostly(String good, String[] any) {
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, Arbitraries.just(good)),
        net.jqwik.api.Tuple.of(1, Arbitraries.of(any)));
  }

  @Provide
  Arbitrary<String> files() {
    Arbitrary<String> hostPair = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.of("knob|knobsoc", "example|testsoc")),
        net.jqwik.api.Tuple.of(1, Combinators.combine(Arbitraries.of(MACS), Arbitraries.of(SOCS))
            .as((m, s) -> m + "|" + s)));
    Arbitrary<String> run = Combinators.combine(hostPair,
            Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, Arbitraries.just("")),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(COALESCE))),
            mostly("\"iperf3 -u -b 0 -l 64 -t 2ms\"", TRAFFIC), mostly("[pps]", METRICS),
            mostly("", EXTRA), Arbitraries.integers().between(0, 3))
        .as((hs, c, t, me, x, cs) -> {
          String[] h = hs.split("\\|");
          return "  - case: c" + cs + "\n    mac: " + h[0] + "\n    soc: " + h[1] + "\n"
              + (c.isEmpty() ? "" : "    coalesce: " + c + "\n") + "    traffic: " + t
              + "\n    metrics: " + me + "\n" + x;
        });
    Arbitrary<String> head = mostly("name: fz\n", new String[] {"", "name: Bad Name\n",
        "name: demo-example\n", "title: t\nseeds: [a.txt]\n", "assumptions: {a: b}\n",
        "assumptions: [a]\n", "flavour: 1\n", "seeds: x\n"});
    Arbitrary<String> doc = Combinators.combine(head, run.list().ofMinSize(0).ofMaxSize(3)
            .uniqueElements(r -> r.substring(0, r.indexOf('\n'))))
        .as((h, runs) -> h + (runs.isEmpty() ? "runs: []\n" : "runs:\n" + String.join("", runs)));
    Arbitrary<List<ProfileFuzzTest.Edit>> edits = new ProfileFuzzTest().edits();
    return Combinators.combine(doc, edits, Arbitraries.integers().between(0, 3))
        .as((d, e, k) -> k == 0 ? ProfileFuzzTest.apply(d, e) : d);
  }

  @Property
  void anyScenarioFileLoadsOrIsRefusedInOneLine(@ForAll("files") String text) throws IOException {
    Path file = Files.createTempFile(TMP, "scenario", ".yaml");
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
      try {
        Scenario s = ScenarioFile.load(file, Cli.HOSTS, Set.of("demo-example"));
        Statistics.label("outcome").collect("loaded");
        assertThat(s.name()).isNotBlank();
      } catch (BadInputException e) {
        Statistics.label("outcome").collect("refused");
        assertThat(e.getMessage()).doesNotContain("\n").startsWith(file.toString() + ": ");
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Property
  void onTheCommandLineAFileRunsOrIsOneLine(@ForAll("files") String text) throws IOException {
    Path file = Files.createTempFile(TMP, "scenario", ".yaml");
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
      Cli.Result r = Cli.run("reproduce", "--file", file.toString());
      Statistics.label("exit").collect(r.exit());
      Fuzz.clean(r);
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
