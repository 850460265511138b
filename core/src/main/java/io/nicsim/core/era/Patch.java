package io.nicsim.core.era;

import java.util.Objects;

/**
 * One upstream change (or a proposed one) as a named value. Driver code branches on it exactly
 * where that change altered the C function.
 *
 * @param id short name users type ({@code hrtimer-active}); unique within a catalog
 * @param commit upstream commit id (12 hex digits), or {@code null} for a patch never merged
 * @param title the commit subject
 * @param landedIn first mainline release containing it, or {@code null} if not in a release
 *     nicsim knows (net-next, proposed, rejected); such patches are only added by name
 * @param status where the change stands
 * @param summary one line: what it changes in the modelled behaviour
 */
public record Patch(
    String id, String commit, String title, KernelVersion landedIn, Status status, String summary) {

  /** Where a patch stands upstream. */
  public enum Status {
    /** In a mainline release. */
    MAINLINE,
    /** Applied to net / net-next, not yet in a release nicsim models. */
    APPLIED,
    /** Posted, never merged. */
    PROPOSED,
    /** Not a kernel change: a what-if variant nicsim offers for an argument in a thread. */
    VARIANT
  }

  public Patch {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(status, "status");
    if (status == Status.MAINLINE && landedIn == null) {
      throw new IllegalArgumentException(id + ": a mainline patch needs landedIn");
    }
  }

  /** {@code id (commit)} or just the id. */
  public String label() {
    return commit == null ? id : id + " (" + commit + ")";
  }
}
