package io.nicsim.cli;

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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command line of the top-level README's {@code sh} blocks, and every example of
 * cli/README.md (its {@code $ nicsim …} lines), run by bash exactly as written (continuation
 * lines joined, quoting and comments left to the shell; bench's {@code nicsim} spelled
 * {@code ./nicsim}) in a fresh temporary directory, must exit 0. {@code ./nicsim} there is a
 * two-line script running this build's main classes and their dependencies, as the launcher
 * does (the launcher's build step is the one thing it skips; test classes and fixtures are left
 * off the class path, so port-check sees the ports a user's build has); HOME is the temporary
 * directory too.
 *
 * <p>Not run, each for a stated reason: {@code mvn …} (this suite is part of it),
 * {@code ./nicsim bench …} (it measures for minutes; its rows are tested in BenchReportTest),
 * {@code ./nicsim port-check --kernel-tree ~/src/linux …} (a kernel checkout the user has and
 * this machine has not; PortCheckRunTest runs port-check on trees of its own), {@code ./nicsim
 * trace … --trace board.txt} (a board's trace the user recorded; ImportCommandTest runs import
 * and compare on committed real-kernel fixtures), {@code ./nicsim port-check … --mutants …}
 * (it rewrites and recompiles the checkout's own Java sources, so it runs from the repository
 * root, and for minutes; MutantSourceTest covers the engine), the Debian
 * tarball's line where {@code /usr/src} lacks it (skipped, saying so), and cli/README's usage
 * synopses (lines with {@code [optional]} or {@code …} placeholders).
 */
class ReadmeCommandsTest {
  static final Path README = Path.of("..", "README.md");
  static final Path BENCH_README = Path.of("README.md");

  /**
   * cli/README.md's examples: the {@code $ } lines of its plain code blocks, continuations
   * joined, {@code nicsim} as {@code ./nicsim}, in order; usage synopses left out.
   */
  static List<String> benchExamples() throws IOException {
    List<String> out = new ArrayList<>();
    String fence = null; // the opening line of the code block we are in, null outside
    StringBuilder cur = null;
    for (String line : Files.readAllLines(BENCH_README, StandardCharsets.UTF_8)) {
      if (line.startsWith("```")) {
        fence = fence == null ? line.strip() : null;
        continue;
      }
      if (!"```".equals(fence)) {
        continue;
      }
      String l = line.stripTrailing();
      if (cur == null) {
        if (!l.startsWith("$ ")) {
          continue;
        }
        cur = new StringBuilder();
        l = l.substring(2);
      }
      if (l.endsWith("\\")) {
        cur.append(l, 0, l.length() - 1).append(' ');
        continue;
      }
      cur.append(l);
      String cmd = cur.toString().strip();
      cur = null;
      if (!synopsis(cmd)) {
        out.add(cmd.startsWith("nicsim ") ? "./" + cmd : cmd);
      }
    }
    return out;
  }

  /** A usage line rather than a command: optional parts in brackets, or an ellipsis. */
  static boolean synopsis(String cmd) {
    String unquoted = cmd.replaceAll("'[^']*'", "''");
    return unquoted.contains("[") || unquoted.contains("…") || unquoted.contains("<");
  }

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
    return cmd.startsWith("mvn ") || cmd.startsWith(".ci/install && mvn ")
        || cmd.startsWith("./nicsim bench")
        || cmd.startsWith("./nicsim port-check --kernel-tree ~/")
        || cmd.matches("\\./nicsim port-check .*--mutants .*")
        || cmd.matches("\\./nicsim trace \\S+ --trace board\\.txt.*");
  }

  static Stream<String> runnable() throws IOException {
    return Stream.concat(commandLines().stream(), benchExamples().stream())
        .filter(c -> !skipped(c));
  }

  /** This build's main classes and their jars: the class path without test classes. */
  static String mainClassPath() {
    List<String> keep = new ArrayList<>();
    for (String e : classPath().split(java.io.File.pathSeparator)) {
      Path p = Path.of(e);
      String name = p.getFileName() == null ? "" : p.getFileName().toString();
      if (!name.equals("test-classes") && !name.endsWith("-tests.jar")) {
        keep.add(e);
      }
    }
    return String.join(java.io.File.pathSeparator, keep);
  }

  @Test
  void theReadmeHasTheCommandsThisTestRuns() throws IOException {
    List<String> all = commandLines();
    assertThat(all).anyMatch(c -> c.startsWith("./nicsim reproduce --json --plot-dir plots/"));
    assertThat(all).anyMatch(c -> c.startsWith("./nicsim run "));
    assertThat(all).anyMatch(c -> c.startsWith("./nicsim sweep "));
    assertThat(all).allMatch(c -> c.startsWith("./nicsim ") || c.startsWith("mvn ")
        || c.startsWith(".ci/install && mvn "));
    List<String> bench = benchExamples();
    assertThat(bench).contains("./nicsim ethtool --mac fec --soc imx8qxp -c")
        .anyMatch(c -> c.startsWith("./nicsim sweep ") && c.contains("--plot out.png"))
        .anyMatch(c -> c.startsWith("./nicsim tune ") && c.contains("--objective 'min cpu_pct'"))
        .allMatch(c -> c.startsWith("./nicsim "))
        .noneMatch(c -> c.contains("[") || c.contains("…"));
    assertThat(bench).hasSizeGreaterThanOrEqualTo(10);
    assertThat(runnable()).hasSizeGreaterThanOrEqualTo(22);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runnable")
  void runsAsWrittenInAFreshDirectory(String cmd, @TempDir Path dir) throws Exception {
    java.util.regex.Matcher tarball = java.util.regex.Pattern.compile("--kernel-tree (/\\S+)")
        .matcher(cmd);
    if (tarball.find()) {
      Assumptions.assumeTrue(Files.isRegularFile(Path.of(tarball.group(1))), tarball.group(1)
          + " not installed (apt-get install linux-source-6.12)");
    }
    Path nicsim = dir.resolve("nicsim");
    Files.writeString(nicsim, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"),
        "bin", "java") + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:off -Dnicsim.home='"
        + Path.of("..").toAbsolutePath().normalize() + "' -cp '" + mainClassPath()
        + "' io.nicsim.cli.Nicsim \"$@\"\n");
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
