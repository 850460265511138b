package io.nicsim.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The sender's {@code tcp:tcp_probe} events (one per ACK taken in, with its srtt) in a tracefs
 * instance of its own, so nothing another tracer set up is touched: made at open, removed at
 * close. Filtered to the data port. Absent (null from {@link #open}) when tracefs is not
 * mounted or has no tcp_probe; the report then says the model's pauses are the default.
 */
final class ProbeTrace implements AutoCloseable {
  static final Path[] ROOTS = {Path.of("/sys/kernel/tracing"), Path.of("/sys/kernel/debug/tracing")};
  private final Path dir;

  private ProbeTrace(Path dir) {
    this.dir = dir;
  }

  /** An instance named for this process, or null when tracing is not available here. */
  static ProbeTrace open(String tag) {
    for (Path root : ROOTS) {
      if (!Files.isDirectory(root.resolve("instances"))
          || !Files.isDirectory(root.resolve("events/tcp/tcp_probe"))) {
        continue;
      }
      Path d = root.resolve("instances").resolve("nicsim-validate-" + tag);
      try {
        if (!Files.isDirectory(d)) {
          Files.createDirectory(d); // tracefs makes the instance's files
        }
        write(d.resolve("events/tcp/tcp_probe/filter"), "dport == 5201");
        write(d.resolve("buffer_size_kb"), "16384");
        return new ProbeTrace(d);
      } catch (IOException | RuntimeException e) {
        try {
          Files.deleteIfExists(d);
        } catch (IOException ignored) {
          // left for removeStale
        }
        return null;
      }
    }
    return null;
  }

  /** Clears the buffer and starts recording. */
  void start() throws IOException {
    write(dir.resolve("trace"), "");
    write(dir.resolve("events/tcp/tcp_probe/enable"), "1");
  }

  /** Stops recording and returns what was recorded. */
  String stop() throws IOException {
    write(dir.resolve("events/tcp/tcp_probe/enable"), "0");
    return Files.readString(dir.resolve("trace"), StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    try {
      write(dir.resolve("events/tcp/tcp_probe/enable"), "0");
    } catch (IOException ignored) {
      // removing the instance below stops it anyway
    }
    try {
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // a reader still open; removeStale takes it next time
    }
  }

  /** Instances an earlier run left (killed before it could remove them). */
  static void removeStale() {
    for (Path root : ROOTS) {
      Path inst = root.resolve("instances");
      if (!Files.isDirectory(inst)) {
        continue;
      }
      try (var s = Files.list(inst)) {
        s.filter(p -> p.getFileName().toString().startsWith("nicsim-validate-")).forEach(p -> {
          try {
            Files.deleteIfExists(p);
          } catch (IOException ignored) {
            // still in use by a running validate
          }
        });
      } catch (IOException ignored) {
        // nothing to clean
      }
    }
  }

  private static void write(Path f, String s) throws IOException {
    Files.writeString(f, s, StandardCharsets.UTF_8);
  }
}
