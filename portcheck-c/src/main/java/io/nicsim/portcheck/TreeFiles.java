package io.nicsim.portcheck;

import java.util.List;
import java.util.Optional;

/** Where a kernel tree's files come from: a checkout on disk, or a source tarball. */
interface TreeFiles {

  /** The bytes of the file at a tree-relative, {@code /}-separated path, if it is there. */
  Optional<byte[]> read(String path);

  /** Whether the tree has this directory. */
  boolean isDirectory(String dir);

  /** Every {@code .c} and {@code .h} file under {@code dir}, tree-relative, sorted. */
  List<String> cSourcesUnder(String dir);

  /** What to call the tree in reports. */
  String describe();
}
