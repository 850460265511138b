package io.nicsim.studies.sweep;

import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.plot.AxisLabels;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Chart;
import io.nicsim.formats.plot.Plots;
import io.nicsim.formats.text.Csv;
import io.nicsim.formats.text.Num;
import io.nicsim.runs.Metrics;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.ResultTable;
import io.nicsim.studies.uncertainty.Band;
import io.nicsim.studies.uncertainty.RunBands;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A sweep's results as a table, CSV, Parquet table and a plot, in point order. A failed point
 * is a row with no metrics and its error in the {@code error} column (shown only when some
 * point failed, so a clean sweep's CSV is what it always was).
 */
public final class SweepReport {
  private final SweepPlan plan;
  private final List<Summary> results = new ArrayList<>();
  /** Per point, each metric's band over the uncertainty samples; empty without them. */
  private final List<Map<String, Band>> bands = new ArrayList<>();
  private int samples;

  /** A point's metrics (read back from its result's columns) and its error, if any. */
  private record Summary(LinkedHashMap<String, Double> values, String error) {
    Map<String, Double> summary() {
      return values;
    }
  }

  public SweepReport(SweepPlan plan, List<PointResult> results) {
    this.plan = plan;
    if (results.size() != plan.points().size()) {
      throw new IllegalArgumentException(results.size() + " results for "
          + plan.points().size() + " points");
    }
    for (PointResult r : results) {
      LinkedHashMap<String, Double> v = new LinkedHashMap<>();
      r.columns().forEach((k, x) -> v.put(k, Double.parseDouble(x)));
      this.results.add(new Summary(v, r.error()));
    }
  }

  /**
   * This report with each point's band per metric, from its {@code n} uncertainty samples
   * ({@code sampled}: point 0's samples, then point 1's, ...). A failed sample fails its point.
   */
  public SweepReport withSamples(List<PointResult> sampled, int n) {
    if (sampled.size() != n * results.size()) {
      throw new IllegalArgumentException(sampled.size() + " samples for " + results.size()
          + " points of " + n);
    }
    bands.clear();
    samples = n;
    for (int i = 0; i < results.size(); i++) {
      List<PointResult> mine = sampled.subList(i * n, (i + 1) * n);
      Map<String, Band> b = new LinkedHashMap<>();
      int failed = RunBands.firstFailed(mine);
      String error = failed < 0 ? null
          : "sample " + failed + " of " + n + ": " + mine.get(failed).error();
      if (error == null) {
        b = RunBands.of(mine);
      } else if (results.get(i).error() == null) {
        results.set(i, new Summary(new LinkedHashMap<>(), "an uncertainty sample failed: "
            + error));
      }
      bands.add(b);
    }
    return this;
  }

  private Band band(int point, String metric) {
    return bands.isEmpty() ? null : bands.get(point).get(metric);
  }

  private boolean anyFailed() {
    for (Summary r : results) {
      if (r.error() != null) {
        return true;
      }
    }
    return false;
  }

  /** How many points failed. */
  public int failures() {
    int n = 0;
    for (Summary r : results) {
      n += r.error() != null ? 1 : 0;
    }
    return n;
  }

  /** Contract metrics any point has, in contract order. */
  private List<String> contractColumns() {
    List<String> cols = new ArrayList<>();
    for (String m : Metrics.CONTRACT) {
      for (Summary r : results) {
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
    for (Summary r : results) {
      cols.addAll(r.summary().keySet());
    }
    return new ArrayList<>(cols);
  }

  /** Knobs, the seed (unless varied) and the contract metrics that are not zero everywhere. */
  public String text() {
    List<String> knobs = new ArrayList<>(plan.points().get(0).knobs().keySet());
    boolean seedColumn = !knobs.contains("seed");
    List<String> metrics = new ArrayList<>();
    List<String> shown = new ArrayList<>(contractColumns());
    shown.addAll(Metrics.CPU_BY_CONTEXT); // CPU by context, as mpstat's all row
    for (String m : shown) {
      for (Summary r : results) {
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
    boolean errors = anyFailed();
    if (errors) {
      head.add("error");
    }
    rows.add(head);
    for (int i = 0; i < results.size(); i++) {
      SweepPlan.Point p = plan.points().get(i);
      List<String> row = new ArrayList<>(p.knobs().values());
      if (seedColumn) {
        row.add(Long.toString(p.request().seed()));
      }
      for (String m : metrics) {
        Double v = results.get(i).summary().get(m);
        Band b = band(i, m);
        row.add(v == null ? "-" : Num.human(v) + (b == null ? "" : " [" + Num.human(b.low())
            + ".." + Num.human(b.high()) + "]" + (b.bistable() ? " bistable" : "")));
      }
      if (errors) {
        String e = results.get(i).error();
        row.add(e == null ? "" : e);
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
        boolean left = c < knobs.size() || (errors && c == head.size() - 1);
        String fmt = left ? "%-" + w[c] + "s" : "%" + w[c] + "s";
        line.append(c == 0 ? "" : "  ").append(String.format(Locale.ROOT, fmt, row.get(c)));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    if (samples > 0) {
      sb.append("[low..high]: 5th..95th percentile over ").append(samples)
          .append(" samples of the inputs' ranges (bistable: the samples split in two states)\n");
    }
    return sb.toString();
  }

  /** The CSV's cells: knobs, the seed (unless varied), every metric, then the error. */
  public ResultTable table() {
    List<String> knobs = new ArrayList<>(plan.points().get(0).knobs().keySet());
    List<String> metrics = allColumns();
    boolean seedColumn = !knobs.contains("seed");
    List<ResultTable.Column> head = new ArrayList<>();
    for (String k : knobs) {
      head.add(new ResultTable.Column(k, ResultTable.Type.TEXT));
    }
    if (seedColumn) {
      head.add(new ResultTable.Column("seed", ResultTable.Type.LONG));
    }
    for (String m : metrics) {
      head.add(new ResultTable.Column(m, ResultTable.Type.DOUBLE));
      if (!bands.isEmpty()) {
        head.add(new ResultTable.Column(m + "_low", ResultTable.Type.DOUBLE));
        head.add(new ResultTable.Column(m + "_high", ResultTable.Type.DOUBLE));
      }
    }
    head.add(new ResultTable.Column("error", ResultTable.Type.TEXT));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      SweepPlan.Point p = plan.points().get(i);
      List<String> row = new ArrayList<>(p.knobs().values());
      if (seedColumn) {
        row.add(Long.toString(p.request().seed()));
      }
      for (String m : metrics) {
        Double v = results.get(i).summary().get(m);
        row.add(v == null ? "" : Num.plain(v));
        if (!bands.isEmpty()) {
          Band b = band(i, m);
          row.add(b == null ? "" : Num.plain(b.low()));
          row.add(b == null ? "" : Num.plain(b.high()));
        }
      }
      String e = results.get(i).error();
      row.add(e == null ? "" : e);
      rows.add(row);
    }
    return new ResultTable(head, rows);
  }

  public String csv() {
    ResultTable t = table();
    int n = t.columns().size() - (anyFailed() ? 0 : 1); // the error column only when needed
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < n; c++) {
      sb.append(c == 0 ? "" : ",").append(Csv.cell(t.columns().get(c).name()));
    }
    sb.append('\n');
    for (List<String> row : t.rows()) {
      for (int c = 0; c < n; c++) {
        sb.append(c == 0 ? "" : ",").append(Csv.cell(row.get(c)));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Each point's band as an error bar over its line's mark, in the line's colour. */
  private void errorBars(Chart chart, String metric, List<String> knobs, String x) {
    Map<String, List<double[]>> series = new LinkedHashMap<>();
    for (int i = 0; i < results.size(); i++) {
      SweepPlan.Point p = plan.points().get(i);
      StringBuilder name = new StringBuilder();
      for (String k : knobs.subList(1, knobs.size())) {
        name.append(name.length() > 0 ? " " : "").append(k).append('=').append(p.knobs().get(k));
      }
      Double v = results.get(i).summary().get(metric);
      Band b = band(i, metric);
      if (v != null && b != null) {
        String n = name.length() == 0 ? metric : name.toString();
        series.computeIfAbsent(n, k -> new ArrayList<>())
            .add(new double[] {Double.parseDouble(p.knobs().get(x)), v, b.low(), b.high()});
      }
    }
    Map<String, double[][]> intervals = new LinkedHashMap<>();
    series.forEach((k, v) -> intervals.put(k, v.toArray(new double[0][])));
    Plots.errorBars(chart, intervals);
  }

  /**
   * What a plot shows when no metric is named: the traffic's throughput or latency, then what
   * coalescing trades it against, CPU load and interrupt rate (those the points measured).
   */
  public List<String> defaultMetrics() {
    List<String> out = new ArrayList<>(List.of(defaultMetric()));
    for (String m : List.of("cpu_pct", "irq_per_s")) {
      if (allColumns().contains(m) && !out.contains(m)) {
        out.add(m);
      }
    }
    return out;
  }

  /** The metric a plot shows first when none is named: the traffic's throughput or latency. */
  public String defaultMetric() {
    for (String m : List.of("udp_mbps", "tcp_mbps", "ping_rtt_ms", "pps")) {
      if (allColumns().contains(m)) {
        return m;
      }
    }
    return "pps";
  }

  /** One metric against the first knob (see {@link #plot(Path, List)}). */
  public void plot(Outputs outs, Path file, String metric) {
    plot(outs, file, List.of(metric));
  }

  /**
   * Each metric against the first knob, one panel per metric stacked over a shared knob axis;
   * in a panel, a line per combination of the other knobs, or bars when the first knob's
   * values are not numbers.
   */
  public void plot(Outputs outs, Path file, List<String> metrics) {
    for (String metric : metrics) {
      if (!allColumns().contains(metric)) {
        throw BadInputException.field("--metric", "no point has '" + metric + "'",
            String.join(", ", allColumns()));
      }
    }
    List<Chart> panels = new ArrayList<>();
    for (String metric : metrics) {
      panels.add(chart(metric));
    }
    Chart chart = panels.size() == 1 ? panels.get(0) : Plots.stacked(String.join(", ",
        metrics) + " vs " + plan.points().get(0).knobs().keySet().iterator().next() + " ("
        + plan.points().get(0).request().mac() + ", "
        + plan.points().get(0).request().traffic().spelling() + ")", panels);
    Plots.write(outs, chart, file, "--plot");
  }

  private Chart chart(String metric) {
    List<String> knobs = new ArrayList<>(plan.points().get(0).knobs().keySet());
    String x = knobs.get(0);
    boolean numeric = true;
    for (SweepPlan.Point p : plan.points()) {
      numeric &= p.knobs().get(x).matches("[0-9]+(\\.[0-9]+)?");
    }
    String title = metric + " vs " + x + " (" + plan.points().get(0).request().mac() + ", "
        + plan.points().get(0).request().traffic().spelling() + ")";
    Chart chart;
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
      if (!bands.isEmpty()) {
        errorBars(chart, metric, knobs, x);
      }
    } else {
      // a bar group per value of the first knob, a bar per combination of the others
      Map<String, Map<String, Double>> series = new LinkedHashMap<>();
      for (int i = 0; i < results.size(); i++) {
        SweepPlan.Point p = plan.points().get(i);
        StringBuilder name = new StringBuilder();
        for (String k : knobs.subList(1, knobs.size())) {
          name.append(name.length() > 0 ? " " : "").append(k).append('=').append(p.knobs().get(k));
        }
        Map<String, Double> bars = series.computeIfAbsent(name.length() == 0 ? metric
            : name.toString(), k -> new LinkedHashMap<>());
        bars.put(p.knobs().get(x), results.get(i).summary().get(metric));
      }
      chart = Plots.categoryBars(title, AxisLabels.of(x), AxisLabels.of(metric), series);
    }
    return chart;
  }
}
