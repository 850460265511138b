package io.nicsim.boardtrace.calibrate;

import io.nicsim.boardtrace.fit.CostFit;
import io.nicsim.boardtrace.fit.Regressor;
import io.nicsim.boardtrace.fit.SpanSamples;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a calibrated SoC profile: {@code inherits: BASE}, one {@code costs} entry per fitted
 * operation ({@code class: measured}, {@code range} from the fit's spread, the source naming
 * the trace, its hash, the kernel, the events and the fit), and a closing comment listing the
 * costs the trace cannot see, which keep BASE's values.
 */
public final class ProfileWriter {
  /** A measured number's range is at least this (the slices of a short trace agree closely). */
  public static final double MIN_RANGE = 0.01;
  public static final double MAX_RANGE = 0.5;

  private ProfileWriter() {}

  /**
   * Where the trace came from.
   *
   * @param label the trace's file name
   * @param sha256 its bytes' SHA-256 (hex)
   * @param kernel the board's kernel when the trace says (trace.dat's uname), or the user's
   *     --board-kernel, or null
   * @param cpus the board's CPUs
   * @param windowSec the window fitted
   * @param name the new profile's name
   */
  public record Provenance(String label, String sha256, String kernel, int cpus,
      double windowSec, String name) {}

  /**
   * The relative range of a coefficient: half the spread of its fits over the trace's time
   * slices (how much the board's cost drifts over the trace), or twice its standard error
   * (how well the trace pins it down), or the bias the trace's clock tick allows
   * ({@code Calibrator.quantisation}: half a tick over the span's mean on a microsecond
   * clock), whichever is widest; at least 1%.
   */
  static double range(double spread, double relativeSe, double quantisation) {
    double r = Math.max(Math.max(Double.isNaN(spread) ? 0 : spread, 2 * relativeSe),
        quantisation);
    return Math.min(MAX_RANGE, Math.max(MIN_RANGE, r));
  }

  static String yaml(Provenance p, SocProfile base, Map<String, Double> value,
      Map<String, double[]> moving, List<String> keys, Map<String, CostFit> boardFits,
      Map<String, CostFit> modelFits, Map<String, List<Regressor>> columns, SpanSamples board,
      List<Calibrator.Kept> kept, String baseName, List<Calibrator.OtherLoadParam> otherLoad,
      Map<String, Double> quantisation) {
    StringBuilder y = new StringBuilder();
    String hash = p.sha256() == null ? "unknown" : p.sha256().substring(0, 16);
    y.append("# Calibrated by nicsim trace calibrate from the trace ").append(p.label())
        .append("\n# (sha256 ").append(p.sha256() == null ? "unknown" : p.sha256())
        .append("),\n# kernel ").append(p.kernel() == null ? "not recorded in the trace"
            : p.kernel()).append(", ").append(p.cpus()).append(" CPUs, ")
        .append(fmt(p.windowSec())).append(" s fitted.\n")
        .append("# Method: each span's own time (nested work and off-CPU time excluded) fitted"
            + " by Huber IRLS\n# (k = 1.345, scale floored at the trace's tick) on its work"
            + " counts, board and model\n# alike; each cost below is BASE's times board / model"
            + " of the coefficient holding\n# most of its time (see boardtrace/README.md)."
            + " Costs the trace cannot see keep\n# ").append(baseName)
        .append("'s values (listed at the end).\n");
    y.append("name: ").append(p.name()).append('\n');
    y.append("title: \"").append(esc(base.title() + ", costs measured from " + p.label()))
        .append("\"\n");
    y.append("inherits: ").append(baseName).append('\n');
    if (!otherLoad.isEmpty()) {
      y.append("params:\n");
      for (Calibrator.OtherLoadParam l : otherLoad) {
        y.append("  other_load_pct_cpu").append(l.cpu()).append(": {value: ")
            .append(String.format(Locale.ROOT, "%.2f", l.pct())).append(", source: \"")
            .append(esc("measured: trace " + p.label() + " sha256:" + hash + ": " + l.source()
                + "; range: an estimate of how much other tasks' share moves between"
                + " recordings on a shared machine"))
            .append("\", class: measured, range: 10%}\n");
      }
    }
    y.append("costs:\n");
    for (Map.Entry<String, double[]> e : moving.entrySet()) {
      String op = e.getKey();
      double[] w = e.getValue();
      String key = keys.get((int) w[0]);
      int j = (int) w[1];
      CostFit b = boardFits.get(key);
      Regressor col = columns.get(key).get(j);
      double qt = quantisation.getOrDefault(key, 0.0);
      double r = range(b.spread()[j], b.relativeSe(j), qt);
      Quantity q = base.costs().get(op);
      String src = "measured: trace " + p.label() + " sha256:" + hash + " (kernel "
          + (p.kernel() == null ? "not recorded" : p.kernel()) + ", events "
          + board.events(key) + "): '" + key + "' " + fmt(b.coef()[j] / 1e3) + " us "
          + col.words() + " over " + b.seen() + " spans (Huber IRLS); " + op + " holds "
          + pct(w[2]) + " of its time in these spans and was " + (long) q.value()
          + " ns in " + baseName + "; range: the wider of half the spread of the fit over "
          + SpanSamples.SLICES + " time slices (" + (Double.isNaN(b.spread()[j]) ? "too few spans"
              : pct(b.spread()[j])) + ") and twice its standard error (" + pct(2 * b.relativeSe(j))
          + ")" + (qt > 0 ? " and the trace's clock tick (half a tick over the span's mean: "
              + pct(qt) + ")" : "");
      y.append("  ").append(op).append(": {value: ").append((long) Math.rint(value.get(op)))
          .append(", source: \"").append(esc(src)).append("\", class: measured, range: ")
          .append(String.format(Locale.ROOT, "%.1f%%", 100 * r)).append("}\n");
    }
    y.append("# Not measured, ").append(baseName).append("'s values kept:\n");
    for (Calibrator.Kept k : kept) {
      y.append("#   ").append(k.op()).append(" = ").append((long) k.value()).append(" ns: ")
          .append(k.why()).append('\n');
    }
    return y.toString();
  }

  private static String pct(double share) {
    return String.format(Locale.ROOT, "%.0f%%", 100 * share);
  }

  private static String fmt(double v) {
    return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros()
        .toPlainString();
  }

  private static String esc(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
