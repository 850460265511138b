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
      if (c.isAddition()) {
        out.append("recorded ").append(shortHash(c.newHash()));
      } else if (c.isRemoval()) {
        out.append("dropped (no port names it)");
      } else {
        out.append(shortHash(c.oldHash())).append(" -> ").append(shortHash(c.newHash()));
      }
      out.append('\n');
    }
    o.comparisons().forEach((label, c) -> comparison(out, label, o, c));
    out.append(summary(o)).append('\n');
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

  static String summary(PortCheckRun.Outcome o) {
    Map<PortState, Integer> counts = counts(o.results());
    StringJoiner parts = new StringJoiner(", ");
    counts.forEach((state, n) -> parts.add(n + " " + state));
    return "summary: " + parts
        + (o.exitCode() != 0 ? ": drift found"
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
