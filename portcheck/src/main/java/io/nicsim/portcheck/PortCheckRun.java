package io.nicsim.portcheck;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code port-check}: locate every ported function in the tree, judge it against the lock,
 * optionally record the new hashes ({@code --update}) and compare drifted functions with an old
 * tree ({@code --against}).
 */
public final class PortCheckRun {

  /**
   * What the user asked for.
   *
   * @param tree a kernel checkout or source tarball
   * @param subset the ports are a selection ({@code --package}/{@code --class}): lock entries of
   *     other ports are neither reported stale nor dropped by {@code --update}
   */
  public record Request(
      Path tree, Optional<Path> against, Path lock, boolean update, boolean subset) {
    public Request(Path tree, Optional<Path> against, Path lock, boolean update) {
      this(tree, against, lock, update, false);
    }
  }

  /**
   * What came out.
   *
   * @param kernel the tree's version from its Makefile, or {@code unknown}
   * @param results one per ported function, sorted by file then function (after the update, if
   *     one was asked for)
   * @param stale lock entries no port claims (empty after an update)
   * @param changes what {@code --update} changed in the lock
   * @param comparisons by {@link PortedFunction#label()}, for the functions that had drifted
   */
  public record Outcome(
      Request request,
      String kernel,
      List<PortResult> results,
      List<LockEntry> stale,
      List<LockUpdate.Change> changes,
      Map<String, Comparison> comparisons) {

    /** 0 when every port is OK (or out of range), 1 when any has drifted. */
    public int exitCode() {
      return results.stream().anyMatch(PortResult::isDrift) ? 1 : 0;
    }

    /** The tree's version, when its Makefile states one. */
    public Optional<KernelRelease> treeVersion() {
      return VersionRange.ofTree(kernel);
    }

    /**
     * Ports whose function is in the tree although the tree's version lies outside their
     * {@code versions}, in a tree no newer than the ranges' ends (a newer tree is what drift
     * checking is for): the annotation's range contradicts the tree.
     */
    public List<PortResult> foundOutsideRange() {
      Optional<KernelRelease> v = treeVersion();
      if (v.isEmpty()) {
        return List.of();
      }
      return results.stream()
          .filter(r -> r.location().kind() != Location.Kind.MISSING)
          .filter(r -> VersionRange.outsideAll(r.port().versions(), v.get()))
          .filter(r -> VersionRange.all(r.port().versions()).stream()
              .anyMatch(range -> !range.to().mainline().before(v.get().mainline())))
          .toList();
    }
  }

  private PortCheckRun() {}

  public static Outcome run(Request request, List<PortedFunction> ports) {
    KernelTree tree = KernelTree.open(request.tree(), ports);
    String kernel = tree.kernelVersion().orElse("unknown");
    Optional<KernelRelease> version = VersionRange.ofTree(kernel);
    PortLock lock = PortLock.read(request.lock());
    List<Location> locations = new PortCheck(tree).locate(ports);
    List<PortResult> results = PortCheck.judge(ports, locations, lock, version);
    List<LockEntry> stale = request.subset() ? List.of() : PortCheck.stale(ports, lock);

    Map<String, Comparison> comparisons = new LinkedHashMap<>();
    if (request.against().isPresent()) {
      PortLocator old = new PortLocator(KernelTree.open(request.against().get(), ports));
      for (PortResult r : results) {
        if (isBodyChange(r)) {
          comparisons.put(r.port().label(), Comparison.of(r, old.locate(r.port())));
        }
      }
    }

    List<LockUpdate.Change> changes = List.of();
    if (request.update()) {
      changes = LockUpdate.apply(results, stale, lock, kernel);
      if (!changes.isEmpty() || !Files.exists(request.lock())) {
        lock.write(request.lock());
      }
      results = PortCheck.judge(ports, locations, lock, version);
      stale = request.subset() ? List.of() : PortCheck.stale(ports, lock);
    }
    return new Outcome(request, kernel, results, stale, changes, comparisons);
  }

  /** CHANGED, or MOVED with a text that no longer matches the lock. */
  static boolean isBodyChange(PortResult r) {
    return r.state() == PortState.CHANGED
        || (r.state() == PortState.MOVED && r.locked().isPresent() && !r.matchesLock());
  }
}
