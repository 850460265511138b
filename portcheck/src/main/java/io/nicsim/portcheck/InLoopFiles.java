package io.nicsim.portcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Scratch directories of {@code --ports c}: removed as soon as what they held is loaded. */
final class InLoopFiles {
  private InLoopFiles() {}

  static void delete(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException ignored) {
          // the temporary directory: nothing else is kept there
        }
      });
    } catch (IOException ignored) {
      // as above
    }
  }
}
