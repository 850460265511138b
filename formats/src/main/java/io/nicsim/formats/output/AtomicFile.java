package io.nicsim.formats.output;

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
import java.util.HashSet;
import java.util.Set;

/**
 * An output file written to a temporary file beside it and moved into place by
 * {@link #commit()}; closing without a commit deletes the temporary file, so a failed run
 * leaves nothing behind. Missing parent directories are created as {@code mkdir -p} would
 * ({@code --trace out/t.txt} in a fresh directory works); those that still hold no committed
 * file are removed again when the command fails. Refusals (a parent that is a file, not
 * writable) are one-line {@link BadInputException}s naming the option.
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

  /**
   * Directories this process created for output files that no committed file is in yet,
   * removed (when empty) as the files in them are discarded.
   */
  private static final Set<Path> CREATED = new HashSet<>();

  /**
   * Refuses, before any work is done, a target that could not be written: a directory, or a
   * path whose nearest existing ancestor is not a writable directory. Creates nothing.
   */
  public static void check(Path target, String field) {
    Path abs = target.toAbsolutePath().normalize();
    if (Files.isDirectory(abs)) {
      throw BadInputException.field(field, target + " is a directory", "a file name");
    }
    Path dir = abs.getParent();
    while (dir != null && !Files.exists(dir)) {
      dir = dir.getParent();
    }
    if (dir == null || !Files.isDirectory(dir)) {
      throw BadInputException.field(field, "cannot write " + target + ": "
          + (dir == null ? "no such directory" : dir + " is not a directory"),
          "a file whose parent is a directory or can be created");
    }
    if (!Files.isWritable(dir)) {
      throw BadInputException.field(field, "cannot write " + target + ": " + dir
          + " is not writable", "a file in a writable directory");
    }
  }

  /**
   * Refuses, before any work is done, an output directory option ({@code --plot-dir},
   * {@code reproduce --csv}) naming a file, or one that could not be created; creates nothing
   * (the directory is made when its first file is written, as {@code mkdir -p} would).
   */
  public static void checkDir(Path dir, String field) {
    Path abs = dir.toAbsolutePath().normalize();
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      throw BadInputException.field(field, "'" + dir + "' is not a directory",
          "a directory (created if missing)");
    }
    Path d = abs;
    while (d != null && !Files.exists(d)) {
      d = d.getParent();
    }
    if (d == null || !Files.isDirectory(d)) {
      throw BadInputException.field(field, "cannot create '" + dir + "': "
          + (d == null ? "no such directory" : d + " is not a directory"),
          "a directory (created if missing)");
    }
    if (!Files.isWritable(d)) {
      throw BadInputException.field(field, "cannot " + (d.equals(abs) ? "write in" : "create")
          + " '" + dir + "': " + d + " is not writable", "a writable directory");
    }
  }

  /**
   * Opens a temporary file next to {@code target}, creating its missing parent directories;
   * {@code field} names the option.
   */
  public static AtomicFile open(Path target, String field) {
    check(target, field);
    Path abs = target.toAbsolutePath().normalize();
    Path dir = abs.getParent();
    try {
      makeParents(dir);
      Path temp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
      AtomicFile f = new AtomicFile(abs, temp, field);
      f.stream = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16);
      return f;
    } catch (IOException e) {
      removeCreated(dir);
      throw BadInputException.field(field, "cannot write " + target + ": " + reason(e),
          "a writable file");
    }
  }

  /** {@code mkdir -p dir}, remembering each directory it made. */
  private static void makeParents(Path dir) throws IOException {
    java.util.ArrayDeque<Path> missing = new java.util.ArrayDeque<>();
    for (Path d = dir; d != null && !Files.isDirectory(d); d = d.getParent()) {
      missing.push(d);
    }
    synchronized (CREATED) {
      for (Path d : missing) { // outermost first
        try {
          Files.createDirectory(d);
          CREATED.add(d);
        } catch (java.nio.file.FileAlreadyExistsException e) {
          if (!Files.isDirectory(d)) {
            throw e;
          }
        }
      }
    }
  }

  /** Removes the directories this process created at or above {@code dir} that are empty. */
  private static void removeCreated(Path dir) {
    synchronized (CREATED) {
      for (Path d = dir; d != null; d = d.getParent()) {
        if (!CREATED.contains(d)) {
          if (Files.exists(d)) {
            return; // the user's own directory: it and its parents stay
          }
          continue; // never made (mkdir -p failed below it)
        }
        try {
          Files.delete(d);
          CREATED.remove(d);
        } catch (IOException e) {
          return; // not empty (another output is in it): leave it and its parents
        }
      }
    }
  }

  /** The directories at or above {@code dir} now hold a committed file: they stay. */
  private static void keepCreated(Path dir) {
    synchronized (CREATED) {
      for (Path d = dir; d != null; d = d.getParent()) {
        CREATED.remove(d);
      }
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
      keepCreated(target.getParent());
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
    removeCreated(target.getParent());
  }

  private static String reason(IOException e) {
    String m = e.getMessage();
    String cls = e.getClass().getSimpleName().replace("Exception", "");
    return m == null ? cls : cls + " (" + m.replace('\n', ' ') + ")";
  }
}
