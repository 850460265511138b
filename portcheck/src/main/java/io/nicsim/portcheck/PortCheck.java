package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Compares every ported function found in a kernel tree with the lock. */
public final class PortCheck {
  private final PortLocator locator;

  public PortCheck(KernelTree tree) {
    this.locator = new PortLocator(tree);
  }

  /** Where each port is, in the order given (locating reads each file once). */
  public List<Location> locate(List<PortedFunction> ports) {
    List<Location> locations = new ArrayList<>(ports.size());
    for (PortedFunction port : ports) {
      locations.add(locator.locate(port));
    }
    return locations;
  }

  /** The verdicts, in the order of {@code ports}, for a tree of unknown version. */
  public static List<PortResult> judge(
      List<PortedFunction> ports, List<Location> locations, PortLock lock) {
    return judge(ports, locations, lock, Optional.empty());
  }

  /**
   * The verdicts, in the order of {@code ports}. A function missing from a tree whose version
   * lies outside its {@code versions} is {@code OUT_OF_RANGE}, not {@code MISSING}.
   */
  public static List<PortResult> judge(
      List<PortedFunction> ports, List<Location> locations, PortLock lock,
      Optional<KernelRelease> tree) {
    List<PortResult> results = new ArrayList<>(ports.size());
    for (int i = 0; i < ports.size(); i++) {
      PortResult r = judge(ports.get(i), locations.get(i), lock, tree);
      if (r.state() == PortState.MOVED && movedToACoveredFile(ports.get(i), locations.get(i),
          ports, tree)) {
        r = new PortResult(r.port(), PortState.OUT_OF_RANGE, r.location(), r.hash(), r.locked());
      }
      results.add(r);
    }
    return results;
  }

  static PortResult judge(PortedFunction port, Location location, PortLock lock) {
    return judge(port, location, lock, Optional.empty());
  }

  static PortResult judge(
      PortedFunction port, Location location, PortLock lock, Optional<KernelRelease> tree) {
    Optional<LockEntry> locked = lock.nearest(port.file(), port.function(), tree);
    Optional<String> hash =
        location.isUnique() ? Optional.of(FunctionHash.of(location.definition())) : Optional.empty();
    PortState state =
        switch (location.kind()) {
          case MOVED -> PortState.MOVED;
          case MISSING -> tree.isPresent() && VersionRange.outsideAll(port.versions(), tree.get())
              ? PortState.OUT_OF_RANGE
              : PortState.MISSING;
          case AMBIGUOUS -> PortState.AMBIGUOUS;
          case FOUND -> {
            if (locked.isEmpty()) {
              yield PortState.NEW;
            }
            yield hash.get().equals(locked.get().hash()) ? PortState.OK : PortState.CHANGED;
          }
        };
    return new PortResult(port, state, location, hash, locked);
  }

  /**
   * A port of a function's old file, whose range ended when the function moved (dev.c's
   * napi_gro_flush before net/core/gro.c existed): the tree lies outside its range and another
   * port of the same function names the file the tree holds it in, with a range that contains
   * the tree. Such a port is out of range, not drift; a move no port covers stays MOVED.
   */
  private static boolean movedToACoveredFile(PortedFunction port, Location location,
      List<PortedFunction> ports, Optional<KernelRelease> tree) {
    if (tree.isEmpty() || !VersionRange.outsideAll(port.versions(), tree.get())) {
      return false;
    }
    String now = location.definition().source().path();
    for (PortedFunction other : ports) {
      if (other != port && other.function().equals(port.function()) && other.file().equals(now)
          && !VersionRange.outsideAll(other.versions(), tree.get())) {
        return true;
      }
    }
    return false;
  }

  /** Lock entries that no ported function claims any more. */
  public static List<LockEntry> stale(List<PortedFunction> ports, PortLock lock) {
    Set<String> claimed = new HashSet<>();
    for (PortedFunction p : ports) {
      claimed.add(LockEntry.key(p.file(), p.function()));
    }
    List<LockEntry> stale = new ArrayList<>();
    for (LockEntry e : lock.entries()) {
      if (!claimed.contains(LockEntry.key(e.file(), e.function()))) {
        stale.add(e);
      }
    }
    return stale;
  }
}
