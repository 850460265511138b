package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every output byte of the seed scenarios, a sweep, runs of each MAC and traffic kind and a
 * board trace compared with a model run, against a sample stored from a known-good build
 * ({@code src/test/resources/golden/}): a change meant to be behaviour-neutral (the engine's
 * speed work, moving classes between modules) must leave them identical.
 * A change that moves a figure on purpose regenerates the sample with the one command in
 * cli/README "Golden outputs" and shows the moved lines in its diff.
 */
class GoldenOutputTest {
  static final CliEnv STANDARD = CliEnv.standard();

  /** Where the sample lives, relative to the bench module (Surefire's working directory). */
  static final Path SAMPLE = Path.of("src", "test", "resources", "golden");

  /** Set (to true) to rewrite the sample from this build instead of comparing with it. */
  static final boolean UPDATE = Boolean.getBoolean("nicsim.golden.update");

  /** A command, the file its stdout is stored in, and the output files it writes. */
  record Case(String name, List<String> args, List<String> files) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case c(String name, List<String> files, String... args) {
    return new Case(name, List.of(args), files);
  }

  static Stream<Case> cases() {
    return Stream.of(
        c("reproduce", List.of(), "reproduce"),
        c("reproduce-json", List.of(), "reproduce", "--json"),
        c("sweep-stmmac", List.of("s.csv"), "sweep", "--mac", "stmmac", "--soc", "cyclone5",
            "--kernel", "v6.7", "--traffic", "iperf3 -u -b 0 -l 64 -t 30ms",
            "--vary", "tx-usecs=100,1000,5000", "--vary", "tx-frames=1,25", "--threads", "2",
            "--csv", "OUT/s.csv"),
        c("sweep-bbr", List.of("b.csv"), "sweep", "--mac", "stmmac", "--soc", "rk3588-yt6801",
            "--kernel", "v6.18", "--patch", "+burst-end-ic", "--traffic", "iperf3 -C bbr -t 1",
            "--path", "rtt=23ms,rate=475mbit,buffer=2bdp", "--vary", "tx-usecs=100,5000",
            "--vary", "seed=1,2", "--threads", "2", "--csv", "OUT/b.csv"),
        c("run-ideal-cubic", List.of(), "run", "--mac", "ideal", "--traffic",
            "iperf3 -C cubic -t 2", "--path", "rtt=23ms,rate=1gbit", "--json"),
        c("run-ideal-bbr", List.of(), "run", "--mac", "ideal", "--traffic",
            "iperf3 -C bbr -t 2 -P 2", "--path", "rtt=23ms,rate=1gbit,loss=0.0001"),
        c("run-stmmac-flood-trace", List.of("t.txt", "p.pcap"), "run", "--mac", "stmmac",
            "--soc", "cyclone5", "--kernel", "v6.7", "--patch", "+hrtimer-active", "--traffic",
            "iperf3 -u -b 0 -l 64 -t 3ms", "--trace", "OUT/t.txt", "--pcap", "OUT/p.pcap"),
        c("run-stmmac-cubic", List.of(), "run", "--mac", "stmmac", "--soc", "rk3588-yt6801",
            "--traffic", "iperf3 -C cubic -t 1", "--path", "rtt=2ms,rate=1gbit,buffer=1bdp",
            "--jitter", "20"),
        c("run-fec-ping", List.of(), "run", "--mac", "fec", "--soc", "imx8qxp", "-C",
            "rx-usecs 100", "--traffic", "ping -c 20 -i 0.01", "--json"),
        c("run-fec-tcp-rx", List.of(), "run", "--mac", "fec", "--soc", "imx8qxp", "--traffic",
            "iperf3 -R -t 0.2", "--sysfs", "napi_defer_hard_irqs=2 gro_flush_timeout=200000"),
        c("run-bcmgenet-udp", List.of(), "run", "--mac", "bcmgenet", "--soc", "bcm2711",
            "--traffic", "iperf3 -u -b 500M -l 1400 -t 0.1", "--json"),
        c("trace-compare-json", List.of(), "trace", "compare", "--trace",
            "FIXTURE/ping-veth.trace.txt", "--map", "nsb-va=eth0", "--mac", "stmmac", "--soc",
            "cyclone5", "--traffic", "iperf3 -u -b 2M -l 256 -t 0.1", "--json"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void outputsAreTheSample(Case c, @TempDir Path out) throws IOException {
    check(c, out);
  }

  /**
   * The same with the subcommands' models built from the launcher's {@link CommandTable} (as
   * a fresh {@code ./nicsim} builds them) instead of picocli's reflection.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void outputsAreTheSampleWithTheCommandTable(Case c, @TempDir Path out) throws IOException {
    Path table = out.resolve("commands.table");
    Files.writeString(table, CommandTable.write(CommandTableTest.roots(),
        CommandLine.defaultFactory()), StandardCharsets.UTF_8);
    System.setProperty(CommandTable.PROPERTY, table.toString());
    CommandTable.reset();
    try {
      check(c, out);
    } finally {
      System.clearProperty(CommandTable.PROPERTY);
      CommandTable.reset();
    }
  }

  private static void check(Case c, Path out) throws IOException {
    List<String> argList = new ArrayList<>();
    for (String a : c.args()) {
      argList.add(a.startsWith("OUT/") ? out.resolve(a.substring(4)).toString()
          : a.startsWith("FIXTURE/") ? fixture(a.substring(8), out).toString() : a);
    }
    String[] args = argList.toArray(String[]::new);
    Cli.Result r = Cli.run(STANDARD, args);
    assertThat(r.exit()).as(r.err()).isZero();
    List<Stored> got = new ArrayList<>();
    got.add(new Stored(c.name() + ".out", r.out().replace(out.toString(), "OUT")
        .getBytes(StandardCharsets.UTF_8)));
    for (String f : c.files()) {
      byte[] bytes = Files.readAllBytes(out.resolve(f));
      got.add(f.endsWith(".pcap")
          ? new Stored(c.name() + "." + f + ".sha256", sha256(bytes))
          : new Stored(c.name() + "." + f, bytes));
    }
    for (Stored s : got) {
      Path file = SAMPLE.resolve(s.name());
      if (UPDATE) {
        Files.createDirectories(SAMPLE);
        Files.write(file, s.bytes());
      } else {
        assertThat(Files.exists(file)).as("stored sample %s (see cli/README, Golden outputs)",
            file).isTrue();
        assertThat(new String(s.bytes(), StandardCharsets.UTF_8)).as(s.name())
            .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
      }
    }
  }

  /** A board trace of boardtrace's test jar ({@code /fixtures/NAME}), copied into {@code dir}. */
  static Path fixture(String name, Path dir) throws IOException {
    Path f = dir.resolve(name);
    try (InputStream in = GoldenOutputTest.class.getResourceAsStream("/fixtures/" + name)) {
      Files.copy(in, f);
    }
    return f;
  }

  /** One stored file: its name in the sample and its bytes. */
  record Stored(String name, byte[] bytes) {}

  static byte[] sha256(byte[] bytes) {
    try {
      return (HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + "\n")
          .getBytes(StandardCharsets.UTF_8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
