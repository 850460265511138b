package io.nicsim.core.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What an input path names when it is not a regular file, in the words a refusal uses: a
 * missing path is "no such file", but {@code /dev/null}, a FIFO or a directory exists and is
 * something else, and saying so tells the user what went wrong.
 */
public final class InputKind {
  private InputKind() {}

  /** Null for a regular file (links followed); otherwise what {@code file} is. */
  public static String notARegularFile(Path file) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      return "no such file";
    }
    if (a.isRegularFile()) {
      return null;
    }
    if (a.isDirectory()) {
      return "is a directory";
    }
    try {
      int mode = (Integer) Files.getAttribute(file, "unix:mode");
      switch (mode & 0170000) {
        case 0020000:
          return "is a character device, not a file";
        case 0060000:
          return "is a block device, not a file";
        case 0010000:
          return "is a FIFO, not a file";
        case 0140000:
          return "is a socket, not a file";
        default:
          break;
      }
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      // no unix view
    }
    return "is not a regular file";
  }
}
