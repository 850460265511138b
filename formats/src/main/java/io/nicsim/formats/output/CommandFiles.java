package io.nicsim.formats.output;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files a command reads, by the option that names them (a trace, a SoC profile, a scenario
 * file, a patch, a lock, a kernel tree): what none of its outputs may overwrite. The command
 * line declares them before the command runs (bench declares every file-valued option that is
 * not an {@link Output}); a command declares more as it finds them (a scenario file's own
 * profile). {@link Outputs} refuses an output that is one of them.
 *
 * <p>Declarations belong to the thread that runs the command, from {@link #begin()} to the
 * scope's close.
 */
public final class CommandFiles {
  private static final ThreadLocal<Map<String, List<Path>>> DECLARED =
      ThreadLocal.withInitial(LinkedHashMap::new);

  private CommandFiles() {}

  /** A new, empty set of inputs for the command this thread is about to run. */
  public static Scope begin() {
    DECLARED.get().clear();
    return () -> DECLARED.get().clear();
  }

  /** {@code file}, named by {@code flag}, is read by the running command. */
  public static void input(String flag, Path file) {
    if (file != null && !file.toString().isEmpty()) {
      DECLARED.get().computeIfAbsent(flag, k -> new ArrayList<>()).add(file);
    }
  }

  /** The inputs declared so far, by option. */
  static Map<String, List<Path>> inputs() {
    Map<String, List<Path>> copy = new LinkedHashMap<>();
    DECLARED.get().forEach((k, v) -> copy.put(k, List.copyOf(v)));
    return copy;
  }

  /** The end of a command's declarations. */
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }
}
