package io.nicsim.boardtrace.calibrate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.MathContext;
import io.nicsim.boardtrace.figures.Comparison;
import java.util.List;
import java.util.Locale;

/** What {@code nicsim trace calibrate} prints: the fits on both sides and the costs moved. */
public final class CalibrationReport {
  private CalibrationReport() {}

  public static String text(Calibrator.Result r, String base, ProfileWriter.Provenance p) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "calibrate %s from %s (sha256 %s, kernel %s, %s s"
        + " fitted): %d model runs%n", base, p.label(), p.sha256() == null ? "-"
        : p.sha256().substring(0, 16), p.kernel() == null ? "not recorded" : p.kernel(),
        num(p.windowSec()), r.rounds()));
    int w = 24;
    for (Calibrator.Coefficient c : r.coefficients()) {
      w = Math.max(w, c.key().length());
    }
    b.append(String.format(Locale.ROOT, "%-" + w + "s  %-22s %10s %10s %10s %6s %7s %8s%n",
        "fit", "per", "board us", base + " us", "now us", "ratio", "range", "spans"));
    for (Calibrator.Coefficient c : r.coefficients()) {
      boolean loose = c.relativeSe() > Calibrator.MAX_REL_SE;
      b.append(String.format(Locale.ROOT, "%-" + w + "s  %-22s %10s %10s %10s %6s %7s %8d%s%n",
          c.key(), c.column().words(), num(c.board() / 1e3), num(c.modelBase() / 1e3),
          num(c.modelCalibrated() / 1e3), ratio(c.ratioCalibrated()),
          loose ? "-" : String.format(Locale.ROOT, "%.1f%%",
              100 * ProfileWriter.range(c.spread(), c.relativeSe(), c.quantisation())),
          c.boardSpans(), loose ? String.format(Locale.ROOT, "  (loose: +-%.0f%%)",
              100 * c.relativeSe()) : ""));
    }
    b.append("ratio: the calibrated model's fit over the board's.\n");
    b.append(String.format(Locale.ROOT, "measured (class measured, %d costs):%n",
        r.fitted().size()));
    for (Calibrator.Fitted f : r.fitted()) {
      b.append(String.format(Locale.ROOT, "  %-22s %8d -> %8d ns  %-32s %s%n", f.op(),
          (long) f.base(), (long) f.value(), f.owner().key() + ", " + f.owner().column().words(),
          String.format(Locale.ROOT, "range %.1f%%", 100 * f.range())));
    }
    b.append(String.format(Locale.ROOT, "kept at %s's values (%d costs the trace cannot"
        + " measure):%n", base, r.kept().size()));
    for (Calibrator.Kept k : r.kept()) {
      b.append(String.format(Locale.ROOT, "  %-22s %8d ns  %s%n", k.op(), (long) k.value(),
          k.why()));
    }
    for (String s : r.skipped()) {
      b.append("not fitted: ").append(s).append('\n');
    }
    return b.toString();
  }

  /** The figures a calibrated profile must reproduce: its trace's rates, within this. */
  public static final double RATE_TOLERANCE = 0.10;

  /** Whether a row is one of the rates the calibrated model is held to. */
  static boolean isRate(String figure) {
    return figure.startsWith("packets/s ") || figure.startsWith("NAPI polls/s ")
        || figure.startsWith("NAPI work/poll ");
  }

  /**
   * The board's rates beside the calibrated model's (its last run), the CPU by context beside
   * them, and the other load each CPU was given.
   */
  public static String ratesText(Comparison c, List<Calibrator.OtherLoadParam> other) {
    StringBuilder b = new StringBuilder();
    for (Calibrator.OtherLoadParam l : other) {
      b.append(String.format(Locale.ROOT, "other load: cpu%d %.1f%% (params.other_load_pct_cpu%d;"
          + " %s)%n", l.cpu(), l.pct(), l.cpu(), l.source()));
    }
    b.append(String.format(Locale.ROOT, "%-36s %-6s %12s %12s %6s%n", "its own trace's figures",
        "unit", "board", "calibrated", "ratio"));
    int held = 0;
    int within = 0;
    for (Comparison.Row r : c.rows()) {
      boolean rate = isRate(r.figure());
      if (!rate && !r.figure().startsWith("CPU %")) {
        continue;
      }
      if (Double.isNaN(r.board())) {
        continue;
      }
      String mark = "";
      if (rate) {
        held++;
        boolean ok = Math.abs(r.ratio() - 1) <= RATE_TOLERANCE;
        within += ok ? 1 : 0;
        mark = ok ? "  ok" : "  MISS";
      }
      b.append(String.format(Locale.ROOT, "%-36s %-6s %12s %12s %6s%s%n", r.figure(), r.unit(),
          num(r.board()), num(r.model()), ratio(r.ratio()), mark));
    }
    b.append(String.format(Locale.ROOT, "rates within +-%.0f%% of the trace's: %d of %d%n",
        100 * RATE_TOLERANCE, within, held));
    return b.toString();
  }

  public static ObjectNode json(Calibrator.Result r, String base, ProfileWriter.Provenance p,
      String profilePath, ObjectMapper m, Comparison rates,
      List<Calibrator.OtherLoadParam> other) {
    ObjectNode o = json(r, base, p, profilePath, m);
    ArrayNode ol = o.putArray("other_load");
    for (Calibrator.OtherLoadParam l : other) {
      ObjectNode x = ol.addObject();
      x.put("cpu", l.cpu());
      x.put("pct", dec(l.pct()));
      x.put("source", l.source());
    }
    ArrayNode rs = o.putArray("own_figures");
    for (Comparison.Row row : rates.rows()) {
      if ((isRate(row.figure()) || row.figure().startsWith("CPU %")) && !Double.isNaN(row.board())) {
        ObjectNode x = rs.addObject();
        x.put("figure", row.figure());
        x.put("unit", row.unit());
        x.put("board", dec(row.board()));
        x.put("calibrated", dec(row.model()));
        x.put("ratio", dec(row.ratio()));
        x.put("rate", isRate(row.figure()));
      }
    }
    return o;
  }

  public static ObjectNode json(Calibrator.Result r, String base, ProfileWriter.Provenance p,
      String profilePath, ObjectMapper m) {
    ObjectNode o = m.createObjectNode();
    o.put("base", base);
    o.put("trace", p.label());
    o.put("sha256", p.sha256());
    o.put("kernel", p.kernel());
    o.put("window_s", dec(p.windowSec()));
    o.put("model_runs", r.rounds());
    o.put("profile", profilePath);
    ArrayNode cs = o.putArray("coefficients");
    for (Calibrator.Coefficient c : r.coefficients()) {
      ObjectNode x = cs.addObject();
      x.put("fit", c.key());
      x.put("per", c.column().words());
      x.put("board_ns", dec(c.board()));
      x.put("model_base_ns", dec(c.modelBase()));
      x.put("model_calibrated_ns", dec(c.modelCalibrated()));
      x.put("ratio", dec(c.ratioCalibrated()));
      x.put("relative_se", dec(c.relativeSe()));
      x.put("slice_spread", dec(c.spread()));
      x.put("spans", c.boardSpans());
      x.put("events", c.events());
    }
    ArrayNode fs = o.putArray("measured");
    for (Calibrator.Fitted f : r.fitted()) {
      ObjectNode x = fs.addObject();
      x.put("op", f.op());
      x.put("base_ns", (long) f.base());
      x.put("value_ns", (long) f.value());
      x.put("fit", f.owner().key());
      x.put("per", f.owner().column().words());
      x.put("share_in_spans", dec(f.share()));
      x.put("range", dec(f.range()));
    }
    ArrayNode ks = o.putArray("kept");
    for (Calibrator.Kept k : r.kept()) {
      ObjectNode x = ks.addObject();
      x.put("op", k.op());
      x.put("value_ns", (long) k.value());
      x.put("why", k.why());
    }
    ArrayNode sk = o.putArray("not_fitted");
    r.skipped().forEach(sk::add);
    return o;
  }

  private static BigDecimal dec(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return null;
    }
    return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros();
  }

  private static String ratio(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "-";
    }
    if (Math.abs(v) < 5e-4) {
      return "0";
    }
    return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }
}
