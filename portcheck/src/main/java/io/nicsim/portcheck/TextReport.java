package io.nicsim.portcheck;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** The human-readable report: one row per ported function, details under drifted ones. */
public final class TextReport {
  private static final int HASH_SHOWN = 12;

  private TextReport() {}

  public static String render(PortCheckRun.Outcome o) {
    StringBuilder out = new StringBuilder();
    out.append("port-check: ").append(o.results().size()).append(" ported functions in ")
        .append(o.request().tree().toAbsolutePath().normalize())
        .append(" (Linux ").append(o.kernel()).append("), lock ")
        .append(o.request().lock().toAbsolutePath().normalize()).append('\n');
    for (PortResult r : o.results()) {
      row(out, r);
    }
    for (PortResult r : o.foundOutsideRange()) {
      out.append("versions contradicts the tree: ").append(r.port().label()).append(" is at ")
          .append(r.location().definitions().get(0).where()).append(", outside ")
          .append(String.join(", ", r.port().versions())).append('\n');
    }
    for (LockEntry e : o.stale()) {
      out.append("lock entry without a port: ").append(e.file()).append(' ').append(e.function())
          .append(" (--update drops it)\n");
    }
    for (LockUpdate.Change c : o.changes()) {
      out.append("updated lock: ").append(c.file()).append(' ').append(c.function()).append(' ');
      if (!c.kernel().isEmpty()) {
        out.append('(').append(c.kernel()).append(") ");
      }
      if (c.isAddition()) {
        out.append("recorded ").append(shortHash(c.newHash()));
      } else if (c.isRemoval()) {
        out.append("dropped (no port names it)");
      } else if (c.oldHash().equals(c.newHash())) {
        out.append(shortHash(c.newHash()));
      } else {
        out.append(shortHash(c.oldHash())).append(" -> ").append(shortHash(c.newHash()));
      }
      if (!c.executed().isEmpty()) {
        out.append(", executed ").append(c.executed());
      }
      out.append('\n');
    }
    o.comparisons().forEach((label, c) -> comparison(out, label, o, c));
    out.append(summary(o)).append('\n');
    o.execution().ifPresent(e -> execution(out, o, e));
    return out.toString();
  }

  private static void row(StringBuilder out, PortResult r) {
    out.append(String.format("%-13s", r.state())).append(r.port().label()).append('\n');
    if (r.state() == PortState.OUT_OF_RANGE) {
      out.append("             ").append(detail(r)).append('\n');
    }
    if (!r.isDrift()) {
      return;
    }
    out.append("             ").append(detail(r)).append('\n');
    out.append("             ported by ").append(String.join(", ", r.port().ports())).append('\n');
  }

  static String detail(PortResult r) {
    Location loc = r.location();
    return switch (r.state()) {
      case OK -> "";
      case CHANGED -> "now " + shortHash(r.hash().orElseThrow()) + " at " + loc.definition().where()
          + ", lock has " + shortHash(r.locked().orElseThrow().hash())
          + " (" + r.locked().orElseThrow().kernel() + ")";
      case MOVED -> "now at " + loc.definition().where() + ", "
          + (r.locked().isEmpty() ? "no hash in the lock"
              : r.matchesLock() ? "text unchanged" : "text changed since the lock")
          + "; update the annotation's file";
      case MISSING -> loc.detail();
      case AMBIGUOUS -> {
        StringJoiner where = new StringJoiner(", ");
        loc.definitions().forEach(d -> where.add(d.where()));
        yield loc.definitions().size() + " definitions: " + where;
      }
      case OUT_OF_RANGE -> "not in this tree, outside " + String.join(", ", r.port().versions());
      case NEW -> "at " + loc.definition().where() + ", " + shortHash(r.hash().orElseThrow())
          + "; not in the lock: review the port, then run with --update";
    };
  }

  private static void comparison(
      StringBuilder out, String label, PortCheckRun.Outcome o, Comparison c) {
    out.append("\n== ").append(label).append(": ")
        .append(o.request().against().orElseThrow().toAbsolutePath().normalize())
        .append(" -> ").append(o.request().tree().toAbsolutePath().normalize()).append('\n');
    if (!c.note().isEmpty()) {
      out.append("note: ").append(c.note()).append('\n');
    }
    out.append(c.diff());
  }

