package io.nicsim.portcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@code --update} may write the lock: never over or into what the command reads. The
 * lock is written by renaming a new file over its path, so a lock named as the tarball (by any
 * path: the same one, a symbolic link or {@code ..} on the way, a hard link) would replace the
 * kernel source, and one inside the tree would add a file to it.
 */
final class LockTarget {
  private LockTarget() {}

  /** Refuses {@code lock} when it is {@code input} or lies inside it (a directory). */
  static void refuseInput(Path lock, String option, Path input) {
    String how = sameOrInside(lock, input);
    if (how != null) {
      throw PortCheckException.field("--lock", lock + " is " + how + " " + option + " " + input
          + ", which port-check reads", "a lock file outside every input");
    }
  }

  /** How {@code lock} names {@code input} or a path under it, or null when it does not. */
  static String sameOrInside(Path lock, Path input) {
    Path l = lock.toAbsolutePath().normalize();
    Path in = input.toAbsolutePath().normalize();
    String inside = Files.isDirectory(in) ? "inside" : "the same file as";
    if (l.equals(in) || l.startsWith(in) && Files.isDirectory(in)) {
      return inside;
    }
    Path pl = physical(l);
    Path pin = physical(in);
    if (pl != null && pin != null && (pl.equals(pin) || pl.startsWith(pin)
        && Files.isDirectory(pin))) {
      return inside + " (by another path)";
    }
    try {
      if (Files.exists(l) && Files.exists(in) && Files.isSameFile(l, in)) {
        return "a hard link to";
      }
    } catch (IOException | SecurityException e) {
      // a path that cannot be compared names no input
    }
    return null;
  }

  /**
   * The real path of {@code p}: of the file when it exists, else of its nearest existing
   * ancestor with the rest appended (a lock not yet written).
   */
  private static Path physical(Path p) {
    Path rest = p.getFileSystem().getPath("");
    for (Path cur = p; cur != null; cur = cur.getParent()) {
      try {
        return cur.toRealPath().resolve(rest).normalize();
      } catch (IOException | SecurityException e) {
        rest = cur.getFileName() == null ? rest : cur.getFileName().resolve(rest);
      }
    }
    return null;
  }
}
