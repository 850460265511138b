package io.nicsim.boardtrace.model;

import io.nicsim.boardtrace.event.Names;
import io.nicsim.boardtrace.event.TraceEvent;
import io.nicsim.boardtrace.fit.FitKey;
import io.nicsim.boardtrace.fit.Regressor;
import io.nicsim.boardtrace.fit.Solve;
import io.nicsim.boardtrace.spans.Span;
import io.nicsim.boardtrace.spans.SpanBuilder;
import io.nicsim.boardtrace.spans.SpanSink;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.host.Host;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which of the model's costs make up each fitted span time. A model run's events go through
 * the same {@link SpanBuilder} a board trace goes through; at every event the ns each cost
 * operation was charged on that CPU since its previous event (the core's own accounting) goes
 * to the span the time went to. Per fit key, each operation's ns per span is then regressed on
 * the key's work counts (ordinary least squares: the model's charges are exact), giving the
 * operation's part of each fitted coefficient, and the share of the operation's whole time in
 * the window that those spans hold.
 */
public final class OpAttribution extends TracerEvents implements SpanSink, SpanSink.Probe {
  private final String app;
  private final long from;
  private final long to;
  private final SpanBuilder spans;
  private CostOp[] ops = new CostOp[0];
  private String[] names = new String[0];
  private long[][] last;
  private double[] total;
  private long ts;
  private final Map<Object, double[]> frameOps = new IdentityHashMap<>();
  private final Map<String, KeySums> keys = new TreeMap<>();

  /** Running sums of one fit key's regression (all its regressors). */
  static final class KeySums {
    final List<Regressor> regs;
    final double[][] xtx;
    final double[][] xty;
    final double[] xsum;
    final double[] ySum;
    long n;

    KeySums(List<Regressor> regs, int nOps) {
      this.regs = regs;
      int p = regs.size();
      xtx = new double[p][p];
      xty = new double[p][nOps];
      xsum = new double[p];
      ySum = new double[nOps];
    }
  }

  /**
   * @param app the application whose syscalls are fitted
   * @param fromNs the measured window's start
   * @param toNs its end
   */
  public OpAttribution(String app, long fromNs, long toNs) {
    this(app, fromNs, toNs, new SpanBuilder[1]);
  }

  private OpAttribution(String app, long fromNs, long toNs, SpanBuilder[] holder) {
    super(ev -> holder[0].event(ev));
    this.app = app;
    this.from = fromNs;
    this.to = toNs;
    this.spans = new SpanBuilder(this, this);
    holder[0] = spans;
  }

  @Override
  public void bind(Host h) {
    super.bind(h);
    List<CostOp> list = new ArrayList<>();
    List<String> n = new ArrayList<>();
    for (String name : h.soc().costs().keySet()) {
      CostOp op = CostOp.existing(name);
      if (op != null) {
        list.add(op);
        n.add(name);
      }
    }
    ops = list.toArray(new CostOp[0]);
    names = n.toArray(new String[0]);
    last = new long[h.cpu().cores()][ops.length];
    total = new double[ops.length];
  }

  @Override
  protected void emit(TraceEvent ev) {
    ts = ev.ts;
    super.emit(ev);
  }

  // ---------------------------------------------------------------- the probe

  @Override
  public void interval(int cpu, Object frame) {
    if (host() == null || cpu >= last.length) {
      return;
    }
    Core core = host().cpu().core(cpu);
    long[] prev = last[cpu];
    boolean in = ts >= from && ts < to;
    double[] into = null;
    if (frame != null && in) {
      into = frameOps.computeIfAbsent(frame, f -> new double[ops.length]);
    }
    for (int o = 0; o < ops.length; o++) {
      long now = core.nsCharged(ops[o]);
      long d = now - prev[o];
      prev[o] = now;
      if (d != 0 && in) {
        total[o] += d;
        if (into != null) {
          into[o] += d;
        }
      }
    }
  }

