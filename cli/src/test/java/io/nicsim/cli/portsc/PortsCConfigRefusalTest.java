package io.nicsim.cli.portsc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A configuration write the kernel refuses gives, with the refusing function run as the tree's C
 * ({@code --ports c}), the same one line and exit status 2 as with the Java port: the C's errno
 * becomes the Java's {@code KernelException}, and the line is the same. stmmac's ethtool -C, the
 * ethtool core's unsupported-field refusal on each driver, netdev-genl.c's napi-set of an id
 * that names no NAPI, and net-sysfs.c's netdev_store and bql_set, on stmmac cyclone5 (a 32-bit host) and rk3588-yt6801
 * (64-bit), on Debian's 6.1 and 6.12 tarballs and the 6.18.19 tree; skipped, saying so, where one
 * is not there.
 */
class PortsCConfigRefusalTest {
  private static final CliEnv ENV = CliEnv.standard();

  static Stream<Path> trees() {
    return Stream.of(Path.of("/usr/src/linux-source-6.1.tar.xz"),
        Path.of("/usr/src/linux-source-6.12.tar.xz"),
        Path.of(System.getProperty("nicsim.tree618", "/work/trees/linux-6.18.19")));
  }

  private static Cli.Result run(List<String> args) {
    Cli.Result r = Cli.run(ENV, args.toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).doesNotContain("\tat ").endsWith("\n");
    assertThat(r.err().strip()).doesNotContain("\n");
    return r;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trees")
  void aRefusalThroughTheCIsTheJavasLine(Path tree) {
    assumeTrue(Files.exists(tree), tree + " is not there (apt-get install linux-source-N, or a"
        + " 6.18.19 checkout)");
    // tx-usecs one past STMMAC_MAX_COAL_TX_TICK; rx-usecs whose RIWT is past MAX_DMA_RIWT;
    // tx-usecs and tx-frames both 0
    for (String c : List.of("tx-usecs 100001", "rx-usecs 1000", "tx-usecs 0 tx-frames 0")) {
      String asC = run(List.of("run", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
          "iperf3 -u -b 0 -l 64 -t 1", "--duration", "20ms", "-C", c, "--ports", "c",
          "--kernel-tree", tree.toString())).err();
      assertThat(asC).as(c).contains("the stmmac driver refused: -E");
      // the Java on the tree's own release (--ports c takes the release from the tree)
      assertThat(asC).as(c).isEqualTo(javaLine(tree, c));
    }
  }

  /**
   * A field the driver does not list in supported_coalesce_params: the ethtool core's
   * ethtool_set_coalesce, as the tree's C, refuses it (-EOPNOTSUPP) before the driver's
   * set_coalesce sees it, on each driver whose -C reaches the core (ravb has no get_coalesce:
   * its -C is refused by the get before).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("trees")
  void anUnsupportedFieldThroughTheCIsTheJavasLine(Path tree) {
    assumeTrue(Files.exists(tree), tree + " is not there (apt-get install linux-source-N, or a"
        + " 6.18.19 checkout)");
    for (String[] mc : List.of(new String[] {"stmmac", "cyclone5", "adaptive-rx on"},
        new String[] {"fec", "imx8qxp", "tx-usecs-irq 5"},
        new String[] {"bcmgenet", "bcm2711", "tx-usecs 10"},
        new String[] {"ideal", null, "rx-frames 4"})) {
      List<String> base = new ArrayList<>(List.of("run", "--mac", mc[0]));
      if (mc[1] != null) {
        base.addAll(List.of("--soc", mc[1]));
      }
      base.addAll(List.of("--traffic", "iperf3 -u -b 0 -l 64 -t 1", "--duration", "20ms",
          "-C", mc[2]));
      List<String> withC = new ArrayList<>(base);
      withC.addAll(List.of("--ports", "c", "--kernel-tree", tree.toString()));
      List<String> java = new ArrayList<>(base);
      java.addAll(List.of("--kernel", release(tree)));
      String asC = run(withC).err();
      assertThat(asC).as(String.join(" ", mc[0], mc[2])).contains("refused: -EOPNOTSUPP");
      assertThat(asC).as(String.join(" ", mc[0], mc[2])).isEqualTo(run(java).err());
    }
  }

  /**
   * A napi-set whose id names no NAPI: on the 6.18.19 tree the doit's -ENOENT from its C; on
   * 6.1 and 6.12 (no napi-set before v6.13, no doit to run as C) the family's -EOPNOTSUPP.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("trees")
  void aNapiSetRefusalThroughTheCIsTheJavasLine(Path tree) {
    assumeTrue(Files.exists(tree), tree + " is not there (apt-get install linux-source-N, or a"
        + " 6.18.19 checkout)");
    List<String> base = List.of("run", "--mac", "fec", "--soc", "imx8qxp", "--traffic",
        "iperf3 -R -t 1", "--duration", "20ms", "--napi-set", "id=999 defer-hard-irqs=1");
    List<String> withC = new ArrayList<>(base);
    withC.addAll(List.of("--ports", "c", "--kernel-tree", tree.toString()));
    List<String> java = new ArrayList<>(base);
    java.addAll(List.of("--kernel", release(tree)));
    String asC = run(withC).err();
    assertThat(asC).contains(release(tree).startsWith("v6.18") ? "(-ENOENT)" : "(-EOPNOTSUPP)");
    assertThat(asC).isEqualTo(run(java).err());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trees")
  void aSysfsRefusalThroughTheCIsTheJavasLine(Path tree) {
    assumeTrue(Files.exists(tree), tree + " is not there (apt-get install linux-source-N, or a"
        + " 6.18.19 checkout)");
    // cyclone5 is a 32-bit host (its unsigned long: kstrtoul's range), rk3588-yt6801 64-bit
    for (String[] sw : List.of(new String[] {"cyclone5", "napi_defer_hard_irqs=18446744073709551616"},
        new String[] {"cyclone5", "gro_flush_timeout=0x1g"},
        new String[] {"cyclone5", "queues/tx-0/byte_queue_limits/limit_max=4294967296"},
        new String[] {"rk3588-yt6801", "gro_flush_timeout=18446744073709551616"})) {
      List<String> base = List.of("run", "--mac", "stmmac", "--soc", sw[0], "--traffic",
          "iperf3 -u -b 0 -l 64 -t 1", "--duration", "20ms", "--sysfs", sw[1]);
      List<String> withC = new ArrayList<>(base);
      withC.addAll(List.of("--ports", "c", "--kernel-tree", tree.toString()));
      List<String> java = new ArrayList<>(base);
      java.addAll(List.of("--kernel", release(tree)));
      String asC = run(withC).err();
      assertThat(asC).as(String.join(" ", sw)).contains("write error: ");
      assertThat(asC).as(String.join(" ", sw)).isEqualTo(run(java).err());
    }
  }

  /** The Java run of the same request on the tree's release. */
  private static String javaLine(Path tree, String c) {
    return run(List.of("run", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 1", "--duration", "20ms", "--kernel", release(tree), "-C", c))
        .err();
  }

  private static String release(Path tree) {
    String t = tree.toString();
    if (t.endsWith("linux-source-6.1.tar.xz")) {
      return "v6.1.192";
    }
    if (t.endsWith("linux-source-6.12.tar.xz")) {
      return "v6.12.118";
    }
    return "v6.18.19";
  }
}
