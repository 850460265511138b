package io.nicsim.cli.ports;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.portcheck.ClasspathScanner;
import io.nicsim.portcheck.PortedFunction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** port-check's class-path scan finds nicsim's own ports in every module the command ships. */
class NicsimPortsOnClassPathTest {
  @Test
  void findsARealPortInEachModuleJarOrClassDirectory() {
    List<PortedFunction> ports = ClasspathScanner.ofThisJvm().ports();

    // a jar or a class directory, depending on how Maven resolved each module
    assertThat(ports).anySatisfy(p -> {
      assertThat(p.function()).isEqualTo("ethtool_set_coalesce");
      assertThat(p.ports()).anyMatch(m -> m.startsWith("io.nicsim.core.ethtool.Ethtool#"));
    });
    for (String pkg : List.of("io.nicsim.stmmac.", "io.nicsim.fec.", "io.nicsim.tcp.")) {
      assertThat(ports).as(pkg).anySatisfy(
          p -> assertThat(p.ports()).anyMatch(m -> m.startsWith(pkg)));
    }
  }

  /** The forms a port's source may take: owner/repo@commit or @tag, or a Debian source package. */
  private static final java.util.regex.Pattern FETCHABLE = java.util.regex.Pattern.compile(
      "[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*@([0-9a-f]{12,40}|v[0-9][0-9.]*)"
          + "|debian:linux-source-[0-9]+\\.[0-9]+@[0-9]+\\.[0-9]+\\.[0-9]+");

  @Test
  void everyPortNamesAFetchableSource() {
    List<PortedFunction> ports = ClasspathScanner.ofThisJvm().ports(PortedFunction.selection(
        List.of("io.nicsim.core", "io.nicsim.stmmac", "io.nicsim.fec", "io.nicsim.bcmgenet",
            "io.nicsim.tcp"), List.of()));
    assertThat(ports).hasSizeGreaterThan(250);
    assertThat(ports).allSatisfy(p -> {
      assertThat(p.sources()).as(p.label()).isNotEmpty();
      assertThat(p.sources()).as(p.label()).allMatch(s -> FETCHABLE.matcher(s).matches());
    });
  }

  /**
   * Versions as the trees show them: fec_ctrl_reset is mainline from v6.14 and 6.12.y from
   * 6.12.31 (not v6.13); lib/dim/net_dim.c exists from v5.3, its functions were static inlines in
   * include/linux/net_dim.h from v4.16 to v5.2.
   */
  @Test
  void versionRangesFollowWhereTheFunctionsExist() {
    List<PortedFunction> ports = ClasspathScanner.ofThisJvm().ports();
    PortedFunction ctrlReset = ports.stream()
        .filter(p -> p.function().equals("fec_ctrl_reset")).findFirst().orElseThrow();
    for (String[] c : new String[][] {{"6.13.4", "out"}, {"6.12.30", "out"}, {"6.12.31", "in"},
        {"6.12.117", "in"}, {"6.14", "in"}, {"6.1.192", "out"}}) {
      assertThat(io.nicsim.portcheck.VersionRange.outsideAll(ctrlReset.versions(),
          io.nicsim.portcheck.KernelRelease.parse(c[0]).orElseThrow()))
          .as("fec_ctrl_reset in " + c[0]).isEqualTo(c[1].equals("out"));
    }
    PortedFunction netDim = ports.stream()
        .filter(p -> p.file().equals("lib/dim/net_dim.c") && p.function().equals("net_dim"))
        .findFirst().orElseThrow();
    assertThat(io.nicsim.portcheck.VersionRange.outsideAll(netDim.versions(),
        io.nicsim.portcheck.KernelRelease.parse("5.2").orElseThrow())).isTrue();
    assertThat(io.nicsim.portcheck.VersionRange.outsideAll(netDim.versions(),
        io.nicsim.portcheck.KernelRelease.parse("5.3").orElseThrow())).isFalse();
    assertThat(ports).anySatisfy(p -> {
      assertThat(p.file()).isEqualTo("include/linux/net_dim.h");
      assertThat(p.function()).isEqualTo("net_dim");
      assertThat(p.versions()).containsExactly("v4.16..v5.2");
    });
  }
}