  @Override
  public void merged(Object from, Object into) {
    double[] v = frameOps.remove(from);
    if (v != null) {
      double[] t = frameOps.computeIfAbsent(into, f -> new double[ops.length]);
      for (int o = 0; o < v.length; o++) {
        t[o] += v[o];
      }
    }
  }

  @Override
  public void closed(Object frame, Span s) {
    double[] v = frameOps.remove(frame);
    if (s == null || s.startNs < from || s.startNs >= to) {
      return;
    }
    FitKey k = FitKey.of(s, app, Names.canonical());
    if (k == null) {
      return;
    }
    KeySums sums = keys.computeIfAbsent(k.name(), x -> new KeySums(k.regressors(), ops.length));
    int p = sums.regs.size();
    double[] x = new double[p];
    for (int j = 0; j < p; j++) {
      x[j] = sums.regs.get(j).of(s);
    }
    sums.n++;
    for (int j = 0; j < p; j++) {
      sums.xsum[j] += x[j];
      for (int l = 0; l < p; l++) {
        sums.xtx[j][l] += x[j] * x[l];
      }
      if (v != null) {
        for (int o = 0; o < ops.length; o++) {
          sums.xty[j][o] += x[j] * v[o];
        }
      }
    }
    if (v != null) {
      for (int o = 0; o < ops.length; o++) {
        sums.ySum[o] += v[o];
      }
    }
  }

  @Override
  public void dropped(Object frame) {
    frameOps.remove(frame);
  }

  @Override
  public void span(Span s) {
    // the spans' sums are taken in closed()
  }

  // ---------------------------------------------------------------- results

  /** The cost operations attributed, in the profile's order. */
  public List<String> ops() {
    return List.of(names);
  }

  /** ns charged to each op in the window, on every CPU. */
  public double totalNs(String op) {
    for (int o = 0; o < names.length; o++) {
      if (names[o].equals(op)) {
        return total[o];
      }
    }
    return 0;
  }

  /** ns of {@code op} inside the spans of {@code key}. */
  public double inKeyNs(String key, String op) {
    KeySums k = keys.get(key);
    if (k == null) {
      return 0;
    }
    for (int o = 0; o < names.length; o++) {
      if (names[o].equals(op)) {
        return k.ySum[o];
      }
    }
    return 0;
  }

  /** Spans of {@code key} in the window. */
  public long spans(String key) {
    KeySums k = keys.get(key);
    return k == null ? 0 : k.n;
  }

  /**
   * Per op, its ns per unit of each of {@code cols} in {@code key}'s spans (ordinary least
   * squares of the op's ns per span on the columns); null when the columns cannot be told apart
   * or the key is missing. Rows follow {@link #ops()}.
   */
  public double[][] perUnit(String key, List<Regressor> cols) {
    KeySums k = keys.get(key);
    if (k == null || k.n == 0) {
      return null;
    }
    int p = cols.size();
    int[] idx = new int[p];
    for (int j = 0; j < p; j++) {
      idx[j] = k.regs.indexOf(cols.get(j));
    }
    double[][] out = new double[names.length][];
    for (int o = 0; o < names.length; o++) {
      double[][] a = new double[p][p + 1];
      for (int j = 0; j < p; j++) {
        for (int l = 0; l < p; l++) {
          a[j][l] = k.xtx[idx[j]][idx[l]];
        }
        a[j][p] = k.xty[idx[j]][o];
      }
      double[] b = Solve.linear(a, p);
      if (b == null) {
        return null;
      }
      out[o] = b;
    }
    return out;
  }

  /** The mean of each of {@code cols} per span of {@code key}. */
  public double[] means(String key, List<Regressor> cols) {
    KeySums k = keys.get(key);
    double[] m = new double[cols.size()];
    if (k == null || k.n == 0) {
      return m;
    }
    for (int j = 0; j < cols.size(); j++) {
      m[j] = k.xsum[k.regs.indexOf(cols.get(j))] / k.n;
    }
    return m;
  }
}
