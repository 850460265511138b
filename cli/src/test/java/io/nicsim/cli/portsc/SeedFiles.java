package io.nicsim.cli.portsc;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The netdev threads the project reproduces, as the shared machine keeps them (never in the
 * repository): {@code shared/seeds/} beside the repository (or beside the directory holding a
 * worktree). Tests that need one skip, saying so, where it is not there.
 */
final class SeedFiles {
  private SeedFiles() {}

  static Path seed(String name) {
    Path dir = Path.of("").toAbsolutePath();
    for (Path p = dir; p != null; p = p.getParent()) {
      Path s = p.resolve("shared").resolve("seeds").resolve(name);
      if (Files.isRegularFile(s)) {
        return s;
      }
    }
    assumeTrue(false, "seed " + name + " is not there (../shared/seeds/ beside the repository)");
    return null;
  }

  static String text(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path tarball(String version) {
    Path t = Path.of("/usr/src/linux-source-" + version + ".tar.xz");
    assumeTrue(Files.isRegularFile(t), t + " is not there (apt-get install linux-source-"
        + version + ")");
    return t;
  }

  /** A kernel tree checked out as a directory (its Makefile there), or a skip saying so. */
  static Path directory(String dir) {
    Path t = Path.of(dir);
    assumeTrue(Files.isRegularFile(t.resolve("Makefile")), t + " is not there");
    return t;
  }

  /** Seed 000 with one of its lines replaced, written to {@code dir}. */
  static Path variant(Path dir, String name, String from, String to) {
    String text = text(seed("000_e259f3fef5275bf2.txt"));
    if (!text.contains(from)) {
      throw new IllegalStateException("seed 000 has no '" + from + "'");
    }
    Path p = dir.resolve(name);
    try {
      Files.writeString(p, text.replace(from, to));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }
}
