package io.nicsim.core.era;

import io.nicsim.core.config.BadInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * All patches a driver model knows, in catalog order. A kernel version selects the mainline
 * ones that landed at or before it and, for a stable release, the ones its line received as
 * backports up to that release; users then add ({@code +ID}) or remove ({@code -ID})
 * patches by id or by commit prefix (7 or more hex digits).
 */
public final class PatchCatalog {
  private final String driver;
  private final List<Patch> patches;
  /** {@link #patches} as an array: {@link #indexOf} scans it on per-packet paths. */
  private final Patch[] byIndex;

  public PatchCatalog(String driver, List<Patch> patches) {
    if (patches.size() > 64) {
      throw new IllegalArgumentException("a catalog holds at most 64 patches");
    }
    for (int i = 0; i < patches.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (patches.get(i).id().equals(patches.get(j).id())) {
          throw new IllegalArgumentException("duplicate patch id " + patches.get(i).id());
        }
      }
    }
    this.driver = driver;
    this.patches = List.copyOf(patches);
    this.byIndex = this.patches.toArray(new Patch[0]);
  }

  public String driver() {
    return driver;
  }

  public List<Patch> all() {
    return patches;
  }

  int indexOf(Patch p) {
    // by identity first: drivers ask PatchSet.has with their catalog's own constants, on paths
    // run per packet, and a record's equals compares every field
    Patch[] a = byIndex;
    for (int k = 0; k < a.length; k++) {
      if (a[k] == p) {
        return k;
      }
    }
    int i = patches.indexOf(p);
    if (i < 0) {
      throw new IllegalArgumentException(p.id() + " is not in the " + driver + " catalog");
    }
    return i;
  }

  Patch at(int index) {
    return patches.get(index);
  }

  /** The patches a release contains: mainline ones, plus its line's backports if stable. */
  public PatchSet forKernel(KernelVersion version) {
    long mask = 0;
    for (int i = 0; i < patches.size(); i++) {
      if (patches.get(i).inKernel(version)) {
        mask |= 1L << i;
      }
    }
    return new PatchSet(this, version, mask);
  }

  /** Finds a patch by id or commit prefix; refuses unknown or ambiguous names. */
  public Patch lookup(String nameOrCommit) {
    String key = nameOrCommit.trim();
    for (Patch p : patches) {
      if (p.id().equalsIgnoreCase(key)) {
        return p;
      }
    }
    List<Patch> byCommit = new ArrayList<>();
    if (key.length() >= 7 && key.matches("[0-9a-fA-F]+")) {
      for (Patch p : patches) {
        if (p.commit() != null && p.commit().toLowerCase().startsWith(key.toLowerCase())) {
          byCommit.add(p);
        }
      }
    }
    if (byCommit.size() == 1) {
      return byCommit.get(0);
    }
    throw BadInputException.field(
        "--patch",
        byCommit.isEmpty()
            ? "unknown " + driver + " patch '" + key + "'"
            : "'" + key + "' matches several commits",
        patches.stream().map(Patch::id).collect(Collectors.joining(", ")));
  }

  /**
   * Applies {@code +ID} / {@code -ID} edits in order to the version's set. A bare {@code ID}
   * means {@code +ID}.
   */
  public PatchSet select(KernelVersion version, List<String> edits) {
    PatchSet set = forKernel(version);
    for (String edit : edits == null ? Collections.<String>emptyList() : edits) {
      String e = edit.trim();
      if (e.isEmpty() || e.equals("+") || e.equals("-")) {
        throw BadInputException.field("--patch", "empty patch name", "+ID or -ID");
      }
      if (e.startsWith("-")) {
        set = set.without(lookup(e.substring(1)));
      } else {
        set = set.with(lookup(e.startsWith("+") ? e.substring(1) : e));
      }
    }
    return set;
  }
}
