package io.nicsim.studies.patch;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Chart;
import io.nicsim.formats.plot.Plots;
import io.nicsim.formats.text.Json;
import io.nicsim.formats.text.Num;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.uncertainty.Band;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code nicsim patch}: the tree's C before and after a patch, side by side per configuration,
 * as reproduce shows published against simulated: the summary metrics, CPU by operation and the
 * driver's counters, with their Δ%, and [low..high] bands when the inputs' ranges were sampled.
 */
public final class PatchReport {
  private static final String ROW = "%-26s %12s %12s %8s";

  /**
   * One configuration: its knobs, the two runs, and (with samples) their runs under the
   * inputs' ranges.
   */
  public record Point(Map<String, String> knobs, PointResult before, PointResult after,
      List<PointResult> beforeSamples, List<PointResult> afterSamples) {}

  private final String what;
  private final KernelC after;
  private final List<Point> points;

  /**
   * @param what the host and traffic, as the user spelled them
   * @param after the patched tree's build (what the patch touched, how its hunks applied)
   */
  public PatchReport(String what, KernelC after, List<Point> points) {
    this.what = what;
    this.after = after;
    this.points = List.copyOf(points);
  }

  public String text() {
    StringBuilder sb = new StringBuilder();
    sb.append("nicsim patch: ").append(after.describe()).append(" (").append(after.release())
        .append(")\n");
    for (String n : after.notes()) {
      sb.append("  ").append(n).append('\n');
    }
    sb.append("  touched, runs as patched C: ").append(touched(true)).append('\n');
    String not = touched(false);
    if (!not.isEmpty()) {
      sb.append("  touched, not run as C: ").append(not).append('\n');
    }
    sb.append(what).append('\n');
    for (Point p : points) {
      sb.append('\n');
      if (!p.knobs().isEmpty()) {
        StringBuilder k = new StringBuilder();
        p.knobs().forEach((n, v) -> k.append(k.length() > 0 ? " " : "").append(n).append('=')
            .append(v));
        sb.append("== ").append(k).append('\n');
      }
      if (p.before().failed() || p.after().failed()) {
        sb.append("  before: ").append(p.before().failed() ? p.before().error() : "ran")
            .append('\n').append("  after: ").append(p.after().failed() ? p.after().error()
                : "ran").append('\n');
        continue;
      }
      sb.append("  ran as C: before ").append(ranAsC(p.before())).append("; after ")
          .append(ranAsC(p.after())).append('\n');
      List<String> idle = notCalled(p.after());
      if (!idle.isEmpty()) {
        sb.append("  the patched C was never called on this host: ").append(String.join(", ",
            idle)).append(" (no bridge takes this host, or the traffic never reaches it):"
            + " the after side ran the Java for it\n");
      }
      boolean bands = !p.beforeSamples().isEmpty();
      sb.append(String.format(Locale.ROOT, ROW, "metric", "before", "after", "Δ%")
          .stripTrailing());
      if (bands) {
        sb.append("   before [low..high]    after [low..high]");
      }
      sb.append('\n');
      String section = "";
      for (String m : metrics(p)) {
        String s = m.startsWith(PatchPointTask.CPU) ? "CPU % by operation"
            : m.startsWith(PatchPointTask.COUNTER) ? "driver counters per s" : "";
        if (!s.equals(section)) {
          sb.append(s).append(":\n");
          section = s;
        }
        double b = value(p.before(), m);
        double a = value(p.after(), m);
        String name = s.isEmpty() ? m : "  " + m.substring(m.indexOf('.') + 1);
        sb.append(String.format(Locale.ROOT, ROW, name, Num.human(b), Num.human(a),
            Num.delta(b, a)).stripTrailing());
        if (bands) {
          sb.append(String.format(Locale.ROOT, "   %-20s  %s", band(p.beforeSamples(), m),
              band(p.afterSamples(), m)));
        }
        sb.append('\n');
      }
    }
    if (!points.isEmpty() && !points.get(0).beforeSamples().isEmpty()) {
      sb.append("\n[low..high]: 5th..95th percentile over ")
          .append(points.get(0).beforeSamples().size())
          .append(" samples of the inputs' ranges (the profile's and the path's), each side\n");
    }
    return sb.toString();
  }

  private String touched(boolean asC) {
    StringBuilder b = new StringBuilder();
    for (KernelC.Touched t : after.touched()) {
      if (t.runsAsC() == asC) {
        b.append(b.length() > 0 ? ", " : "").append(t.function());
        if (!t.reason().isEmpty()) {
          b.append(" (").append(t.reason()).append(')');
        }
      }
    }
    return asC && b.length() == 0 ? "none" : b.toString();
  }

  /**
   * The touched functions that run as patched C but made no call on this side: neither their
   * own program nor one they run inside of (a bridge declines a host it does not cover).
   */
  private List<String> notCalled(PointResult r) {
    List<String> out = new ArrayList<>();
    for (KernelC.Touched t : after.touched()) {
      if (!t.runsAsC()) {
        continue;
      }
      List<String> programs = new ArrayList<>(List.of(t.function()));
      int in = t.reason().indexOf("inside ");
      if (in >= 0) {
        programs.addAll(List.of(t.reason().substring(in + 7).split(" and ")));
      }
      boolean called = false;
      for (String f : programs) {
        String v = r.columns().get(PatchPointTask.C + f);
        called |= v != null && !v.equals("0");
      }
      if (!called) {
        out.add(t.function());
      }
    }
    return out;
  }

  private static String ranAsC(PointResult r) {
    StringBuilder b = new StringBuilder();
    r.columns().forEach((k, v) -> {
      if (k.startsWith(PatchPointTask.C) && !v.equals("0")) {
        b.append(b.length() > 0 ? ", " : "").append(k.substring(2)).append(' ').append(v);
      }
    });
    return b.length() == 0 ? "nothing" : b.toString();
  }

