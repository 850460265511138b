package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A real {@code nicsim} process (its main class on this test's class path)
 * sent SIGINT or SIGTERM while an hour-long flood writes {@code --trace}, {@code --pcap} and
 * {@code --plot} into a directory it created exits 130 or 143 with one line, and leaves neither
 * a temporary file nor the directory behind.
 */
class InterruptTest {
  @TempDir Path dir;

  static Process start(Path cwd, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", classPath(),
        Nicsim.class.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).directory(cwd.toFile())
        .redirectOutput(cwd.resolve("stdout").toFile())
        .redirectError(cwd.resolve("stderr").toFile()).start();
  }

  /**
   * This build's test class path spelt out (surefire's own is a manifest-only jar that may be
   * gone before a child starts).
   */
  static String classPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  /** Every file under {@code d}, recursively (directories included), relative to it. */
  static List<String> tree(Path d) throws IOException {
    try (Stream<Path> s = Files.walk(d)) {
      return s.filter(p -> !p.equals(d)).map(p -> d.relativize(p).toString()).sorted().toList();
    }
  }

  /**
   * Whether this process ignores the signal (its SigIgn mask in /proc/self/status): a child
   * inherits that, and a JVM started with SIGINT ignored keeps ignoring it (a shell without job
   * control starts background commands so), so there is nothing to test there.
   */
  static boolean ignored(String signal) throws IOException {
    int number = signal.equals("INT") ? 2 : signal.equals("TERM") ? 15 : -1;
    Path status = Path.of("/proc/self/status");
    if (number < 0 || !Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
        return (mask & (1L << (number - 1))) != 0;
      }
    }
    return false;
  }

  @ParameterizedTest
  @CsvSource({"INT, 130", "TERM, 143"})
  void aSignalMidRunRemovesTheTemporaryFilesAndTheNewDirectory(String signal, int status)
      throws Exception {
    assumeTrue(!ignored(signal), "SIG" + signal + " is ignored by this process and its children");
    Path work = Files.createDirectory(dir.resolve("work"));
    Path out = work.resolve("new/deeper");
    Process p = start(work, "run", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 3600", "--trace", out.resolve("t.txt").toString(), "--pcap",
        out.resolve("p.pcap").toString(), "--plot", out.resolve("x.png").toString());
    try {
      // running: its temporary files are being written beside their targets
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < deadline && p.isAlive()
          && (!Files.isDirectory(out) || tree(out).size() < 2 || size(out) < 100_000)) {
        Thread.sleep(50);
      }
      assertThat(p.isAlive()).as(read(work, "stderr")).isTrue();
      assertThat(tree(out)).as("temporary files mid-run").hasSizeGreaterThanOrEqualTo(2)
          .allMatch(n -> n.startsWith("."));
      assumeTrue(new ProcessBuilder("kill", "-s", signal, Long.toString(p.pid())).start()
          .waitFor() == 0, "kill");
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("exited").isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).isEqualTo(status);
    String err = read(work, "stderr");
    assertThat(err.lines()).as(err).hasSize(1);
    assertThat(err).matches("nicsim run: interrupted; removed [23] unfinished output files\\n");
    assertThat(tree(work)).as("nothing left but the captured streams")
        .containsExactly("stderr", "stdout");
  }

  /**
   * {@code --trace -} is a stream the user asked for: the trace goes to standard output, the
   * summary to standard error, and no file named {@code -} appears.
   */
  @Test
  void aDashWritesTheTraceToStandardOutput() throws Exception {
    Path work = Files.createDirectory(dir.resolve("work"));
    Process p = start(work, "run", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "ping -c 2 -i 0.01", "--trace", "-");
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(read(work, "stderr")).isZero();
    assertThat(read(work, "stdout")).startsWith("# tracer: nop").contains("napi_poll")
        .doesNotContain("ping statistics");
    assertThat(read(work, "stderr")).contains("2 packets transmitted, 2 received");
    assertThat(tree(work)).containsExactly("stderr", "stdout");
  }

  static long size(Path d) throws IOException {
    long n = 0;
    for (String f : tree(d)) {
      File file = d.resolve(f).toFile();
      n += file.isFile() ? file.length() : 0;
    }
    return n;
  }

  static String read(Path work, String name) throws IOException {
    return Files.readString(work.resolve(name), StandardCharsets.UTF_8);
  }
}
