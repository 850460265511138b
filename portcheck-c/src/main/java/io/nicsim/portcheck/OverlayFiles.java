package io.nicsim.portcheck;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tree with some files replaced in memory: the patched scratch view {@code --apply} compiles
 * from. Nothing is written anywhere; a file mapped to null is deleted.
 */
final class OverlayFiles implements TreeFiles {
  private final TreeFiles base;
  private final Map<String, byte[]> replaced;
  private final String what;

  OverlayFiles(TreeFiles base, Map<String, byte[]> replaced, String what) {
    this.base = base;
    this.replaced = new HashMap<>(replaced); // null values: deleted files
    this.what = what;
  }

  @Override
  public Optional<byte[]> read(String path) {
    if (replaced.containsKey(path)) {
      return Optional.ofNullable(replaced.get(path));
    }
    return base.read(path);
  }

  @Override
  public boolean isDirectory(String dir) {
    return base.isDirectory(dir);
  }

  @Override
  public List<String> cSourcesUnder(String dir) {
    return base.cSourcesUnder(dir);
  }

  @Override
  public String describe() {
    return base.describe() + " " + what;
  }
}
