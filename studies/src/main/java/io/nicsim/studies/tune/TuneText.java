package io.nicsim.studies.tune;

import io.nicsim.core.net.NetSysfs;
import io.nicsim.formats.text.Csv;
import io.nicsim.formats.text.Num;
import io.nicsim.studies.plan.ResultTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A tune's verdict ({@link TuneFront}) as text: the Pareto front, the recommendation with its
 * ethtool and sysfs lines and the {@code nicsim run} lines that reproduce it; and as a table
 * (every setting) for {@code --csv} and a plan's results.
 */
public final class TuneText {
  private final TuneFront front;

  public TuneText(TuneFront front) {
    this.front = front;
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
    front.plan().settings().get(s).forEach((k, v) -> {
      if (!isSysfs(k) && !isSocket(k)) {
        sb.append(sb.length() > 0 ? " " : "").append(k).append(' ').append(v);
      }
    });
    return sb.toString();
  }

  /** {@code napi_defer_hard_irqs=2 gro_flush_timeout=200000}: the setting's sysfs writes. */
  public String sysfsLine(int s) {
    StringBuilder sb = new StringBuilder();
    front.plan().settings().get(s).forEach((k, v) -> {
      if (isSysfs(k)) {
        sb.append(sb.length() > 0 ? " " : "").append(k).append('=').append(v);
      }
    });
    return sb.toString();
  }

  /** Every knob of the setting, {@code key value} words. */
  public String settingLine(int s) {
    StringBuilder sb = new StringBuilder();
    front.plan().settings().get(s).forEach((k, v) -> sb.append(sb.length() > 0 ? " " : "")
        .append(k).append(' ').append(v));
    return sb.toString();
  }

