package io.nicsim.portcheck;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code --json}: the same facts as the text report, for scripts; fields in a fixed order. */
public final class JsonReport {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonReport() {}

  public static String render(PortCheckRun.Outcome o) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("tree", o.request().tree().toAbsolutePath().normalize().toString());
    root.put("kernel", o.kernel());
    root.put("lock", o.request().lock().toAbsolutePath().normalize().toString());
    o.request().against().ifPresent(a -> root.put("against", a.toAbsolutePath().normalize().toString()));
    ArrayNode ports = root.putArray("ports");
    for (PortResult r : o.results()) {
      ports.add(port(r, o.comparisons().get(r.port().label())));
    }
    ArrayNode stale = root.putArray("stale");
    for (LockEntry e : o.stale()) {
      stale.addObject().put("file", e.file()).put("function", e.function());
    }
    ArrayNode changes = root.putArray("updated");
    for (LockUpdate.Change c : o.changes()) {
      ObjectNode n = changes.addObject().put("file", c.file()).put("function", c.function());
      n.put("kernel", c.kernel().isEmpty() ? null : c.kernel());
      n.put("executed", c.executed().isEmpty() ? null : c.executed());
      n.put("old_hash", c.oldHash().isEmpty() ? null : c.oldHash());
      n.put("new_hash", c.newHash().isEmpty() ? null : c.newHash());
    }
    o.execution().ifPresent(e -> {
      ObjectNode ex = root.putObject("execute");
      ex.put("compiler", e.compiler());
      ex.put("inputs", e.options().inputs());
      ex.put("seed", e.options().seed());
      ArrayNode functions = ex.putArray("functions");
      for (ExecResult r : e.results()) {
        ObjectNode f = functions.addObject();
        f.put("file", r.file());
        f.put("function", r.function());
        f.put("state", r.stateText());
        f.put("inputs", r.inputs());
        f.put("distinct", r.distinct());
        f.put("whole_domain", r.wholeDomain());
        f.put("differing", r.differing());
        f.put("reason", r.reason().isEmpty() ? null : r.reason());
        f.put("failed", r.failed());
        f.put("notes", r.notes().isEmpty() ? null : r.notes());
        f.put("not_run", r.why() == null ? null : r.why().name());
        f.put("crashed", r.crashed());
        f.put("timed_out", r.timedOut());
        r.branchCoverage().ifPresent(c -> {
          ObjectNode cov = f.putObject("coverage");
          cov.put("file", c.file());
          cov.put("conditions", c.conditions());
          cov.put("both_ways", c.bothWays());
          cov.put("arcs", c.arcs());
          cov.put("arcs_taken", c.arcsTaken());
          cov.put("unavailable", c.unavailable().isEmpty() ? null : c.unavailable());
          ArrayNode un = cov.putArray("uncovered");
          for (BranchCoverage.Line l : c.uncovered()) {
            un.addObject().put("line", l.line()).put("text", l.text()).put("arcs", l.arcs())
                .put("taken", l.taken()).put("assertion", l.assertion());
          }
        });
        r.counterexample().ifPresent(c -> {
          ObjectNode ce = f.putObject("counterexample");
          ArrayNode in = ce.putArray("input");
          c.input().forEach(in::add);
          ce.put("c", c.c());
          ce.put("java", c.java());
          ce.put("difference", c.difference());
        });
      }
      ArrayNode without = ex.putArray("without_harness");
      for (PortedFunction p : e.withoutHarness()) {
        without.addObject().put("file", p.file()).put("function", p.function());
      }
      ExecSummary sum = e.summary();
      ObjectNode es = ex.putObject("summary");
      es.put("ported", sum.ported());
      es.put("executed", sum.executed());
      es.put("same", sum.same());
      es.put("differs", sum.differs());
      es.put("not_executed", sum.notExecutedCount());
      es.put("not_executed_in_release", sum.unexecutedInRelease());
      ArrayNode groups = es.putArray("not_executed_by_reason");
      sum.notExecuted().forEach((reason, labels) -> {
        ObjectNode g = groups.addObject();
        g.put("reason", reason);
        g.put("count", labels.size());
        ArrayNode fs = g.putArray("functions");
        labels.forEach(fs::add);
      });
      es.put("strict", e.options().strict());
      es.put("verdict", TextReport.verdict(sum, e));
      ex.put("exit", e.exitCode());
    });
    ObjectNode summary = root.putObject("summary");
    TextReport.counts(o.results()).forEach((state, n) -> summary.put(state.name(), n));
    root.put("exit", o.exitCode());
    try {
      DefaultPrettyPrinter pretty =
          new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
      return MAPPER.writer(pretty).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain nodes always serialises", e);
    }
  }

  private static ObjectNode port(PortResult r, Comparison comparison) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("file", r.port().file());
    n.put("function", r.port().function());
    n.put("state", r.state().name());
    ArrayNode java = n.putArray("ported_by");
    r.port().ports().forEach(java::add);
    ArrayNode versions = n.putArray("versions");
    r.port().versions().forEach(versions::add);
    ArrayNode found = n.putArray("found");
    for (CFunction d : r.location().definitions()) {
      found.addObject().put("file", d.source().path()).put("line", d.line());
    }
    n.put("hash", r.hash().orElse(null));
    n.put("lock_hash", r.locked().map(LockEntry::hash).orElse(null));
    n.put("lock_kernel", r.locked().map(LockEntry::kernel).orElse(null));
    n.put("detail", r.isDrift() ? TextReport.detail(r) : "");
    if (comparison != null) {
      ObjectNode c = n.putObject("against");
      c.put("found", comparison.before().map(CFunction::where).orElse(null));
      c.put("diff", comparison.diff());
      c.put("note", comparison.note());
    }
    return n;
  }
}
