package io.nicsim.core.era;

import java.util.ArrayList;
import java.util.List;

/**
 * The patches one simulated kernel has: a base version plus the user's edits. Immutable;
 * {@link #has} is a bit test so drivers may call it anywhere, but hot paths should read it once
 * at construction.
 */
public final class PatchSet {
  private final PatchCatalog catalog;
  private final KernelVersion base;
  private final long mask;

  PatchSet(PatchCatalog catalog, KernelVersion base, long mask) {
    this.catalog = catalog;
    this.base = base;
    this.mask = mask;
  }

  public KernelVersion base() {
    return base;
  }

  public PatchCatalog catalog() {
    return catalog;
  }

  public boolean has(Patch p) {
    return (mask & (1L << catalog.indexOf(p))) != 0;
  }

  public PatchSet with(Patch p) {
    return new PatchSet(catalog, base, mask | (1L << catalog.indexOf(p)));
  }

  public PatchSet without(Patch p) {
    return new PatchSet(catalog, base, mask & ~(1L << catalog.indexOf(p)));
  }

  /** The patches in catalog order. */
  public List<Patch> patches() {
    List<Patch> out = new ArrayList<>();
    for (int i = 0; i < catalog.all().size(); i++) {
      if ((mask & (1L << i)) != 0) {
        out.add(catalog.at(i));
      }
    }
    return out;
  }

  /** Patches added to, or removed from, what {@link #base()} has by itself. */
  public List<String> editsFromBase() {
    PatchSet plain = catalog.forKernel(base);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < catalog.all().size(); i++) {
      long bit = 1L << i;
      if ((mask & bit) != 0 && (plain.mask & bit) == 0) {
        out.add("+" + catalog.at(i).id());
      } else if ((mask & bit) == 0 && (plain.mask & bit) != 0) {
        out.add("-" + catalog.at(i).id());
      }
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PatchSet other
        && other.catalog == catalog
        && other.mask == mask
        && other.base.equals(base);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(mask) * 31 + base.hashCode();
  }

  @Override
  public String toString() {
    List<String> edits = editsFromBase();
    return edits.isEmpty() ? base.toString() : base + " " + String.join(" ", edits);
  }
}
