package io.nicsim.bench.sweep;

import io.nicsim.bench.plot.AxisLabels;
import io.nicsim.bench.plot.Plots;
import io.nicsim.bench.repro.Csv;
import io.nicsim.bench.report.Num;
import io.nicsim.bench.run.Metrics;
import io.nicsim.bench.run.RunResult;
import io.nicsim.core.config.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.JFreeChart;

/** A sweep's results as a table, CSV and a plot, in point order. */
public final class SweepReport {
  private final SweepPlan plan;
  private final List<RunResult> results;

  public SweepReport(SweepPlan plan, List<RunResult> results) {
    this.plan = plan;
    this.results = results;
  }

  /** Contract metrics any point has, in contract order. */
  private List<String> contractColumns() {
    List<String> cols = new ArrayList<>();
    for (String m : Metrics.CONTRACT) {
      for (RunResult r : results) {
        if (r.summary().containsKey(m)) {
          cols.add(m);
          break;
        }
      }
    }
    return cols;
  }

  /** Every metric any point has: the contract's first, then the rest in first-seen order. */
  private List<String> allColumns() {
    Set<String> cols = new LinkedHashSet<>(contractColumns());
    for (RunResult r : results) {
      cols.addAll(r.summary().keySet());
    }
    return new ArrayList<>(cols);
  }

  /** Knobs, the seed (unless varied) and the contract metrics that are not zero everywhere. */
  public String text() {
    List<String> knobs = new ArrayList<>(plan.points().get(0).knobs().keySet());
    boolean seedColumn = !knobs.contains("seed");
    List<String> metrics = new ArrayList<>();
    for (String m : contractColumns()) {
      for (RunResult r : results) {
        Double v = r.summary().get(m);
        if (v != null && v != 0) {
          metrics.add(m);
          break;
        }
      }
    }
    List<List<String>> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(knobs);
    if (seedColumn) {
      head.add("seed");
    }
    head.addAll(metrics);
    rows.add(head);
    for (int i = 0; i < results.size(); i++) {
      SweepPlan.Point p = plan.points().get(i);
      List<String> row = new ArrayList<>(p.knobs().values());
      if (seedColumn) {
        row.add(Long.toString(p.request().seed()));
      }
      for (String m : metrics) {
        Double v = results.get(i).summary().get(m);
        row.add(v == null ? "-" : Num.human(v));
      }
      rows.add(row);
    }
    int[] w = new int[head.size()];
    for (List<String> row : rows) {
      for (int c = 0; c < row.size(); c++) {
        w[c] = Math.max(w[c], row.get(c).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < row.size(); c++) {
        String fmt = c < knobs.size() ? "%-" + w[c] + "s" : "%" + w[c] + "s";
        line.append(c == 0 ? "" : "  ").append(String.format(Locale.ROOT, fmt, row.get(c)));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  public String csv() {
    List<String> knobs = new ArrayList<>(plan.points().get(0).knobs().keySet());
    List<String> metrics = allColumns();
    boolean seedColumn = !knobs.contains("seed");
    StringBuilder sb = new StringBuilder();
    List<String> head = new ArrayList<>(knobs);
    if (seedColumn) {
      head.add("seed");
    }
    head.addAll(metrics);
    for (int c = 0; c < head.size(); c++) {
      sb.append(c == 0 ? "" : ",").append(Csv.cell(head.get(c)));
    }
    sb.append('\n');
    for (int i = 0; i < results.size(); i++) {
      SweepPlan.Point p = plan.points().get(i);
      StringBuilder line = new StringBuilder();
      for (String v : p.knobs().values()) {
        line.append(line.length() == 0 ? "" : ",").append(Csv.cell(v));
      }
      if (seedColumn) {
        line.append(',').append(p.request().seed());
      }
      for (String m : metrics) {
        Double v = results.get(i).summary().get(m);
        line.append(',').append(v == null ? "" : Num.plain(v));
      }
      sb.append(line).append('\n');
    }
    return sb.toString();
  }

  /** The metric a plot shows when none is named: the traffic's throughput or latency. */
  public String defaultMetric() {
    for (String m : List.of("udp_mbps", "tcp_mbps", "ping_rtt_ms", "pps")) {
      if (results.get(0).summary().containsKey(m)) {
        return m;
      }
    }
    return "pps";
  }

  /**
   * {@code metric} against the first knob, a line per combination of the other knobs; bars
   * when the first knob's values are not numbers.
   */
  public void plot(Path file, String metric) {
    if (!allColumns().contains(metric)) {
      throw BadInputException.field("--metric", "no point has '" + metric + "'",
          String.join(", ", allColumns()));
    }
    List<String> knobs = new ArrayList<>(plan.points().get(0).knobs().keySet());
    String x = knobs.get(0);
    boolean numeric = true;
    for (SweepPlan.Point p : plan.points()) {
      numeric &= p.knobs().get(x).matches("[0-9]+(\\.[0-9]+)?");
    }
    String title = metric + " vs " + x + " (" + results.get(0).config().get("mac") + ", "
        + results.get(0).config().get("traffic") + ")";
    JFreeChart chart;
    if (numeric) {
      Map<String, List<double[]>> series = new LinkedHashMap<>();
      for (int i = 0; i < results.size(); i++) {
        SweepPlan.Point p = plan.points().get(i);
        StringBuilder name = new StringBuilder();
        for (String k : knobs.subList(1, knobs.size())) {
          name.append(name.length() > 0 ? " " : "").append(k).append('=').append(p.knobs().get(k));
        }
        Double v = results.get(i).summary().get(metric);
        if (v != null) {
          series.computeIfAbsent(name.length() == 0 ? metric : name.toString(),
              k -> new ArrayList<>()).add(new double[] {Double.parseDouble(p.knobs().get(x)), v});
        }
      }
      Map<String, double[][]> s = new LinkedHashMap<>();
      series.forEach((k, v) -> s.put(k, v.toArray(new double[0][])));
      chart = Plots.lines(title, AxisLabels.of(x), AxisLabels.of(metric), s);
    } else {
      List<String> cases = new ArrayList<>();
      List<Double> pub = new ArrayList<>();
      List<Double> sim = new ArrayList<>();
      for (int i = 0; i < results.size(); i++) {
        cases.add(String.join(" ", plan.points().get(i).knobs().values()));
        pub.add(null);
        Double v = results.get(i).summary().get(metric);
        sim.add(v == null ? 0.0 : v);
      }
      chart = Plots.bars(title, AxisLabels.of(metric), cases, pub, sim);
    }
    Plots.write(chart, file, "--plot");
  }
}
