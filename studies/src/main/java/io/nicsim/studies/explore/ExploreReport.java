package io.nicsim.studies.explore;

import io.nicsim.formats.trace.TraceFormat;
import io.nicsim.runs.Exploration;
import io.nicsim.runs.ExploreResult;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunSinks;
import io.nicsim.runs.options.RunArgs;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Gathers explore's points: each distinct finding once, how often it was hit, its spells'
 * durations, the first run that hit it as a reproducer line (re-run here, with a trace, to check
 * that it hits it again at the same time) and an ftrace excerpt of its window.
 */
public final class ExploreReport {
  /** ftrace lines kept before a finding's start and after it. */
  static final long EXCERPT_BEFORE_NS = 300_000L;
  static final long EXCERPT_AFTER_NS = 50_000L;
  static final int EXCERPT_LINES_BEFORE = 24;
  static final int EXCERPT_LINES_AFTER = 8;

  private final List<List<String>> configs;
  private final int runs;
  private final List<Point> points;
  private final List<PointResult> results;
  private final RunEngine engine;

  /** A finding over all runs of one configuration. */
  public static final class Finding {
    final String key;
    int runsHit;
    final List<Long> stranded = new ArrayList<>();
    final List<Long> held = new ArrayList<>();
    Point first;
    Findings.Hit firstHit;

    Finding(String key) {
      this.key = key;
    }

    public String key() {
      return key;
    }

    public int runsHit() {
      return runsHit;
    }

    public int spells() {
      return stranded.size();
    }
  }

  public ExploreReport(List<List<String>> configs, int runs, List<Point> points,
      List<PointResult> results, RunEngine engine) {
    this.configs = configs;
    this.runs = runs;
    this.points = points;
    this.results = results;
    this.engine = engine;
  }

  /**
   * Findings of configuration {@code c}, in order of first appearance. {@code totals} gets
   * packets sent in [0], in-flight NAPI reads (the coverage of cross-CPU interleavings) in [1]
   * and the runs with at least one such read in [2], over the runs that finished.
   */
  public Map<String, Finding> findings(int c, long[] totals) {
    Map<String, Finding> out = new LinkedHashMap<>();
    for (int i = c * runs; i < (c + 1) * runs; i++) {
      PointResult r = results.get(i);
      List<Findings.Hit> hits;
      if (r.failed()) {
        hits = List.of(new Findings.Hit(Findings.failureKey(r.error()), 0, 0, 0, r.error()));
      } else {
        totals[0] += Long.parseLong(r.columns().get("packets"));
        long reads = Long.parseLong(r.columns().getOrDefault("inflight_reads", "0"));
        totals[1] += reads;
        totals[2] += reads > 0 ? 1 : 0;
        hits = Findings.decode(r.columns().get("hits"));
      }
      Set<String> seen = new HashSet<>();
      for (Findings.Hit h : hits) {
        Finding f = out.computeIfAbsent(h.key(), Finding::new);
        if (seen.add(h.key())) {
          f.runsHit++;
        }
        if (f.first == null) {
          f.first = points.get(i);
          f.firstHit = h;
        }
        f.stranded.add(h.strandedNs());
        f.held.add(h.heldNs());
      }
    }
    return out;
  }

  /** The value after {@code flag} in a point's arguments, or null. */
  private static String after(List<String> args, String flag) {
    int i = args.lastIndexOf(flag);
    return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : null;
  }

