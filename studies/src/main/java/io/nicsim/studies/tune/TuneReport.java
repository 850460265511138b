package io.nicsim.studies.tune;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.net.NetSysfs;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Plots;
import io.nicsim.formats.text.Csv;
import io.nicsim.formats.text.Num;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.ResultTable;
import io.nicsim.studies.sweep.RunPointTask;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A tune's verdict: each setting's figures under the objectives, which settings meet the
 * limits, the Pareto front of those over every objective (a limit's metric in its own
 * direction), and the recommendation: the front's best setting in the first goal (ties: the
 * next goals, then the limits' metrics in the order given, then the grid order).
 */
public final class TuneReport {
  /** The column prefix under which a run reports the coalescing ethtool -c shows. */
  public static final String ETHTOOL = RunPointTask.ETHTOOL;
  /** The column prefix under which a run reports the /sys/class/net/eth0/ files it reads. */
  public static final String SYSFS = RunPointTask.SYSFS;

  private final TunePlan plan;
  private final List<Objective> objectives;
  private final List<PointResult> results;
  private final List<String> labels = new ArrayList<>();
  private final double[] limit;
  private final boolean[] feasible;
  private final boolean[] front;
  private final int recommended;

  public TuneReport(TunePlan plan, List<Objective> objectives, List<PointResult> results) {
    if (results.size() != plan.points()) {
      throw new IllegalArgumentException(results.size() + " results for " + plan.points());
    }
    this.plan = plan;
    this.objectives = List.copyOf(objectives);
    this.results = results;
    Set<String> seen = new LinkedHashSet<>();
    for (Objective o : objectives) {
      seen.add(o.label());
    }
    labels.addAll(seen);
    checkMetricsExist();
    int n = plan.settings().size();
    limit = new double[objectives.size()];
    for (int k = 0; k < objectives.size(); k++) {
      limit[k] = resolve(objectives.get(k));
    }
    feasible = new boolean[n];
    for (int s = 1; s < n; s++) {
      feasible[s] = error(s) == null && meetsLimits(s);
    }
    front = new boolean[n];
    int best = -1;
    for (int s = 1; s < n; s++) {
      if (!feasible[s]) {
        continue;
      }
      boolean dominated = false;
      for (int o = 1; o < n && !dominated; o++) {
        dominated = o != s && feasible[o] && dominates(o, s);
      }
      front[s] = !dominated;
      if (front[s] && (best < 0 || better(s, best))) {
        best = s;
      }
    }
    recommended = best;
  }

  private void checkMetricsExist() {
    for (Objective o : objectives) {
      boolean any = false;
      boolean ran = false;
      Set<String> names = new LinkedHashSet<>();
      for (PointResult r : results) {
        if (r.failed()) {
          continue;
        }
        ran = true;
        int cell = r.index() / (plan.samples() + 1);
        if (o.traffic() == 0 || cell % plan.traffics().size() == o.traffic() - 1) {
          any |= r.columns().containsKey(o.metric());
        }
        for (String c : r.columns().keySet()) {
          if (!c.startsWith(ETHTOOL)) {
            names.add(c);
          }
        }
      }
      if (ran && !any) {
        throw BadInputException.field("--objective", "no run reports '" + o.label() + "'",
            String.join(", ", names));
      }
    }
  }

  /**
   * A metric of setting {@code s} as an objective reads it, or NaN: with uncertainty samples,
   * the worst among the nominal run and the samples (the largest for a metric to keep small,
   * the smallest for one to keep large).
   */
  public double value(int s, Objective o) {
    if (o.traffic() > 0) {
      return column(s, o.traffic() - 1, o.metric(), o.smallerIsBetter());
    }
    double v = Double.NaN;
    for (int t = 0; t < plan.traffics().size(); t++) {
      double x = column(s, t, o.metric(), o.smallerIsBetter());
      if (!Double.isNaN(x) && (Double.isNaN(v) || x > v)) {
        v = x;
      }
    }
    return v;
  }

  private double column(int s, int t, String name, boolean smallerIsBetter) {
    double w = Double.NaN;
    for (int k = 0; k <= plan.samples(); k++) {
      String v = results.get(plan.point(s, t, k)).columns().get(name);
      if (v == null) {
        continue;
      }
      double x = Double.parseDouble(v);
      if (Double.isNaN(w) || (smallerIsBetter ? x > w : x < w)) {
        w = x;
      }
    }
    return w;
  }

  /** The first error among setting {@code s}'s runs, or null. */
  public String error(int s) {
    for (int t = 0; t < plan.traffics().size(); t++) {
      for (int k = 0; k <= plan.samples(); k++) {
        PointResult r = results.get(plan.point(s, t, k));
        if (r.failed()) {
          return "traffic " + (t + 1) + (k > 0 ? " sample " + (k - 1) : "") + ": " + r.error();
        }
      }
    }
    return null;
  }

