package io.nicsim.core.era;

import java.util.ArrayList;
import java.util.List;
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
 * @param backports the first stable release of each long-term line that carries it (at most one
 *     per line), read from that line's history
 */
public record Patch(
    String id,
    String commit,
    String title,
    KernelVersion landedIn,
    Status status,
    String summary,
    List<Backport> backports) {

  /**
   * A stable backport: the first release of a long-term line that carries the change.
   *
   * @param release the stable release, e.g. {@code v6.1.54}
   * @param commit the backport's commit id in the stable tree, or {@code null} when only the
   *     release is established
   * @param source where a reader checks it (a kernel.org stable ChangeLog, a tree, a message id)
   */
  public record Backport(KernelVersion release, String commit, String source) {
    public Backport {
      Objects.requireNonNull(release, "release");
      Objects.requireNonNull(source, "source");
      if (!release.isStable()) {
        throw new IllegalArgumentException("a backport lands in a stable release, not " + release);
      }
    }
  }

  public Patch(
      String id, String commit, String title, KernelVersion landedIn, Status status,
      String summary) {
    this(id, commit, title, landedIn, status, summary, List.of());
  }

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
    backports = List.copyOf(backports);
    for (int i = 0; i < backports.size(); i++) {
      KernelVersion r = backports.get(i).release();
      if (landedIn != null && !r.mainline().before(landedIn)) {
        throw new IllegalArgumentException(id + ": " + r + " is not older than " + landedIn);
      }
      for (int j = 0; j < i; j++) {
        if (backports.get(j).release().sameLine(r)) {
          throw new IllegalArgumentException(id + ": two backports to " + r.major() + "." + r.minor());
        }
      }
    }
  }

  /** This patch with one more backport. */
  public Patch backportedTo(KernelVersion release, String backportCommit, String source) {
    List<Backport> more = new ArrayList<>(backports);
    more.add(new Backport(release, backportCommit, source));
    return new Patch(id, commit, title, landedIn, status, summary, more);
  }

  /**
   * Whether a kernel has it by itself: a mainline release at or after {@link #landedIn}, or a
   * stable release at or after its line's backport.
   */
  public boolean inKernel(KernelVersion v) {
    if (landedIn != null && !v.mainline().before(landedIn)) {
      return true;
    }
    for (Backport b : backports) {
      if (b.release().sameLine(v) && !v.before(b.release())) {
        return true;
      }
    }
    return false;
  }

  /** {@code id (commit)} or just the id. */
  public String label() {
    return commit == null ? id : id + " (" + commit + ")";
  }
}
