package io.nicsim.boardtrace;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.TraceEvent;
import io.nicsim.boardtrace.figures.FigureRecorder;
import io.nicsim.boardtrace.figures.FigureSet;
import io.nicsim.boardtrace.figures.XmitBatchMethod;
import io.nicsim.boardtrace.fit.SpanSamples;
import io.nicsim.boardtrace.parse.ImportStats;
import io.nicsim.boardtrace.parse.ParseOptions;
import io.nicsim.boardtrace.parse.TraceReader;
import io.nicsim.boardtrace.spans.SpanBuilder;
import io.nicsim.core.config.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * A board's trace file, read in two streaming passes: the first finds its facts (CPUs, clock,
 * window, which events it has), the second computes figures or fit samples over the window.
 */
public final class BoardTrace {
  private final Path file;
  private final ParseOptions options;
  private final ImportStats stats;
  private final Window window;
  private final SortedMap<String, Long> txDevices;
  private final Map<String, long[]> txSpan;
  /** Per device, its transmits in {@link #BIN_NS} bins: bin -> {count, first ts, last ts}. */
  private final Map<String, TreeMap<Long, long[]>> txBins;

  /** Where a CPU lost events: from its last event before a lost marker to its next one. */
  private final List<long[]> lostGaps;

  /** The bins the traffic's window is read from. */
  static final long BIN_NS = 10_000_000L;
  /** A bin belongs to the traffic when it holds at least this share of the busiest bin's. */
  static final double ACTIVE_SHARE = 0.1;

  /**
   * The trace's window: where every CPU's buffer holds events. A nicsim-written trace states
   * its measured window; otherwise it starts at the first event, or at the latest CPU's first
   * event when the ring overwrote that CPU's beginning ({@code ##### CPU N buffer started}),
   * and ends after the last event.
   *
   * @param fromNs start on the trace's clock
   * @param toNs end (exclusive)
   * @param source how it was chosen, for reports
   */
  public record Window(long fromNs, long toNs, String source) {
    public double seconds() {
      return (toNs - fromNs) / 1e9;
    }
  }

  private BoardTrace(Path file, ParseOptions options, ImportStats stats, Window window,
      SortedMap<String, Long> txDevices, Map<String, long[]> txSpan,
      Map<String, TreeMap<Long, long[]>> txBins,
      List<long[]> lostGaps) {
    this.txBins = txBins;
    this.lostGaps = lostGaps;
    this.txDevices = txDevices;
    this.txSpan = txSpan;
    this.file = file;
    this.options = options;
    this.stats = stats;
    this.window = window;
  }

  /**
   * Reads {@code file} once for its facts.
   *
   * @param fromSec seconds after the trace's first event where the window starts, or null
   * @param toSec seconds after the first event where it ends, or null
   */
  public static BoardTrace open(Path file, ParseOptions options, Double fromSec, Double toSec) {
    SortedMap<String, Long> tx = new TreeMap<>();
    Map<String, long[]> span = new HashMap<>();
    Map<String, TreeMap<Long, long[]>> bins = new HashMap<>();
    List<long[]> lostGaps = new ArrayList<>();
    Set<String> napi = new TreeSet<>();
    Map<Integer, long[]> lastOnCpu = new HashMap<>(); // {ts, lost pending}
    ImportStats s = TraceReader.read(file, new EventSink() {
      @Override
      public void lost(int cpu, long count) {
        long[] l = lastOnCpu.computeIfAbsent(cpu, k -> new long[] {Long.MIN_VALUE, 0});
        l[1] = 1;
      }

      @Override
      public void event(TraceEvent e) {
        long[] l = lastOnCpu.computeIfAbsent(e.cpu, k -> new long[] {Long.MIN_VALUE, 0});
        if (l[1] != 0) {
          // the CPU's events between its last one and this one are gone
          lostGaps.add(new long[] {l[0], e.ts});
          l[1] = 0;
        }
        l[0] = e.ts;
        xmit(e);
      }

      private void xmit(TraceEvent e) {
        if (e.kind == EventKind.NAPI_POLL && e.name != null) {
          napi.add(e.name);
        }
        if (e.kind == EventKind.NET_DEV_XMIT && e.name != null) {
          tx.merge(e.name, 1L, Long::sum);
          long[] sp = span.computeIfAbsent(e.name, k -> new long[] {e.ts, e.ts});
          sp[0] = Math.min(sp[0], e.ts);
          sp[1] = Math.max(sp[1], e.ts);
          long[] b = bins.computeIfAbsent(e.name, k -> new TreeMap<>())
              .computeIfAbsent(Math.floorDiv(e.ts, BIN_NS), k -> new long[] {0, e.ts, e.ts});
          b[0]++;
          b[1] = Math.min(b[1], e.ts);
          b[2] = Math.max(b[2], e.ts);
        }
      }
    }, options);
    if (s.kept == 0) {
      throw new BadInputException("trace " + file + ": no event nicsim reads (" + s.events
          + " event lines, none of irq, softirq, hrtimer, napi, net, skb, sched_switch or"
          + " syscalls); record with trace-cmd record -e irq -e timer -e napi -e net -e skb ...");
    }
    if (options.clockHz() > 0 && !s.rawClock) {
      throw BadInputException.field("--clock-hz", "the trace's timestamps are already in"
          + " seconds, which --clock-hz would not change", "no --clock-hz, or a trace of a raw"
          + " counter clock (trace_clock x86-tsc or counter)");
    }
    BoardTrace t = new BoardTrace(file, options, s, window(file, s, fromSec, toSec), tx, span,
        bins, lostGaps);
    t.napiDevices.addAll(napi);
    return t;
  }