  private double resolve(Objective o) {
    if (o.goal()) {
      return Double.NaN;
    }
    return switch (o.ref()) {
      case NUMBER -> o.factor();
      case DEFAULT -> o.factor() * value(0, o);
      case BEST -> {
        double b = Double.NaN;
        for (int s = 1; s < plan.settings().size(); s++) {
          double v = error(s) == null ? value(s, o) : Double.NaN;
          if (!Double.isNaN(v) && (Double.isNaN(b) || (o.smallerIsBetter() ? v < b : v > b))) {
            b = v;
          }
        }
        yield o.factor() * b;
      }
    };
  }

  private boolean meetsLimits(int s) {
    for (int k = 0; k < objectives.size(); k++) {
      Objective o = objectives.get(k);
      if (o.goal()) {
        continue;
      }
      double v = value(s, o);
      if (Double.isNaN(v) || Double.isNaN(limit[k])) {
        return false;
      }
      if (o.kind() == Objective.Kind.AT_MOST ? v > limit[k] : v < limit[k]) {
        return false;
      }
    }
    return true;
  }

  /**
   * a is at least as good as b in every objective and better in one. A limit's metric counts in
   * its own direction (smaller for {@code <=}, larger for {@code >=}): among the settings that
   * meet it, one with the same goals and a lower RTT under {@code ping_rtt_ms<=0.6} is better.
   */
  private boolean dominates(int a, int b) {
    boolean strictly = false;
    for (Objective o : objectives) {
      int c = compare(a, b, o);
      if (c > 0) {
        return false;
      }
      strictly |= c < 0;
    }
    return strictly;
  }

  /** Negative when a is better than b in objective o. */
  private int compare(int a, int b, Objective o) {
    int c = Double.compare(value(a, o), value(b, o));
    return o.smallerIsBetter() ? c : -c;
  }

  /** The recommendation's order: the goals in turn, then the limits' metrics, then the grid. */
  private boolean better(int a, int b) {
    for (boolean goals : new boolean[] {true, false}) {
      for (Objective o : objectives) {
        if (o.goal() == goals) {
          int c = compare(a, b, o);
          if (c != 0) {
            return c < 0;
          }
        }
      }
    }
    return a < b;
  }

  /** The recommended setting's index (1..), or -1 when no setting meets the limits. */
  public int recommended() {
    return recommended;
  }

  /** Knobs that are /sys/class/net/eth0/ files rather than ethtool -C names. */
  static boolean isSysfs(String knob) {
    return NetSysfs.FILES.contains(knob);
  }

  /** The traffic's receive-socket knob (--busy-poll). */
  static boolean isSocket(String knob) {
    return knob.equals("busy-poll");
  }

  /** {@code rx-usecs 100 rx-frames 1}: the setting's ethtool -C words. */
  public String coalesceLine(int s) {
    StringBuilder sb = new StringBuilder();
    plan.settings().get(s).forEach((k, v) -> {
      if (!isSysfs(k) && !isSocket(k)) {
        sb.append(sb.length() > 0 ? " " : "").append(k).append(' ').append(v);
      }
    });
    return sb.toString();
  }

  /** {@code napi_defer_hard_irqs=2 gro_flush_timeout=200000}: the setting's sysfs writes. */
  public String sysfsLine(int s) {
    StringBuilder sb = new StringBuilder();
    plan.settings().get(s).forEach((k, v) -> {
      if (isSysfs(k)) {
        sb.append(sb.length() > 0 ? " " : "").append(k).append('=').append(v);
      }
    });
    return sb.toString();
  }

  /** Every knob of the setting, {@code key value} words. */
  public String settingLine(int s) {
    StringBuilder sb = new StringBuilder();
    plan.settings().get(s).forEach((k, v) -> sb.append(sb.length() > 0 ? " " : "")
        .append(k).append(' ').append(v));
    return sb.toString();
  }