  public String text() {
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < configs.size(); c++) {
      long[] packets = {0, 0, 0};
      Map<String, Finding> fs = findings(c, packets);
      sb.append("nicsim explore: ").append(quote(configs.get(c))).append('\n');
      List<String> a0 = points.get(c * runs).args();
      List<String> aN = points.get((c + 1) * runs - 1).args();
      String preempt = after(a0, "--preempt");
      sb.append(runs).append(" perturbed runs (seeds ").append(after(a0, "--seed"))
          .append("..").append(after(aN, "--seed")).append(", --jitter ")
          .append(after(a0, "--jitter"))
          .append(preempt == null ? "" : ", --preempt " + preempt).append("), ")
          .append(packets[0]).append(" packets sent\n");
      sb.append(coverage(packets));
      if (fs.isEmpty()) {
        sb.append("findings: none\n\n");
        continue;
      }
      sb.append("findings: ").append(fs.size()).append(" distinct\n");
      int k = 1;
      for (Finding f : fs.values()) {
        sb.append("[").append(k++).append("] ").append(f.key).append('\n');
        sb.append("    hit in ").append(f.runsHit).append("/").append(runs).append(" runs, ")
            .append(f.spells()).append(" times");
        if (packets[0] > 0) {
          sb.append(String.format(Locale.ROOT, " (%.2f per million packets)",
              f.spells() * 1e6 / packets[0]));
        }
        sb.append('\n');
        if (!f.key.startsWith("failure:")) {
          sb.append("    nothing to clean it for: ").append(dist(f.stranded)).append('\n');
          sb.append("    its skbs freed after:    ").append(dist(f.held)).append('\n');
        }
        sb.append("    first: ").append(Findings.seconds(f.firstHit.startNs())).append(" s: ")
            .append(f.firstHit.state()).append('\n');
        sb.append("    reproduce: nicsim run ").append(quote(f.first.args())).append('\n');
        sb.append(check(f));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /**
   * How much of the interleaving space the runs reached: races between a poll finishing on one
   * CPU and work on another (the stmmac TX-timer window among them) need a CPU to read the
   * NAPI's state while the poll's completion is in flight. None such means "findings: none"
   * says nothing about those races on this traffic.
   */
  static String coverage(long[] totals) {
    String per = totals[0] > 0 ? String.format(Locale.ROOT, ", %.2f per million"
        + " packets", totals[1] * 1e6 / totals[0]) : "";
    return "coverage: " + totals[1] + " reads of a NAPI's state by one CPU while another CPU's"
        + " poll of it was completing, in " + totals[2] + " runs" + per
        + (totals[1] == 0 ? " (races on that read, such as the stmmac TX-timer window, were not exercised)" : "")
        + "\n";
  }

  /** Re-runs the reproducer with a trace: does it hit the finding again, at the same time? */
  private String check(Finding f) {
    StringBuilder sb = new StringBuilder();
    try {
      RunArgs.Parsed p = RunArgs.parse(f.first.args());
      // the trace goes through the excerpt's window as it is written: no file
      Excerpt excerpt = new Excerpt(f.firstHit.startNs());
      ExploreResult again = engine.explore(p.exploreRequest(),
          new RunSinks(TraceFormat.FTRACE.open(excerpt.writer()), null));
      boolean hit = false;
      for (Findings.Hit h : Findings.of(again.episodes(), again.failure(), again.endNs())) {
        if (h.key().equals(f.key) && (f.key.startsWith("failure:")
            || h.startNs() == f.firstHit.startNs())) {
          hit = true;
          break;
        }
      }
      sb.append("    checked: ").append(hit ? "the reproducer hits it again at "
          + Findings.seconds(f.firstHit.startNs()) + " s" : "NOT reproduced by the line above")
          .append('\n');
      if (again.result() != null && excerpt.sawLines() && !f.key.startsWith("failure:")) {
        sb.append(excerpt.text());
      }
    } catch (RuntimeException e) {
      sb.append("    checked: the reproducer failed: ").append(e.getMessage()).append('\n');
    }
    return sb.toString();
  }

  /**
   * The trace lines around a finding's start: the window before it (up to the last
   * {@value #EXCERPT_LINES_BEFORE} lines within {@value #EXCERPT_BEFORE_NS} ns: the interleaving
   * that opened it, an injected delay among them) and the first {@value #EXCERPT_LINES_AFTER}
   * within {@value #EXCERPT_AFTER_NS} ns after.
   */
  static String excerpt(Path trace, long startNs) throws IOException {
    Excerpt e = new Excerpt(startNs);
    try (var lines = Files.lines(trace)) {
      for (String line : (Iterable<String>) lines::iterator) {
        e.line(line);
      }
    }
    return e.text();
  }

  /** The excerpt's window, fed a trace line by line (from a file, or as it is written). */
  static final class Excerpt {
    private final long startNs;
    private final long from;
    private final long to;
    private final ArrayDeque<String> before = new ArrayDeque<>();
    private final List<String> after = new ArrayList<>();
    private final StringBuilder partial = new StringBuilder();
    private boolean done;
    private boolean any;

    Excerpt(long startNs) {
      this.startNs = startNs;
      this.from = startNs - EXCERPT_BEFORE_NS;
      this.to = startNs + EXCERPT_AFTER_NS;
    }

    void line(String line) {
      any = true;
      if (done) {
        return;
      }
      long t = lineTime(line);
      if (t < 0 || t < from) {
        return;
      }
      if (t > to || after.size() == EXCERPT_LINES_AFTER) {
        done = true; // the trace is in time order: nothing later is in the window
        return;
      }
      if (t < startNs) {
        before.addLast(line);
        if (before.size() > EXCERPT_LINES_BEFORE) {
          before.removeFirst();
        }
      } else {
        after.add(line);
      }
    }

    /** Whether any line was written (the file of the earlier form was not empty). */
    boolean sawLines() {
      return any || partial.length() > 0;
    }

    /** A writer that feeds the window line by line. */
    Writer writer() {
      return new Writer() {
        @Override
        public void write(char[] buf, int off, int len) {
          for (int i = off; i < off + len; i++) {
            char c = buf[i];
            if (c == '\n') {
              line(partial.toString());
              partial.setLength(0);
            } else {
              partial.append(c);
            }
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
    }

    String text() {
      StringBuilder sb = new StringBuilder("    ftrace, " + Findings.seconds(from) + " to "
          + Findings.seconds(to) + " s (the finding at " + Findings.seconds(startNs) + " s):\n");
      for (String l : before) {
        sb.append("      ").append(l.strip()).append('\n');
      }
      for (String l : after) {
        sb.append("      ").append(l.strip()).append('\n');
      }
      return sb.toString();
    }
  }

  /**
   * The timestamp of an ftrace line, ns, or -1: the last word before the first {@code ": "}
   * after the CPU column ({@code … [001] ..s..     0.000512: event: …}; the latency-flags column
   * is optional).
   */
  static long lineTime(String line) {
    int b = line.indexOf("] ");
    int colon = b < 0 ? -1 : line.indexOf(": ", b);
    if (colon < 0) {
      return -1;
    }
    String head = line.substring(b + 2, colon).trim();
    String ts = head.substring(head.lastIndexOf(' ') + 1);
    int dot = ts.indexOf('.');
    if (dot < 1 || ts.length() - dot != 7) {
      return -1;
    }
    try {
      long s = Long.parseLong(ts.substring(0, dot));
      long us = Long.parseLong(ts.substring(dot + 1));
      return s * 1_000_000_000L + us * 1000L;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static String dist(List<Long> ns) {
    List<Long> s = new ArrayList<>(ns);
    s.sort(null);
    if (s.isEmpty()) {
      return "-";
    }
    return "p50 " + Findings.duration(s.get(s.size() / 2)) + ", p90 "
        + Findings.duration(s.get(Math.min(s.size() - 1, s.size() * 9 / 10))) + ", max "
        + Findings.duration(s.get(s.size() - 1));
  }

  /** Arguments as a shell line: single quotes around those with spaces. */
  public static String quote(List<String> args) {
    StringBuilder sb = new StringBuilder();
    for (String a : args) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(a.matches("[A-Za-z0-9_@%+=:,./-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return sb.toString();
  }
}