  /** The devices the trace's NAPI polls name ({@code (no_device)}: the per-CPU backlog). */
  public SortedSet<String> napiDevices() {
    return Collections.unmodifiableSortedSet(napiDevices);
  }

  private final SortedSet<String> napiDevices = new TreeSet<>();

  /**
   * This trace over its traffic's window: where {@code dev} transmits at least a tenth of its
   * busiest 10 ms's rate, from the first such transmit to the last, within the window. A
   * traffic generator's own set-up and tear-down (iperf3's control connection before and after
   * its test, seconds of a few packets) then neither dilutes the rates nor the CPU shares that
   * are compared with a model that runs the traffic alone. This trace itself where {@code dev}
   * sends nothing in the window, or where {@code --from}/{@code --to} chose it.
   */
  public BoardTrace overTraffic(String dev) {
    TreeMap<Long, long[]> b = dev == null ? null : txBins.get(dev);
    if (b == null || window.source().equals("--from/--to")) {
      return this;
    }
    long busiest = 0;
    for (long[] v : b.values()) {
      busiest = Math.max(busiest, v[0]);
    }
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    long sent = 0;
    for (long[] v : b.values()) {
      if (v[0] >= ACTIVE_SHARE * busiest && v[2] >= window.fromNs() && v[1] < window.toNs()) {
        from = Math.min(from, Math.max(v[1], window.fromNs()));
        to = Math.max(to, Math.min(v[2] + 1, window.toNs()));
        sent += v[0];
      }
    }
    // a CPU that lost events mid-window lost transmits and time by context with them: the
    // longest stretch of the traffic without such a gap
    long[] best = {from, to};
    int gaps = 0;
    if (!lostGaps.isEmpty()) {
      List<long[]> cuts = new ArrayList<>();
      for (long[] g : lostGaps) {
        if (g[1] > from && g[0] < to) {
          cuts.add(g);
        }
      }
      cuts.sort(Comparator.comparingLong(g -> g[0]));
      gaps = cuts.size();
      long a = from;
      best = new long[] {0, 0};
      for (long[] g : cuts) {
        if (g[0] - a > best[1] - best[0]) {
          best = new long[] {a, g[0]};
        }
        a = Math.max(a, g[1]);
      }
      if (to - a > best[1] - best[0]) {
        best = new long[] {a, to};
      }
    }
    if (best[1] <= best[0] || (best[0] == window.fromNs() && best[1] == window.toNs())) {
      return this;
    }
    Window w = new Window(best[0], best[1], String.format(Locale.ROOT, "the"
        + " traffic's: %s's transmits where its rate is at least %.0f%% of its busiest %d ms"
        + " (%d transmits)%s", dev, 100 * ACTIVE_SHARE, BIN_NS / 1_000_000, sent, gaps == 0 ? ""
        : String.format(Locale.ROOT, "; its longest stretch between %d lost-event"
            + " gaps (%.3f of %.3f s)", gaps, (best[1] - best[0]) / 1e9, (to - from) / 1e9)));
    BoardTrace t = new BoardTrace(file, options, stats, w, txDevices, txSpan, txBins, lostGaps);
    t.napiDevices.addAll(napiDevices);
    return t;
  }

  /**
   * Refuses a trace whose timestamps go backwards on a CPU: spans and figures taken from it
   * would have negative or misplaced times (import reports such a trace; compare and calibrate
   * do not use it).
   */
  public BoardTrace requireInOrder() {
    if (stats.backwards > 0) {
      throw new BadInputException("trace " + file + ": " + stats.backwards + " event"
          + (stats.backwards == 1 ? "" : "s") + " earlier than the event before them on the"
          + " same CPU (an unstable clock, or lines out of order): figures and fits need a"
          + " trace in time order per CPU (accepted: a trace as the kernel or trace-cmd wrote it)");
    }
    return this;
  }

