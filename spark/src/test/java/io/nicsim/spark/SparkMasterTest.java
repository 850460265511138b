package io.nicsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A master Spark would fail on late and loudly is refused before a session
 * starts, in one line and within a few seconds: {@code local[0]} printed a 24-line stack trace
 * and "internal error"; a {@code spark://} master nothing listens at was silent for 67 s, then
 * "internal error: … LiveListenerBus is stopped". No cluster is started here: port 1 of the
 * loopback address has no listener.
 */
class SparkMasterTest {
  static final String[] SWEEP = {"sweep", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
      "ping -c 1", "--vary", "tx-usecs=100,200", "--engine", "spark"};

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "local[0]|--master: 'local[0]' runs no task (accepted: local[*], or local[N] with N >= 1)",
    "local[00,2]|--master: 'local[00,2]' runs no task",
    "spark://127.0.0.1:1|--master: no Spark master answers at spark://127.0.0.1:1 (",
    "spark://127.0.0.1:99999999999|--master: port 99999999999 of 'spark://127.0.0.1:99999999999'"
        + " is out of range (accepted: spark://HOST:PORT with PORT 1..65535)",
    "spark://127.0.0.1:0|is out of range (accepted: spark://HOST:PORT with PORT 1..65535)",
    "mesos://x:5050|--master: 'mesos://x:5050' is not a Spark master URL",
  })
  void aMasterThatCannotRunIsRefusedInOneLineWithinSeconds(String master, String expected,
      @TempDir Path dir) throws Exception {
    Path csv = dir.resolve("s.csv");
    long t0 = System.nanoTime();
    Cli.Result r = Cli.run(Cli.concat(SWEEP, "--master", master, "--csv", csv.toString()));
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).startsWith("nicsim sweep: ").contains(expected)
        .doesNotContain("internal error").doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(seconds).as("seconds to refuse").isLessThan(8.0);
    assertThat(Files.exists(csv)).isFalse();
    try (var s = Files.list(dir)) {
      assertThat(s).isEmpty();
    }
  }

  /**
   * The master is checked before anything else of the command: a sweep whose plan is also
   * wrong (an unknown knob) and whose runs would take minutes is refused for its master, the
   * first thing a user typed wrong about where the points run, in well under a second of work.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"sweep", "tune"})
  void theMasterIsRefusedBeforeThePlan(String command) {
    String[] args = {command, "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 60", "--vary", "bogus=1,2", "--engine", "spark", "--master",
        "bogus://x"};
    Cli.Result r = Cli.run(command.equals("tune") ? Cli.concat(args, "--objective",
        "min cpu_pct") : args);
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains("--master: 'bogus://x' is not a Spark master URL");
  }
}
