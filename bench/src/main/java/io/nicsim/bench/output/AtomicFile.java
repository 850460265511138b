package io.nicsim.bench.output;

import io.nicsim.core.config.BadInputException;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * An output file written to a temporary file beside it and moved into place by
 * {@link #commit()}; closing without a commit deletes the temporary file, so a failed run
 * leaves nothing behind. Refusals (no such directory, not writable) are one-line
 * {@link BadInputException}s naming the option.
 */
public final class AtomicFile implements Closeable {
  private final Path target;
  private final Path temp;
  private final String field;
  private OutputStream stream;
  private Writer writer;
  private boolean committed;

  private AtomicFile(Path target, Path temp, String field) {
    this.target = target;
    this.temp = temp;
    this.field = field;
  }

  /** Opens a temporary file next to {@code target}; {@code field} names the option. */
  public static AtomicFile open(Path target, String field) {
    Path abs = target.toAbsolutePath().normalize();
    Path dir = abs.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw BadInputException.field(field, "cannot write " + target + ": no such directory",
          "a file in an existing directory");
    }
    if (Files.isDirectory(abs)) {
      throw BadInputException.field(field, target + " is a directory", "a file name");
    }
    try {
      Path temp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
      AtomicFile f = new AtomicFile(abs, temp, field);
      f.stream = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16);
      return f;
    } catch (IOException e) {
      throw BadInputException.field(field, "cannot write " + target + ": " + reason(e),
          "a writable file");
    }
  }

  /** Writes {@code data} to {@code target} atomically. */
  public static void write(Path target, String field, byte[] data) {
    try (AtomicFile f = open(target, field)) {
      f.stream().write(data);
      f.commit();
    } catch (IOException e) {
      throw BadInputException.field(field, "cannot write " + target + ": " + reason(e),
          "a writable file");
    }
  }

  /** Writes UTF-8 text to {@code target} atomically. */
  public static void writeText(Path target, String field, String text) {
    write(target, field, text.getBytes(StandardCharsets.UTF_8));
  }

  public OutputStream stream() {
    return stream;
  }

  /** A UTF-8 writer over the stream (one per file). */
  public Writer writer() {
    if (writer == null) {
      writer = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
    }
    return writer;
  }

  public Path target() {
    return target;
  }

  /**
   * Temporary files are created owner-only (0600); an output file gets what a shell redirect
   * would give it under the usual umask (0644), on file systems that have POSIX permissions.
   */
  private static void makeReadable(Path p) throws IOException {
    try {
      Files.setPosixFilePermissions(p,
          java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: keep what it gave
    }
  }

  /** Flushes, closes and moves the file into place. */
  public void commit() {
    try {
      if (writer != null) {
        writer.flush();
      }
      stream.close();
      makeReadable(temp);
      try {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      committed = true;
    } catch (IOException e) {
      throw BadInputException.field(field, "cannot write " + target + ": " + reason(e),
          "a writable file");
    } finally {
      if (!committed) {
        deleteTemp();
      }
    }
  }

  /** Discards the file unless it was committed. */
  @Override
  public void close() {
    if (!committed) {
      try {
        stream.close();
      } catch (IOException ignored) {
        // the file is deleted next
      }
      deleteTemp();
    }
  }

  private void deleteTemp() {
    try {
      Files.deleteIfExists(temp);
    } catch (IOException ignored) {
      // nothing more can be done; the name starts with a dot
    }
  }

  private static String reason(IOException e) {
    String m = e.getMessage();
    String cls = e.getClass().getSimpleName().replace("Exception", "");
    return m == null ? cls : cls + " (" + m.replace('\n', ' ') + ")";
  }
}
