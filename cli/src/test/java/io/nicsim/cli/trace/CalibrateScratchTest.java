package io.nicsim.cli.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code nicsim trace calibrate} keeps its trial profiles in a scratch directory that formats'
 * {@code Outputs} owns: gone after a failed calibration and after SIGTERM or SIGINT in the middle of one,
 * with nothing written for {@code --out}. Each case runs the command in a child JVM whose
 * {@code java.io.tmpdir} is a directory of the test's own, so what is left there is what the
 * command left.
 */
class CalibrateScratchTest {
  static final List<String> CONFIG = List.of("--mac", "stmmac", "--kernel", "v6.7",
      "--patch", "+hrtimer-active", "--traffic", "iperf3 -u -b 8M -l 64 -t 1");

  @TempDir Path dir;

  /** {@code nicsim ARGS} in a child JVM with its temporary directory at {@code tmp}. */
  Process nicsim(Path tmp, List<String> args) throws IOException {
    Files.createDirectories(tmp);
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData",
        "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
        "io.nicsim.cli.Nicsim"));
    cmd.addAll(args);
    return new ProcessBuilder(cmd).redirectOutput(dir.resolve("child.out").toFile())
        .redirectError(dir.resolve("child.err").toFile()).start();
  }

  static List<Path> list(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.toList();
    }
  }

  /** The scratch directory the child made, once it holds a trial profile; null if none yet. */
  static Path scratchWithATrial(Path tmp) throws IOException {
    for (Path d : list(tmp)) {
      if (d.getFileName().toString().startsWith("nicsim-calibrate") && Files.isDirectory(d)) {
        try (Stream<Path> s = Files.list(d)) {
          if (s.anyMatch(f -> f.getFileName().toString().startsWith("calibrate-round"))) {
            return d;
          }
        }
      }
    }
    return null;
  }

  /** Whether this process ignores SIGINT (bit 1 of SigIgn in /proc/self/status). */
  static boolean sigintIgnored() throws IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 2) != 0;
      }
    }
    return false;
  }

  Path modelTrace() {
    Path trace = dir.resolve("board.txt");
    Cli.Result run = TraceCli.run(TraceCli.concat(List.of("run", "--soc", "cyclone5",
        "--trace", trace.toString(), "--trace-format", "ftrace-ns"), CONFIG));
    assertThat(run.exit()).as(run.err()).isZero();
    return trace;
  }

  @Test
  void aFailedCalibrationLeavesNoScratchAndNoProfile() throws Exception {
    // a trace of ping traffic timed against a UDP flood's configuration: the board's spans
    // are too few for any fit, which the calibration finds after its scratch directory is made
    Path trace = dir.resolve("ping.txt");
    List<String> ping = List.of("--mac", "stmmac", "--kernel", "v6.7", "--traffic",
        "ping -c 2 -i 0.05");
    Cli.Result run = TraceCli.run(TraceCli.concat(List.of("run", "--soc", "cyclone5",
        "--trace", trace.toString()), ping));
    assertThat(run.exit()).as(run.err()).isZero();
    Path tmp = dir.resolve("tmp-fail");
    Path out = dir.resolve("profiles/myboard.yaml");
    Process p = nicsim(tmp, TraceCli.concat(List.of("trace", "calibrate", "--trace",
        trace.toString(), "--soc", "cyclone5", "--out", out.toString()), ping));
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String err = Files.readString(dir.resolve("child.err"));
    assertThat(p.exitValue()).as(err).isEqualTo(2);
    assertThat(err).startsWith("nicsim trace calibrate: trace ping.txt: none of cyclone5's"
        + " costs can be measured from it").doesNotContain("Exception");
    assertThat(err.lines().count()).isEqualTo(1);
    assertThat(list(tmp)).isEmpty();
    assertThat(out.getParent()).doesNotExist();
  }

  @ParameterizedTest
  @CsvSource({"TERM, 143", "INT, 130"})
  void aSignalDuringACalibrationRemovesItsScratchAndWritesNothing(String signal, int status)
      throws Exception {
    // a process started in the background of a shell without job control inherits SIGINT
    // ignored, and so would the child; the JVM then installs no handler for it
    Assumptions.assumeFalse(signal.equals("INT") && sigintIgnored(),
        "SIGINT is ignored in this process (a background job): the child could not get it");
    Path trace = modelTrace();
    Path tmp = dir.resolve("tmp-" + signal);
    Path outDir = dir.resolve("profiles");
    Path out = outDir.resolve("myboard.yaml");
    Process p = nicsim(tmp, TraceCli.concat(List.of("trace", "calibrate", "--trace",
        trace.toString(), "--soc", "cyclone5", "--out", out.toString(), "--rounds", "10"),
        CONFIG));
    Path scratch = null;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (scratch == null && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      scratch = scratchWithATrial(tmp);
    }
    assertThat(scratch).as("the calibration's first trial profile, before it ended: %s",
        Files.readString(dir.resolve("child.err"))).isNotNull();
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(kill.exitValue()).isZero();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String err = Files.readString(dir.resolve("child.err"));
    assertThat(p.exitValue()).as(err).isEqualTo(status);
    // the interrupt's one line (bench's Nicsim names the command by its first word)
    assertThat(err).isEqualTo("nicsim trace: interrupted\n");
    assertThat(scratch).doesNotExist();
    assertThat(list(tmp)).isEmpty();
    assertThat(outDir).doesNotExist();
    assertThat(Files.readString(dir.resolve("child.out"))).isEmpty();
  }
}
