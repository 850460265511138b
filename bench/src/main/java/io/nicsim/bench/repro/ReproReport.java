package io.nicsim.bench.repro;

import io.nicsim.bench.env.Version;
import io.nicsim.bench.report.Json;
import io.nicsim.bench.report.Num;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The outputs of {@code nicsim reproduce}: text table, JSON contract, CSV. */
public final class ReproReport {
  /** Table width limit: pastes into a plain-text netdev mail. */
  public static final int WIDTH = 78;
  private static final String ROW = "%-18s %-19s %9s %9s %7s  %-5s";

  private ReproReport() {}

  /** One scenario's outcome. */
  public record Outcome(Scenario scenario, List<Row> rows) {}

  public static String text(List<Outcome> outcomes) {
    StringBuilder sb = new StringBuilder();
    for (Outcome o : outcomes) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      Scenario s = o.scenario();
      wrap(sb, "== " + s.name() + ": " + s.title(), "   ");
      wrap(sb, "seeds: " + String.join(", ", s.seeds()), "       ");
      sb.append(String.format(Locale.ROOT, ROW, "case", "metric", "published", "simulated", "Δ%",
          "role").stripTrailing()).append('\n');
      String lastCase = null;
      for (Row r : o.rows()) {
        String c = r.caseName().equals(lastCase) ? "" : r.caseName();
        lastCase = r.caseName();
        if (c.length() > 18 || r.metric().length() > 19) {
          sb.append(c.isEmpty() ? "" : c + "\n");
          c = "";
        }
        String metric = r.metric();
        if (metric.length() > 19) {
          sb.append("  ").append(metric).append('\n');
          metric = "";
        }
        sb.append(String.format(Locale.ROOT, ROW, c, metric,
            r.published() == null ? "-" : Num.human(r.published()), Num.human(r.simulated()),
            Num.delta(r.published(), r.simulated()), r.role().abbrev()).stripTrailing())
            .append('\n');
      }
    }
    return sb.toString();
  }

  private static void wrap(StringBuilder sb, String text, String indent) {
    String line = "";
    for (String w : text.split(" ")) {
      if (!line.isEmpty() && line.length() + 1 + w.length() > WIDTH) {
        sb.append(line).append('\n');
        line = indent + w;
      } else {
        line = line.isEmpty() ? w : line + " " + w;
      }
    }
    sb.append(line).append('\n');
  }

  public static String json(List<Outcome> outcomes) {
    LinkedHashMap<String, Object> root = new LinkedHashMap<>();
    root.put("nicsim", Version.NICSIM);
    List<Object> scenarios = new ArrayList<>();
    for (Outcome o : outcomes) {
      LinkedHashMap<String, Object> s = new LinkedHashMap<>();
      s.put("name", o.scenario().name());
      s.put("seeds", o.scenario().seeds());
      s.put("assumptions", new LinkedHashMap<>(o.scenario().assumptions()));
      List<Object> rows = new ArrayList<>();
      for (Row r : o.rows()) {
        rows.add(rowJson(r));
      }
      s.put("rows", rows);
      scenarios.add(s);
    }
    root.put("scenarios", scenarios);
    return Json.write(root);
  }

  static LinkedHashMap<String, Object> rowJson(Row r) {
    LinkedHashMap<String, Object> m = new LinkedHashMap<>();
    m.put("case", r.caseName());
    m.put("soc", r.soc());
    m.put("kernel", r.kernel());
    m.put("patches", r.patches());
    m.put("coalesce", new LinkedHashMap<String, Object>(r.coalesce()));
    m.put("metric", r.metric());
    m.put("unit", r.unit());
    m.put("published", r.published());
    m.put("simulated", r.simulated());
    m.put("role", r.role().json());
    return m;
  }

  /** One scenario's rows as CSV. */
  public static String csv(Outcome o) {
    StringBuilder sb = new StringBuilder(
        "case,soc,kernel,patches,coalesce,metric,unit,published,simulated,delta_pct,role\n");
    for (Row r : o.rows()) {
      StringBuilder co = new StringBuilder();
      for (Map.Entry<String, Long> e : r.coalesce().entrySet()) {
        co.append(co.length() > 0 ? " " : "").append(e.getKey()).append('=').append(e.getValue());
      }
      String delta = Num.delta(r.published(), r.simulated());
      sb.append(Csv.cell(r.caseName())).append(',').append(Csv.cell(r.soc())).append(',')
          .append(Csv.cell(r.kernel())).append(',').append(Csv.cell(String.join(" ", r.patches())))
          .append(',').append(Csv.cell(co.toString())).append(',').append(Csv.cell(r.metric()))
          .append(',').append(Csv.cell(r.unit())).append(',')
          .append(r.published() == null ? "" : Num.plain(r.published())).append(',')
          .append(Num.plain(r.simulated())).append(',').append(delta.equals("-") ? "" : delta)
          .append(',').append(r.role().json()).append('\n');
    }
    return sb.toString();
  }
}