  /** The verdict, with the {@code nicsim run} lines that reproduce the recommendation. */
  public String text(String hostLine, List<String> runPrefix) {
    StringBuilder sb = new StringBuilder();
    int n = plan.settings().size() - 1;
    int nt = plan.traffics().size();
    sb.append("nicsim tune: ").append(hostLine).append(", ").append(n).append(" settings × ")
        .append(nt).append(nt == 1 ? " traffic" : " traffics")
        .append(" (+ today's default)").append(plan.samples() > 0 ? " × (1 + "
            + plan.samples() + " samples)" : "").append(" = ").append(plan.points())
        .append(" runs\n");
    for (int t = 0; t < nt; t++) {
      sb.append("  traffic ").append(t + 1).append(": ").append(plan.traffics().get(t))
          .append("   (seed ").append(plan.seed(t)).append(")\n");
    }
    if (plan.samples() > 0) {
      sb.append("uncertainty: each figure is the worst of the nominal run and ")
          .append(plan.samples()).append(" joint samples of the inputs' ranges\n");
    }
    sb.append("objectives:");
    for (int k = 0; k < objectives.size(); k++) {
      Objective o = objectives.get(k);
      sb.append(k == 0 ? " " : ", ").append(o.spelling());
      if (!o.goal() && o.ref() != Objective.Ref.NUMBER) {
        sb.append(" (").append(Double.isNaN(limit[k]) ? "-" : Num.human(limit[k])).append(')');
      }
    }
    sb.append('\n');
    int feasibleCount = 0;
    int failed = 0;
    for (int s = 1; s <= n; s++) {
      feasibleCount += feasible[s] ? 1 : 0;
      failed += error(s) != null ? 1 : 0;
    }
    if (failed > 0) {
      for (int s = 1; s <= n; s++) {
        if (error(s) != null) {
          sb.append(failed).append(" of ").append(n).append(" settings failed (all in --csv);"
              + " the first: ").append(settingLine(s)).append(": ").append(error(s))
              .append('\n');
          break;
        }
      }
    }
    if (error(0) != null) {
      sb.append("today's default failed: ").append(error(0)).append('\n');
    }
    sb.append('\n');
    if (recommended < 0) {
      sb.append("no setting meets the limits (").append(n).append(" tried)\n");
      return sb.toString();
    }
    sb.append("Pareto front (").append(feasibleCount).append(" of ").append(n)
        .append(" settings meet the limits; * recommended):\n");
    List<List<String>> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(plan.knobs());
    head.addAll(labels);
    head.add("");
    rows.add(head);
    for (int s = 1; s <= n; s++) {
      if (!front[s]) {
        continue;
      }
      List<String> row = new ArrayList<>(plan.settings().get(s).values());
      for (String l : labels) {
        row.add(Num.human(value(s, byLabel(l))));
      }
      row.add(s == recommended ? "*" : "");
      rows.add(row);
    }
    table(sb, rows, plan.knobs().size());
    sb.append('\n');
    String c = coalesceLine(recommended);
    String f = sysfsLine(recommended);
    sb.append("recommended:");
    if (!c.isEmpty()) {
      sb.append(" ethtool -C eth0 ").append(c);
    }
    plan.settings().get(recommended).forEach((k, v) -> {
      if (isSysfs(k)) {
        sb.append(c.isEmpty() && sb.charAt(sb.length() - 1) == ':' ? " " : "; ").append("echo ")
            .append(v).append(" > /sys/class/net/eth0/").append(k);
      } else if (isSocket(k)) {
        sb.append(sb.charAt(sb.length() - 1) == ':' ? " " : "; ")
            .append("setsockopt(SO_BUSY_POLL, ").append(v).append(')');
      }
    });
    sb.append('\n');
    List<List<String>> cmp = new ArrayList<>();
    cmp.add(List.of("", "default", "recommended"));
    for (String k : plan.knobs()) {
      String d = results.get(plan.point(0, 0)).columns().get(ETHTOOL + k);
      if (isSysfs(k)) {
        // a file nobody wrote reads 0 (the kernel's default) unless the driver set it
        d = results.get(plan.point(0, 0)).columns().getOrDefault(SYSFS + k, "0");
      } else if (isSocket(k)) {
        d = "0";
      }
      cmp.add(List.of(k, d == null ? "-" : Long.toString((long) Double.parseDouble(d)),
          plan.settings().get(recommended).get(k)));
    }
    for (String l : labels) {
      Objective o = byLabel(l);
      cmp.add(List.of(l, error(0) != null ? "failed" : Num.human(value(0, o)),
          Num.human(value(recommended, o))));
    }
    table(sb, cmp, 1);
    sb.append(plan.samples() > 0 ? "reproduce (the nominal runs):\n" : "reproduce:\n");
    for (int t = 0; t < nt; t++) {
      sb.append("  nicsim run ");
      for (String a : runPrefix) {
        sb.append(quote(a)).append(' ');
      }
      if (!c.isEmpty()) {
        sb.append("-C ").append(quote(c)).append(' ');
      }
      if (!f.isEmpty()) {
        sb.append("--sysfs ").append(quote(f)).append(' ');
      }
      String busy = plan.settings().get(recommended).get("busy-poll");
      String traffic = plan.traffics().get(t) + (busy == null ? "" : " --busy-poll " + busy);
      sb.append("--traffic ").append(quote(traffic)).append(" --seed ").append(plan.seed(t))
          .append('\n');
    }
    return sb.toString();
  }

  private Objective byLabel(String l) {
    for (Objective o : objectives) {
      if (o.label().equals(l)) {
        return o;
      }
    }
    throw new IllegalStateException(l);
  }

