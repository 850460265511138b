package io.nicsim.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command line of the top-level README's {@code sh} blocks, run by bash exactly as
 * written (continuation lines joined, quoting and comments left to the shell) in a fresh
 * temporary directory, must exit 0. {@code ./nicsim} there is a two-line script running this
 * build's classes (the launcher's build step is the one thing it skips); HOME is the temporary
 * directory too.
 *
 * <p>Not run, each for a stated reason: {@code mvn …} (this suite is part of it),
 * {@code ./nicsim bench} (it measures for minutes; its rows are tested in BenchReportTest) and
 * {@code ./nicsim port-check …} (it needs a kernel source tree at {@code ~/src/linux} and may
 * rewrite the repository's lock; PortCheckRunTest runs it on trees of its own).
 */
class ReadmeCommandsTest {
  static final Path README = Path.of("..", "README.md");

  /** The README's command lines, continuations joined, in order. */
  static List<String> commandLines() throws IOException {
    List<String> out = new ArrayList<>();
    boolean inSh = false;
    StringBuilder cur = new StringBuilder();
    for (String line : Files.readAllLines(README, StandardCharsets.UTF_8)) {
      if (!inSh) {
        inSh = line.strip().equals("```sh");
        continue;
      }
      if (line.strip().equals("```")) {
        inSh = false;
        continue;
      }
      String l = line.stripTrailing();
      if (l.endsWith("\\")) {
        cur.append(l, 0, l.length() - 1).append(' ');
        continue;
      }
      cur.append(l);
      String cmd = cur.toString().strip();
      cur.setLength(0);
      if (!cmd.isEmpty() && !cmd.startsWith("#")) {
        out.add(cmd);
      }
    }
    return out;
  }

  /**
   * This build's test class path, spelled out: surefire's forked JVM runs from a temporary
   * manifest-only jar that can be gone before a child starts, so not java.class.path.
   */
  static String classPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  static boolean skipped(String cmd) {
    return cmd.startsWith("mvn ") || cmd.startsWith("./nicsim bench")
        || cmd.startsWith("./nicsim port-check");
  }

  static Stream<String> runnable() throws IOException {
    return commandLines().stream().filter(c -> !skipped(c));
  }

  @Test
  void theReadmeHasTheCommandsThisTestRuns() throws IOException {
    List<String> all = commandLines();
    assertThat(all).anyMatch(c -> c.startsWith("./nicsim reproduce --json --plot-dir plots/"));
    assertThat(all).anyMatch(c -> c.startsWith("./nicsim run "));
    assertThat(all).anyMatch(c -> c.startsWith("./nicsim sweep "));
    assertThat(all).allMatch(c -> c.startsWith("./nicsim ") || c.startsWith("mvn "));
    assertThat(runnable()).hasSizeGreaterThanOrEqualTo(8);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runnable")
  void runsAsWrittenInAFreshDirectory(String cmd, @TempDir Path dir) throws Exception {
    Path nicsim = dir.resolve("nicsim");
    Files.writeString(nicsim, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"),
        "bin", "java") + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:off -cp '"
        + classPath() + "' io.nicsim.bench.cli.Nicsim \"$@\"\n");
    Files.setPosixFilePermissions(nicsim, PosixFilePermissions.fromString("rwxr-xr-x"));
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", cmd).directory(dir.toFile())
        .redirectErrorStream(true).redirectOutput(dir.resolve("output.txt").toFile());
    pb.environment().put("HOME", dir.toString());
    Process p = pb.start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError(cmd + ": still running after 5 minutes");
    }
    String output = Files.readString(dir.resolve("output.txt"));
    assertThat(p.exitValue()).as(cmd + "\n" + output).isZero();
  }
}
