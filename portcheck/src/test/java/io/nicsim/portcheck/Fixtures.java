package io.nicsim.portcheck;

import io.nicsim.portcheck.fixture.AcmePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
      URI uri = Fixtures.class.getResource(name).toURI();
      return uri.getScheme().equals("jar") ? unpacked(name, uri) : Path.of(uri);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final Map<String, Path> UNPACKED = new HashMap<>();

  /**
   * A fixture read from this module's test jar (portcheck-inloop's tests use the acme tree):
   * the code under test reads files, so the fixture is copied once per JVM into the using
   * module's build directory (never the shared temporary directory, which InLoopTest watches).
   */
  private static synchronized Path unpacked(String name, URI uri) throws IOException {
    Path done = UNPACKED.get(name);
    if (done != null) {
      return done;
    }
    Path into = Path.of("target", "portcheck-fixtures").toAbsolutePath()
        .resolve(name.substring(1));
    if (Files.exists(into)) {
      try (Stream<Path> old = Files.walk(into)) {
        for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
      Path from = jar.provider().getPath(uri);
      if (Files.isDirectory(from)) {
        Files.createDirectories(into.getParent());
        copy(from, into);
      } else {
        Files.createDirectories(into.getParent());
        Files.copy(from, into);
      }
    }
    UNPACKED.put(name, into);
    return into;
  }
}
