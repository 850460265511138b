package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --update}: records the hash of every function found exactly once whose hash is new or
 * different, and drops entries no port claims. Entries whose hash is unchanged keep the kernel
 * version they were recorded for, so a review shows only the ports that moved on. Functions that
 * are MISSING or AMBIGUOUS keep their old entry: there is nothing sound to record.
 */
public final class LockUpdate {
  private LockUpdate() {}

  /** What changed in the lock, for the report. */
  public record Change(String file, String function, String oldHash, String newHash) {
    public boolean isRemoval() {
      return newHash.isEmpty();
    }

    public boolean isAddition() {
      return oldHash.isEmpty();
    }
  }

  /** Applies the results to {@code lock} in place and returns the changes, sorted. */
  public static List<Change> apply(
      List<PortResult> results, List<LockEntry> stale, PortLock lock, String kernel) {
    List<Change> changes = new ArrayList<>();
    for (PortResult r : results) {
      if (r.hash().isEmpty() || r.state() == PortState.OK) {
        continue;
      }
      String hash = r.hash().get();
      String old = r.locked().map(LockEntry::hash).orElse("");
      if (!hash.equals(old)) {
        lock.put(new LockEntry(r.port().file(), r.port().function(), kernel, hash));
        changes.add(new Change(r.port().file(), r.port().function(), old, hash));
      }
    }
    for (LockEntry e : stale) {
      lock.remove(e.file(), e.function());
      changes.add(new Change(e.file(), e.function(), e.hash(), ""));
    }
    changes.sort(
        java.util.Comparator.comparing(Change::file).thenComparing(Change::function));
    return changes;
  }
}