  /** The rows of a point: summary metrics, then CPU by op, then counters; both sides' names. */
  private static List<String> metrics(Point p) {
    Set<String> out = new LinkedHashSet<>();
    for (PointResult r : List.of(p.before(), p.after())) {
      for (String k : r.columns().keySet()) {
        if (!k.contains(".")) {
          out.add(k);
        }
      }
    }
    for (String prefix : List.of(PatchPointTask.CPU, PatchPointTask.COUNTER)) {
      Set<String> names = new TreeSet<>();
      for (PointResult r : List.of(p.before(), p.after())) {
        for (Map.Entry<String, String> e : r.columns().entrySet()) {
          if (e.getKey().startsWith(prefix)) {
            names.add(e.getKey());
          }
        }
      }
      for (String n : names) {
        if (value(p.before(), n) != 0 || value(p.after(), n) != 0) {
          out.add(n);
        }
      }
    }
    return new ArrayList<>(out);
  }

  private static double value(PointResult r, String m) {
    String v = r.columns().get(m);
    return v == null ? 0 : Double.parseDouble(v);
  }

  private static Band bandOf(List<PointResult> samples, String m) {
    List<Double> vs = new ArrayList<>();
    for (PointResult r : samples) {
      if (!r.failed() && r.columns().containsKey(m)) {
        vs.add(value(r, m));
      }
    }
    if (vs.isEmpty()) {
      return null;
    }
    return Band.of(vs.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static String band(List<PointResult> samples, String m) {
    Band b = bandOf(samples, m);
    return b == null ? "-" : "[" + Num.human(b.low()) + ".." + Num.human(b.high()) + "]";
  }

  /** {@code {"patch": …, "points": [{"knobs", "before", "after", bands}]}}. */
  public String json() {
    LinkedHashMap<String, Object> patch = new LinkedHashMap<>();
    patch.put("tree", after.describe());
    patch.put("release", after.release());
    patch.put("hunks", after.notes());
    List<Object> touched = new ArrayList<>();
    for (KernelC.Touched t : after.touched()) {
      LinkedHashMap<String, Object> m = new LinkedHashMap<>();
      m.put("file", t.file());
      m.put("function", t.function());
      m.put("runs_as_c", t.runsAsC());
      m.put("reason", t.reason());
      touched.add(m);
    }
    patch.put("touched", touched);
    List<Object> ps = new ArrayList<>();
    for (Point p : points) {
      LinkedHashMap<String, Object> m = new LinkedHashMap<>();
      m.put("knobs", p.knobs());
      m.put("before", side(p.before(), p.beforeSamples()));
      m.put("after", side(p.after(), p.afterSamples()));
      m.put("patched_c_not_called", p.after().failed() ? List.of() : notCalled(p.after()));
      ps.add(m);
    }
    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
    out.put("what", what);
    out.put("patch", patch);
    out.put("points", ps);
    return Json.write(out);
  }

  private static Object side(PointResult r, List<PointResult> samples) {
    LinkedHashMap<String, Object> m = new LinkedHashMap<>();
    if (r.failed()) {
      m.put("error", r.error());
      return m;
    }
    LinkedHashMap<String, Object> v = new LinkedHashMap<>();
    r.columns().forEach((k, s) -> v.put(k, k.startsWith(PatchPointTask.C)
        ? (Object) Long.parseLong(s) : (Object) Double.parseDouble(s)));
    m.put("metrics", v);
    if (!samples.isEmpty()) {
      LinkedHashMap<String, Object> bands = new LinkedHashMap<>();
      for (String k : r.columns().keySet()) {
        Band b = bandOf(samples, k);
        if (b != null && !k.startsWith(PatchPointTask.C)) {
          bands.put(k, List.of(b.low(), b.high()));
        }
      }
      m.put("bands", bands);
    }
    return m;
  }

  /** Before and after bars for the traffic's throughput (or RTT), CPU and interrupts. */
  public void plot(Outputs outs, Path file) {
    List<Chart> panels = new ArrayList<>();
    for (String m : plotted()) {
      Map<String, Map<String, Double>> series = new LinkedHashMap<>();
      for (String side : List.of("before", "after")) {
        Map<String, Double> v = new LinkedHashMap<>();
        for (Point p : points) {
          PointResult r = side.equals("before") ? p.before() : p.after();
          if (!r.failed() && r.columns().containsKey(m)) {
            v.put(label(p), value(r, m));
          }
        }
        series.put(side, v);
      }
      panels.add(Plots.categoryBars(m, points.size() > 1 ? "configuration" : "", m, series));
    }
    Plots.write(outs, Plots.stacked("before and after " + after.describe(), panels), file,
        "--plot");
  }

  private List<String> plotted() {
    Set<String> all = new LinkedHashSet<>();
    for (Point p : points) {
      all.addAll(p.before().columns().keySet());
    }
    List<String> out = new ArrayList<>();
    for (String m : List.of("udp_mbps", "tcp_mbps", "ping_rtt_ms", "pps")) {
      if (all.contains(m)) {
        out.add(m);
        break;
      }
    }
    for (String m : List.of("cpu_pct", "irq_per_s")) {
      if (all.contains(m)) {
        out.add(m);
      }
    }
    return out;
  }

  private static String label(Point p) {
    if (p.knobs().isEmpty()) {
      return "-";
    }
    StringBuilder k = new StringBuilder();
    p.knobs().forEach((n, v) -> k.append(k.length() > 0 ? " " : "").append(n).append('=')
        .append(v));
    return k.toString();
  }
}
