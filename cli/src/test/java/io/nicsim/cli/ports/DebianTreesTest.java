package io.nicsim.cli.ports;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.u32;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.portcheck.ClasspathScanner;
import io.nicsim.portcheck.ExecOptions;
import io.nicsim.portcheck.ExecResult;
import io.nicsim.portcheck.ExecState;
import io.nicsim.portcheck.ExecutionRun;
import io.nicsim.portcheck.HarnessCatalog;
import io.nicsim.portcheck.KernelRelease;
import io.nicsim.portcheck.KernelTree;
import io.nicsim.portcheck.Location;
import io.nicsim.portcheck.LockEntry;
import io.nicsim.portcheck.PortCheckRun;
import io.nicsim.portcheck.PortLock;
import io.nicsim.portcheck.PortResult;
import io.nicsim.portcheck.PortState;
import io.nicsim.portcheck.PortedFunction;
import io.nicsim.portcheck.VersionRange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * port-check on Debian's kernel source packages, read straight from their tarballs, once each:
 * every port's {@code versions} agrees with where its function exists, the repository's lock
 * passes on a clean checkout, and {@code --execute} compiles every harnessed function from the
 * tarball's own C and finds it SAME as its Java port on 10,000 inputs, as the lock records; a
 * deliberately broken port of fec_enet_us_to_itr_clock DIFFERS with its counterexample.
 *
 * <p>Runs when {@code apt-get install linux-source-6.1 linux-source-6.12} has put the tarballs
 * in {@code /usr/src} (and gcc is installed for the executed part); each tarball costs one
 * xz-decoding pass (about a minute on one core), shared by every check here.
 */
class DebianTreesTest {
  private static final Path SRC = Path.of("/usr/src");
  /** The repository root's lock (tests run in cli/). */
  private static final Path LOCK = Path.of("..", "port-lock.json");
  /** nicsim's own ports (port-check's test fixtures carry made-up ones). */
  private static final List<String> PACKAGES =
      List.of(
          "io.nicsim.core", "io.nicsim.stmmac", "io.nicsim.fec", "io.nicsim.bcmgenet",
          "io.nicsim.tcp");
  private static final int INPUTS = ExecOptions.DEFAULT_INPUTS;

  private static final List<String> VERSIONS = List.of("6.12", "6.1");
  private static Map<String, CompletableFuture<Checked>> runs;

  /** Everything one tarball's single read gives. */
  record Checked(PortCheckRun.Outcome text, Optional<ExecutionRun.Outcome> exec,
      Optional<ExecutionRun.Outcome> broken) {}

  private static Path tarball(String version) {
    return SRC.resolve("linux-source-" + version + ".tar.xz");
  }

