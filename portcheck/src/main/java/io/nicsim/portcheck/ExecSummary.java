package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code --execute} did with every selected port: how many were executed (SAME, DIFFERS)
 * and, for the rest, why not, grouped by reason. Only an executed function can agree with its
 * C: a port the Java side refuses, one without a harness, a harness that failed or a function
 * absent from the tree is counted here, never as agreement.
 *
 * @param ported the selected ports
 * @param same executed, every input agreeing
 * @param differs executed, some input differing
 * @param notExecuted reason → the ports ({@code file function}) left unexecuted for it, in a
 *     fixed order of reasons
 * @param outsideRelease of those, ports whose {@code versions} exclude this release (nothing to
 *     execute here: not counted against {@code --strict})
 */
public record ExecSummary(int ported, int same, int differs,
    Map<String, List<String>> notExecuted, int outsideRelease) {

  /** The group of ports whose versions exclude the tree's release. */
  public static final String OUTSIDE = "not in this release (outside the port's versions)";
  public static final String NO_HARNESS = "no harness";

  static ExecSummary of(ExecutionRun.Outcome o) {
    Map<String, List<String>> groups = new LinkedHashMap<>();
    groups.put(NO_HARNESS, new ArrayList<>());
    groups.put(ExecResult.NotRun.JAVA_REFUSES.text() + " (Linux " + o.kernel() + ")",
        new ArrayList<>());
    groups.put(ExecResult.NotRun.HARNESS_SKIPS.text(), new ArrayList<>());
    groups.put(ExecResult.NotRun.HARNESS_FAILED.text(), new ArrayList<>());
    groups.put(ExecResult.NotRun.NOT_IN_TREE.text(), new ArrayList<>());
    groups.put(OUTSIDE, new ArrayList<>());
    Map<String, ExecResult> byLabel = o.byLabel();
    int same = 0;
    int differs = 0;
    for (PortedFunction p : o.ports()) {
      ExecResult r = byLabel.get(p.label());
      if (r != null && r.state() == ExecState.SAME) {
        same++;
        continue;
      }
      if (r != null && r.state() == ExecState.DIFFERS) {
        differs++;
        continue;
      }
      boolean outside = o.release() != null
          && VersionRange.outsideAll(p.versions(), o.release());
      String group;
      if (outside && (r == null || r.why() != ExecResult.NotRun.HARNESS_FAILED)) {
        group = OUTSIDE;
      } else if (r == null) {
        group = NO_HARNESS;
      } else if (r.why() == ExecResult.NotRun.JAVA_REFUSES) {
        group = ExecResult.NotRun.JAVA_REFUSES.text() + " (Linux " + o.kernel() + ")";
      } else {
        group = r.why().text();
      }
      groups.get(group).add(p.label());
    }
    groups.values().removeIf(List::isEmpty);
    Map<String, List<String>> frozen = new LinkedHashMap<>();
    groups.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
    return new ExecSummary(o.ports().size(), same, differs, frozen,
        frozen.getOrDefault(OUTSIDE, List.of()).size());
  }

  public int executed() {
    return same + differs;
  }

  public int notExecutedCount() {
    return notExecuted.values().stream().mapToInt(List::size).sum();
  }

  /** Ports this release has that were not executed: what {@code --strict} fails on. */
  public int unexecutedInRelease() {
    return notExecutedCount() - outsideRelease;
  }

  /** Harnesses that failed (exit status 1 with or without --strict). */
  public int failed() {
    return notExecuted.getOrDefault(ExecResult.NotRun.HARNESS_FAILED.text(), List.of()).size();
  }
}
