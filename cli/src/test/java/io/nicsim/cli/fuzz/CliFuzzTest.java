package io.nicsim.cli.fuzz;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Argument lists as a careless or curious user types them: real subcommands, flags and values,
 * wrong values, wrong units, junk, in any order. Every list gets a clean answer: output with
 * exit 0, or one line on stderr with exit 2 — never a stack trace or an internal error. Runs
 * are kept to milliseconds of simulated time (every duration the vocabulary offers is short).
 */
class CliFuzzTest {
  static final Path TMP = Fuzz.scratch();
  static final CliEnv TEST_ENV = Cli.env(2);
  static final CliEnv STANDARD = CliEnv.standard();

  static final String[] WORDS = {
    // subcommands
    "run", "ethtool", "sweep", "list", "reproduce", "port-check", "help", "socs", "macs",
    "patches", "scenarios", "demo-example",
    // flags
    "--mac", "--soc", "--soc-file", "--kernel", "--patch", "-C", "--coalesce", "--traffic",
    "--path", "--seed", "--duration", "--json", "--trace", "--pcap", "--plot", "--no-check",
    "-c", "--vary", "--threads", "--csv", "--plot-dir", "--file", "--metric", "--kernel-tree",
    "--against", "--update", "--lock", "--help", "-h", "-V", "--version", "--", "-", "",
    // MACs, SoCs, kernels, patches
    "example", "knob", "stmmac", "fec", "nosuch", "testsoc", "knobsoc", "cyclone5", "imx8qxp",
    "rk3588-yt6801", "../etc/passwd", "v6.7", "v4.19", "6.18", "v2.6", "v99.99", "vX",
    "+hrtimer-active", "-hrtimer", "+fast-path", "+", "+nosuch", "hrtimer-active,-hrtimer",
    // ethtool -C
    "tx-usecs 100", "tx-usecs", "tx-frames 1", "rx-usecs 5ms", "rx-usecs 1500ns",
    "tx-usecs 200000", "rx-frames 9 tx-frames 9", "tx-usecs 0 tx-frames 0", "rx-usecs -1",
    "tx-frames 5ms", "adaptive-rx on", "rx-usecs 4294967296", "tx-usecs 10 tx-usecs 20",
    // traffic
    "iperf3 -u -b 0 -l 64 -t 2ms", "iperf3 -u -b 10M -l 1400 -t 0.003 -P 2",
    "ping -c 2 -i 0.001", "ping -c 3 -i 500us -s 1400", "iperf3 -C bbr -t 2ms", "iperf3 -u -l",
    "iperf3 -u -t 1e3", "ping", "ping -c 0", "ping -c 2 -i 0", "iperf3 -u -b 5Q -t 1ms",
    "iperf3 -u -l 70000 -t 1ms", "iperf3 -u -P 999 -t 1ms", "tcpdump -i eth0",
    // paths
    "rtt=1ms", "rtt=5", "rate=1gbit,buffer=1bdp", "loss=2", "loss=1%", "buffer=0pkt", ",,",
    "peer=-1us", "rtt=1ms,rtt=2ms",
    // sweeps
    "len=64,128", "tx-usecs=1,2", "tx-usecs=", "=1", "bogus=1", "seed=1,2", "patch=+nosuch",
    "rate=1M,2M", "soc=testsoc,nosuch",
    // numbers and units
    "0", "-1", "3ms", "0.002", "99999999999999999999", "1e3", "NaN", "0x10", "1h", "-0",
    // files and directories
    TMP.resolve("t.txt").toString(), TMP.resolve("p.pcap").toString(),
    TMP.resolve("x.png").toString(), TMP.resolve("x.pdf").toString(), TMP.toString(),
    "/nonexistent/x", "/dev/null", "/proc/self/status",
  };

  @Provide
  Arbitrary<List<String>> argLists() {
    Arbitrary<String> word = Arbitraries.of(WORDS);
    Arbitrary<String> junk = Arbitraries.strings().withChars("abcxyz-=_,.:/'\" µ\t\\ñ%")
        .ofMaxLength(10);
    Arbitrary<String> token = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(8, word), net.jqwik.api.Tuple.of(1, junk));
    // a plausible head keeps many lists getting past picocli into nicsim's own checks
    Arbitrary<List<String>> head = Arbitraries.of(
        List.of(), List.of("run", "--mac", "example", "--soc", "testsoc", "--traffic"),
        List.of("run", "--mac", "stmmac", "--soc", "cyclone5"), List.of("ethtool", "--mac",
            "fec", "--soc", "imx8qxp"), List.of("sweep", "--mac", "knob", "--soc", "knobsoc",
            "--traffic", "ping -c 2 -i 0.001", "--vary"), List.of("reproduce", "--file"),
        List.of("list"));
    return net.jqwik.api.Combinators.combine(head, token.list().ofMaxSize(10))
        .as((h, t) -> {
          List<String> all = new ArrayList<>(h);
          all.addAll(t);
          return all;
        });
  }

  /** Options that write a file or directory. */
  static final java.util.Set<String> OUTPUTS = java.util.Set.of("--trace", "--pcap", "--plot",
      "--csv", "--plot-dir", "--out", "--lock", "-o", "--output", "--keep-programs");

  /**
   * The list with a relative path after an output option moved into the scratch directory: a
   * list that succeeds writes its outputs there, not into the working directory (the module's
   * own, under Maven) where they would be left behind.
   */
  static String[] scratched(List<String> args) {
    String[] a = args.toArray(new String[0]);
    for (int i = 1; i < a.length; i++) {
      if (OUTPUTS.contains(a[i - 1]) && !a[i].isEmpty() && !a[i].equals("-")
          && !a[i].startsWith("/")) {
        a[i] = TMP.resolve(a[i]).toString();
      }
    }
    return a;
  }

  static final Path CWD = Path.of("").toAbsolutePath();

  static List<String> cwd() {
    try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(CWD)) {
      return s.map(Path::toString).sorted().toList();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Property
  void anyArgumentListGetsACleanAnswer(@ForAll("argLists") List<String> args,
      @ForAll boolean standard) {
    List<String> before = cwd();
    String[] a = scratched(args);
    Cli.Result r = Cli.run(standard ? STANDARD : TEST_ENV, a);
    Statistics.label("exit").collect(r.exit());
    Fuzz.clean(r);
    org.assertj.core.api.Assertions.assertThat(cwd()).as("the working directory after "
        + String.join(" ", a)).isEqualTo(before);
  }
}
