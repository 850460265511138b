package io.nicsim.boardtrace.fit;

import io.nicsim.boardtrace.event.Names;
import io.nicsim.boardtrace.spans.Span;
import io.nicsim.boardtrace.spans.SpanSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * The spans of a trace grouped by {@link FitKey}, each group's time and work counts kept for
 * the fit. Memory stays flat on any trace length: a group keeps at most {@link #CAP} spans, a
 * uniform sample of all of them (reservoir sampling, Vitter's algorithm R, with a fixed seed so
 * the same trace gives the same sample) inside the window.
 */
public final class SpanSamples implements SpanSink {
  public static final int CAP = 1 << 16;
  /** Spans a count must depart from its most common value in to be fitted on its own. */
  static final int MIN_DEPARTURES = 30;
  /** Time slices the spread of a fit is read from. */
  public static final int SLICES = 10;

  private final String app;
  private final UnaryOperator<String> rename;
  private final long from;
  private final long to;
  private final Map<String, Group> groups = new TreeMap<>();
  /** The tracing's own cost per event (ns), taken off each span's time; 0 for none. */
  private final double tracingNs;

  /** Spans of one fit key. */
  static final class Group {
    final FitKey key;
    final int p;
    double[] y = new double[1024];
    double[][] x = new double[1024][];
    long[] ts = new long[1024];
    int n;
    long seen;
    final SplittableRandom rnd = new SplittableRandom(0x5eed);
    final Set<String> events = new TreeSet<>();

    Group(FitKey key) {
      this.key = key;
      this.p = key.regressors().size();
    }

    void add(double yi, double[] xi, long t) {
      seen++;
      int at;
      if (n < CAP) {
        if (n == y.length) {
          int cap = Math.min(CAP, 2 * n);
          y = Arrays.copyOf(y, cap);
          x = Arrays.copyOf(x, cap);
          ts = Arrays.copyOf(ts, cap);
        }
        at = n++;
      } else {
        long j = rnd.nextLong(seen);
        if (j >= CAP) {
          return;
        }
        at = (int) j;
      }
      y[at] = yi;
      x[at] = xi;
      ts[at] = t;
    }
  }

  /**
   * @param app the application whose syscalls are fitted (its comm), or null for none
   * @param rename a trace's names to the model's
   * @param fromNs the window's start (spans starting before it are not used)
   * @param toNs the window's end
   */
  public SpanSamples(String app, UnaryOperator<String> rename, long fromNs, long toNs) {
    this(app, rename, fromNs, toNs, 0);
  }

  /**
   * As above, each span's time less {@code tracingNsPerEvent} for every trace event whose cost
   * fell in it ({@link Span#events}): what a tracepoint costs the kernel that records it (its
   * ring-buffer write) is not a cost of the untraced kernel the profile describes.
   */
  public SpanSamples(String app, UnaryOperator<String> rename, long fromNs, long toNs,
      double tracingNsPerEvent) {
    if (!(tracingNsPerEvent >= 0)) {
      throw new IllegalArgumentException("tracing cost per event " + tracingNsPerEvent
          + " ns (accepted: 0 or more)");
    }
    this.tracingNs = tracingNsPerEvent;
    this.app = app;
    this.rename = rename == null ? Names.canonical() : rename;
    this.from = fromNs;
    this.to = toNs;
  }

  @Override
  public void span(Span s) {
    if (s.startNs < from || s.startNs >= to) {
      return;
    }
    FitKey k = FitKey.of(s, app, rename);
    if (k == null) {
      return;
    }
    Group g = groups.computeIfAbsent(k.name(), n -> new Group(k));
    double[] xi = new double[g.p];
    for (int j = 0; j < g.p; j++) {
      xi[j] = k.regressors().get(j).of(s);
    }
    g.add(FitKey.time(s) - tracingNs * s.events, xi, s.startNs);
    g.events.add(k.events());
  }

  /** The fit keys with their span counts (all spans seen, not only those kept). */
  public Map<String, Long> counts() {
    Map<String, Long> m = new LinkedHashMap<>();
    groups.forEach((k, g) -> m.put(k, g.seen));
    return m;
  }

  public FitKey key(String name) {
    Group g = groups.get(name);
    return g == null ? null : g.key;
  }

  /** The trace events the spans of {@code name} were read from. */
  public String events(String name) {
    Group g = groups.get(name);
    return g == null ? "" : String.join(", ", g.events);
  }

  /**
   * The regressors of {@code name} that vary across its spans (a count that is the same in
   * every span, or in all but a few, cannot be told from the per-call cost and is folded into
   * it). The per-call column always stays.
   */
  public List<Regressor> varying(String name) {
    Group g = groups.get(name);
    List<Regressor> out = new ArrayList<>();
    if (g == null) {
      return out;
    }
    for (int j = 0; j < g.p; j++) {
      Regressor r = g.key.regressors().get(j);
      if (r == Regressor.SPAN) {
        out.add(r);
        continue;
      }
      if (departures(g, j) >= Math.max(MIN_DEPARTURES, g.n / 20)) {
        out.add(r);
      }
    }
    return out;
  }

  /**
   * Spans whose count {@code j} differs from its most common value. A count that departs from
   * it in a handful of spans only is pinned by those few, which the Huber weights then treat as
   * outliers: its cost cannot be told from the per-call cost, so it is folded into it (a NET_RX
   * softirq that polls a rescheduled NAPI a second time in a few of hundreds of calls).
   */
  private static int departures(Group g, int j) {
    Map<Double, Integer> seen = new HashMap<>();
    int mode = 0;
    for (int i = 0; i < g.n; i++) {
      mode = Math.max(mode, seen.merge(g.x[i][j], 1, Integer::sum));
    }
    return g.n - mode;
  }

  /** The mean of count {@code r} per span of {@code name} (its sample), NaN when missing. */
  public double mean(String name, Regressor r) {
    Group g = groups.get(name);
    int j = g == null ? -1 : g.key.regressors().indexOf(r);
    if (j < 0 || g.n == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (int i = 0; i < g.n; i++) {
      sum += g.x[i][j];
    }
    return sum / g.n;
  }

  /** A fit of {@code name}'s spans on {@code cols}, or null when the group is missing. */
  public CostFit fit(String name, List<Regressor> cols, double minScale) {
    return fit(name, cols, minScale, minScale <= 1);
  }

  /**
   * As {@link #fit(String, List, double)}; {@code meanPerCall}: the whole window's per-call
   * cost is the mean (a board's spans and the model's are fitted alike: the board's clock
   * decides).
   */
  public CostFit fit(String name, List<Regressor> cols, double minScale, boolean meanPerCall) {
    Group g = groups.get(name);
    if (g == null || g.n == 0) {
      return null;
    }
    int[] idx = new int[cols.size()];
    for (int j = 0; j < cols.size(); j++) {
      idx[j] = g.key.regressors().indexOf(cols.get(j));
      if (idx[j] < 0) {
        throw new IllegalArgumentException(cols.get(j) + " is not a regressor of " + name);
      }
    }
    // the whole window's per-call cost is the mean (asked for on a nanosecond clock); the slices,
    // which say how much the cost drifts, keep the robust one, which a few long spans do not
    // move
    HuberRegression.Result all = fit(g, idx, 0, g.n, Long.MIN_VALUE, Long.MAX_VALUE, minScale,
        meanPerCall);
    if (all.singular()) {
      return new CostFit(name, cols, all.coef(), all.se(), new double[cols.size()], all.n(),
          g.seen,
          all.scale(), true, means(g, idx));
    }
    // the spread: the same fit on each tenth of the window
    long t0 = Long.MAX_VALUE;
    long t1 = Long.MIN_VALUE;
    for (int i = 0; i < g.n; i++) {
      t0 = Math.min(t0, g.ts[i]);
      t1 = Math.max(t1, g.ts[i]);
    }
    double[] lo = new double[cols.size()];
    double[] hi = new double[cols.size()];
    Arrays.fill(lo, Double.MAX_VALUE);
    Arrays.fill(hi, -Double.MAX_VALUE);
    int good = 0;
    long width = Math.max(1, (t1 - t0 + SLICES) / SLICES);
    for (int s = 0; s < SLICES; s++) {
      long a = t0 + s * width;
      HuberRegression.Result r = fit(g, idx, 0, g.n, a, a + width, minScale, false);
      if (r.singular() || r.n() < 4 * cols.size()) {
        continue;
      }
      good++;
      for (int j = 0; j < cols.size(); j++) {
        lo[j] = Math.min(lo[j], r.coef()[j]);
        hi[j] = Math.max(hi[j], r.coef()[j]);
      }
    }
    double[] spread = new double[cols.size()];
    for (int j = 0; j < cols.size(); j++) {
      double c = Math.abs(all.coef()[j]);
      spread[j] = good < 2 || c == 0 ? Double.NaN : (hi[j] - lo[j]) / 2 / c;
    }
    return new CostFit(name, cols, all.coef(), all.se(), spread, all.n(), g.seen, all.scale(),
        false,
        means(g, idx));
  }

  private static double[] means(Group g, int[] idx) {
    double[] m = new double[idx.length];
    for (int i = 0; i < g.n; i++) {
      for (int j = 0; j < idx.length; j++) {
        m[j] += g.x[i][idx[j]];
      }
    }
    for (int j = 0; j < idx.length; j++) {
      m[j] = g.n == 0 ? 0 : m[j] / g.n;
    }
    return m;
  }

  private static HuberRegression.Result fit(Group g, int[] idx, int a, int b, long t0, long t1,
      double minScale, boolean meanPerCall) {
    int p = idx.length;
    int n = 0;
    double[] y = new double[b - a];
    double[][] x = new double[b - a][];
    for (int i = a; i < b; i++) {
      if (g.ts[i] < t0 || g.ts[i] >= t1) {
        continue;
      }
      double[] xi = new double[p];
      for (int j = 0; j < p; j++) {
        xi[j] = g.x[i][idx[j]];
      }
      y[n] = g.y[i];
      x[n] = xi;
      n++;
    }
    return HuberRegression.fit(y, x, n, p, minScale, meanPerCall);
  }
}