  static Window window(Path file, ImportStats s, Double fromSec, Double toSec) {
    long from;
    long to;
    String source;
    if (s.windowFromNs >= 0 && s.windowToNs > s.windowFromNs) {
      from = s.windowFromNs;
      to = s.windowToNs;
      source = "the measured window the trace states";
    } else {
      from = s.firstTs;
      source = "first to last event";
      for (int cpu : s.bufferStarted) {
        Long f = s.firstTsByCpu.get(cpu);
        if (f != null && f > from) {
          from = f;
          source = "from CPU " + cpu + "'s first event (its buffer started late) to the last";
        }
      }
      to = s.lastTs + 1;
    }
    long first = s.firstTs;
    if (fromSec != null || toSec != null) {
      long a = fromSec == null ? from : first + Math.round(fromSec * 1e9);
      long b = toSec == null ? to : first + Math.round(toSec * 1e9);
      if (fromSec != null && (fromSec < 0 || a >= s.lastTs)) {
        throw BadInputException.field("--from", fromSec + " s is outside the trace",
            "0.." + String.format(Locale.ROOT, "%.6f", s.spanSec()) + " s after its"
                + " first event");
      }
      if (b <= a) {
        throw BadInputException.field("--to", toSec + " s is not after --from",
            "a time after --from, up to " + String.format(Locale.ROOT, "%.6f",
                s.spanSec()) + " s");
      }
      from = a;
      to = b;
      source = "--from/--to";
    }
    if (to <= from) {
      throw new BadInputException("trace " + file + ": its events span no time (one"
          + " timestamp); a window needs two");
    }
    return new Window(from, to, source);
  }

  /**
   * Seconds after the trace's first event of {@code dev}'s first and last transmit, or null
   * when it sends nothing (a window over the traffic alone: {@code open(…, from, to)}).
   */
  public double[] txSeconds(String dev) {
    long[] sp = txSpan.get(dev);
    return sp == null ? null : new double[] {(sp[0] - stats.firstTs) / 1e9,
        (sp[1] - stats.firstTs) / 1e9};
  }

  /** The devices the trace transmits on (net_dev_xmit), with their transmits. */
  public SortedMap<String, Long> txDevices() {
    return txDevices;
  }

  /**
   * The device the model's {@code eth0} stands for when the user mapped none: the one device
   * that carries the trace's transmits (at least 99% of them: a board's other NIC may send a
   * few management frames), or null when there is no such single device or it is eth0 already.
   */
  public String soleNic() {
    long all = 0;
    for (long n : txDevices.values()) {
      all += n;
    }
    for (Map.Entry<String, Long> d : txDevices.entrySet()) {
      if (d.getValue() >= 0.99 * all && all > 0) {
        return d.getKey().equals("eth0") ? null : d.getKey();
      }
    }
    return null;
  }

  public ImportStats stats() {
    return stats;
  }

  public Window window() {
    return window;
  }

  /** How xmit batches can be told in this trace. */
  public XmitBatchMethod batchMethod() {
    return hasXmitMore() ? XmitBatchMethod.XMIT_MORE : XmitBatchMethod.INFERRED;
  }

  private Boolean xmitMore;

  private boolean hasXmitMore() {
    if (xmitMore == null) {
      boolean[] seen = {false};
      if (stats.keptByEvent.containsKey("net_dev_start_xmit")) {
        TraceReader.read(file, e -> {
          if (e.xmitMore >= 0) {
            seen[0] = true;
          }
        }, options);
      }
      xmitMore = seen[0];
    }
    return xmitMore;
  }

  /** The figures over the window (a second pass). */
  public FigureSet figures(XmitBatchMethod method, UnaryOperator<String> rename) {
    return recorded(method, rename).result();
  }

  /** The recorder of the figures over the window, for its CPU time by task too. */
  public FigureRecorder recorded(XmitBatchMethod method, UnaryOperator<String> rename) {
    FigureRecorder r = new FigureRecorder(window.fromNs(), window.toNs(), method, rename);
    TraceReader.read(file, r, options);
    return r;
  }

  /** The spans of the fits over the window (a second pass). */
  public SpanSamples spans(String app, UnaryOperator<String> rename) {
    return spans(app, rename, 0);
  }

  /**
   * As {@link #spans(String, UnaryOperator)}, each span's time less the tracing's own cost of
   * the events inside it ({@code tracingNsPerEvent}, measured on the board: the same workload
   * with and without the events enabled).
   */
  public SpanSamples spans(String app, UnaryOperator<String> rename, double tracingNsPerEvent) {
    SpanSamples s = new SpanSamples(app, rename, window.fromNs(), window.toNs(),
        tracingNsPerEvent);
    SpanBuilder b = new SpanBuilder(s);
    TraceReader.read(file, b, options);
    return s;
  }

  /** Another pass to a sink of the caller's (import --out). */
  public void replay(EventSink sink) {
    TraceReader.read(file, sink, options);
  }

  public Path file() {
    return file;
  }
}
