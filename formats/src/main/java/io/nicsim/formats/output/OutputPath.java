package io.nicsim.formats.output;

import io.nicsim.core.config.BadInputException;
import java.io.IOError;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * What an output option may name: a regular file or a path that does not exist yet (whose
 * nearest existing ancestor is a writable directory), or standard output ({@code -} or
 * {@code /dev/stdout}). A directory, a device, a FIFO, a socket or a symbolic link is refused
 * with one line naming the option: nicsim puts its files in place by renaming over the target,
 * which would replace such a thing instead of writing to it.
 */
public final class OutputPath {
  private OutputPath() {}

  /** Standard output, as {@code -} or an explicit {@code /dev/stdout}. */
  public static boolean isStdout(Path p) {
    String s = p.toString();
    return s.equals("-") || s.equals("/dev/stdout");
  }

  /** The normalised absolute form two options are compared by. */
  static Path key(Path p) {
    return isStdout(p) ? Path.of("/dev/stdout") : p.toAbsolutePath().normalize();
  }

  /**
   * How {@code out} names the same file as {@code in}: {@code null} if it does not; "" for the
   * same path; otherwise the way (a symbolic link or {@code ..} on the way, or a hard link:
   * the same device and inode).
   */
  static String sameFile(Path out, Path in) {
    if (isStdout(out) || isStdout(in)) {
      return null;
    }
    try {
      if (key(out).equals(key(in))) {
        return "";
      }
      Path a = physical(out);
      Path b = physical(in);
      if (a != null && a.equals(b)) {
        return " (the same file by another path)";
      }
      if (Files.exists(out) && Files.exists(in) && Files.isSameFile(out, in)) {
        return " (a hard link to it: the same device and inode)";
      }
    } catch (IOException | InvalidPathException | IOError | SecurityException e) {
      // a path that cannot be resolved names no existing input
    }
    return null;
  }

  /**
   * The path with every symbolic link of its existing part resolved and {@code ..} taken
   * physically, as the kernel would walk it; the names that do not exist yet appended.
   */
  private static Path physical(Path p) throws IOException {
    Path abs = p.toAbsolutePath();
    Deque<Path> rest = new ArrayDeque<>();
    Path existing = abs;
    while (existing != null && !Files.exists(existing)) {
      if (existing.getFileName() == null) {
        return null;
      }
      rest.push(existing.getFileName());
      existing = existing.getParent();
    }
    if (existing == null) {
      return null;
    }
    Path r = existing.toRealPath();
    for (Path name : rest) {
      r = r.resolve(name);
    }
    return r.normalize();
  }

  /** Refuses a file target that could not be written as a regular file; creates nothing. */
  public static void checkFile(Path target, String flag) {
    if (isStdout(target)) {
      return;
    }
    Path abs = absolute(target, flag);
    if (abs.getFileName() == null) {
      throw BadInputException.field(flag, "'" + target + "' names no file", "a file name");
    }
    kindOf(abs, target, flag, false);
    requireWritableAncestor(abs, target, flag, "a file whose parent is a directory or can be"
        + " created");
  }

  /** Refuses an output directory that names something else or could not be made. */
  public static void checkDir(Path dir, String flag) {
    Path abs = absolute(dir, flag);
    if (Files.isSymbolicLink(abs)) {
      kindOf(abs, dir, flag, true);
    }
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      throw BadInputException.field(flag, "'" + dir + "' is not a directory",
          "a directory (created if missing)");
    }
    requireWritableAncestor(abs, dir, flag, "a writable directory (created if missing)");
  }

  private static Path absolute(Path p, String flag) {
    if (p.toString().isEmpty()) {
      throw BadInputException.field(flag, "empty path", "a file name");
    }
    try {
      return p.toAbsolutePath().normalize();
    } catch (InvalidPathException | IOError e) {
      throw BadInputException.field(flag, "'" + p + "' is not a path", "a file name");
    }
  }

  /**
   * Refuses an existing target that is not a regular file (for a directory option: not a
   * directory), naming what it is; a symbolic link is refused whatever it points at.
   */
  private static void kindOf(Path abs, Path typed, String flag, boolean dirWanted) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(abs, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return; // nothing there yet
    }
    String what;
    if (a.isSymbolicLink()) {
      String to;
      try {
        to = " to " + Files.readSymbolicLink(abs);
      } catch (IOException | UnsupportedOperationException e) {
        to = "";
      }
      what = "is a symbolic link" + to + ", which would be replaced, not followed";
    } else if (a.isRegularFile()) {
      return;
    } else if (a.isDirectory()) {
      what = "is a directory";
    } else {
      what = "is " + special(abs);
    }
    throw BadInputException.field(flag, "'" + typed + "' " + what,
        dirWanted ? "a directory (created if missing)"
            : "a regular file, a new path, or - for standard output");
  }

  /** A device, FIFO or socket, as the file's mode says. */
  private static String special(Path abs) {
    try {
      int mode = (Integer) Files.getAttribute(abs, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      switch (mode & 0170000) {
        case 0020000:
          return "a character device";
        case 0060000:
          return "a block device";
        case 0010000:
          return "a FIFO";
        case 0140000:
          return "a socket";
        default:
          break;
      }
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      // no unix view: say what is known
    }
    return "not a regular file (a device, FIFO or socket)";
  }

  private static void requireWritableAncestor(Path abs, Path typed, String flag,
      String accepted) {
    Path dir = Files.isDirectory(abs, LinkOption.NOFOLLOW_LINKS) ? abs : abs.getParent();
    while (dir != null && !Files.exists(dir)) {
      dir = dir.getParent();
    }
    if (dir == null || !Files.isDirectory(dir)) {
      throw BadInputException.field(flag, "cannot write " + typed + ": "
          + (dir == null ? "no such directory" : dir + " is not a directory"), accepted);
    }
    if (!Files.isWritable(dir)) {
      throw BadInputException.field(flag, "cannot write " + typed + ": " + dir
          + " is not writable", accepted);
    }
    // the permission bits do not say everything (root may "write" /proc, a read-only mount):
    // a file made and removed at once does
    try {
      Files.delete(Files.createTempFile(dir, ".nicsim-probe", ".tmp"));
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      throw BadInputException.field(flag, "cannot write " + typed + ": " + dir
          + " takes no new file (" + (e instanceof IOException io ? reason(io)
              : "not permitted") + ")", accepted);
    }
  }

  /** An I/O failure's reason in words, without exception names or temporary file names. */
  static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "a file is in the way";
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason().toLowerCase(Locale.ROOT);
    }
    String m = e.getMessage();
    return m == null || m.isBlank() ? "I/O error" : m.replace('\n', ' ');
  }
}
