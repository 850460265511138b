package io.nicsim.cli.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code nicsim trace} as a command: its help, its subcommands wired, and every refusal its
 * subcommands make given as one line on stderr naming the subcommand and the field, exit status
 * 2, nothing on stdout and nothing written. What the refusals say and the figures the commands
 * print are boardtrace's tests' ({@code BoardKernelTest}, {@code MapOptionTest},
 * {@code CompareKernelCountersTest}, {@code ImportCommandTest}, …).
 */
class TraceCommandTest {
  @TempDir Path dir;

  @Test
  void helpListsTheSubcommandsAndNoneIsARefusal() {
    Cli.Result help = TraceCli.run(List.of("trace", "--help"));
    assertThat(help.exit()).as(help.err()).isZero();
    assertThat(help.out()).contains("import").contains("compare").contains("calibrate");
    Cli.Result none = TraceCli.run(List.of("trace"));
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.out()).isEmpty();
    assertThat(none.err().lines()).hasSize(1);
    assertThat(none.err()).startsWith("nicsim trace: a subcommand is required (import, compare,"
        + " calibrate)");
  }

  @Test
  void importAndCompareOfAFixtureExitZero() throws Exception {
    Path f = TraceCli.fixture(dir, "ping-veth.trace.txt");
    Cli.Result i = TraceCli.run(List.of("trace", "import", "--trace", f.toString(), "--json"));
    assertThat(i.exit()).as(i.err()).isZero();
    assertThat(i.err()).isEmpty();
    assertThat(i.out()).contains("\"kept\"");
    Cli.Result c = TraceCli.run(List.of("trace", "compare", "--trace", f.toString(), "--map",
        "nsb-va=eth0", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -u -b 2M -l 256 -t 0.1", "--json"));
    assertThat(c.exit()).as(c.err()).isZero();
    assertThat(c.err()).isEmpty();
    assertThat(c.out()).contains("\"rows\"");
  }

  /** Each refusal: the subcommand, its arguments after --trace FILE, what the line says. */
  static Stream<Arguments> refusals() {
    List<Arguments> a = new ArrayList<>();
    List<String> run = List.of("--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 0.05");
    for (String v : List.of("", " ", "banana", "v", "6")) {
      List<String> args = new ArrayList<>(run);
      args.addAll(List.of("--board-kernel", v));
      a.add(Arguments.of("calibrate", args, "--board-kernel: '" + v + "' is not a kernel"
          + " release (accepted: the board's uname -r, e.g. 6.1.55-yocto)"));
    }
    String[][] maps = {{"import", "noequals", null}, {"import", "=x", null},
        {"import", "x=", null}, {"import", "a=b", "a=c"}, {"compare", "a=b", "a=c"},
        {"compare", "noequals", null}};
    for (String[] m : maps) {
      List<String> args = new ArrayList<>(List.of("--map", m[1]));
      if (m[2] != null) {
        args.addAll(List.of("--map", m[2]));
      }
      if (m[0].equals("compare")) {
        args.addAll(List.of("--mac", "stmmac", "--soc", "cyclone5", "--traffic", "ping -c 2"));
      }
      a.add(Arguments.of(m[0], args, m[2] == null ? "--map: '" + m[1] + "' is not BOARD=MODEL"
          : "--map: 'a' is mapped to both 'b' and 'c'"));
    }
    List<String> stat = new ArrayList<>(List.of("--map", "nsb-va=eth0"));
    stat.addAll(run);
    stat.addAll(List.of("--stat-before", "STAT"));
    a.add(Arguments.of("compare", stat, "--stat-after: is missing"));
    return a.stream();
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void aRefusalIsOneLineExitTwoAndNothingWritten(String command, List<String> args,
      String says) throws Exception {
    Path trace = TraceCli.fixture(dir, "udp-veth.report-ns.txt");
    Path stat = dir.resolve("stat.before");
    Files.writeString(stat, "cpu0 1 0 2 50 0 0 1 0 0 0\n");
    Path out = dir.resolve("out");
    List<String> cmd = new ArrayList<>(List.of("trace", command, "--trace", trace.toString()));
    cmd.addAll(args.stream().map(s -> s.equals("STAT") ? stat.toString() : s).toList());
    if (!command.equals("compare")) {
      cmd.addAll(List.of("--out", out.resolve(command.equals("import") ? "kept.txt" : "p.yaml")
          .toString()));
    }
    Cli.Result r = TraceCli.run(cmd);
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).startsWith("nicsim trace " + command + ": " + says)
        .doesNotContain("Exception");
    assertThat(out).doesNotExist();
  }

  @Test
  void aTruncatedTraceIsOneLineExitTwoAndNothingWritten() throws Exception {
    String text = Files.readString(TraceCli.fixture(dir, "udp-veth.report.txt"));
    Path cut = dir.resolve("cut.txt");
    Files.writeString(cut, text.substring(0, text.length() / 2));
    long lines = text.substring(0, text.length() / 2).chars().filter(c -> c == '\n').count();
    Path out = dir.resolve("out/kept.txt");
    Cli.Result r = TraceCli.run(List.of("trace", "import", "--trace", cut.toString(),
        "--out", out.toString()));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("nicsim trace import: trace " + cut + " line " + (lines + 1)
        + ": the file ends inside this line (truncated)\n");
    assertThat(out.getParent()).doesNotExist();
  }

  @Test
  void aGarbledTraceIsOneLineExitTwoForEveryCommandAndNothingWritten() throws Exception {
    List<String> lines = Files.readAllLines(TraceCli.fixture(dir, "ping-veth.trace.txt"));
    lines.set(99, "\u0000\u0000\u0000 garbage " + lines.get(99).substring(20));
    Path bad = dir.resolve("bad.txt");
    Files.write(bad, lines);
    List<String> run = List.of("--mac", "stmmac", "--soc", "cyclone5", "--traffic", "ping -c 2");
    Path out = dir.resolve("out");
    List<List<String>> commands = List.of(
        List.of("trace", "import", "--trace", bad.toString(), "--out",
            out.resolve("kept.txt").toString()),
        TraceCli.concat(List.of("trace", "compare", "--trace", bad.toString(), "--plot",
            out.resolve("cmp.png").toString()), run),
        TraceCli.concat(List.of("trace", "calibrate", "--trace", bad.toString(), "--out",
            out.resolve("board.yaml").toString()), run));
    for (List<String> c : commands) {
      Cli.Result r = TraceCli.run(c);
      String name = "nicsim trace " + c.get(1);
      assertThat(r.exit()).as(name).isEqualTo(2);
      assertThat(r.out()).as(name).isEmpty();
      assertThat(r.err()).as(name).startsWith(name + ": trace " + bad + " line 100: ")
          .endsWith("\n").doesNotContain("Exception");
      assertThat(r.err().lines().count()).as(name).isEqualTo(1);
      assertThat(out).as(name + ": nothing written, not even the directory").doesNotExist();
    }
  }
}
