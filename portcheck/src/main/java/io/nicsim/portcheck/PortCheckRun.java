package io.nicsim.portcheck;

import io.nicsim.core.port.exec.PortHarness;
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
      Path tree, Optional<Path> against, Path lock, boolean update, boolean subset,
      Optional<ExecOptions> execute, boolean updateVerifiedOnly) {
    public Request(Path tree, Optional<Path> against, Path lock, boolean update, boolean subset,
        Optional<ExecOptions> execute) {
      this(tree, against, lock, update, subset, execute, false);
    }

    public Request(Path tree, Optional<Path> against, Path lock, boolean update) {
      this(tree, against, lock, update, false);
    }

    public Request(Path tree, Optional<Path> against, Path lock, boolean update, boolean subset) {
      this(tree, against, lock, update, subset, Optional.empty());
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
      Map<String, Comparison> comparisons,
      Optional<ExecutionRun.Outcome> execution) {

    public Outcome(Request request, String kernel, List<PortResult> results,
        List<LockEntry> stale, List<LockUpdate.Change> changes,
        Map<String, Comparison> comparisons) {
      this(request, kernel, results, stale, changes, comparisons, Optional.empty());
    }

    /**
     * 0 when every port is OK (or out of range) and, with {@code --execute}, every executed
     * function is SAME; 1 when any has drifted, differs, or its harness failed.
     */
    public int exitCode() {
      boolean drift = results.stream().anyMatch(PortResult::isDrift);
      int exec = execution.map(ExecutionRun.Outcome::exitCode).orElse(0);
      return drift || exec != 0 ? 1 : 0;
    }

    /** Whether the text comparison alone found drift. */
    public boolean drift() {
      return results.stream().anyMatch(PortResult::isDrift);
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
    return run(request, ports, request.execute().isPresent() ? HarnessCatalog.ofThisJvm()
        : List.of());
  }

  /** With the harnesses {@code --execute} may use (read the tree once for both). */
  public static Outcome run(Request request, List<PortedFunction> ports,
      List<PortHarness> harnesses) {
    List<PortHarness> selected = ExecutionRun.select(harnesses, ports);
    KernelTree tree = KernelTree.open(request.tree(), ports,
        request.execute().isPresent() ? ExecutionRun.sourcesOf(selected) : List.of());
    return run(request, ports, selected, tree);
  }

  /** On a tree already open (a test reading a tarball once for several checks). */
  public static Outcome run(Request request, List<PortedFunction> ports,
      List<PortHarness> harnesses, KernelTree tree) {
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

    Optional<ExecutionRun.Outcome> execution = request.execute().map(
        o -> ExecutionRun.run(tree, kernel, ports, harnesses, o));

    List<LockUpdate.Change> changes = List.of();
    if (request.update()) {
      changes = LockUpdate.apply(results, stale, lock, kernel,
          execution.map(ExecutionRun.Outcome::byLabel).orElse(Map.of()),
          request.updateVerifiedOnly());
      if (!changes.isEmpty() || !Files.exists(request.lock())) {
        lock.write(request.lock());
      }
      results = PortCheck.judge(ports, locations, lock, version);
      stale = request.subset() ? List.of() : PortCheck.stale(ports, lock);
    }
    return new Outcome(request, kernel, results, stale, changes, comparisons, execution);
  }

  /** CHANGED, or MOVED with a text that no longer matches the lock. */
  static boolean isBodyChange(PortResult r) {
    return r.state() == PortState.CHANGED
        || (r.state() == PortState.MOVED && r.locked().isPresent() && !r.matchesLock());
  }
}
