package io.nicsim.bench.ports;

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
}