  /** The --execute section: one row per function with a harness, details under DIFFERS. */
  static void execution(StringBuilder out, PortCheckRun.Outcome o, ExecutionRun.Outcome e) {
    out.append("\nexecute: ").append(e.results().size()).append(" functions with a harness, ")
        .append(e.options().inputs()).append(" inputs each (seed ").append(e.options().seed())
        .append("), compiled from Linux ").append(o.kernel()).append(" with ")
        .append(e.compiler()).append('\n');
    for (ExecResult r : e.results()) {
      switch (r.state()) {
        case SAME -> out.append(String.format("%-9s", "SAME")).append(String.format("%6d", r.inputs()))
            .append(" inputs  ").append(r.label())
            .append(r.wholeDomain() ? " (" + r.distinct() + " distinct: every value the fields allow)"
                : "")
            .append(r.crashed() > 0 ? " (and " + r.crashed() + " more the C dies on, where the"
                + " Java fails alike: not counted)" : "")
            .append('\n');
        case DIFFERS -> {
          ExecResult.Counterexample c = r.counterexample().orElseThrow();
          out.append(String.format("%-9s", "DIFFERS")).append(r.label()).append(": ")
              .append(r.differing()).append(" of ").append(r.inputs() + r.crashed())
              .append(" inputs differ; smallest counterexample found:\n");
          out.append("           input: ").append(String.join(" ", c.input())).append('\n');
          out.append("           C:     ").append(c.c()).append('\n');
          out.append("           Java:  ").append(c.java()).append('\n');
          out.append("           first difference: ").append(c.difference()).append('\n');
          if (r.timedOut() > 0) {
            out.append("           and the C never returned on ").append(r.timedOut())
                .append(" inputs\n");
          }
        }
        case NOT_RUN -> out.append(String.format("%-9s", "NOT RUN")).append(r.label())
            .append(": ").append(r.reason()).append('\n');
      }
      if (!r.notes().isEmpty() && r.state() != ExecState.SAME) {
        out.append("           note: ").append(r.notes()).append('\n');
      }
    }
    if (e.options().coverage()) {
      coverage(out, e);
    }
    ExecSummary s = e.summary();
    out.append("execute summary: ").append(s.executed()).append(" of ").append(s.ported())
        .append(" ported functions executed (").append(s.same()).append(" SAME, ")
        .append(s.differs()).append(" DIFFERS); ").append(s.notExecutedCount())
        .append(" not executed").append(s.notExecutedCount() > 0 ? ":" : "").append('\n');
    s.notExecuted().forEach((reason, labels) -> {
      out.append(String.format("  %5d  ", labels.size())).append(reason);
      if (labels.size() <= 12) {
        StringJoiner names = new StringJoiner(", ", ": ", "");
        labels.forEach(l -> names.add(l.substring(l.lastIndexOf(' ') + 1)));
        out.append(names);
      } else {
        out.append(" (--json lists them)");
      }
      out.append('\n');
    });
    int inRange = s.ported() - s.outsideRelease();
    out.append(String.format("executed in range: %d of the %d ported functions this release"
        + " holds (%d%%)%n", s.executed(), inRange,
        inRange == 0 ? 100 : (int) Math.floor(100.0 * s.executed() / inRange)));
    out.append("execute verdict: ").append(verdict(s, e)).append('\n');
  }

  /**
   * {@code --coverage}: one row per executed function, each line holding a condition its inputs
   * did not take both ways named under it, and the tree's total.
   */
  static void coverage(StringBuilder out, ExecutionRun.Outcome e) {
    out.append("coverage: gcc's branch coverage of each executed function's own lines"
        + " (conditions taken both ways / conditions; the lines with one not taken both ways"
        + " below each)\n");
    int conditions = 0;
    int both = 0;
    int functions = 0;
    int full = 0;
    int unavailable = 0;
    int lines = 0;
    int assertions = 0;
    for (ExecResult r : e.results()) {
      if (r.branchCoverage().isEmpty()) {
        continue;
      }
      BranchCoverage c = r.branchCoverage().get();
      if (!c.unavailable().isEmpty()) {
        unavailable++;
        out.append("      -        ").append(r.label()).append(": ").append(c.unavailable())
            .append('\n');
        continue;
      }
      functions++;
      conditions += c.conditions();
      both += c.bothWays();
      if (c.bothWays() == c.conditions()) {
        full++;
      }
      out.append(String.format("%7s %4d%%  ", c.bothWays() + "/" + c.conditions(), c.percent()))
          .append(r.label()).append('\n');
      for (BranchCoverage.Line l : c.uncovered()) {
        lines++;
        assertions += l.assertion() ? 1 : 0;
        out.append(String.format("           %s:%d  %d of %d arcs never taken  %s%s%n", c.file(),
            l.line(), l.arcs() - l.taken(), l.arcs(), l.text(), assertionTag(l)));
      }
    }
    out.append(String.format("coverage total on Linux %s: %d of %d conditions taken both ways"
        + " (%d%%) in %d functions, %d of them every condition both ways%s%n", e.kernel(), both,
        conditions, conditions == 0 ? 100 : (int) Math.floor(100.0 * both / conditions),
        functions, full, unavailable == 0 ? "" : "; " + unavailable + " not measured"));
    out.append(String.format("uncovered lines: %d, of which %d are the kernel's assertions"
        + " (BUG_ON/WARN_ON: the harness keeps to their contract) and %d are named above for"
        + " a harness to reach%n", lines, assertions, lines - assertions));
  }

