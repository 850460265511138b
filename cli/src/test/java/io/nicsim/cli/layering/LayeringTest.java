package io.nicsim.cli.layering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.nicsim.formats.layeringfixture.ReachesIntoRuns;
import io.nicsim.runs.cyclefixturea.Ping;
import io.nicsim.studies.layeringfixture.DrawsItsOwnChart;
import io.nicsim.runs.cyclefixtureb.Pong;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module and package arrows hold for every main class on this module's class path (all of
 * nicsim's modules), and the rules catch a back-import and a circle of packages when one is
 * added (test fixtures here, never in main code).
 */
class LayeringTest {
  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    // main classes only: the modules' class directories or jars, not test classes or test jars
    ImportOption mainOnly = location -> !location.contains("/test-classes/")
        && !location.matches(java.util.regex.Pattern.compile(".*-tests\\.jar.*"));
    main = new ClassFileImporter().withImportOption(mainOnly).importPackages("io.nicsim");
  }

  @Test
  void everyModuleReachesOnlyTheModulesBelowIt() {
    assertThat(main.contain(io.nicsim.cli.Nicsim.class)).isTrue();
    assertThat(main.contain(io.nicsim.stmmac.StmmacMacProvider.class)).isTrue();
    assertThat(Layering.DRIVERS).contains("io.nicsim.stmmac"); // derived, not listed
    // the host builder below runs, the suites above it: a package each, no split package
    assertThat(Layering.HOSTKIT.test(main.get(io.nicsim.hostkit.MacHosts.class))).isTrue();
    assertThat(Layering.HOSTKIT.test(main.get(io.nicsim.hostkit.ExampleMac.class))).isTrue();
    assertThat(Layering.TESTKIT.test(main.get(io.nicsim.testkit.MacConformance.class))).isTrue();
    assertThat(Layering.TESTKIT.test(main.get(io.nicsim.hostkit.MacHosts.class))).isFalse();
    assertThat(Layering.HOSTKIT.test(main.get(io.nicsim.testkit.MacConformance.class)))
        .isFalse();
    Layering.MODULES.check(main);
  }

  @Test
  void aTestOnlyModuleHasNoMainCodeAndNothingDependsOnIt() {
    for (String m : Layering.TEST_ONLY) {
      assertThat(Files.isRegularFile(Path.of("..", m, "pom.xml")))
          .as(m).isTrue();
      assertThat(Layering.testOnlyFaults(Path.of(".."), m)).as(m).isEmpty();
    }
  }

  @Test
  void aTestOnlyModuleWithMainCodeOrACompileDependencyBreaksTheRule(@TempDir Path root)
      throws Exception {
    Files.createDirectories(root.resolve("x-it/src/main/java"));
    Files.writeString(root.resolve("x-it/pom.xml"),
        "<project><dependencies><dependency><artifactId>nicsim-runs</artifactId></dependency>"
            + "<dependency><artifactId>nicsim-core</artifactId><scope>test</scope></dependency>"
            + "</dependencies></project>");
    Files.createDirectories(root.resolve("cli"));
    Files.writeString(root.resolve("cli/pom.xml"),
        "<project><dependency><artifactId>nicsim-x-it</artifactId></dependency></project>");
    assertThat(Layering.testOnlyFaults(root, "x-it")).containsExactlyInAnyOrder(
        "x-it has main code (src/main)",
        "x-it depends on <artifactId>nicsim-runs</artifactId> outside the test scope",
        "cli depends on x-it");
  }

  @Test
  void noModelUsesItsHarnesses() {
    // the harness source sets are found (core's, the drivers', tcp-model's)
    assertThat(Layering.HARNESS_CLASSES).contains("io.nicsim.core.kernel.NapiHarnesses",
        "io.nicsim.stmmac.StmmacHarnesses", "io.nicsim.fec.FecHarnesses",
        "io.nicsim.tcp.TcpHarnesses");
    Layering.HARNESSES.check(main);
  }

  @Test
  void noPackageReachesAnotherRoundACircle() {
    Layering.PACKAGES.check(main);
  }

  @Test
  void onlyFormatsDrawsCharts() {
    Layering.CHARTS.check(main);
  }

  @Test
  void aStudyDrawingItsOwnChartBreaksTheChartRule() {
    JavaClasses withFixture = new ClassFileImporter().importClasses(DrawsItsOwnChart.class);
    assertThatThrownBy(() -> Layering.CHARTS.check(withFixture))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("DrawsItsOwnChart")
        .hasMessageContaining("org.jfree");
  }

  @Test
  void aFormatsClassImportingRunsBreaksTheModuleRule() {
    JavaClasses withFixture = new ClassFileImporter().importClasses(
        ReachesIntoRuns.class, io.nicsim.runs.RunResult.class);
    assertThatThrownBy(() -> Layering.MODULES.check(withFixture))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("ReachesIntoRuns")
        .hasMessageContaining("io.nicsim.runs.RunResult");
  }

  @Test
  void twoPackagesImportingEachOtherBreakTheCycleRule() {
    JavaClasses withFixture = new ClassFileImporter().importClasses(Ping.class, Pong.class);
    assertThatThrownBy(() -> Layering.PACKAGES.check(withFixture))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("cyclefixturea")
        .hasMessageContaining("cyclefixtureb");
  }
}