  private static String quote(String a) {
    return a.matches("[A-Za-z0-9_./:=@+,-]+") ? a : "'" + a.replace("'", "'\\''") + "'";
  }

  private static void table(StringBuilder sb, List<List<String>> rows, int leftColumns) {
    int[] w = new int[rows.get(0).size()];
    for (List<String> r : rows) {
      for (int c = 0; c < r.size(); c++) {
        w[c] = Math.max(w[c], r.get(c).length());
      }
    }
    for (List<String> r : rows) {
      StringBuilder line = new StringBuilder("  ");
      for (int c = 0; c < r.size(); c++) {
        String fmt = c < leftColumns ? "%-" + w[c] + "s" : "%" + w[c] + "s";
        line.append(c == 0 ? "" : "  ").append(String.format(Locale.ROOT, fmt, r.get(c)));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
  }

  /** Every setting (0 = today's default): knobs, objective figures, verdict, error. */
  public ResultTable table() {
    List<ResultTable.Column> cols = new ArrayList<>();
    cols.add(new ResultTable.Column("setting", ResultTable.Type.LONG));
    for (String k : plan.knobs()) {
      cols.add(new ResultTable.Column(k, ResultTable.Type.TEXT));
    }
    for (String l : labels) {
      cols.add(new ResultTable.Column(l, ResultTable.Type.DOUBLE));
    }
    cols.add(new ResultTable.Column("meets_limits", ResultTable.Type.LONG));
    cols.add(new ResultTable.Column("front", ResultTable.Type.LONG));
    cols.add(new ResultTable.Column("recommended", ResultTable.Type.LONG));
    cols.add(new ResultTable.Column("error", ResultTable.Type.TEXT));
    List<List<String>> rows = new ArrayList<>();
    for (int s = 0; s < plan.settings().size(); s++) {
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(s));
      Map<String, String> knobs = plan.settings().get(s);
      for (String k : plan.knobs()) {
        row.add(knobs.getOrDefault(k, "default"));
      }
      for (String l : labels) {
        double v = value(s, byLabel(l));
        row.add(Double.isNaN(v) ? "" : Num.plain(v));
      }
      row.add(feasible[s] ? "1" : "0");
      row.add(front[s] ? "1" : "0");
      row.add(s == recommended ? "1" : "0");
      String e = error(s);
      row.add(e == null ? "" : e);
      rows.add(row);
    }
    return new ResultTable(cols, rows);
  }

  public String csv() {
    ResultTable t = table();
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < t.columns().size(); c++) {
      sb.append(c == 0 ? "" : ",").append(Csv.cell(t.columns().get(c).name()));
    }
    sb.append('\n');
    for (List<String> r : t.rows()) {
      for (int c = 0; c < r.size(); c++) {
        sb.append(c == 0 ? "" : ",").append(Csv.cell(r.get(c)));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /**
   * The settings in the plane of the first two objective metrics (or the first metric against
   * the first knob when there is one): every setting, the front, today's default and the
   * recommendation.
   */
  public void plot(Outputs outs, Path file, String field) {
    boolean twoMetrics = labels.size() >= 2;
    String xl = twoMetrics ? labels.get(0) : plan.knobs().get(0);
    String yl = twoMetrics ? labels.get(1) : labels.get(0);
    XYSeries all = new XYSeries("settings", false, true);
    XYSeries fr = new XYSeries("Pareto front", false, true);
    XYSeries def = new XYSeries("today's default", false, true);
    XYSeries rec = new XYSeries("recommended", false, true);
    for (int s = 0; s < plan.settings().size(); s++) {
      double y = value(s, byLabel(yl));
      double x;
      if (twoMetrics) {
        x = value(s, byLabel(xl));
      } else {
        String k = plan.settings().get(s).get(xl);
        x = k != null && k.matches("[0-9]+(\\.[0-9]+)?") ? Double.parseDouble(k) : Double.NaN;
      }
      if (Double.isNaN(x) || Double.isNaN(y)) {
        continue;
      }
      (s == 0 ? def : front[s] ? fr : all).add(x, y);
      if (s == recommended) {
        rec.add(x, y);
      }
    }
    XYSeriesCollection d = new XYSeriesCollection();
    d.addSeries(all);
    d.addSeries(fr);
    d.addSeries(def);
    d.addSeries(rec);
    JFreeChart chart = ChartFactory.createScatterPlot("nicsim tune: " + yl + " vs " + xl, xl, yl,
        d, PlotOrientation.VERTICAL, true, false, false);
    chart.setBackgroundPaint(Color.WHITE);
    chart.getXYPlot().setBackgroundPaint(Color.WHITE);
    chart.getXYPlot().setDomainGridlinePaint(Color.LIGHT_GRAY);
    chart.getXYPlot().setRangeGridlinePaint(Color.LIGHT_GRAY);
    Plots.write(outs, chart, file, field);
  }
}
