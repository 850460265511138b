package io.nicsim.bench.perf;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a user's command costs as a fresh process ({@code ./nicsim …}: launcher, JVM start,
 * class loading, the work, exit): wall time and peak RSS of start-up, the 10 s CUBIC and BBR
 * uploads and the 60 s flood, and the flood's rate in a fresh bench JVM. With a reference
 * build ({@code --compare REF}) every repetition runs this build and the reference back to
 * back, the order alternating (A B, B A, …), so a change of the machine's load hits both
 * alike; the ratio of each pair is what a change is judged by.
 */
public final class FreshCommands {
  /** A measured command: its name, arguments after {@code nicsim}, and what it reports. */
  public record Figure(String name, String figure, List<String> args, Kind kind, double target,
      double ratioTarget, double rssTarget) {}

  /** Wall seconds of the process, or the flood rate the child bench printed. */
  public enum Kind { WALL, FLOOD }

  static final String CUBIC = "iperf3 -C cubic -t 10";
  static final String PATH = "rtt=23ms,rate=1gbit";

  /** The figures, in the order they are measured. */
  public static final List<Figure> FIGURES = List.of(
      new Figure("startup", "start-up: ./nicsim list macs as a fresh process",
          List.of("list", "macs"), Kind.WALL, 0.2, 0.6, Double.NaN),
      new Figure("short-run", "start-up: a short run (10 ms CUBIC, --no-check) as a fresh process",
          List.of("run", "--mac", "ideal", "--traffic", "iperf3 -C cubic -t 0.01", "--path", PATH,
              "--no-check"), Kind.WALL, 0.2, 0.6, Double.NaN),
      new Figure("cubic", "10 s CUBIC upload (ideal, rtt=23ms, 1gbit) as a fresh process",
          List.of("run", "--mac", "ideal", "--traffic", CUBIC, "--path", PATH, "--no-check"),
          Kind.WALL, 0.47, 0.56, 64),
      new Figure("bbr-ideal", "10 s BBR upload (ideal, rtt=23ms, 1gbit) as a fresh process",
          List.of("run", "--mac", "ideal", "--traffic", "iperf3 -C bbr -t 10", "--path", PATH,
              "--no-check"), Kind.WALL, 0.47, 0.56, 64),
      new Figure("flood-60s", "60 s stmmac cyclone5 flood as a fresh process",
          Benchmarks.FLOOD_RUN, Kind.WALL, Double.NaN, Double.NaN, 64),
      new Figure("flood-fresh", "flood packets/s, a fresh ./nicsim bench flood --runs 3 each",
          List.of("bench", "flood", "--runs", "3", "--json"), Kind.FLOOD, 5, 2.0, Double.NaN));

  /** The names {@code nicsim bench} accepts for these figures. */
  public static List<String> names() {
    return FIGURES.stream().map(Figure::name).toList();
  }

  private final int runs;
  private final PrintWriter log;

  public FreshCommands(int runs, PrintWriter log) {
    this.runs = runs;
    this.log = log;
  }

  /**
   * One process's wall seconds, peak RSS (MB), CPU seconds (user + system: what a busy machine
   * does not inflate the way it does wall time) and, for FLOOD, the rate it printed; a FLOOD's
   * cpu is its rate per thread-CPU second.
   */
  record Sample(double wall, double rssMb, double cpu, double rate) {
    double value(Kind k) {
      return k == Kind.FLOOD ? rate : wall;
    }
  }

  /** Every repetition of one figure on one build. */
  record Series(List<Sample> samples) {
    Stats of(ToDoubleFunction<Sample> f) {
      return Stats.of(samples.stream().mapToDouble(f).toArray());
    }
  }

  /** What {@link #measure} found for one figure: this build's series and the reference's. */
  public record Result(Figure figure, Series self, Series ref) {}

