package io.nicsim.boardtrace.figures;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

/**
 * Board and model side by side: one row per figure the model has (its IRQ lines, timers,
 * devices and CPUs), the board's value of the same figure, and model / board.
 */
public final class Comparison {
  /**
   * One row. {@code board} is NaN when the trace has no such figure (the event was not
   * recorded, or the board has no such object); {@code ratio} is model / board, NaN when the
   * board's value is missing or zero.
   */
  public record Row(String figure, String unit, double board, double model, double ratio) {}

  private final List<Row> rows;
  private final List<Figure> boardOnly;
  private final FigureSet board;
  private final FigureSet model;

  private Comparison(List<Row> rows, List<Figure> boardOnly, FigureSet board, FigureSet model) {
    this.rows = rows;
    this.boardOnly = boardOnly;
    this.board = board;
    this.model = model;
  }

  /** The per-CPU figures' prefix: a CPU the model's run never used still exists in it. */
  static final String PER_CPU = "softirq time cpu";
  /** The per-CPU time by context (mpstat's split). */
  static final String PER_CPU_CONTEXT = "CPU %";

  public static Comparison of(FigureSet board, FigureSet model) {
    Map<String, Figure> b = board.byName();
    Map<String, Figure> m = model.byName();
    List<Row> rows = new ArrayList<>();
    for (Figure f : model.rows()) {
      Figure bf = b.get(f.figure());
      double bv = bf == null ? Double.NaN : bf.value();
      double ratio = bf == null || bv == 0 ? (bv == 0 && f.value() == 0 ? 1 : Double.NaN)
          : f.value() / bv;
      rows.add(new Row(f.figure(), f.unit(), bv, f.value(), ratio));
    }
    List<Figure> only = new ArrayList<>();
    for (Figure f : board.rows()) {
      if (m.containsKey(f.figure())) {
        continue;
      }
      if (f.figure().startsWith(PER_CPU) || f.figure().startsWith(PER_CPU_CONTEXT)) {
        // every CPU is an object of the model: one that spent no time there reads 0, and the
        // board's CPU keeps its row
        rows.add(new Row(f.figure(), f.unit(), f.value(), 0, f.value() == 0 ? 1 : 0));
      } else {
        only.add(f);
      }
    }
    return new Comparison(rows, only, board, model);
  }

  public List<Row> rows() {
    return rows;
  }

  /** The rows of the kernel's own accounting: {@code kernel %irq cpu0} …. */
  public static final String KERNEL = "kernel %";

  /**
   * With the kernel's own CPU accounting over the recording ({@link ProcStat}, {@code
   * /proc/stat} captured before and after it): one row per CPU and context, {@code kernel %soft
   * cpu1}, the kernel's share beside the model's share of the same context ({@code CPU %soft
   * cpu1}; steal, which the model has none of, reads 0), after the trace's own {@code CPU %}
   * rows, so the board's trace and the kernel's counters can be read against each other too.
   */
  public Comparison withKernel(SortedMap<String, Double> kernel) {
    Map<String, Figure> m = model.byName();
    List<Row> out = new ArrayList<>(rows);
    for (Map.Entry<String, Double> e : kernel.entrySet()) {
      String traceName = e.getKey();
      Figure mf = m.get(traceName);
      double mv = mf == null ? 0 : mf.value();
      double bv = e.getValue();
      double ratio = bv == 0 ? (mv == 0 ? 1 : Double.NaN) : mv / bv;
      out.add(new Row(KERNEL + traceName.substring(PER_CPU_CONTEXT.length()), "%", bv, mv,
          ratio));
    }
    return new Comparison(out, boardOnly, board, model);
  }

  /** Figures of objects the model does not have (the board's other IRQ lines, timers). */
  public List<Figure> boardOnly() {
    return boardOnly;
  }

  public FigureSet board() {
    return board;
  }

  public FigureSet model() {
    return model;
  }

  /** The table: figure, unit, board, model, model/board. */
  public String text() {
    int w = 34;
    for (Row r : rows) {
      w = Math.max(w, r.figure().length());
    }
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%-" + w + "s  %-5s  %12s  %12s  %6s%n", "figure",
        "unit", "board", "model", "ratio"));
    for (Row r : rows) {
      sb.append(String.format(Locale.ROOT, "%-" + w + "s  %-5s  %12s  %12s  %6s%n", r.figure(),
          r.unit(), num(r.board()), num(r.model()),
          Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.2f", r.ratio())));
    }
    return sb.toString();
  }

  /** {"rows": [{"figure", "unit", "board", "model", "ratio"}]}; a missing number is null. */
  public ObjectNode json(ObjectMapper mapper) {
    ObjectNode root = mapper.createObjectNode();
    ArrayNode a = root.putArray("rows");
    for (Row r : rows) {
      ObjectNode o = a.addObject();
      o.put("figure", r.figure());
      o.put("unit", r.unit());
      put(o, "board", r.board());
      put(o, "model", r.model());
      put(o, "ratio", r.ratio());
    }
    return root;
  }

  private static void put(ObjectNode o, String k, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      o.putNull(k);
    } else {
      o.put(k, new BigDecimal(v).round(new MathContext(9)).stripTrailingZeros());
    }
  }

  /** Four significant digits, no exponent. */
  static String num(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (v == 0) {
      return "0";
    }
    BigDecimal d = new BigDecimal(v).round(new MathContext(4));
    return d.abs().compareTo(BigDecimal.valueOf(1_000_000)) >= 0
        ? d.setScale(0, RoundingMode.HALF_EVEN).toPlainString()
        : d.stripTrailingZeros().toPlainString();
  }
}
