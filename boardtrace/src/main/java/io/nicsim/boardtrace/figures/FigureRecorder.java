package io.nicsim.boardtrace.figures;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.Names;
import io.nicsim.boardtrace.event.TraceEvent;
import io.nicsim.boardtrace.spans.Span;
import io.nicsim.boardtrace.spans.SpanBuilder;
import io.nicsim.boardtrace.spans.SpanKind;
import io.nicsim.boardtrace.spans.SpanSink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Computes the figures a reviewer compares, from a trace's events, over a window: IRQs per
 * second per line and their inter-arrival percentiles, hrtimer starts/cancels/expiries per
 * second per callback, NAPI polls per second and work per poll per device, softirq time per
 * second per CPU and per vector, xmit batch sizes, TX completion latency (net_dev_xmit to the
 * skb's consume_skb/kfree_skb) percentiles and packets per second. Board traces and model runs
 * go through this same class; only the window and the names differ.
 */
public final class FigureRecorder implements EventSink, SpanSink {
  private final long from;
  private final long to;
  private final XmitBatchMethod batchMethod;
  private final UnaryOperator<String> rename;
  private final SpanBuilder spans = new SpanBuilder(this);
  private final ContextTime contexts;

  private final Map<String, long[]> irqs = new TreeMap<>(); // count, last entry ts
  private final Map<String, Histogram> irqGaps = new TreeMap<>();
  private final Map<Long, String> timerFn = new HashMap<>();
  private final Map<String, long[]> timers = new TreeMap<>(); // starts, cancels, expiries
  private final Map<String, TreeMap<Integer, Long>> napiWork = new TreeMap<>();
  private final Map<String, long[]> packets = new TreeMap<>(); // tx, rx
  private final Map<Integer, long[]> softirqByCpu = new TreeMap<>(); // ns
  private final Map<String, long[]> softirqByVec = new TreeMap<>();
  private final TreeMap<Integer, Long> batches = new TreeMap<>();
  private final Map<Integer, int[]> batchState = new HashMap<>(); // run, last kind ordinal
  private final Histogram txCompletion = new Histogram(3);
  private final LinkedHashMap<Long, Long> inFlight = new LinkedHashMap<>(1024, 0.75f, false) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
      return size() > 1 << 20; // an skb never freed (dropped elsewhere) must not grow this
    }
  };
  private long xmitMoreSeen;

  /**
   * @param fromNs window start (events before it are not counted)
   * @param toNs window end (exclusive)
   * @param batchMethod how xmit batches are told
   * @param rename maps a trace's IRQ, device and callback names to the model's (identity for
   *     the model itself)
   */
  public FigureRecorder(long fromNs, long toNs, XmitBatchMethod batchMethod,
      UnaryOperator<String> rename) {
    if (toNs <= fromNs) {
      throw new IllegalArgumentException("empty window " + fromNs + ".." + toNs);
    }
    this.from = fromNs;
    this.to = toNs;
    this.batchMethod = batchMethod;
    this.contexts = new ContextTime(fromNs, toNs);
    this.rename = rename == null ? Names.canonical() : rename;
  }

  private boolean in(long ts) {
    return ts >= from && ts < to;
  }

  @Override
  public void event(TraceEvent e) {
    spans.event(e);
    contexts.event(e);
    batch(e);
    boolean in = in(e.ts);
    switch (e.kind) {
      case IRQ_HANDLER_ENTRY -> {
        String line = rename.apply(e.name);
        long[] c = irqs.computeIfAbsent(line, k -> new long[] {0, Long.MIN_VALUE});
        if (in) {
          c[0]++;
          if (c[1] != Long.MIN_VALUE) {
            irqGaps.computeIfAbsent(line, k -> new Histogram(3)).recordValue(e.ts - c[1]);
          }
        }
        c[1] = e.ts;
      }
      case HRTIMER_START -> {
        String fn = rename.apply(e.name);
        timerFn.put(e.addr, fn);
        if (in) {
          timers.computeIfAbsent(fn, k -> new long[3])[0]++;
        }
      }
      case HRTIMER_CANCEL -> {
        String fn = timerFn.get(e.addr);
        if (in && fn != null) {
          timers.computeIfAbsent(fn, k -> new long[3])[1]++;
        }
      }
      case HRTIMER_EXPIRE_ENTRY -> {
        String fn = rename.apply(e.name);
        timerFn.put(e.addr, fn);
        if (in) {
          timers.computeIfAbsent(fn, k -> new long[3])[2]++;
        }
      }
      case NAPI_POLL -> {
        if (in) {
          napiWork.computeIfAbsent(rename.apply(e.name), k -> new TreeMap<>())
              .merge(e.work, 1L, Long::sum);
        }
      }
      case NET_DEV_XMIT -> {
        if (e.ret == 0) {
          if (in) {
            packets.computeIfAbsent(rename.apply(e.name), k -> new long[2])[0]++;
            inFlight.put(e.addr, e.ts);
          }
        }
      }
      case NETIF_RECEIVE_SKB -> {
        if (in) {
          packets.computeIfAbsent(rename.apply(e.name), k -> new long[2])[1]++;
        }
      }
      case CONSUME_SKB, KFREE_SKB -> {
        Long t = inFlight.remove(e.addr);
        if (t != null) {
          txCompletion.recordValue(e.ts - t);
        }
      }
      case NET_DEV_START_XMIT -> {
        if (e.xmitMore != TraceEvent.UNKNOWN) {
          xmitMoreSeen++;
        }
      }
      default -> {
        // counted through the spans
      }
    }
  }

  /** Xmit batches: see {@link XmitBatchMethod}. */
  private void batch(TraceEvent e) {
    int[] st = batchState.computeIfAbsent(e.cpu, k -> new int[] {0, -1});
    if (batchMethod == XmitBatchMethod.XMIT_MORE) {
      if (e.kind == EventKind.NET_DEV_START_XMIT && in(e.ts)) {
        st[0]++;
        if (e.xmitMore == 0) {
          batches.merge(st[0], 1L, Long::sum);
          st[0] = 0;
        }
      }
      return;
    }
    if (e.kind == EventKind.NET_DEV_START_XMIT) {
      if (st[1] == EventKind.NET_DEV_XMIT.ordinal() && st[0] > 0) {
        st[0]++;
      } else {
        endRun(st);
        st[0] = in(e.ts) ? 1 : 0;
      }
    } else if (e.kind != EventKind.NET_DEV_XMIT) {
      endRun(st);
    }
    st[1] = e.kind.ordinal();
  }

  private void endRun(int[] st) {
    if (st[0] > 0) {
      batches.merge(st[0], 1L, Long::sum);
    }
    st[0] = 0;
  }

  @Override
  public void span(Span s) {
    if (s.kind != SpanKind.SOFTIRQ || !in(s.startNs)) {
      return;
    }
    softirqByCpu.computeIfAbsent(s.cpu, k -> new long[1])[0] += s.selfNs;
    long[] v = softirqByVec.computeIfAbsent(s.label, k -> new long[2]);
    v[0] += s.selfNs;
    v[1]++;
  }

  @Override
  public void lost(int cpu, long count) {
    spans.lost(cpu, count);
    contexts.lost(cpu, count);
    int[] st = batchState.get(cpu);
    if (st != null) {
      st[0] = 0;
      st[1] = -1;
    }
  }

  @Override
  public void bufferStarted(int cpu) {
    lost(cpu, -1);
  }

  @Override
  public void end() {
    if (batchMethod == XmitBatchMethod.INFERRED) {
      for (int[] st : batchState.values()) {
        endRun(st);
      }
    }
  }

  /** Each CPU's time by context and by task over the window. */
  public ContextTime contexts() {
    return contexts;
  }

  /** Transmits that printed xmit_more (0 for a kernel's own trace). */
  public long xmitMoreSeen() {
    return xmitMoreSeen;
  }

  /** The figures (call after the trace ended). */
  public FigureSet result() {
    double sec = (to - from) / 1e9;
    List<Figure> rows = new ArrayList<>();
    List<Distribution> dists = new ArrayList<>();
    for (Map.Entry<String, long[]> e : irqs.entrySet()) {
      rows.add(new Figure("IRQ/s " + e.getKey(), "/s", e.getValue()[0] / sec));
    }
    for (Map.Entry<String, long[]> e : timers.entrySet()) {
      long[] c = e.getValue();
      rows.add(new Figure("hrtimer_start/s " + e.getKey(), "/s", c[0] / sec));
      rows.add(new Figure("hrtimer_cancel/s " + e.getKey(), "/s", c[1] / sec));
      rows.add(new Figure("hrtimer expiries/s " + e.getKey(), "/s", c[2] / sec));
    }
    for (Map.Entry<String, TreeMap<Integer, Long>> e : napiWork.entrySet()) {
      long polls = 0;
      long work = 0;
      long zero = e.getValue().getOrDefault(0, 0L);
      for (Map.Entry<Integer, Long> w : e.getValue().entrySet()) {
        polls += w.getValue();
        work += (long) w.getKey() * w.getValue();
      }
      String dev = e.getKey();
      rows.add(new Figure("NAPI polls/s " + dev, "/s", polls / sec));
      rows.add(new Figure("NAPI work/poll " + dev, "", polls == 0 ? 0 : (double) work / polls));
      rows.add(new Figure("NAPI polls with no work " + dev, "%",
          polls == 0 ? 0 : 100.0 * zero / polls));
      TreeMap<Double, Long> h = new TreeMap<>();
      e.getValue().forEach((k, v) -> h.put((double) k, v));
      dists.add(new Distribution("NAPI work per poll " + dev, "packets", h, false));
    }
    for (Map.Entry<Integer, long[]> e : softirqByCpu.entrySet()) {
      rows.add(new Figure("softirq time cpu" + e.getKey(), "ms/s", e.getValue()[0] / 1e6 / sec));
    }
    for (Map.Entry<String, long[]> e : softirqByVec.entrySet()) {
      rows.add(new Figure("softirq time " + e.getKey(), "ms/s", e.getValue()[0] / 1e6 / sec));
    }
    for (Map.Entry<String, long[]> e : softirqByVec.entrySet()) {
      rows.add(new Figure("softirqs/s " + e.getKey(), "/s", e.getValue()[1] / sec));
    }
    if (!batches.isEmpty()) {
      long n = 0;
      long skbs = 0;
      long multi = 0;
      for (Map.Entry<Integer, Long> b : batches.entrySet()) {
        n += b.getValue();
        skbs += (long) b.getKey() * b.getValue();
        if (b.getKey() > 1) {
          multi += b.getValue();
        }
      }
      rows.add(new Figure("xmit batch size", "skbs", (double) skbs / n));
      rows.add(new Figure("xmit batches of more than one", "%", 100.0 * multi / n));
      rows.add(new Figure("xmit batch size p99", "skbs", percentile(batches, n, 0.99)));
      TreeMap<Double, Long> h = new TreeMap<>();
      batches.forEach((k, v) -> h.put((double) k, v));
      dists.add(new Distribution("xmit batch size (" + batchMethod.description() + ")", "skbs",
          h, false));
    }
    if (txCompletion.getTotalCount() > 0) {
      for (double p : new double[] {50, 90, 99}) {
        rows.add(new Figure("TX completion latency p" + (int) p, "us",
            txCompletion.getValueAtPercentile(p) / 1e3));
      }
      dists.add(logDistribution("TX completion latency (net_dev_xmit to free)", txCompletion));
    }
    for (Map.Entry<String, Histogram> e : irqGaps.entrySet()) {
      for (double p : new double[] {50, 90, 99}) {
        rows.add(new Figure("inter-IRQ interval p" + (int) p + " " + e.getKey(), "us",
            e.getValue().getValueAtPercentile(p) / 1e3));
      }
      dists.add(logDistribution("inter-IRQ interval " + e.getKey(), e.getValue()));
    }
    for (Map.Entry<String, long[]> e : packets.entrySet()) {
      if (e.getValue()[0] > 0) {
        rows.add(new Figure("packets/s TX " + e.getKey(), "/s", e.getValue()[0] / sec));
      }
      if (e.getValue()[1] > 0) {
        rows.add(new Figure("packets/s RX " + e.getKey(), "/s", e.getValue()[1] / sec));
      }
    }
    rows.addAll(contexts.rows());
    return new FigureSet(rows, dists, from, to, batchMethod);
  }

  private static double percentile(TreeMap<Integer, Long> h, long n, double q) {
    long want = (long) Math.ceil(q * n);
    long seen = 0;
    for (Map.Entry<Integer, Long> e : h.entrySet()) {
      seen += e.getValue();
      if (seen >= want) {
        return e.getKey();
      }
    }
    return h.lastKey();
  }

  /** A duration histogram in µs on log-spaced buckets (8 per decade). */
  private static Distribution logDistribution(String name, Histogram h) {
    TreeMap<Double, Long> m = new TreeMap<>();
    for (HistogramIterationValue v : h.recordedValues()) {
      double us = v.getValueIteratedTo() / 1e3;
      double edge = us <= 0.001 ? 0.001 : Math.pow(10, Math.floor(Math.log10(us) * 8) / 8);
      m.merge(edge, v.getCountAtValueIteratedTo(), Long::sum);
    }
    return new Distribution(name, "us", m, true);
  }
}
