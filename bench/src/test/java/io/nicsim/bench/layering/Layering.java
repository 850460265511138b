package io.nicsim.bench.layering;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The arrows between nicsim's modules and packages, as rules over compiled classes (the root
 * README's module table, drawn as layers). Every module may use those below it and nothing
 * above; drivers, tcp-model and port-check use nothing beside them; and no two packages anywhere
 * reach each other, directly or round a circle.
 */
final class Layering {
  private Layering() {}

  private static DescribedPredicate<JavaClass> in(String description, String... packages) {
    return DescribedPredicate.describe(description, c -> {
      for (String p : packages) {
        if (c.getPackageName().equals(p) || c.getPackageName().startsWith(p + ".")) {
          return true;
        }
      }
      return false;
    });
  }

  /**
   * Core's packages: io.nicsim.core.* but the annotations artifact's io.nicsim.core.port and
   * its harness SPI io.nicsim.core.port.exec.
   */
  private static DescribedPredicate<JavaClass> core() {
    return DescribedPredicate.describe("core", c -> {
      String p = c.getPackageName();
      return (p.equals("io.nicsim.core") || p.startsWith("io.nicsim.core."))
          && !p.equals("io.nicsim.core.port") && !p.startsWith("io.nicsim.core.port.");
    });
  }

  /** tcp-model's packages: io.nicsim.tcp.* but tcp-stack's io.nicsim.tcp.stack. */
  private static DescribedPredicate<JavaClass> tcpModel() {
    return DescribedPredicate.describe("tcp-model", c -> {
      String p = c.getPackageName();
      return (p.equals("io.nicsim.tcp") || p.startsWith("io.nicsim.tcp."))
          && !p.equals("io.nicsim.tcp.stack") && !p.startsWith("io.nicsim.tcp.stack.");
    });
  }

  /** One module per layer, each reaching only downwards. */
  static final ArchRule MODULES = layeredArchitecture()
      .consideringOnlyDependenciesInLayers()
      .layer("annotations").definedBy(in("annotations", "io.nicsim.core.port"))
      .layer("core").definedBy(core())
      .layer("stmmac").definedBy(in("stmmac", "io.nicsim.stmmac"))
      .layer("fec").definedBy(in("fec", "io.nicsim.fec"))
      .layer("bcmgenet").definedBy(in("bcmgenet", "io.nicsim.bcmgenet"))
      .layer("ideal").definedBy(in("ideal", "io.nicsim.ideal"))
      .layer("tcp-model").definedBy(tcpModel())
      .layer("tcp-stack").definedBy(in("tcp-stack", "io.nicsim.tcp.stack"))
      .layer("portcheck").definedBy(in("portcheck", "io.nicsim.portcheck"))
      .layer("formats").definedBy(in("formats", "io.nicsim.formats"))
      .layer("runs").definedBy(in("runs", "io.nicsim.runs"))
      .layer("studies").definedBy(in("studies", "io.nicsim.studies"))
      .layer("scenarios").definedBy(in("scenarios", "io.nicsim.scenarios"))
      .layer("boardtrace").definedBy(in("boardtrace", "io.nicsim.boardtrace"))
      .layer("bench").definedBy(in("bench", "io.nicsim.bench"))
      .whereLayer("bench").mayNotBeAccessedByAnyLayer()
      .whereLayer("scenarios").mayOnlyBeAccessedByLayers("bench")
      .whereLayer("boardtrace").mayOnlyBeAccessedByLayers("bench")
      .whereLayer("studies").mayOnlyBeAccessedByLayers("scenarios", "bench")
      .whereLayer("runs").mayOnlyBeAccessedByLayers("studies", "scenarios", "boardtrace",
          "bench")
      .whereLayer("formats").mayOnlyBeAccessedByLayers("runs", "studies", "scenarios",
          "boardtrace", "bench")
      .whereLayer("portcheck").mayOnlyBeAccessedByLayers("bench")
      // MAC models are found at run time: nothing names a driver's classes
      .whereLayer("stmmac").mayNotBeAccessedByAnyLayer()
      .whereLayer("fec").mayNotBeAccessedByAnyLayer()
      .whereLayer("bcmgenet").mayNotBeAccessedByAnyLayer()
      .whereLayer("ideal").mayNotBeAccessedByAnyLayer()
      .whereLayer("tcp-stack").mayOnlyBeAccessedByLayers(
          "formats", "runs", "studies", "scenarios", "boardtrace", "bench")
      .whereLayer("tcp-model").mayOnlyBeAccessedByLayers("tcp-stack",
          "formats", "runs", "studies", "scenarios", "boardtrace", "bench")
      .whereLayer("core").mayOnlyBeAccessedByLayers("stmmac", "fec", "bcmgenet", "ideal",
          "tcp-model", "tcp-stack", "formats", "runs", "studies", "scenarios", "boardtrace",
          "bench")
      .as("nicsim's modules reach only the modules below them");

  /** Packages form a directed acyclic graph: no file imports into a circle of packages. */
  static final ArchRule PACKAGES = slices().matching("io.nicsim.(**)")
      .should().beFreeOfCycles()
      .as("no circle of imports between nicsim's packages");
}
