package io.nicsim.bench.ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.portcheck.ClasspathScanner;
import io.nicsim.portcheck.KernelRelease;
import io.nicsim.portcheck.Location;
import io.nicsim.portcheck.PortCheckRun;
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
 * port-check on Debian's kernel source packages, read straight from their tarballs: every port's
 * {@code versions} must agree with where its function exists (found inside the range, absent
 * outside it), and the repository's lock, recorded on 6.12.117, must pass on a clean checkout.
 *
 * <p>Runs when {@code apt-get install linux-source-6.1 linux-source-6.12} has put the tarballs
 * in {@code /usr/src}; each tarball costs one xz-decoding pass (about a minute on one core).
 */
class DebianTreesTest {
  private static final Path SRC = Path.of("/usr/src");
  /** The repository root's lock (tests run in bench/). */
  private static final Path LOCK = Path.of("..", "port-lock.json");
  /** nicsim's own ports (port-check's test fixtures carry made-up ones). */
  private static final List<String> PACKAGES =
      List.of(
          "io.nicsim.core", "io.nicsim.stmmac", "io.nicsim.fec", "io.nicsim.bcmgenet",
          "io.nicsim.tcp");

  private static final List<String> VERSIONS = List.of("6.12", "6.1");
  private static Map<String, CompletableFuture<PortCheckRun.Outcome>> runs;

  private static Path tarball(String version) {
    return SRC.resolve("linux-source-" + version + ".tar.xz");
  }

  /** Both trees are read at once, one thread each: xz decoding is the whole cost. */
  private static synchronized Map<String, CompletableFuture<PortCheckRun.Outcome>> runs() {
    if (runs == null) {
      List<PortedFunction> ports =
          ClasspathScanner.ofThisJvm().ports(PortedFunction.selection(PACKAGES, List.of()));
      runs = new HashMap<>();
      for (String v : VERSIONS) {
        if (Files.isRegularFile(tarball(v))) {
          // read-only: no --update, the lock is the repository's own
          runs.put(v, CompletableFuture.supplyAsync(() -> PortCheckRun.run(
              new PortCheckRun.Request(
                  tarball(v), Optional.empty(), LOCK.toAbsolutePath(), false, true),
              ports), Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "port-check " + v);
                t.setDaemon(true);
                return t;
              })));
        }
      }
    }
    return runs;
  }

  private static PortCheckRun.Outcome check(String version) {
    assumeTrue(Files.isRegularFile(tarball(version)),
        tarball(version) + " is absent: apt-get install -y linux-source-" + version
            + " to run port-check on Debian's tree");
    PortCheckRun.Outcome o = runs().get(version).join();
    assertThat(o.results()).hasSizeGreaterThan(250);
    return o;
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
    PortCheckRun.Outcome o = check("6.12");
    assertThat(o.kernel()).startsWith("6.12.");
    assertThat(disagreements(o)).isEmpty();
    assertThat(o.results()).extracting(PortResult::state).doesNotContain(PortState.MISSING);
    assertThat(o.results()).filteredOn(r -> r.state() == PortState.OUT_OF_RANGE)
        .extracting(r -> r.port().function())
        .contains("__stmmac_release", "tcp_tsq_workfn", "fec_enet_itr_coal_init");
    // the tree the lock was recorded on: a clean checkout passes
    assumeTrue(o.kernel().equals("6.12.117"),
        "Debian now ships " + o.kernel() + "; the lock was recorded on 6.12.117");
    assertThat(o.results()).filteredOn(PortResult::isDrift)
        .extracting(r -> r.state() + " " + r.port().label()).isEmpty();
    assertThat(o.exitCode()).isZero();
  }

  @Test
  void debian6_1_192HasEveryFunctionWhereItsVersionsRangeSays() {
    PortCheckRun.Outcome o = check("6.1");
    assertThat(o.kernel()).startsWith("6.1.");
    assertThat(disagreements(o)).isEmpty();
    assertThat(o.results()).extracting(PortResult::state).doesNotContain(PortState.MISSING);
    assertThat(o.results()).filteredOn(r -> r.state() == PortState.OUT_OF_RANGE)
        .extracting(r -> r.port().function())
        .contains("fec_ctrl_reset", "__stmmac_release", "tcp_tsq_workfn");
  }
}
