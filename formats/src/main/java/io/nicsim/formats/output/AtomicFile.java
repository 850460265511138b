package io.nicsim.formats.output;

import io.nicsim.core.config.BadInputException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * One output file of an {@link Outputs} set: written to a temporary file beside its target
 * ({@code .NAME.*.tmp}, owner-only) and moved into place when the set commits; or, for
 * standard output, written straight through. Made by {@link Outputs#open}.
 */
public final class AtomicFile {
  private final Path target;
  private final Path temp;
  private final String field;
  private final OutputStream stream;
  private Writer writer;
  private boolean done;

  private AtomicFile(Path target, Path temp, String field, OutputStream stream) {
    this.target = target;
    this.temp = temp;
    this.field = field;
    this.stream = stream;
  }

  /** A temporary file in {@code target}'s directory (which exists). */
  static AtomicFile temporary(Path target, String field) throws IOException {
    Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
    return new AtomicFile(target, temp, field,
        new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16));
  }

  /** Standard output: no temporary file; a commit flushes it, nothing is ever closed. */
  static AtomicFile stdout(String field, OutputStream out) {
    return new AtomicFile(null, null, field, new BufferedOutputStream(out, 1 << 16) {
      @Override
      public void close() throws IOException {
        flush();
      }
    });
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

  /** The file it becomes, or null for standard output. */
  public Path target() {
    return target;
  }

  String field() {
    return field;
  }

  /** Flushes, closes and moves the file into place (a stream: flushes it). */
  void commit() {
    if (done) {
      return;
    }
    try {
      if (writer != null) {
        writer.flush();
      }
      stream.close();
      if (temp != null) {
        makeReadable(temp);
        // the target may have changed since it was checked: never rename over a non-file
        OutputPath.checkFile(target, field);
        try {
          Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING,
              StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      done = true;
    } catch (IOException e) {
      discard();
      throw BadInputException.field(field, "cannot write " + target + ": "
          + OutputPath.reason(e), "a writable file");
    } catch (RuntimeException e) {
      discard();
      throw e;
    }
  }

  /** Deletes the temporary file unless it was committed; true if one was removed. */
  boolean discard() {
    if (done) {
      return false;
    }
    done = true;
    try {
      stream.close();
    } catch (IOException ignored) {
      // the file is deleted next
    }
    if (temp == null) {
      return false;
    }
    try {
      return Files.deleteIfExists(temp);
    } catch (IOException ignored) {
      return false; // nothing more can be done; the name starts with a dot
    }
  }

  /**
   * Temporary files are created owner-only (0600); an output file gets what a shell redirect
   * would give it under the usual umask (0644), on file systems that have POSIX permissions.
   */
  private static void makeReadable(Path p) throws IOException {
    try {
      Files.setPosixFilePermissions(p,
          PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: keep what it gave
    }
  }
}
