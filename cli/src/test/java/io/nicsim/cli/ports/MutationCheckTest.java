package io.nicsim.cli.ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.portcheck.ClasspathScanner;
import io.nicsim.portcheck.ExecOptions;
import io.nicsim.portcheck.ExecutionRun;
import io.nicsim.portcheck.HarnessCatalog;
import io.nicsim.portcheck.KernelTree;
import io.nicsim.portcheck.Mutant;
import io.nicsim.portcheck.MutantFile;
import io.nicsim.portcheck.MutationReport;
import io.nicsim.portcheck.MutationRun;
import io.nicsim.portcheck.PortedFunction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The repository's seeded mutants ({@code port-mutants.json}: flipped comparisons, off-by-one
 * constants, dropped unsigned conversions, swapped branches in ported Java of every area) each
 * make {@code port-check --execute} report DIFFERS against Debian's 6.12 C with the default seed
 * and budget: the kill rate is 100 %. A mutant that survives means the harness's inputs never
 * reach the edge the mutant moved; one that no longer applies means the port changed under it.
 */
class MutationCheckTest {
  private static final Path TARBALL = Path.of("/usr/src/linux-source-6.12.tar.xz");
  /** The repository root (tests run in cli/). */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static boolean gcc() {
    try {
      Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  @Test
  void everySeededMutantOfPortedJavaDiffersFromItsC() {
    assumeTrue(Files.isRegularFile(TARBALL) && gcc(),
        "needs " + TARBALL + " (apt-get install linux-source-6.12) and gcc");
    List<Mutant> mutants = MutantFile.read(ROOT.resolve("port-mutants.json"));
    assertThat(mutants).hasSizeGreaterThanOrEqualTo(30);
    // every area the issue names has its mutants
    Set<String> files = mutants.stream().map(Mutant::file).collect(Collectors.toSet());
    for (String area : List.of("stmmac/", "fec/", "bcmgenet/", "core/dim/", "kernel/Napi.java",
        "Gro.java", "Dql.java", "tcp-model/")) {
      assertThat(files).as(area).anyMatch(f -> f.contains(area));
    }
    List<PortedFunction> ports = ClasspathScanner.ofThisJvm().ports();
    Set<String> functions = mutants.stream().map(Mutant::function).collect(Collectors.toSet());
    List<PortHarness> used = HarnessCatalog.ofThisJvm().stream()
        .filter(h -> functions.contains(h.function())).toList();
    KernelTree tree = KernelTree.open(TARBALL, ports, ExecutionRun.sourcesOf(used));
    MutationRun.Outcome o = MutationRun.run(tree, tree.kernelVersion().orElseThrow(), ROOT,
        mutants, ports, used, ExecOptions.defaults());
    assertThat(o.results()).hasSize(mutants.size());
    assertThat(o.killed()).as(MutationReport.text(o)).isEqualTo(mutants.size());
    assertThat(o.exitCode()).isZero();
  }
}
