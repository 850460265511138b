package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No output option overwrites a file the command reads: the trace, the SoC profile, a scenario
 * file, a patch, a profile to upgrade. The same path, a path through a symbolic link to the
 * input's directory, a path with {@code ..}, and a hard link to the input (same device and
 * inode) are all refused in one line naming both options, exit 2, before any work (the
 * configurations below would run for seconds), and every file is as it was.
 */
class InputsNeverOverwrittenTest {
  @TempDir Path dir;
  Path trace;
  Path profile;

  static final byte[] TRACE = "# tracer: nop\n".getBytes(StandardCharsets.UTF_8);
  static final byte[] PROFILE = "name: board\ninherits: testsoc\ntitle: a board\n"
      .getBytes(StandardCharsets.UTF_8);

  @BeforeEach
  void files() throws IOException {
    trace = Files.write(dir.resolve("t.txt"), TRACE);
    profile = Files.write(dir.resolve("p.yaml"), PROFILE);
  }

  static final String[] SLOW = {"--mac", "example", "--soc", "testsoc", "--traffic",
      "iperf3 -u -b 0 -l 64 -t 30"};

  static String[] args(String[] head, String... more) {
    List<String> a = new ArrayList<>(List.of(head));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  /** Every file under the directory with its bytes (nothing may change). */
  TreeMap<String, String> state() throws IOException {
    TreeMap<String, String> m = new TreeMap<>();
    try (Stream<Path> w = Files.walk(dir)) {
      for (Path p : w.toList()) {
        m.put(dir.relativize(p).toString(), Files.isSymbolicLink(p) ? "link"
            : Files.isRegularFile(p) ? new String(Files.readAllBytes(p),
                StandardCharsets.ISO_8859_1) : "dir");
      }
    }
    return m;
  }

  void refused(String output, String input, String... args) throws IOException {
    TreeMap<String, String> before = state();
    long t0 = System.nanoTime();
    Cli.Result r = Cli.run(args);
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(r.exit()).as(String.join(" ", args) + "\n" + r.out() + r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(output + ": '").contains("is " + input + "'s input")
        .doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(state()).as("files after " + r.err()).isEqualTo(before);
    assertThat(ms).as("refused before the run").isLessThan(5_000);
  }

  @Test
  void runTraceAndPcapOverTheSocFile() throws IOException {
    refused("--trace", "--soc-file", "run", "--mac", "example", "--soc-file",
        profile.toString(), "--traffic", "iperf3 -u -b 0 -l 64 -t 30", "--trace",
        profile.toString());
    refused("--pcap", "--soc-file", "run", "--mac", "example", "--soc-file",
        profile.toString(), "--traffic", "iperf3 -u -b 0 -l 64 -t 30", "--pcap",
        profile.toString());
  }

  @Test
  void traceCommandsOverTheirTrace() throws IOException {
    refused("--out", "--trace", "trace", "import", "--trace", trace.toString(), "--out",
        trace.toString());
    refused("--out", "--trace", args(new String[] {"trace", "calibrate", "--trace",
        trace.toString(), "--out", trace.toString()}, SLOW));
    Path png = Files.write(dir.resolve("x.png"), TRACE);
    refused("--plot", "--trace", args(new String[] {"trace", "compare", "--trace",
        png.toString(), "--plot", png.toString()}, SLOW));
  }

  @Test
  void throughASymlinkDotDotAndAHardLink() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("sub"));
    Path linkDir = Files.createSymbolicLink(dir.resolve("via"), sub);
    Files.write(sub.resolve("t.txt"), TRACE);
    // via/../t.txt is sub's parent's t.txt as the kernel walks it: dir/t.txt
    refused("--out", "--trace", "trace", "import", "--trace", trace.toString(), "--out",
        linkDir.resolve("..").resolve("t.txt").toString());
    refused("--out", "--trace", "trace", "import", "--trace", linkDir.resolve("t.txt")
        .toString(), "--out", sub.resolve("t.txt").toString());
    refused("--out", "--trace", "trace", "import", "--trace", trace.toString(), "--out",
        sub.resolve("..").resolve("t.txt").toString());
    Path hard = Files.createLink(dir.resolve("hard.txt"), trace);
    refused("--out", "--trace", "trace", "import", "--trace", trace.toString(), "--out",
        hard.toString());
    Path hardProfile = Files.createLink(dir.resolve("hard.yaml"), profile);
    refused("--trace", "--soc-file", "run", "--mac", "example", "--soc-file",
        profile.toString(), "--traffic", "ping -c 2", "--trace", hardProfile.toString());
  }

  @Test
  void aPatchAScenarioAndAProfileToUpgrade() throws IOException {
    Path patch = Files.write(dir.resolve("fix.patch"), TRACE);
    refused("--plot", "FILE", args(new String[] {"patch", patch.toString(), "--kernel-tree",
        dir.toString(), "--plot", patch.toString()}, SLOW));
    refused("--trace", "--apply", args(new String[] {"run", "--ports", "c", "--kernel-tree",
        dir.toString(), "--apply", patch.toString(), "--trace", patch.toString()}, SLOW));
    Path csvDir = Files.createDirectory(dir.resolve("csv"));
    refused("--csv", "--kernel-tree", "reproduce", "--csv", csvDir.toString(),
        "--kernel-tree", csvDir.toString());
    refused("--output", "FILE", "profile", "upgrade", profile.toString(), "-o",
        profile.toString());
  }

  @Test
  void anOutputBesideItsInputIsWritten() throws IOException {
    Cli.Result r = Cli.run("run", "--mac", "example", "--soc-file", profile.toString(),
        "--traffic", "ping -c 2 -i 0.001", "--trace", dir.resolve("p.trace.txt").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(dir.resolve("p.trace.txt")).isRegularFile();
    assertThat(Files.readAllBytes(profile)).isEqualTo(PROFILE);
  }
}
