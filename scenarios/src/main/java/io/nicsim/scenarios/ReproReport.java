package io.nicsim.scenarios;

import io.nicsim.formats.text.Csv;
import io.nicsim.formats.text.Json;
import io.nicsim.formats.text.Num;
import io.nicsim.formats.text.Version;
import io.nicsim.studies.uncertainty.Band;
import io.nicsim.studies.uncertainty.Tornado;
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

  /**
   * One scenario's outcome.
   *
   * @param bands per row, the band of an uncertainty study; null without one
   * @param tornados per row, its tornado list (empty for extra rows); null without a study
   */
  public record Outcome(Scenario scenario, List<Row> rows, List<Band> bands,
      List<List<Tornado>> tornados) {

    public Outcome(Scenario scenario, List<Row> rows) {
      this(scenario, rows, null, null);
    }

    public Outcome withBands(List<Band> b) {
      return new Outcome(scenario, rows, List.copyOf(b), tornados);
    }

    public Outcome withTornados(List<List<Tornado>> t) {
      return new Outcome(scenario, rows, bands, List.copyOf(t));
    }
  }

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
      Row.Cpu lastCpu = null;
      int ri = -1;
      for (Row r : o.rows()) {
        ri++;
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
            Num.delta(r.published(), r.simulated()), r.role().abbrev()).stripTrailing());
        if (o.bands() != null) {
          band(sb, r, o.bands().get(ri));
        }
        sb.append('\n');
        if (r.cpu() != null && !r.cpu().equals(lastCpu)) {
          sb.append(cpuLine(r.cpu())).append('\n');
        }
        lastCpu = r.cpu() == null ? lastCpu : r.cpu();
        if (r.role() == Role.CLAIM) {
          wrap(sb, "    claim: " + r.statement() + " -> " + r.verdict().json(), "      ");
        }
        if (o.tornados() != null) {
          for (Tornado t : o.tornados().get(ri)) {
            sb.append(String.format(Locale.ROOT, "    %-38s %s..%s", "<- " + t.input(),
                Num.human(t.atLow()), Num.human(t.atHigh())).stripTrailing()).append('\n');
          }
        }
      }
      if (o.bands() != null) {
        int n = o.bands().isEmpty() ? 0 : o.bands().get(0).samples();
        wrap(sb, "[low..high]: 5th..95th percentile over " + n + " samples of the inputs'"
            + " ranges; ! = the published figure lies outside" + (o.tornados() == null ? ""
            : "; <- INPUT A..B = the row with that input at the low..high end of its range"),
            "  ");
      }
    }
    return sb.toString();
  }

  /**
   * The run's CPU by context as mpstat's {@code all} row splits it, under the first row of each
   * run (the rows after it that came from the same run share it).
   */
  static String cpuLine(Row.Cpu c) {
    return String.format(Locale.ROOT, "    cpu (all CPUs, mpstat): %%irq %s  %%soft %s  %%sys %s"
        + "  %%usr %s", pct(c.irq()), pct(c.soft()), pct(c.sys()), pct(c.usr()));
  }

  private static String pct(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static void band(StringBuilder sb, Row r, Band b) {
    sb.append("  [").append(Num.human(b.low())).append("..").append(Num.human(b.high()))
        .append(']');
    if (r.published() != null && !b.contains(r.published())) {
      sb.append(" !");
    }
    if (b.bistable()) {
      sb.append("\n    bistable:");
      String sep = " ";
      for (Band.Cluster c : b.clusters()) {
        sb.append(sep).append(Math.round(100 * c.share())).append("% at [")
            .append(Num.human(c.low())).append("..").append(Num.human(c.high())).append(']');
        sep = ", ";
      }
    }
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
      for (int i = 0; i < o.rows().size(); i++) {
        LinkedHashMap<String, Object> m = rowJson(o.rows().get(i));
        if (o.bands() != null) {
          bandJson(m, o.rows().get(i), o.bands().get(i));
        }
        if (o.tornados() != null && o.rows().get(i).role() != Role.EXTRA) {
          List<Object> bars = new ArrayList<>();
          for (Tornado t : o.tornados().get(i)) {
            LinkedHashMap<String, Object> b = new LinkedHashMap<>();
            b.put("input", t.input());
            b.put("at_low", t.atLow());
            b.put("at_high", t.atHigh());
            bars.add(b);
          }
          m.put("sensitivity", bars);
        }
        rows.add(m);
      }
      s.put("rows", rows);
      scenarios.add(s);
    }
    root.put("scenarios", scenarios);
    return Json.write(root);
  }

  private static void bandJson(LinkedHashMap<String, Object> m, Row r, Band b) {
    m.put("low", b.low());
    m.put("high", b.high());
    m.put("samples", b.samples());
    if (r.published() != null) {
      m.put("published_inside", b.contains(r.published()));
    }
    if (b.bistable()) {
      List<Object> cs = new ArrayList<>();
      for (Band.Cluster c : b.clusters()) {
        LinkedHashMap<String, Object> x = new LinkedHashMap<>();
        x.put("share", c.share());
        x.put("low", c.low());
        x.put("high", c.high());
        cs.add(x);
      }
      m.put("bistable", cs);
    }
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
    if (r.role() == Role.CLAIM) {
      m.put("statement", r.statement());
      m.put("verdict", r.verdict().json());
    }
    if (r.cpu() != null) {
      LinkedHashMap<String, Object> c = new LinkedHashMap<>();
      c.put("irq_pct", r.cpu().irq());
      c.put("soft_pct", r.cpu().soft());
      c.put("sys_pct", r.cpu().sys());
      c.put("usr_pct", r.cpu().usr());
      m.put("cpu", c);
    }
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
