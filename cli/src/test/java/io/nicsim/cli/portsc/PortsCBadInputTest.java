package io.nicsim.cli.portsc;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to {@code --ports c}, {@code --apply} and {@code nicsim patch}: each case is one line
 * on stderr, exit 2, nothing on stdout, no output file, and no scratch directory of
 * {@code --ports c} left in the temporary directory. The patch cases are seed 000 (read from the shared seeds) with one line
 * changed, on Debian's 6.12 tarball; each skips, saying so, where either is missing.
 */
class PortsCBadInputTest {
  private static final CliEnv ENV = CliEnv.standard();
  private static final String[] HOST = {"--mac", "stmmac", "--soc", "cyclone5", "--traffic",
      "iperf3 -u -b 0 -l 64 -t 1", "--duration", "50ms"};

  @TempDir Path dir;

  private Cli.Result run(String... args) throws IOException {
    java.util.Set<Path> before = scratch();
    Path plot = dir.resolve("out.png");
    List<String> a = new ArrayList<>(List.of(args));
    a.addAll(List.of("--plot", plot.toString()));
    Cli.Result r = Cli.run(ENV, a.toArray(String[]::new));
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).doesNotContain("\tat ").endsWith("\n");
    assertThat(r.err().strip()).doesNotContain("\n");
    assertThat(plot).doesNotExist();
    java.util.Set<Path> left = scratch();
    left.removeAll(before);
    assertThat(left).isEmpty();
    return r;
  }

  /**
   * This process's scratch directories of {@code --ports c} in the temporary directory (by their
   * prefixes and this process's id: other nicsim processes on a shared machine make and remove
   * their own meanwhile).
   */
  private static java.util.Set<Path> scratch() throws IOException {
    String ours = "nicsim-(ports-c|c|jni)-" + ProcessHandle.current().pid() + "-\\d+";
    try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return s.filter(p -> p.getFileName().toString().matches(ours))
          .collect(java.util.stream.Collectors.toCollection(java.util.HashSet::new));
    }
  }

  private static String[] with(String[] head, String... tail) {
    List<String> a = new ArrayList<>(List.of(head));
    a.addAll(List.of(HOST));
    a.addAll(List.of(tail));
    return a.toArray(String[]::new);
  }

  @Test
  void portsCWithoutATreeOrWithAnUnknownKind() throws IOException {
    assertThat(run(with(new String[] {"run"}, "--ports", "c")).err()).isEqualTo(
        "nicsim run: --ports c: needs the kernel tree to compile (accepted: --kernel-tree"
            + " DIR|TARBALL (a checkout or /usr/src/linux-source-6.12.tar.xz))\n");
    assertThat(run(with(new String[] {"run"}, "--ports", "rust")).err()).startsWith(
        "nicsim run: --ports: 'rust' is not a kind of port (accepted: java");
    assertThat(run(with(new String[] {"run"}, "--apply", "x.patch")).err()).startsWith(
        "nicsim run: --apply: patches the C of --ports c, and --ports c was not given");
    assertThat(run(with(new String[] {"run"}, "--ports", "c", "--kernel-tree",
        dir.resolve("nothere").toString())).err()).startsWith("nicsim run: --kernel-tree ")
        .contains("nothere: no such directory or file");
  }

  /** ethtool and sysfs share run's host options: a tree without --ports c is refused there too. */
  @Test
  void aTreeWithoutPortsCIsRefusedByEthtoolAndSysfs() throws IOException {
    for (List<String> cmd : List.of(List.of("ethtool", "-c"), List.of("sysfs"))) {
      List<String> a = new ArrayList<>(cmd);
      a.addAll(List.of("--mac", "stmmac", "--soc", "cyclone5", "--kernel-tree", dir.toString()));
      Cli.Result r = Cli.run(ENV, a.toArray(String[]::new));
      assertThat(r.exit()).as(r.err()).isEqualTo(2);
      assertThat(r.out()).isEmpty();
      assertThat(r.err()).isEqualTo("nicsim " + cmd.get(0) + ": --kernel-tree: is what --ports c"
          + " compiles from, and --ports c was not given (accepted: --ports c --kernel-tree"
          + " DIR|TARBALL)\n");
    }
  }

  @Test
  void aHunkThatDoesNotApplyIsRefusedWithFileHunkAndLine() throws IOException {
    Path tree = SeedFiles.tarball("6.12");
    // a removed line, which no fuzz lets go (a context line within two of the hunk's ends
    // would be fuzzed away, as patch(1) does)
    Path p = SeedFiles.variant(dir, "moved.txt", "- if (unlikely(!napi_is_scheduled(napi)))",
        "- if (likely(!napi_is_scheduled(napi)))");
    assertThat(run(with(new String[] {"patch", p.toString(), "--kernel-tree", tree.toString()}))
        .err()).matches("nicsim patch: moved.txt: drivers/net/ethernet/stmicro/stmmac/"
            + "stmmac_main.c hunk 1 \\(@@ -3341,12 \\+3341,14 @@ static void stmmac_tx_timer_arm"
            + "\\(struct stmmac_priv \\*priv, u32 queue\\)\\) does not apply: at line \\d+ the"
            + " hunk expects 'if \\(likely\\(!napi_is_scheduled\\(napi\\)\\)\\)', the tree has"
            + " 'if \\(unlikely\\(!napi_is_scheduled\\(napi\\)\\)\\)'\n");
  }

  @Test
  void aTreeWithoutThePatchedFile() throws IOException {
    Path tree = SeedFiles.tarball("6.12");
    Path p = SeedFiles.variant(dir, "elsewhere.txt", "stmmac/stmmac_main.c", "stmmac/gone.c");
    assertThat(run(with(new String[] {"patch", p.toString(), "--kernel-tree", tree.toString()}))
        .err()).isEqualTo("nicsim patch: elsewhere.txt: drivers/net/ethernet/stmicro/stmmac/"
            + "gone.c is not in the tree " + tree + "\n");
  }

  @Test
  void aCompileErrorInThePatchedCNamesGccsLineAndTheFunction() throws IOException {
    Path tree = SeedFiles.tarball("6.12");
    Path p = SeedFiles.variant(dir, "typo.txt", "hrtimer_active(&tx_q->txtimer)",
        "hrtimer_actve(&tx_q->txtimer)");
    assertThat(run(with(new String[] {"patch", p.toString(), "--kernel-tree", tree.toString()}))
        .err()).matches("nicsim patch: the patched stmmac_tx_timer_arm \\(drivers/net/ethernet/"
            + "stmicro/stmmac/stmmac_main.c\\) does not compile: drivers/net/ethernet/stmicro/"
            + "stmmac/stmmac_main.c:\\d+:\\d+: error: implicit declaration of function"
            + " .hrtimer_actve.*\n");
  }

  @Test
  void patchedCThatCrashesFailsTheRunNamingTheFunctionAndItsInput() throws IOException {
    // the patched stmmac_tx_timer_arm runs inside stmmac_xmit's C: the run names stmmac_xmit
    Path tree = SeedFiles.tarball("6.12");
    Path p = SeedFiles.variant(dir, "null.txt", "hrtimer_active(&tx_q->txtimer)",
        "hrtimer_active((struct hrtimer *)0)");
    assertThat(run(with(new String[] {"run", "--ports", "c", "--kernel-tree", tree.toString(),
        "--apply", p.toString()})).err()).matches("nicsim run: at \\d+ ns: stmmac_xmit"
            + " \\(drivers/net/ethernet/stmicro/stmmac/stmmac_main.c, the 6.12.\\d+ tree's C\\)"
            + " died of SIGSEGV on input queue=0 tx_queues_to_use=\\d+ .* txtimer active=[01]"
            + " .*\n");
  }

  @Test
  void patchedCThatNeverReturnsIsStoppedAfterTheBound() throws IOException {
    Path tree = SeedFiles.tarball("6.12");
    // an empty loop before the patch's check: it spins as long as the queue has a coalescing
    // timer, and the stub's timer calls never end it
    Path p = SeedFiles.variant(dir, "spin.txt", "+ if (unlikely(!(hrtimer_active(&tx_q->txtimer))))",
        "+ while (tx_coal_timer) ; if (unlikely(!(hrtimer_active(&tx_q->txtimer))))");
    assertThat(run(with(new String[] {"run", "--ports", "c", "--kernel-tree", tree.toString(),
        "--apply", p.toString()})).err()).matches("nicsim run: at \\d+ ns: stmmac_xmit"
            + " .* did not return within 2000 ms on input queue=0 .* txtimer active=[01] .*\n");
  }

  @Test
  void aPatchThatChangesNoFunctionRunAsCIsRefusedNamingWhatItTouched() throws IOException {
    Path tree = SeedFiles.tarball("6.12");
    Path fec = SeedFiles.seed("004_6dafa293d102676a.txt");
    assertThat(run(with(new String[] {"patch", fec.toString(), "--kernel-tree",
        tree.toString()})).err()).startsWith("nicsim patch: 004_6dafa293d102676a.txt changes"
            + " no function nicsim runs as C: it touches drivers/net/ethernet/freescale/"
            + "fec_main.c ");
  }
}