  private static String assertionTag(BranchCoverage.Line l) {
    return l.assertion() ? "  [assertion]" : "";
  }

  /** {@code --uncovered}: the lines of one function with a branch never taken. */
  static String uncovered(ExecutionRun.Outcome e, String function) {
    StringBuilder out = new StringBuilder();
    for (ExecResult r : e.results()) {
      if (!r.function().equals(function)) {
        continue;
      }
      out.append("\nuncovered branches of ").append(r.label());
      if (r.branchCoverage().isEmpty()) {
        out.append(": not executed (").append(r.stateText()).append(")\n");
        continue;
      }
      BranchCoverage c = r.branchCoverage().get();
      if (!c.unavailable().isEmpty()) {
        out.append(": ").append(c.unavailable()).append('\n');
        continue;
      }
      out.append(" (").append(c.conditions() - c.bothWays()).append(" of ")
          .append(c.conditions()).append(" conditions not taken both ways):\n");
      for (BranchCoverage.Line l : c.uncovered()) {
        out.append(String.format("  %s:%-5d %d of %d arcs never taken  %s%s%n", c.file(),
            l.line(), l.arcs() - l.taken(), l.arcs(), l.text(), assertionTag(l)));
      }
    }
    if (out.length() == 0) {
      out.append("\nuncovered branches of ").append(function)
          .append(": no harness executes it\n");
    }
    return out.toString();
  }

  /** {@code --timings}: per function and in total, in milliseconds (not deterministic). */
  static String timings(ExecutionRun.Outcome e) {
    StringBuilder out = new StringBuilder("\ntimings (ms): read compile generate C Java shrink\n");
    long read = 0;
    long compile = 0;
    long generate = 0;
    long c = 0;
    long java = 0;
    int cached = 0;
    int compiled = 0;
    for (ExecResult r : e.results()) {
      ExecTiming t = e.timings().getOrDefault(r.label(), ExecTiming.NONE);
      if (t == ExecTiming.NONE) {
        continue;
      }
      out.append(String.format("%6d %7d%s %8d %5d %5d %6d  %s%n", t.readNs() / 1_000_000,
          t.compileNs() / 1_000_000, t.cached() ? "c" : " ", t.generateNs() / 1_000_000,
          t.cRunNs() / 1_000_000, t.javaNs() / 1_000_000, t.shrinkNs() / 1_000_000, r.label()));
      read += t.readNs();
      compile += t.compileNs();
      generate += t.generateNs();
      c += t.cRunNs();
      java += t.javaNs();
      if (t.cached()) {
        cached++;
      } else {
        compiled++;
      }
    }
    out.append(String.format("totals: read %.1f s, compile %.1f s (%d compiled, %d from the"
        + " cache: c), generate %.1f s, C %.1f s, Java %.1f s; execute wall %.1f s%n",
        read / 1e9, compile / 1e9, compiled, cached, generate / 1e9, c / 1e9, java / 1e9,
        e.wallNs() / 1e9));
    return out.toString();
  }

  /** One line: what the run shows, never agreement for what was not executed. */
  static String verdict(ExecSummary s, ExecutionRun.Outcome e) {
    if (s.differs() > 0 || s.failed() > 0) {
      StringJoiner what = new StringJoiner(", ");
      if (s.differs() > 0) {
        what.add(s.differs() + " DIFFERS");
      }
      if (s.failed() > 0) {
        what.add(s.failed() + (s.failed() == 1 ? " harness" : " harnesses") + " failed");
      }
      return "behaviour differs or a harness failed (" + what + ")";
    }
    int left = s.unexecutedInRelease();
    if (left > 0) {
      return (s.executed() == 0 ? "no function was executed"
          : "the " + s.executed() + " executed functions behave as their C")
          + "; " + left + " ported functions of this release were not executed"
          + (e.options().strict() ? " (--strict: that fails the run)" : "");
    }
    return s.executed() == 0 ? "nothing of this release to execute"
        : "every ported function of this release was executed and behaves as its C";
  }

  static String summary(PortCheckRun.Outcome o) {
    Map<PortState, Integer> counts = counts(o.results());
    StringJoiner parts = new StringJoiner(", ");
    counts.forEach((state, n) -> parts.add(n + " " + state));
    return "summary: " + parts
        + (o.drift() ? ": drift found"
            : counts.get(PortState.OUT_OF_RANGE) > 0 ? ": every port in range matches the lock"
            : ": every port matches the lock");
  }

  static Map<PortState, Integer> counts(List<PortResult> results) {
    Map<PortState, Integer> counts = new EnumMap<>(PortState.class);
    for (PortState s : PortState.values()) {
      counts.put(s, 0);
    }
    results.forEach(r -> counts.merge(r.state(), 1, Integer::sum));
    return counts;
  }

  private static String shortHash(String hash) {
    return hash.substring(0, Math.min(HASH_SHOWN, hash.length()));
  }
}