  /**
   * Measures each figure: {@code runs} times on {@code self}'s launcher and, when {@code ref}
   * is not null, as many times on the reference's, interleaved; one untimed run of each first
   * (the file cache, the class-data archive).
   */
  public List<Result> measure(List<Figure> figures, Path self, Path ref) {
    List<Result> out = new ArrayList<>();
    for (Figure f : figures) {
      progress(f.name() + ": nicsim " + Benchmarks.spelled(f.args()) + (ref != null
          ? ", this build and " + ref + " interleaved" : ""));
      if (f.kind() == Kind.WALL) {
        once(self, f);
        if (ref != null) {
          once(ref, f);
        }
      }
      List<Sample> a = new ArrayList<>();
      List<Sample> b = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        boolean selfFirst = ref == null || i % 2 == 0;
        if (selfFirst) {
          a.add(once(self, f));
        }
        if (ref != null) {
          b.add(once(ref, f));
        }
        if (!selfFirst) {
          a.add(once(self, f));
        }
      }
      out.add(new Result(f, new Series(a), ref != null ? new Series(b) : null));
    }
    return out;
  }

  private void progress(String s) {
    log.println("nicsim bench: " + s);
    log.flush();
  }

  static Sample once(Path launcher, Figure f) {
    Path time = Path.of("/usr/bin/time");
    boolean rss = Files.isExecutable(time);
    List<String> cmd = new ArrayList<>();
    if (rss) {
      cmd.addAll(List.of(time.toString(), "-f", "nicsim-maxrss-kb %M %U %S"));
    }
    cmd.add(launcher.toString());
    cmd.addAll(f.args());
    long t0 = System.nanoTime();
    Benchmarks.Child c = Benchmarks.Child.exec(cmd);
    double wall = (System.nanoTime() - t0) / Benchmarks.SEC;
    if (c.status != 0) {
      throw new IllegalStateException(launcher + " " + Benchmarks.spelled(f.args()) + " exited "
          + c.status + ": " + c.lastLine());
    }
    double kb = Double.NaN;
    double cpu = Double.NaN;
    double rate = Double.NaN;
    for (String l : c.lines) {
      if (l.startsWith("nicsim-maxrss-kb ")) {
        String[] w = l.trim().split(" ");
        kb = Double.parseDouble(w[1]);
        cpu = Double.parseDouble(w[2]) + Double.parseDouble(w[3]);
      }
    }
    if (f.kind() == Kind.FLOOD) {
      double[] r = floodRates(String.join("\n", c.lines));
      rate = r[0];
      cpu = r[1]; // for a flood: M packets per thread-CPU second
    }
    return new Sample(wall, kb / 1024.0, cpu, rate);
  }

  private static final Pattern MEASURED =
      Pattern.compile("\"measured\"\\s*:\\s*([-0-9.eE+]+)");
  private static final Pattern PER_CPU =
      Pattern.compile("per thread CPU second ([0-9.]+) M packets");

  /**
   * The flood row's "measured" in a child bench's --json and, from its note, the rate per
   * thread-CPU second (what the flood got of a core: the figure that a loaded machine does not
   * drag down with the wall rate).
   */
  static double[] floodRates(String json) {
    Matcher m = MEASURED.matcher(json);
    Matcher c = PER_CPU.matcher(json);
    if (!json.contains("\"flood\"") || !m.find() || !c.find()) {
      throw new IllegalStateException("no flood row in the child bench's output: " + json);
    }
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(c.group(1))};
  }

  /** This build's rows: each figure against its target, and peak RSS where it has one. */
  public static List<BenchRow> rows(List<Result> results) {
    List<BenchRow> rows = new ArrayList<>();
    for (Result r : results) {
      Figure f = r.figure();
      boolean rate = f.kind() == Kind.FLOOD;
      String unit = rate ? "M packets/s" : "s wall";
      Stats s = r.self().of(x -> x.value(f.kind()));
      String cmd = "./nicsim " + Benchmarks.spelled(f.args());
      if (!Double.isNaN(f.target())) {
        rows.add(new BenchRow(f.name(), f.figure(), unit, f.target(), rate, s.median(), s.min(),
            s.max(), s.runs(), "nicsim bench " + f.name(), cmd));
      }
      if (!Double.isNaN(f.rssTarget())) {
        Stats m = r.self().of(Sample::rssMb);
        rows.add(new BenchRow(f.name() + "-rss", "peak RSS: " + f.figure(), "MB", f.rssTarget(),
            false, m.median(), m.min(), m.max(), m.runs(), "nicsim bench " + f.name(),
            cmd + "; /usr/bin/time -f %M (MiB)"));
      }
    }
    return rows;
  }

  /**
   * The side-by-side table: per figure this build's and the reference's median (min..max),
   * and the ratio this/reference of each interleaved pair (median, min..max) against the
   * ratio target (a floor for a rate, a ceiling for a time).
   */
  public static String compareText(List<Result> results, Path ref) {
    List<String[]> cells = new ArrayList<>();
    cells.add(new String[] {"figure", "this build", "REF " + ref, "ratio this/REF (pairs)",
        "target", "met"});
    for (Result r : results) {
      Figure f = r.figure();
      boolean rate = f.kind() == Kind.FLOOD;
      String unit = rate ? " Mpps" : " s";
      addRatio(cells, f.name(), r, x -> x.value(f.kind()), unit, f.ratioTarget(), rate);
      addRatio(cells, f.name() + (rate ? " per CPU s" : " CPU"), r, Sample::cpu,
          rate ? " Mpps" : " s", rate ? f.ratioTarget() : Double.NaN, rate);
      if (!Double.isNaN(f.rssTarget())) {
        addRatio(cells, f.name() + " RSS", r, Sample::rssMb, " MB", Double.NaN, false);
      }
    }
    int[] w = new int[6];
    for (String[] c : cells) {
      for (int i = 0; i < w.length; i++) {
        w[i] = Math.max(w[i], c[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < cells.size(); k++) {
      StringBuilder line = new StringBuilder("| ");
      for (int i = 0; i < w.length; i++) {
        line.append(cells.get(k)[i]).append(" ".repeat(w[i] - cells.get(k)[i].length()))
            .append(" | ");
      }
      sb.append(line.toString().stripTrailing()).append('\n');
      if (k == 0) {
        StringBuilder rule = new StringBuilder("|");
        for (int width : w) {
          rule.append("-".repeat(width + 2)).append('|');
        }
        sb.append(rule).append('\n');
      }
    }
    return sb.toString();
  }

  private static void addRatio(List<String[]> cells, String name, Result r,
      ToDoubleFunction<Sample> v, String unit, double target, boolean floor) {
    Stats a = r.self().of(v);
    Stats b = r.ref().of(v);
    int n = Math.min(r.self().samples().size(), r.ref().samples().size());
    double[] q = new double[n];
    for (int i = 0; i < n; i++) {
      q[i] = v.applyAsDouble(r.self().samples().get(i)) / v.applyAsDouble(r.ref().samples().get(i));
    }
    Stats ratio = Stats.of(q);
    String met = Double.isNaN(target) ? "-"
        : (floor ? ratio.median() >= target : ratio.median() <= target) ? "yes" : "NO";
    cells.add(new String[] {name, span(a, unit), span(b, unit), span(ratio, "x"),
        Double.isNaN(target) ? "-" : (floor ? "≥ " : "≤ ") + Stats.fmt(target) + "x", met});
  }

  static String span(Stats s, String unit) {
    return String.format(Locale.ROOT, "%s%s (%s..%s)", Stats.fmt(s.median()), unit,
        Stats.fmt(s.min()), Stats.fmt(s.max()));
  }
}