  private static boolean gcc() {
    try {
      Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  /** Both trees are read at once, one thread each: xz decoding is most of the cost. */
  private static synchronized Map<String, CompletableFuture<Checked>> runs() {
    if (runs == null) {
      List<PortedFunction> ports =
          ClasspathScanner.ofThisJvm().ports(PortedFunction.selection(PACKAGES, List.of()));
      List<PortHarness> harnesses = ExecutionRun.select(HarnessCatalog.ofThisJvm(), ports);
      List<PortHarness> all = new ArrayList<>(harnesses);
      all.add(brokenItrClock());
      boolean gcc = gcc();
      runs = new HashMap<>();
      for (String v : VERSIONS) {
        if (Files.isRegularFile(tarball(v))) {
          runs.put(v, CompletableFuture.supplyAsync(() -> {
            KernelTree tree = KernelTree.open(tarball(v), ports, ExecutionRun.sourcesOf(all));
            // read-only: no --update, the lock is the repository's own
            PortCheckRun.Outcome text = PortCheckRun.run(new PortCheckRun.Request(
                tarball(v), Optional.empty(), LOCK.toAbsolutePath(), false, true),
                ports, List.of(), tree);
            if (!gcc) {
              return new Checked(text, Optional.empty(), Optional.empty());
            }
            ExecutionRun.Outcome exec = ExecutionRun.run(tree, text.kernel(), ports, harnesses,
                ExecOptions.defaults());
            ExecutionRun.Outcome broken = ExecutionRun.run(tree, text.kernel(), ports,
                List.of(brokenItrClock()), new ExecOptions(2000, 7, Optional.empty()));
            return new Checked(text, Optional.of(exec), Optional.of(broken));
          }, Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "port-check " + v);
            t.setDaemon(true);
            return t;
          })));
        }
      }
    }
    return runs;
  }

  private static Checked check(String version) {
    assumeTrue(Files.isRegularFile(tarball(version)),
        tarball(version) + " is absent: apt-get install -y linux-source-" + version
            + " to run port-check on Debian's tree");
    Checked c = runs().get(version).join();
    assertThat(c.text().results()).hasSizeGreaterThan(250);
    return c;
  }

  private static ExecutionRun.Outcome executed(Checked c) {
    assumeTrue(c.exec().isPresent(), "no gcc: apt-get install -y gcc to run --execute");
    return c.exec().get();
  }

  /**
   * The newest release of a stable line ({@code 6.12}) the lock has entries for: the tarball
   * the lock was last brought up to date on (Debian moves its package to each new release).
   */
  private static String lockedRelease(String line) {
    return PortLock.read(LOCK).entries().stream().map(LockEntry::kernel)
        .filter(k -> k.startsWith(line + "."))
        .max(java.util.Comparator.comparingInt(k -> Integer.parseInt(k.substring(line.length() + 1))))
        .orElse("none");
  }

  /** Ports whose function's presence disagrees with their {@code versions}. */
  private static List<String> disagreements(PortCheckRun.Outcome o) {
    KernelRelease tree = o.treeVersion().orElseThrow();
    List<String> out = new ArrayList<>();
    for (PortResult r : o.results()) {
      boolean found = r.location().kind() != Location.Kind.MISSING;
      boolean inRange = !VersionRange.outsideAll(r.port().versions(), tree);
      if (found != inRange) {
        out.add(r.port().label() + " " + r.port().versions() + (found ? " found" : " absent"));
      }
    }
    return out;
  }

  @Test
  void debian6_12_117MatchesTheLockAndEveryVersionsRange() {
    PortCheckRun.Outcome o = check("6.12").text();
    assertThat(o.kernel()).startsWith("6.12.");
    assertThat(disagreements(o)).isEmpty();
    assertThat(o.results()).extracting(PortResult::state).doesNotContain(PortState.MISSING);
    assertThat(o.results()).filteredOn(r -> r.state() == PortState.OUT_OF_RANGE)
        .extracting(r -> r.port().function())
        .contains("__stmmac_release", "tcp_tsq_workfn", "fec_enet_itr_coal_init");
    // the tree the lock was recorded on: a clean checkout passes
    assumeTrue(o.kernel().equals(lockedRelease("6.12")),
        "Debian now ships " + o.kernel() + "; the lock was recorded on " + lockedRelease("6.12"));
    assertThat(o.results()).filteredOn(PortResult::isDrift)
        .extracting(r -> r.state() + " " + r.port().label()).isEmpty();
    assertThat(o.exitCode()).isZero();
  }

  @Test
  void debian6_1_192HasEveryFunctionWhereItsVersionsRangeSaysAndMatchesTheLock() {
    PortCheckRun.Outcome o = check("6.1").text();
    assertThat(o.kernel()).startsWith("6.1.");
    assertThat(disagreements(o)).isEmpty();
    assertThat(o.results()).extracting(PortResult::state).doesNotContain(PortState.MISSING);
    assertThat(o.results()).filteredOn(r -> r.state() == PortState.OUT_OF_RANGE)
        .extracting(r -> r.port().function())
        .contains("fec_ctrl_reset", "__stmmac_release", "tcp_tsq_workfn");
    assumeTrue(o.kernel().equals(lockedRelease("6.1")),
        "Debian now ships " + o.kernel() + "; the lock was recorded on " + lockedRelease("6.1"));
    assertThat(o.results()).filteredOn(PortResult::isDrift)
        .extracting(r -> r.state() + " " + r.port().label()).isEmpty();
    assertThat(o.exitCode()).isZero();
  }

  @Test
  void everyHarnessedFunctionOf6_12RunsSameAsTheLockRecords() {
    assertExecutedSameAsLocked(check("6.12"));
  }

  @Test
  void everyHarnessedFunctionOf6_1RunsSameAsTheLockRecords() {
    assertExecutedSameAsLocked(check("6.1"));
  }

  /**
   * At least 40 functions compiled from the tarball's C and run SAME on 10,000 inputs each, and
   * the lock's execution record for this release says exactly that (the README's "behaviourally
   * identical" claim is checked here, not copied).
   */
  private static void assertExecutedSameAsLocked(Checked c) {
    ExecutionRun.Outcome e = executed(c);
    List<ExecResult> ran = e.results().stream()
        .filter(r -> r.state() != ExecState.NOT_RUN).toList();
    assertThat(ran).hasSizeGreaterThanOrEqualTo(40);
    assertThat(ran).allSatisfy(r -> {
      assertThat(r.state()).as(r.label() + " " + r.counterexample()).isEqualTo(ExecState.SAME);
      assertThat(r.inputs()).as(r.label()).isEqualTo(INPUTS);
    });
    assertThat(e.results()).filteredOn(r -> r.state() == ExecState.NOT_RUN)
        .allSatisfy(r -> assertThat(r.failed()).as(r.label() + ": " + r.reason()).isFalse());
    assertThat(e.exitCode()).isZero();
    PortLock lock = PortLock.read(LOCK);
    String kernel = c.text().kernel();
    String line = kernel.substring(0, kernel.lastIndexOf('.'));
    assumeTrue(kernel.equals(lockedRelease(line)),
        "Debian now ships " + kernel + "; the lock records " + lockedRelease(line));
    for (ExecResult r : ran) {
      Optional<LockEntry> entry = lock.exact(r.file(), r.function(), kernel);
      assertThat(entry).as(r.label() + " in the lock for " + kernel).isPresent();
      assertThat(entry.get().executed()).as(r.label()).isEqualTo("SAME");
      assertThat(entry.get().inputs()).as(r.label()).isEqualTo(r.inputs());
    }
  }

  /**
   * A deliberately broken port of fec_enet_us_to_itr_clock: the product in 64 bits, where the
   * kernel's {@code us * (itr_clk_rate / 64000)} is an unsigned int that wraps. --execute on the
   * real tarball reports it DIFFERS, with a counterexample whose C result is the wrapped one.
   */
  @Test
  void aDeliberatelyBrokenPortDiffersWithItsCounterexampleOnTheRealTree() {
    Checked c = check("6.12");
    assumeTrue(c.broken().isPresent(), "no gcc: apt-get install -y gcc to run --execute");
    ExecResult r = c.broken().get().results().get(0);
    assertThat(r.state()).as(r.reason()).isEqualTo(ExecState.DIFFERS);
    ExecResult.Counterexample ce = r.counterexample().orElseThrow();
    Map<String, Long> in = new HashMap<>();
    for (String kv : ce.input()) {
      int eq = kv.lastIndexOf('=');
      in.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
    }
    long k = in.get("itr_clk_rate") / 64000;
    long us = in.get("us");
    long product = us * k;
    assertThat(Long.compareUnsigned(product, 0xFFFF_FFFFL)).as("the product left 32 bits")
        .isPositive();
    assertThat(ce.c()).isEqualTo("ret=" + (int) ((product & 0xFFFF_FFFFL) / 1000));
    assertThat(ce.java()).isEqualTo("ret=" + (int) (product / 1000));
    assertThat(c.broken().get().exitCode()).isEqualTo(1);
  }

  /** The broken port's harness: fec's own C driver, a 64-bit Java side. */
  private static PortHarness brokenItrClock() {
    String dir = "nicsim/portexec/fec/";
    List<InputField> in = List.of(bool("quirks&HAS_COALESCE"), bool("quirks&HAS_MULTI_QUEUES"),
        u32("itr_clk_rate").withEdges(133_000_000L, 266_666_666L), u32("rx_time_itr"),
        u32("rx_pkts_itr"), u32("tx_time_itr"), u32("tx_pkts_itr"),
        s32("us").withEdges(0, 1, 1000, 12_000_000));
    List<String> sources = new ArrayList<>(List.of("drivers/net/ethernet/freescale/fec_main.c",
        "drivers/net/ethernet/freescale/fec.h", "include/uapi/linux/ethtool.h",
        "include/linux/ethtool.h")); // as FecHarnesses: the common C declares ethtool's types
    sources.addAll(io.nicsim.core.port.exec.KernelHeaders.ARITHMETIC);
    return PortHarness.of("drivers/net/ethernet/freescale/fec_main.c", "fec_enet_us_to_itr_clock")
        .sources(sources)
        .program(PortHarness.resource(DebianTreesTest.class, dir + "common.c") + "\n"
            + PortHarness.resource(DebianTreesTest.class, dir + "fec_enet_us_to_itr_clock.c"))
        .inputs(in)
        .admit(r -> {
          r[2] = Math.max(64_000, r[2]); // a real ahb clock
          r[7] = Math.abs(r[7] % 100_000_000); // non-negative microseconds
          return r;
        })
        .java(kernel -> r -> new Out()
            .put("ret", (int) ((r[7] * (r[2] / 64000)) / 1000)).toString())
        .build();
  }
}
