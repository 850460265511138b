package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds a ported function in a tree: in its recorded file first; when the file is gone or no
 * longer defines it, in any {@code .c} or {@code .h} file under the recorded file's directory.
 */
public final class PortLocator {
  private final KernelTree tree;

  public PortLocator(KernelTree tree) {
    this.tree = tree;
  }

  public Location locate(PortedFunction port) {
    String file = port.file();
    if (!isTreeRelative(file)) {
      return missing("the recorded file '" + file + "' is not a path inside a kernel tree");
    }
    Optional<CSource> recorded = tree.source(file);
    if (recorded.isPresent()) {
      List<CFunction> here = recorded.get().definitions(port.function());
      if (here.size() == 1) {
        return new Location(Location.Kind.FOUND, here, "");
      }
      if (here.size() > 1) {
        return new Location(Location.Kind.AMBIGUOUS, here, "");
      }
    }
    return searchDirectory(port, recorded.isPresent());
  }

  private Location searchDirectory(PortedFunction port, boolean fileExists) {
    String dir = port.directory();
    String notInFile = fileExists ? "not defined in " + port.file() : port.file() + " is gone";
    if (dir.isEmpty()) {
      return missing(notInFile);
    }
    if (!tree.isDirectory(dir)) {
      return missing(notInFile + " and so is " + dir + "/");
    }
    List<CFunction> elsewhere = new ArrayList<>();
    for (String candidate : tree.cSourcesUnder(dir)) {
      if (candidate.equals(port.file())) {
        continue;
      }
      if (tree.fileMentions(candidate, port.function())) {
        elsewhere.addAll(tree.source(candidate).orElseThrow().definitions(port.function()));
      }
    }
    if (elsewhere.isEmpty()) {
      return missing(notInFile + ", nor in any .c/.h under " + dir + "/");
    }
    return new Location(
        elsewhere.size() == 1 ? Location.Kind.MOVED : Location.Kind.AMBIGUOUS, elsewhere, "");
  }

  private static Location missing(String detail) {
    return new Location(Location.Kind.MISSING, List.of(), detail);
  }

  /** Relative, {@code /}-separated, no {@code .} or {@code ..} segments. */
  static boolean isTreeRelative(String file) {
    if (file.isEmpty() || file.startsWith("/") || file.contains("\\") || file.contains(":")) {
      return false;
    }
    for (String segment : file.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        return false;
      }
    }
    return true;
  }
}
