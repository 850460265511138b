package io.nicsim.portcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Scratch directories of {@code --ports c}: removed as soon as what they held is loaded, and by
 * a shutdown hook when the command is stopped first (Ctrl-C while gcc runs), so none is left
 * behind.
 */
final class InLoopFiles {
  private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(InLoopFiles::remove),
        "nicsim --ports c: scratch"));
  }

  private InLoopFiles() {}

  /**
   * A new scratch directory, removed by {@link #delete} or at the JVM's exit. Its name carries
   * the process id ({@code nicsim-c-4711-…}), so a directory seen in the temporary directory
   * can be told apart from another nicsim process's.
   */
  static Path create(String prefix) throws IOException {
    Path dir = Files.createTempDirectory(prefix + "-" + ProcessHandle.current().pid() + "-");
    LIVE.add(dir);
    return dir;
  }

  static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    remove(dir);
    LIVE.remove(dir);
  }

  private static void remove(Path dir) {
    if (!Files.exists(dir)) {
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
