package io.nicsim.portcheck;

import io.nicsim.portcheck.fixture.AcmePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The acme fixture trees and their ports. */
final class Fixtures {
  static final String MAIN = "drivers/net/ethernet/acme/acme_main.c";

  private Fixtures() {}

  static Path oldTree() {
    return resource("/portcheck/old");
  }

  static Path newTree() {
    return resource("/portcheck/new");
  }

  static List<PortedFunction> acmePorts() {
    return KernelPortReader.read(List.of(AcmePorts.class));
  }

  static CSource source(Path tree, String file) {
    return new KernelTree(tree).source(file).orElseThrow();
  }

  /** A writable copy of a fixture tree. */
  static Path copy(Path tree, Path into) {
    try (Stream<Path> walk = Files.walk(tree)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path target = into.resolve(tree.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
      return into;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path resource(String name) {
    try {
      return Path.of(Fixtures.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
