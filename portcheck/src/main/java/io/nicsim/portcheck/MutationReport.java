package io.nicsim.portcheck;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** {@code --mutants}' output: one row per mutant and the kill rate, as text or JSON. */
public final class MutationReport {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private MutationReport() {}

  public static String text(MutationRun.Outcome o) {
    StringBuilder out = new StringBuilder();
    out.append("mutation check: ").append(o.results().size())
        .append(" mutants of ported Java against Linux ").append(o.kernel()).append(", ")
        .append(o.options().inputs()).append(" inputs each (seed ").append(o.options().seed())
        .append(")\n");
    for (MutationRun.Result r : o.results()) {
      Mutant m = r.mutant();
      out.append(String.format("%-17s %-28s %s: %s%n", r.fate().name().replace('_', ' '),
          m.id(), m.function(), r.detail()));
      if (r.fate() != MutationRun.Fate.KILLED) {
        out.append("                  ").append(m.kind()).append(", ").append(m.file())
            .append(m.method().isEmpty() ? "" : " " + m.method() + "(...)").append(": `")
            .append(m.from()).append("` -> `").append(m.to()).append("`\n");
      }
    }
    out.append(rate(o)).append('\n');
    return out.toString();
  }

  /** {@code mutation kill rate: 31 of 32 (96%)}, and what was not killed. */
  static String rate(MutationRun.Outcome o) {
    long killed = o.killed();
    int n = o.results().size();
    List<String> notKilled = o.results().stream()
        .filter(r -> r.fate() != MutationRun.Fate.KILLED).map(r -> r.mutant().id()).toList();
    return "mutation kill rate: " + killed + " of " + n + " ("
        + (n == 0 ? 0 : (int) Math.floor(100.0 * killed / n)) + "%)"
        + (notKilled.isEmpty() ? "" : "; not killed: " + String.join(", ", notKilled));
  }

  public static String json(MutationRun.Outcome o) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("kernel", o.kernel());
    root.put("inputs", o.options().inputs());
    root.put("seed", o.options().seed());
    ArrayNode list = root.putArray("mutants");
    for (MutationRun.Result r : o.results()) {
      Mutant m = r.mutant();
      ObjectNode n = list.addObject();
      n.put("id", m.id());
      n.put("kind", m.kind());
      n.put("file", m.file());
      n.put("method", m.method());
      n.put("function", m.function());
      n.put("fate", r.fate().name());
      n.put("detail", r.detail());
      r.result().ifPresent(x -> {
        n.put("inputs", x.inputs());
        n.put("differing", x.differing());
      });
    }
    root.put("killed", o.killed());
    root.put("total", o.results().size());
    root.put("exit", o.exitCode());
    try {
      DefaultPrettyPrinter pretty =
          new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
      return MAPPER.writer(pretty).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain nodes always serialises", e);
    }
  }
}
