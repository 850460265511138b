package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.scenarios.ScenarioRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Files users write: a SoC profile (--soc-file) and a scenario (reproduce --file). A good one
 * runs; each bad one gets one line naming the file and the field, exit 2, no output, no file.
 */
class UserFilesTest {
  @TempDir Path dir;

  /** The nicsim command with the real MAC models. */
  static final CliEnv REAL = new CliEnv(NicsimHost.FACTORY, TrafficRunners.standard(),
      new ScenarioRegistry(List.of()), 1);

  static final String PROFILE = "name: myboard\ninherits: knobsoc\ntitle: my board\n"
      + "params:\n  example_ring: {value: 64, source: \"my DT\", class: exact}\n";

  static final String SCENARIO = "name: my-check\ntitle: knob on my board\nseeds: [000_x.txt]\n"
      + "assumptions: {board: \"a direct cable\"}\n"
      + "runs:\n"
      + "  - case: slow\n    mac: knob\n    soc: knobsoc\n    coalesce: \"tx-usecs 1000\"\n"
      + "    traffic: \"iperf3 -u -b 0 -l 256 -t 5ms\"\n    seed: 3\n"
      + "    metrics:\n      pps: {published: 40000, role: calibration}\n      cpu_pct:\n"
      + "  - case: mine\n    mac: knob\n    soc-file: board.yaml\n"
      + "    traffic: \"iperf3 -u -b 0 -l 256 -t 5ms\"\n    metrics: {pps: 41000}\n"
      + "  - case: ping\n    mac: example\n    soc: testsoc\n    traffic: \"ping -c 3 -i 0.001\"\n"
      + "    metrics: [ping_rtt_ms]\n";

  Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  static void refused(Cli.Result r, String expected) {
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines().filter(l -> !l.startsWith("["))).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(expected).doesNotContain("\tat ").doesNotContain("Exception")
        .doesNotContain("internal error");
  }

  @Test
  void aUsersProfileRunsAndNamesItself() throws Exception {
    Path p = write("board.yaml", PROFILE);
    Cli.Result r = Cli.run("run", "--mac", "knob", "--soc-file", p.toString(), "--traffic",
        "ping -c 2 -i 0.001", "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(new ObjectMapper().readTree(r.out()).get("config").get("soc").asText())
        .isEqualTo("myboard");
    assertThat(Cli.run("ethtool", "--mac", "knob", "--soc-file", p.toString(), "-c").exit())
        .isZero();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "missing file|-|no such file",
    "a directory|/|is a directory (accepted: a YAML file)",
    "tab indent|name: x\\n\\tinherits: knobsoc|not valid YAML at line 2, column 1: while scanning",
    "duplicate key|name: x\\nname: y|not valid YAML at line 2, column 5: Duplicate field 'name'",
    "a list|- a|not a YAML mapping",
    "unknown key|name: x\\ninherits: knobsoc\\nflavour: 3|unknown key 'flavour' (accepted: clocks,",
    "no provenance|name: x\\ninherits: knobsoc\\nparams:\\n  example_ring: 64|params.example_ring"
        + " needs its provenance",
    "cost too big|name: x\\ninherits: knobsoc\\ncosts:\\n  irq_entry: {value: 1e30, source: s, class: exact}|"
        + "costs.irq_entry = 1.0E30 is out of range (accepted: 0..1000000000 ns)",
    "fraction|name: x\\ninherits: knobsoc\\nparams:\\n  tx_queues: {value: 1.5, source: s, class: exact}|"
        + "params.tx_queues = 1.5 is not a whole number (accepted: 1..16)",
    "link rate|name: x\\ninherits: knobsoc\\nparams:\\n  link_rate_bps: {value: 5, source: s, class: exact}|"
        + "params.link_rate_bps = 5 is out of range (accepted: 1000000..400000000000)",
    "kernel hz|name: x\\ninherits: knobsoc\\nkernel:\\n  hz: {value: 7, source: s, class: exact}|kernel.hz ="
        + " 7.0 is out of range (accepted: 100..1000)",
    "other mac|name: x\\ninherits: testsoc|--soc-file: SoC profile 'x' has a example MAC, not knob",
    "unknown parent|name: x\\ninherits: nosuch|p.yaml: inherits: unknown SoC profile 'nosuch'",
    "no costs|name: x\\ncpu:\\n  cores: {value: 1, source: s, class: exact}\\n  hz: {value: 1000000, source: s, class: exact}"
        + "\\nkernel:\\n  hz: {value: 100, source: s, class: exact}|costs.irq_entry is missing",
  })
  void aBadProfileIsOneLine(String what, String text, String expected) throws Exception {
    Path p = text.equals("-") ? dir.resolve("nothere.yaml")
        : text.equals("/") ? dir : write("p.yaml", text.replace("\\n", "\n").replace("\\t", "\t"));
    refused(Cli.run("run", "--mac", "knob", "--soc-file", p.toString(), "--traffic", "ping -c 1"),
        expected);
  }

  @Test
  void aCostNoCodeChargesIsRefusedNamingTheAcceptedOnes() throws Exception {
    // a typo'd cost key would be read and never charged, leaving stmmac_xmit at cyclone5's
    Path p = write("typo.yaml", "name: typo\ninherits: cyclone5\ncosts:\n"
        + "  stmmac_frobnicate: {value: 900, source: \"my board\", class: measured}\n");
    Cli.Result r = Cli.run(REAL, "run", "--mac", "stmmac", "--soc-file", p.toString(),
        "--traffic", "ping -c 1");
    refused(r, "soc profile " + p + ": costs.stmmac_frobnicate is not an operation nicsim"
        + " charges (accepted: ");
    assertThat(r.err()).contains("stmmac_xmit, ").contains("tcp_sendmsg, ")
        .contains("irq_entry, ").contains("fec_enet_start_xmit, ");
    Path cores = write("cores.yaml", "name: halfcore\ninherits: cyclone5\ncpu:\n"
        + "  cores: {value: 2.5, source: \"my board\", class: exact}\n");
    refused(Cli.run(REAL, "run", "--mac", "stmmac", "--soc-file", cores.toString(),
        "--traffic", "ping -c 1"), "cpu.cores = 2.5 is not a whole number (accepted: 1..64 cores)");
  }

  @Test
  void socAndSocFileTogetherOrNeitherAreRefused() throws Exception {
    Path p = write("board.yaml", PROFILE);
    refused(Cli.run("run", "--mac", "knob", "--soc", "knobsoc", "--soc-file", p.toString(),
        "--traffic", "ping -c 1"), "--soc-file: given with --soc");
    refused(Cli.run("run", "--mac", "knob", "--traffic", "ping -c 1"),
        "--soc: missing (accepted: a profile name (nicsim list socs) or --soc-file PATH)");
  }

  @Test
  void aUsersScenarioRunsLikeABuiltInOne() throws Exception {
    write("board.yaml", PROFILE);
    Path s = write("check.yaml", SCENARIO);
    Path csv = Files.createDirectory(dir.resolve("csv"));
    Cli.Result r = Cli.run("reproduce", "--file", s.toString(), "--json", "--csv", csv.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode sc = new ObjectMapper().readTree(r.out()).get("scenarios");
    assertThat(sc).hasSize(1);
    assertThat(sc.get(0).get("name").asText()).isEqualTo("my-check");
    assertThat(sc.get(0).get("assumptions").get("board").asText()).isEqualTo("a direct cable");
    JsonNode rows = sc.get(0).get("rows");
    assertThat(rows).hasSize(4);
    assertThat(rows.get(0).get("case").asText()).isEqualTo("slow");
    assertThat(rows.get(0).get("metric").asText()).isEqualTo("pps");
    assertThat(rows.get(0).get("published").asDouble()).isEqualTo(40000);
    assertThat(rows.get(0).get("role").asText()).isEqualTo("calibration");
    assertThat(rows.get(0).get("coalesce").get("tx-usecs").asLong()).isEqualTo(1000);
    assertThat(rows.get(1).get("role").asText()).isEqualTo("extra");
    assertThat(rows.get(1).get("published").isNull()).isTrue();
    assertThat(rows.get(2).get("soc").asText()).isEqualTo("myboard");
    assertThat(rows.get(2).get("role").asText()).isEqualTo("prediction");
    assertThat(rows.get(3).get("metric").asText()).isEqualTo("ping_rtt_ms");
    assertThat(rows.get(3).get("simulated").asDouble()).isPositive();
    assertThat(Files.readString(csv.resolve("my-check.csv"))).startsWith("case,soc,kernel,");
    // the run with seed 3 is the run nicsim run makes with seed 3
    JsonNode alone = new ObjectMapper().readTree(Cli.run("run", "--mac", "knob", "--soc",
        "knobsoc", "-C", "tx-usecs 1000", "--traffic", "iperf3 -u -b 0 -l 256 -t 5ms", "--seed",
        "3", "--json").out()).get("summary");
    assertThat(rows.get(0).get("simulated").asDouble()).isEqualTo(alone.get("pps").asDouble());
    // without named scenarios only the file runs; with names, both
    assertThat(Cli.run("reproduce", "demo-example", "--file", s.toString()).out())
        .contains("== demo-example").contains("== my-check");
  }

  /** sysfs: and napi-set: in a scenario file, as run --sysfs and --napi-set. */
  @Test
  void aScenarioFileWritesSysfs() throws Exception {
    Path s = write("sw.yaml", "name: sw\nruns:\n"
        + "  - case: deferred\n    mac: example\n    soc: testsoc\n"
        + "    sysfs: [\"napi_defer_hard_irqs=2 gro_flush_timeout=200000\"]\n"
        + "    napi-set: \"irq-suspend-timeout=1000000\"\n"
        + "    traffic: \"iperf3 -u -b 100M -l 1400 -t 20ms -R\"\n"
        + "    metrics: [udp_rcv_pps, rx_irq_per_s, napi_watchdog_per_s, rx_wakeups_per_s]\n");
    Cli.Result r = Cli.run("reproduce", "--file", s.toString(), "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode rows = new ObjectMapper().readTree(r.out()).get("scenarios").get(0).get("rows");
    assertThat(rows).hasSize(4);
    assertThat(rows.get(0).get("simulated").asDouble()).isPositive();
    assertThat(rows.get(2).get("metric").asText()).isEqualTo("napi_watchdog_per_s");
    assertThat(rows.get(2).get("simulated").asDouble()).isPositive();
  }

  static final String RUN = "runs:\\n  - case: a\\n    mac: knob\\n    soc: knobsoc\\n"
      + "    traffic: \"ping -c 1\"\\n";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "missing file|-|nothere.yaml: no such file",
    "not a mapping|- a|not a YAML mapping (accepted: name, title, seeds, assumptions, runs)",
    "unknown key|runs: []\\nflavour: x|flavour: unknown key (accepted: name, title, seeds,"
        + " assumptions, runs)",
    "no runs|name: x|runs: missing (accepted: a list of runs",
    "empty runs|runs: []|runs: not a non-empty list",
    "bad name|name: My Board\\nruns: [{case: a}]|name: 'My Board' is not a scenario name",
    "built-in name|name: demo-example\\nruns: [{case: a}]|name: 'demo-example' is taken by a built-in scenario",
    "unknown run key|RUN    colour: red\\n    metrics: [pps]|runs[0].colour: unknown key"
        + " (accepted: case, mac, soc, soc-file,",
    "no case|runs:\\n  - mac: knob|runs[0].case: missing (accepted: a label for the table",
    "no traffic|runs:\\n  - {case: a, mac: knob, soc: knobsoc}|runs[0].traffic: missing",
    "no metrics|RUN|runs[0].metrics: missing (accepted: the metrics to report",
    "unit where a count goes|RUN    coalesce: tx-frames 5ms\\n    metrics: [pps]|runs[0].coalesce:"
        + " tx-frames: invalid value '5ms'",
    "kernel refusal|RUN    coalesce: tx-usecs 20000\\n    metrics: [pps]|runs[0]: ethtool -C"
        + " 'tx-usecs 20000': the knob driver refused: -EINVAL (-22): knob: usecs above 10000",
    "kernel as a number|RUN    kernel: 6.10\\n    metrics: [pps]|runs[0].kernel: '6.1' is not"
        + " text (accepted: a quoted version such as \"v6.10\"",
    "unknown patch|RUN    patches: [+nosuch]\\n    metrics: [pps]|runs[0]: --patch: unknown knob"
        + " patch 'nosuch'",
    "bad traffic|runs:\\n  - {case: a, mac: knob, soc: knobsoc, traffic: iperf3 -u -l 99999,"
        + " metrics: [pps]}|runs[0].traffic: --traffic iperf3 -l: 99999 is out of range for UDP",
    "bad path|RUN    path: rtt=5\\n    metrics: [pps]|runs[0].path: --path rtt: '5' has no unit",
    "unknown metric|RUN    metrics: [ppz]|runs[0].metrics[0]: unknown metric 'ppz'",
    "metric of other traffic|RUN    metrics: [udp_mbps]|runs[0].metrics[0]: udp_mbps is not"
        + " measured for ping traffic",
    "calibration without figure|RUN    metrics: {pps: {role: calibration}}|runs[0].metrics.pps:"
        + " a calibration row needs its published figure",
    "unknown role|RUN    metrics: {pps: {published: 3, role: guess}}|runs[0].metrics.pps.role:"
        + " unknown role 'guess'",
    "published text|RUN    metrics: {pps: {published: lots}}|runs[0].metrics.pps.published:"
        + " 'lots' is not a number",
    "extra with figure|RUN    metrics: {pps: {published: 3, role: extra}}|runs[0].metrics.pps:"
        + " an extra row has no published figure",
    "fractional seed|RUN    seed: 1.5\\n    metrics: [pps]|runs[0].seed: '1.5' is not an"
        + " integer",
    "soc and soc-file|RUN    soc-file: b.yaml\\n    metrics: [pps]|runs[0].soc-file: given with"
        + " soc",
    "missing soc-file|runs:\\n  - {case: a, mac: knob, soc-file: b.yaml, traffic: ping -c 1,"
        + " metrics: [pps]}|runs[0].soc-file: soc profile ",
    "case twice|runs:\\n  - {case: a, mac: knob, soc: knobsoc, traffic: ping -c 1, metrics: [pps]}"
        + "\\n  - {case: a, mac: knob, soc: knobsoc, traffic: ping -c 1, metrics: [pps]}|"
        + "runs[1].case: 'a' is used twice",
    "bad sysfs value|RUN    sysfs: napi_defer_hard_irqs=-1\\n    metrics: [pps]|runs[0]: --sysfs"
        + " napi_defer_hard_irqs=-1: echo -1 > /sys/class/net/eth0/napi_defer_hard_irqs: write"
        + " error: Invalid argument (-EINVAL)",
    "sysfs not FILE=VALUE|RUN    sysfs: threaded\\n    metrics: [pps]|runs[0]: --sysfs:"
        + " 'threaded' is not FILE=VALUE",
    "napi-set of a later era|RUN    napi-set: defer-hard-irqs=1\\n    metrics: [pps]|runs[0]:"
        + " --napi-set defer-hard-irqs=1: napi-set: Operation not supported (-EOPNOTSUPP): no"
        + " napi-set command before v6.13",
    "duplicate key|runs:\\n  - {case: a, case: b}|not valid YAML at line 2, column 19: Duplicate"
        + " field 'case'",
  })
  void aBadScenarioFileIsOneLineBeforeAnythingRuns(String what, String text, String expected)
      throws Exception {
    Path p = text.equals("-") ? dir.resolve("nothere.yaml")
        : write("s.yaml", text.replace("RUN", RUN).replace("\\n", "\n"));
    Path csv = Files.createDirectories(dir.resolve("csv"));
    Cli.Result r = Cli.run("reproduce", "demo-example", "--file", p.toString(), "--csv", csv.toString());
    refused(r, expected);
    assertThat(r.err()).doesNotContain("[1/").as("nothing ran");
    try (var files = Files.list(csv)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aStmmacProfileWithoutTheRiwtClockIsRefused() throws Exception {
    Path p = write("noclk.yaml", "name: noclk\ninherits: rk3588-yt6801\nclocks:\n"
        + "  clk_ref: {value: 0, source: \"lost it\", class: exact}\n");
    refused(Cli.run(io.nicsim.cli.env.CliEnv.standard(), "run", "--mac", "stmmac",
        "--soc-file", p.toString(), "--traffic", "ping -c 1"), "soc profile noclk: the RX"
        + " watchdog needs clocks.stmmac (or clocks.clk_ref) of at least 1 MHz, has 0 Hz");
  }
}
