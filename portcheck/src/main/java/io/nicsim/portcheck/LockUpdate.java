package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --update}: records, for the tree's release, the hash of every function found exactly
 * once whose hash is new or differs from the entry it was compared with, and, after
 * {@code --execute}, each executed function's verdict and input count; drops entries no port
 * claims. Entries of other releases stay, so the lock keeps every release it was reviewed on.
 * Functions that are MISSING or AMBIGUOUS keep their old entries: there is nothing sound to
 * record.
 */
public final class LockUpdate {
  private LockUpdate() {}

  /**
   * What changed in the lock, for the report.
   *
   * @param kernel the release whose entry changed
   * @param executed the verdict recorded with it ({@code SAME 10000}), or empty
   */
  public record Change(String file, String function, String kernel, String oldHash,
      String newHash, String executed) {
    public Change(String file, String function, String oldHash, String newHash) {
      this(file, function, "", oldHash, newHash, "");
    }

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
    return apply(results, stale, lock, kernel, Map.of());
  }

  /**
   * As {@link #apply(List, List, PortLock, String)}, also recording {@code executed} (by
   * {@link PortedFunction#label()}) on this release's entries.
   */
  public static List<Change> apply(List<PortResult> results, List<LockEntry> stale,
      PortLock lock, String kernel, Map<String, ExecResult> executed) {
    return apply(results, stale, lock, kernel, executed, false);
  }

  /**
   * As above; with {@code verifiedOnly} ({@code --update-verified}) only the functions that
   * executed SAME are recorded (their text and verdict), nothing else changes and no entry is
   * dropped: a tree whose other changes nobody reviewed keeps reporting them.
   */
  public static List<Change> apply(List<PortResult> results, List<LockEntry> stale,
      PortLock lock, String kernel, Map<String, ExecResult> executed, boolean verifiedOnly) {
    List<Change> changes = new ArrayList<>();
    for (PortResult r : results) {
      if (r.hash().isEmpty()) {
        continue;
      }
      if (verifiedOnly) {
        ExecResult e = executed.get(r.port().label());
        if (e == null || e.state() != ExecState.SAME) {
          continue;
        }
      }
      String file = r.port().file();
      String function = r.port().function();
      String hash = r.hash().get();
      ExecResult exec = executed.get(r.port().label());
      Optional<LockEntry> exact = lock.exact(file, function, kernel);
      String old = r.locked().map(LockEntry::hash).orElse("");
      boolean textChanged = r.state() != PortState.OK && !hash.equals(old);
      String verdict = exec == null ? exact.map(LockEntry::executed).orElse("") : exec.stateText();
      int inputs = exec == null ? exact.map(LockEntry::inputs).orElse(0) : exec.inputs();
      LockEntry next = new LockEntry(file, function, kernel, hash, verdict, inputs);
      if (exact.isPresent() && exact.get().equals(next)) {
        continue;
      }
      if (!textChanged && exec == null) {
        continue;
      }
      lock.put(next);
      String note = verdict.isEmpty() ? "" : verdict + (verdict.equals("SAME") ? " " + inputs : "");
      changes.add(new Change(file, function, kernel,
          exact.map(LockEntry::hash).orElse(textChanged ? old : ""), hash, note));
    }
    for (LockEntry e : verifiedOnly ? List.<LockEntry>of() : stale) {
      lock.remove(e.file(), e.function());
      changes.add(new Change(e.file(), e.function(), e.kernel(), e.hash(), "", ""));
    }
    changes.sort(Comparator.comparing(Change::file).thenComparing(Change::function)
        .thenComparing(Change::kernel));
    return changes;
  }
}
