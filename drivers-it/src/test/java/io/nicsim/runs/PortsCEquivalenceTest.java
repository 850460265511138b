package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.runs.options.RunArgs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --ports c} on Debian's kernel source tarballs (and a 6.18.y checkout where there is
 * one): a small matrix (one run per driver, a TCP run, a run with the kernel's software
 * coalescing) gives byte-identical {@code --json} with the tree's C in place of the bridged
 * ports as with the Java, and a deliberately broken Java
 * port of dql_completed (a fixture) makes the check fail, naming the function, the time and
 * both records. Skipped, saying so, where {@code /usr/src} has no tarball (or the machine no
 * 6.18 tree; {@code -Dnicsim.tree618=DIR} names one).
 */
class PortsCEquivalenceTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();

  static Stream<Path> tarballs() {
    List<Path> out = new ArrayList<>();
    for (String v : List.of("6.1", "6.12")) {
      out.add(Path.of("/usr/src/linux-source-" + v + ".tar.xz"));
    }
    return out.stream();
  }

  /**
   * The tarballs, and a 6.18.y checkout where the machine has one; {@code -Dnicsim.trees=6.12}
   * (release lines, comma-separated) keeps those named, as in PortsCCoreEquivalenceTest.
   */
  static Stream<Path> trees() {
    String lines = System.getProperty("nicsim.trees", "");
    return Stream.concat(tarballs(),
        Stream.of(Path.of(System.getProperty("nicsim.tree618", "/work/trees/linux-6.18.19"))))
        .filter(t -> lines.isBlank()
            || List.of(lines.split(",")).contains(PortsCCoreEquivalenceTest.line(t)));
  }

  private static RunRequest request(Path tree, String... args) {
    List<String> a = new ArrayList<>(List.of(args));
    a.addAll(List.of("--ports", "c", "--kernel-tree", tree.toString()));
    return RunArgs.request(a);
  }

  private static void assumeTree(Path tree) {
    assumeTrue(Files.isRegularFile(tree) || Files.isRegularFile(tree.resolve("Makefile")),
        tree + " is not there" + (tree.toString().endsWith(".tar.xz")
            ? " (apt-get install linux-source-" + tree.getFileName().toString()
                .replaceAll("linux-source-|\\.tar\\.xz", "") + ")" : ""));
  }

  private static Equivalence.Verdict check(RunRequest c) {
    KernelC kc = c.kernelC();
    return Equivalence.check(ENGINE, c.withKernelC(null), kc);
  }

  @ParameterizedTest
  @MethodSource("trees")
  void everyDriverTcpAndSoftwareCoalescingRunAsTheJava(Path tree) {
    assumeTree(tree);
    List<String[]> matrix = List.of(
        new String[] {"--mac", "stmmac", "--soc", "cyclone5", "--traffic",
            "iperf3 -u -b 0 -l 64 -t 1", "--duration", "200ms"},
        new String[] {"--mac", "fec", "--soc", "imx8qxp", "--traffic",
            "iperf3 -u -b 400M -l 1400 -t 1", "--duration", "200ms"},
        new String[] {"--mac", "bcmgenet", "--soc", "bcm2711", "--traffic",
            "iperf3 -u -b 400M -l 1400 -t 1", "--duration", "200ms"},
        new String[] {"--mac", "bcmgenet", "--soc", "bcm2711", "--traffic", "iperf3 -t 1",
            "--path", "rtt=5ms", "--duration", "200ms"},
        new String[] {"--mac", "ideal", "--traffic", "iperf3 -t 1", "--duration", "200ms"},
        new String[] {"--mac", "stmmac", "--soc", "rk3588-yt6801", "--traffic",
            "iperf3 -C bbr -t 1", "--path", "rtt=23ms", "--duration", "500ms"},
        // loss: SACK tagging, RACK, fast recovery and PRR inside tcp_ack as C
        new String[] {"--mac", "ideal", "--traffic", "iperf3 -t 1", "--path",
            "rtt=20ms,rate=100mbit,loss=0.5%", "--duration", "1s"},
        new String[] {"--mac", "fec", "--soc", "imx8qxp", "--traffic", "iperf3 -R -t 1",
            "--duration", "200ms", "-C", "rx-usecs 0 rx-frames 1", "--sysfs",
            "napi_defer_hard_irqs=2 gro_flush_timeout=200000"});
    for (String[] args : matrix) {
      Equivalence.Verdict v = check(request(tree, args));
      assertThat(v.identical()).as(String.join(" ", args) + ": " + v.divergence()).isTrue();
      assertThat(v.ranAsC()).as(String.join(" ", args)).anyMatch(f -> f.startsWith("dql_"));
      if (args[1].equals("stmmac")) {
        assertThat(v.ranAsC()).as(String.join(" ", args))
            .anyMatch(f -> f.startsWith("stmmac_xmit "))
            .anyMatch(f -> f.startsWith("stmmac_napi_poll_tx "))
            .anyMatch(f -> f.startsWith("stmmac_tx_clean "))
            .anyMatch(f -> f.startsWith("stmmac_interrupt ") || f.startsWith("stmmac_msi_intr_"));
      }
      if (args[1].equals("fec")) { // TX completions and frames in through the NAPI poll
        assertThat(v.ranAsC()).as(String.join(" ", args))
            .anyMatch(f -> f.startsWith("fec_enet_rx_napi "))
            .anyMatch(f -> f.startsWith("fec_enet_interrupt "));
      }
      if (args[1].equals("bcmgenet")) { // every ring interrupt
        assertThat(v.ranAsC()).as(String.join(" ", args))
            .anyMatch(f -> f.startsWith("bcmgenet_isr1 "));
      }
      if (String.join(" ", args).matches(".*--traffic iperf3 (-C bbr )?-t 1 .*")) { // a sender
        assertThat(v.ranAsC()).as(String.join(" ", args))
            .anyMatch(f -> f.startsWith("tcp_ack "))
            .anyMatch(f -> f.startsWith("tcp_xmit_size_goal "))
            .anyMatch(f -> f.startsWith("tcp_check_space "))
            // the send loop (tcp_write_xmit, and tcp_tso_segs, tcp_small_queue_check,
            // tcp_mss_split_point and tcp_rate_skb_sent inside it) in the push's C (and in
            // TSQ's: tcp_write_xmit has no Java caller left on the host)
            .anyMatch(f -> f.startsWith("__tcp_push_pending_frames "));
      }
      if (args[5].startsWith("iperf3 -R -t")) { // the host receives: its ACK decisions
        assertThat(v.ranAsC()).as(String.join(" ", args))
            .anyMatch(f -> f.startsWith("__tcp_ack_snd_check "))
            .anyMatch(f -> f.startsWith("tcp_incr_quickack ")
                || f.startsWith("tcp_enter_quickack_mode "));
      }
      if (args[1].equals("bcmgenet") && args[5].equals("iperf3 -t 1")) { // ACKs in
        assertThat(v.ranAsC()).as(String.join(" ", args))
            .anyMatch(f -> f.startsWith("bcmgenet_rx_poll "));
      }
      if (args[3].equals("rk3588-yt6801")) { // the ACKs come in through the RX poll
        assertThat(v.ranAsC()).as(String.join(" ", args))
            .anyMatch(f -> f.startsWith("stmmac_napi_poll_rx "))
            .anyMatch(f -> f.startsWith("stmmac_rx "));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("tarballs")
  void aBrokenJavaPortMakesTheCheckFailAtItsFirstWrongCall(Path tree) {
    // on the Debian trees, where this run reaches the broken growth (on 6.18.19's release it
    // does not within the run: no difference to catch there)
    assumeTree(tree);
    // a TCP upload: its bursts leave bytes over the limit at a completion (a one-packet UDP
    // flood never does, and never reaches the broken growth)
    RunRequest c = request(tree, "--mac", "stmmac", "--soc", "rk3588-yt6801", "--traffic",
        "iperf3 -t 1", "--duration", "200ms");
    // dql_completed runs inside the bridged netdev_tx_completed_queue, so the broken Java
    // dql_completed (the fixture) is put into that wrapper's Java port: the Java side's
    // wrapper then grows the limit without the previous interval's overlimit
    Equivalence.Verdict v = Equivalence.check(ENGINE, c.withKernelC(null), c.kernelC(),
        List.of(BrokenDqlCompleted.insideCompletedQueue()));
    assertThat(v.identical()).isFalse();
    // the first completion where the previous interval overran: the C grows the limit by
    // prev_ovlimit more than the broken port does
    assertThat(v.divergence()).matches("at \\d+ ns, call \\d+: netdev_tx_completed_queue on"
        + " .* prev_ovlimit=[1-9]\\d* .* gives, as C: adj_limit=\\d+ limit=\\d+[^;]*;"
        + " as Java: adj_limit=\\d+ limit=\\d+.* \\(the other \\d+ tokens the same\\)");
  }

  /**
   * The receive path as C: a TCP download into cyclone5 (every segment through the tree's
   * stmmac_rx, its refill inside) gives the Java's --json, and a broken Java stmmac_rx (a seeded
   * mutant of port-mutants.json: the FCS kept on every frame's last buffer) is caught at its
   * first call of stmmac_rx.
   */
  @ParameterizedTest
  @MethodSource("trees")
  void stmmacRxRunsAsTheJavaAndItsMutantIsCaught(Path tree) {
    assumeTree(tree);
    RunRequest c = request(tree, "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -R -t 1", "--duration", "100ms");
    Equivalence.Verdict same = check(c);
    assertThat(same.identical()).as(same.divergence()).isTrue();
    assertThat(same.ranAsC()).anyMatch(f -> f.startsWith("stmmac_rx "));
    List<io.nicsim.core.port.exec.PortHarness> broken = io.nicsim.portcheck.MutantPorts.harnesses(
        Path.of("..").toAbsolutePath().normalize(), "stmmac-rx-fcs-ls",
        java.util.Set.of("drivers/net/ethernet/stmicro/stmmac/stmmac_main.c stmmac_rx"));
    assertThat(broken).hasSize(1);
    // the mutant's frames are 4 bytes long: the run's own byte check would stop it first
    RunRequest b = request(tree, "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -R -t 1", "--duration", "100ms", "--no-check");
    Equivalence.Verdict v = Equivalence.check(ENGINE, b.withKernelC(null), b.kernelC(), broken);
    assertThat(v.identical()).isFalse();
    assertThat(v.divergence()).matches("at \\d+ ns, call \\d+: stmmac_rx on .* gives, as C: .*;"
        + " as Java: .*");
  }

  /**
   * The congestion modules' C fixes CONFIG_HZ: under {@code --ports c} it is built at the host's
   * (cyclone5's Cortex-A9 kernel runs at HZ 100; profiles of HZ 300 and 1000 made here), and a
   * CUBIC upload runs as the Java does, with CUBIC's entry points run as C.
   */
  @ParameterizedTest
  @MethodSource("tarballs")
  void tcpBridgesRunAtTheHostsHz(Path tree, @TempDir Path dir) throws Exception {
    assumeTree(tree);
    for (int hz : new int[] {100, 300, 1000}) {
      List<String> a = new ArrayList<>(List.of("--mac", "stmmac"));
      if (hz == 100) {
        a.addAll(List.of("--soc", "cyclone5"));
      } else {
        Path f = dir.resolve("hz" + hz + ".yaml");
        Files.writeString(f, "name: rk3588-yt6801-hz" + hz + "\n"
            + "title: \"rk3588-yt6801 with a CONFIG_HZ_" + hz + " kernel (a test's)\"\n"
            + "inherits: rk3588-yt6801\n"
            + "kernel:\n"
            + "  hz: {value: " + hz + ", source: \"choice: the test's CONFIG_HZ\", class: exact}\n");
        a.addAll(List.of("--soc-file", f.toString()));
      }
      a.addAll(List.of("--traffic", "iperf3 -t 1", "--path", "rtt=5ms", "--duration", "300ms"));
      Equivalence.Verdict v = check(request(tree, a.toArray(String[]::new)));
      assertThat(v.identical()).as("HZ " + hz + ": " + v.divergence()).isTrue();
      assertThat(v.ranAsC()).as("HZ " + hz).anyMatch(f -> f.startsWith("cubictcp_cong_avoid "));
    }
  }
}
