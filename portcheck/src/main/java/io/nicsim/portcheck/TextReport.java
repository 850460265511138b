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
                : "").append('\n');
        case DIFFERS -> {
          ExecResult.Counterexample c = r.counterexample().orElseThrow();
          out.append(String.format("%-9s", "DIFFERS")).append(r.label()).append(": ")
              .append(r.differing()).append(" of ").append(r.inputs())
              .append(" inputs differ; smallest counterexample found:\n");
          out.append("           input: ").append(String.join(" ", c.input())).append('\n');
          out.append("           C:     ").append(c.c()).append('\n');
          out.append("           Java:  ").append(c.java()).append('\n');
          out.append("           first difference: ").append(c.difference()).append('\n');
        }
        case NOT_RUN -> out.append(String.format("%-9s", "NOT RUN")).append(r.label())
            .append(": ").append(r.reason()).append('\n');
      }
      if (!r.notes().isEmpty() && r.state() != ExecState.SAME) {
        out.append("           note: ").append(r.notes()).append('\n');
      }
    }
    if (!e.withoutHarness().isEmpty()) {
      out.append("no harness: ").append(e.withoutHarness().size())
          .append(" ported functions are not executed (--json lists them)\n");
    }
    Map<ExecState, Integer> n = new EnumMap<>(ExecState.class);
    for (ExecState s : ExecState.values()) {
      n.put(s, 0);
    }
    e.results().forEach(r -> n.merge(r.state(), 1, Integer::sum));
    long failed = e.results().stream().filter(r -> r.state() == ExecState.NOT_RUN && r.failed())
        .count();
    out.append("execute summary: ").append(n.get(ExecState.SAME)).append(" SAME, ")
        .append(n.get(ExecState.DIFFERS)).append(" DIFFERS, ").append(n.get(ExecState.NOT_RUN))
        .append(" NOT RUN").append(failed > 0 ? " (" + failed + " failed)" : "")
        .append(e.exitCode() == 0 ? ": every executed function behaves as its C"
            : ": behaviour differs or a harness failed").append('\n');
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
