package io.nicsim.ravb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module stands on core alone: no compiled class of io.nicsim.ravb names a class of the
 * other drivers, of bench or of cli. A class file lists every class it refers to in its constant pool
 * as an internal name ({@code io/nicsim/fec/...}), so a byte scan of the class files finds any
 * such reference, whatever the source did to hide it.
 */
class RavbImportsTest {
  private static final String[] FORBIDDEN = {"io/nicsim/stmmac/", "io/nicsim/fec/", "io/nicsim/bcmgenet/",
      "io/nicsim/bench/", "io/nicsim/cli/", "io/nicsim/tcp/"};

  @Test
  void mainClassesReferenceNeitherOtherDriversNorBench() throws IOException, URISyntaxException {
    Path root = Path.of(RavbMacModel.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI());
    List<String> offenders = new ArrayList<>();
    int scanned = 0;
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        scanned++;
        String text = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
        for (String f : FORBIDDEN) {
          if (text.contains(f)) {
            offenders.add(root.relativize(p) + " -> " + f);
          }
        }
      }
    }
    assertThat(scanned).isGreaterThan(10);
    assertThat(offenders).isEmpty();
  }

  @Test
  void theScanSeesReferencesIntoCore() throws IOException, URISyntaxException {
    // positive control: the same scan finds the driver's use of core's NAPI
    Path cls = Path.of(RavbNapi.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI()).resolve("io/nicsim/ravb/RavbNapi.class");
    String text = new String(Files.readAllBytes(cls), StandardCharsets.ISO_8859_1);
    assertThat(text).contains("io/nicsim/core/kernel/Napi");
  }
}