  /** The verdict, with the {@code nicsim run} lines that reproduce the recommendation. */
  public String text(String hostLine, List<String> runPrefix) {
    StringBuilder sb = new StringBuilder();
    int n = front.plan().settings().size() - 1;
    int nt = front.plan().traffics().size();
    sb.append("nicsim tune: ").append(hostLine).append(", ").append(n).append(" settings × ")
        .append(nt).append(nt == 1 ? " traffic" : " traffics")
        .append(" (+ today's default)").append(front.plan().samples() > 0 ? " × (1 + "
            + front.plan().samples() + " samples)" : "").append(" = ")
        .append(front.plan().points())
        .append(" runs\n");
    for (int t = 0; t < nt; t++) {
      sb.append("  traffic ").append(t + 1).append(": ").append(front.plan().traffics().get(t))
          .append("   (seed ").append(front.plan().seed(t)).append(")\n");
    }
    if (front.plan().samples() > 0) {
      sb.append("uncertainty: each figure is the worst of the nominal run and ")
          .append(front.plan().samples()).append(" joint samples of the inputs' ranges\n");
    }
    sb.append("objectives:");
    for (int k = 0; k < front.objectives().size(); k++) {
      Objective o = front.objectives().get(k);
      sb.append(k == 0 ? " " : ", ").append(o.spelling());
      if (!o.goal() && o.ref() != Objective.Ref.NUMBER) {
        double lim = front.limit(k);
        sb.append(" (").append(Double.isNaN(lim) ? "-" : Num.human(lim)).append(')');
      }
    }
    sb.append('\n');
    int feasibleCount = 0;
    int failed = 0;
    for (int s = 1; s <= n; s++) {
      feasibleCount += front.feasible(s) ? 1 : 0;
      failed += front.error(s) != null ? 1 : 0;
    }
    if (failed > 0) {
      for (int s = 1; s <= n; s++) {
        if (front.error(s) != null) {
          sb.append(failed).append(" of ").append(n).append(" settings failed (all in --csv);"
              + " the first: ").append(settingLine(s)).append(": ").append(front.error(s))
              .append('\n');
          break;
        }
      }
    }
    if (front.error(0) != null) {
      sb.append("today's default failed: ").append(front.error(0)).append('\n');
    }
    sb.append('\n');
    if (front.recommended() < 0) {
      sb.append("no setting meets the limits (").append(n).append(" tried)\n");
      return sb.toString();
    }
    sb.append("Pareto front (").append(feasibleCount).append(" of ").append(n)
        .append(" settings meet the limits; * recommended):\n");
    List<List<String>> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(front.plan().knobs());
    head.addAll(front.labels());
    head.add("");
    rows.add(head);
    for (int s = 1; s <= n; s++) {
      if (!front.onFront(s)) {
        continue;
      }
      List<String> row = new ArrayList<>(front.plan().settings().get(s).values());
      for (String l : front.labels()) {
        row.add(Num.human(front.value(s, front.byLabel(l))));
      }
      row.add(s == front.recommended() ? "*" : "");
      rows.add(row);
    }
    table(sb, rows, front.plan().knobs().size());
    sb.append('\n');
    String c = coalesceLine(front.recommended());
    String f = sysfsLine(front.recommended());
    sb.append("recommended:");
    if (!c.isEmpty()) {
      sb.append(" ethtool -C eth0 ").append(c);
    }
    front.plan().settings().get(front.recommended()).forEach((k, v) -> {
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
    for (String k : front.plan().knobs()) {
      String d = front.result(front.plan().point(0, 0)).columns().get(TuneFront.ETHTOOL + k);
      if (isSysfs(k)) {
        // a file nobody wrote reads 0 (the kernel's default) unless the driver set it
        d = front.result(front.plan().point(0, 0)).columns().getOrDefault(TuneFront.SYSFS + k, "0");
      } else if (isSocket(k)) {
        d = "0";
      }
      cmp.add(List.of(k, d == null ? "-" : Long.toString((long) Double.parseDouble(d)),
          front.plan().settings().get(front.recommended()).get(k)));
    }
    for (String l : front.labels()) {
      Objective o = front.byLabel(l);
      cmp.add(List.of(l, front.error(0) != null ? "failed" : Num.human(front.value(0, o)),
          Num.human(front.value(front.recommended(), o))));
    }
    table(sb, cmp, 1);
    sb.append(front.plan().samples() > 0 ? "reproduce (the nominal runs):\n" : "reproduce:\n");
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
      String busy = front.plan().settings().get(front.recommended()).get("busy-poll");
      String traffic = front.plan().traffics().get(t)
          + (busy == null ? "" : " --busy-poll " + busy);
      sb.append("--traffic ").append(quote(traffic)).append(" --seed ")
          .append(front.plan().seed(t)).append('\n');
    }
    return sb.toString();
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
    for (String k : front.plan().knobs()) {
      cols.add(new ResultTable.Column(k, ResultTable.Type.TEXT));
    }
    for (String l : front.labels()) {
      cols.add(new ResultTable.Column(l, ResultTable.Type.DOUBLE));
    }
    cols.add(new ResultTable.Column("meets_limits", ResultTable.Type.LONG));
    cols.add(new ResultTable.Column("front", ResultTable.Type.LONG));
    cols.add(new ResultTable.Column("recommended", ResultTable.Type.LONG));
    cols.add(new ResultTable.Column("error", ResultTable.Type.TEXT));
    List<List<String>> rows = new ArrayList<>();
    for (int s = 0; s < front.plan().settings().size(); s++) {
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(s));
      Map<String, String> knobs = front.plan().settings().get(s);
      for (String k : front.plan().knobs()) {
        row.add(knobs.getOrDefault(k, "default"));
      }
      for (String l : front.labels()) {
        double v = front.value(s, front.byLabel(l));
        row.add(Double.isNaN(v) ? "" : Num.plain(v));
      }
      row.add(front.feasible(s) ? "1" : "0");
      row.add(front.onFront(s) ? "1" : "0");
      row.add(s == front.recommended() ? "1" : "0");
      String e = front.error(s);
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
}
