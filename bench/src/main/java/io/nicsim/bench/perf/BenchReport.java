package io.nicsim.bench.perf;

import io.nicsim.formats.text.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code nicsim bench}'s outputs: a text table and {@code --json}. */
public final class BenchReport {
  private BenchReport() {}

  public static String text(List<BenchRow> rows, double loadBefore, double loadAfter) {
    StringBuilder sb = new StringBuilder();
    sb.append("nicsim bench on ").append(Machine.describe()).append('\n');
    sb.append(String.format(Locale.ROOT,
        "load average (1 min) %.2f before, %.2f after%n%n", loadBefore, loadAfter));
    List<String[]> cells = new ArrayList<>();
    cells.add(new String[] {"figure", "target", "measured (median, min..max, runs)", "met",
        "command"});
    for (BenchRow r : rows) {
      cells.add(new String[] {r.figure(), r.targetText(),
          Stats.fmt(r.measured()) + " " + r.unit() + " (" + Stats.fmt(r.min()) + ".."
              + Stats.fmt(r.max()) + ", " + r.runs() + ")", r.met() ? "yes" : "NO", r.command()});
    }
    int[] w = new int[5];
    for (String[] c : cells) {
      for (int i = 0; i < 5; i++) {
        w[i] = Math.max(w[i], c[i].length());
      }
    }
    for (int k = 0; k < cells.size(); k++) {
      String[] c = cells.get(k);
      StringBuilder line = new StringBuilder("| ");
      for (int i = 0; i < 5; i++) {
        line.append(c[i]).append(" ".repeat(w[i] - c[i].length())).append(" | ");
      }
      sb.append(line.toString().stripTrailing()).append('\n');
      if (k == 0) {
        StringBuilder rule = new StringBuilder("|");
        for (int i = 0; i < 5; i++) {
          rule.append("-".repeat(w[i] + 2)).append('|');
        }
        sb.append(rule).append('\n');
      }
    }
    sb.append('\n');
    for (BenchRow r : rows) {
      if (!r.note().isEmpty()) {
        sb.append(r.name()).append(": ").append(r.note()).append('\n');
      }
    }
    return sb.toString();
  }

  public static String json(List<BenchRow> rows, double loadBefore, double loadAfter) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("machine", Machine.json(loadBefore, loadAfter));
    List<Object> out = new ArrayList<>();
    for (BenchRow r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("figure", r.figure());
      m.put("unit", r.unit());
      m.put("target", r.target());
      m.put("measured", r.measured());
      m.put("met", r.met());
      m.put("command", r.command());
      m.put("name", r.name());
      m.put("min", r.min());
      m.put("max", r.max());
      m.put("runs", r.runs());
      m.put("note", r.note());
      out.add(m);
    }
    root.put("rows", out);
    return Json.write(root);
  }
}
