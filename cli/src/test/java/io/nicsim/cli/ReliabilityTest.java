package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Smaller reliability defects of the commands, each as a user found it: every test here failed
 * on the code it was written against. (The flood's receiver jitter and Total, a model figure:
 * stmmac's {@code FloodJitterTest}.)
 */
class ReliabilityTest {
  static final CliEnv STANDARD = CliEnv.standard();

  @TempDir Path dir;

  static void refused(Cli.Result r, String... expected) {
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(expected).doesNotContain("\tat ").doesNotContain("Exception")
        .doesNotContain("internal error");
  }

  /**
   * A removal whose id starts with {@code h} was read as {@code -h} (help), whichever
   * way it was spelt.
   */
  @Test
  void aPatchRemovalStartingWithHIsARemovalNotHelp() {
    for (List<String> spelling : List.of(List.of("--patch", "-hrtimer-active"),
        List.of("--patch=-hrtimer-active"), List.of("--patch", "-hrtimer-active,-hrtimer"))) {
      Stream.Builder<String> a = Stream.builder();
      Stream.of("run", "--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v7.2")
          .forEach(a::add);
      spelling.forEach(a::add);
      Stream.of("--traffic", "ping -c 1").forEach(a::add);
      Cli.Result r = Cli.run(STANDARD, a.build().toArray(String[]::new));
      assertThat(r.exit()).as(spelling + ": " + r.err()).isZero();
      assertThat(r.out()).as(spelling.toString()).contains("-hrtimer-active")
          .contains("1 packets transmitted").doesNotContain("Usage:");
    }
    // a patch that is not there is still refused by name, not taken for help
    refused(Cli.run(STANDARD, "run", "--mac", "stmmac", "--soc", "cyclone5", "--patch", "-h",
        "--traffic", "ping -c 1"), "--patch: unknown stmmac patch 'h'");
    // and --patch followed by another option forgot its value
    refused(Cli.run(STANDARD, "run", "--mac", "stmmac", "--soc", "cyclone5", "--patch",
        "--traffic", "ping -c 1"), "Missing required parameter for option '--patch'");
  }

  /** A sweep none of whose points ran exits 2 with one line, and writes nothing. */
  @Test
  void aSweepWhoseEveryPointFailedExitsNonZeroInOneLine() throws Exception {
    Path csv = dir.resolve("s.csv");
    Cli.Result r = Cli.run(STANDARD, "sweep", "--mac", "stmmac", "--soc", "cyclone5",
        "--traffic", "ping -c 2", "--vary", "tx-usecs=2000000,3000000", "--csv",
        csv.toString());
    refused(r, "nicsim sweep: every point failed (2 of 2); the first, tx-usecs=2000000: ",
        "the stmmac driver refused: -EINVAL");
    assertThat(dir).isEmptyDirectory();
    // one good point is a result, written; the failed one is in the error column, named on
    // stderr, and the exit status says a point failed
    Cli.Result some = Cli.run(STANDARD, "sweep", "--mac", "stmmac", "--soc", "cyclone5",
        "--traffic", "ping -c 2", "--vary", "tx-usecs=100,2000000", "--csv", csv.toString());
    assertThat(some.exit()).as(some.err()).isEqualTo(1);
    assertThat(some.err()).contains("1 of 2 points failed (see the error column):"
        + " tx-usecs=2000000");
    assertThat(Files.readAllLines(csv)).hasSize(3);
  }

  /** {@code --path loss=1} was "out of range (accepted: 0..1)". */
  @Test
  void lossOfOneStatesTheRangeItIsOutOf() {
    for (String loss : List.of("1", "100%", "1.5")) {
      Cli.Result r = Cli.run("run", "--mac", "example", "--soc", "testsoc", "--traffic",
          "ping -c 1", "--path", "loss=" + loss);
      refused(r, "--path loss: " + loss + " is out of range (accepted: a probability from 0 up"
          + " to, not including, 1");
      assertThat(r.err()).doesNotContain("0..1");
    }
    Cli.Result ok = Cli.run("run", "--mac", "example", "--soc", "testsoc", "--traffic",
        "ping -c 1", "--path", "loss=0.999");
    assertThat(ok.exit()).as(ok.err()).isZero();
  }

  /** {@code inherits: nosuch} in a SoC file was blamed on {@code --soc}. */
  @Test
  void anUnknownParentIsTheSocFilesFault() throws Exception {
    Path board = Files.writeString(dir.resolve("board.yaml"),
        "name: board\ninherits: nosuch\ntitle: mine\n");
    Cli.Result r = Cli.run("run", "--mac", "example", "--soc-file", board.toString(),
        "--traffic", "ping -c 1");
    refused(r, "soc profile " + board + ": inherits: unknown SoC profile 'nosuch' (accepted: ");
    assertThat(r.err()).doesNotContain("--soc:");
    Files.writeString(board, "name: board\ninherits: ../x\n");
    refused(Cli.run("run", "--mac", "example", "--soc-file", board.toString(), "--traffic",
        "ping -c 1"), "soc profile " + board + ": inherits: '../x' is not a profile name");
  }

  /**
   * fec declares v5.10..v6.18 ({@code list macs}); a kernel past its range is refused
   * as one before it is.
   */
  @Test
  void fecRefusesAKernelNewerThanItsDeclaredRange() {
    Cli.Result list = Cli.run(STANDARD, "list", "macs");
    assertThat(list.out()).contains("fec          v6.18").contains("v5.10..v6.18");
    for (String k : List.of("v6.19", "v7.0")) {
      refused(Cli.run(STANDARD, "run", "--mac", "fec", "--soc", "imx8qxp", "--kernel", k,
          "--traffic", "ping -c 1"), "--kernel: " + k + " is newer than the fec model",
          "(accepted: v5.10..v6.18, or a stable release of those lines)");
    }
    refused(Cli.run(STANDARD, "run", "--mac", "fec", "--soc", "imx8qxp", "--kernel", "v5.4",
        "--traffic", "ping -c 1"), "--kernel: v5.4 is older than the fec model");
    // in a sweep, that point fails and says why; the others run
    Cli.Result sweep = Cli.run(STANDARD, "sweep", "--mac", "fec", "--soc", "imx8qxp",
        "--traffic", "ping -c 1", "--vary", "kernel=v6.12,v6.19");
    assertThat(sweep.exit()).as(sweep.err()).isEqualTo(1);
    assertThat(sweep.err()).contains("1 of 2 points failed");
    assertThat(sweep.out()).contains("v6.19 is newer than the fec model");
    for (String k : List.of("v5.10", "v6.12", "v6.12.40", "v6.17", "v6.18", "v6.18.19")) {
      Cli.Result r = Cli.run(STANDARD, "run", "--mac", "fec", "--soc", "imx8qxp", "--kernel", k,
          "--traffic", "ping -c 1");
      assertThat(r.exit()).as(k + ": " + r.err()).isZero();
    }
  }
}
