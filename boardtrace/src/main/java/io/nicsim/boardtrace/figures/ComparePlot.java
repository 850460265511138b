package io.nicsim.boardtrace.figures;

import io.nicsim.formats.plot.Chart;
import io.nicsim.formats.plot.Plots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The distributions of a comparison side by side, one panel each: the board's and the model's
 * share of events per value (NAPI work per poll, xmit batch size) or per log-spaced duration
 * bucket (TX completion latency, inter-IRQ intervals), as steps (the board solid, the model
 * dashed; formats' {@link Plots#steps} draws them).
 */
public final class ComparePlot {
  private ComparePlot() {}

  /** One chart per distribution both sides have (the board's name order). */
  public static List<Chart> panels(Comparison c) {
    List<Chart> out = new ArrayList<>();
    for (Distribution m : c.model().distributions()) {
      Distribution b = c.board().distribution(m.name());
      if (b == null || b.total() == 0 || m.total() == 0) {
        continue;
      }
      out.add(panel(b, m));
    }
    return out;
  }

  static Chart panel(Distribution board, Distribution model) {
    LinkedHashMap<String, double[][]> series = new LinkedHashMap<>();
    series.put("board", shares(board));
    series.put("model", shares(model));
    return Plots.steps(board.name(), board.name() + " (" + board.unit() + ")",
        "share of events (%)", board.logBuckets(), series);
  }

  /** Each value's share of the events in percent; a log axis's values at least 0.001. */
  private static double[][] shares(Distribution d) {
    List<double[]> out = new ArrayList<>();
    double total = d.total();
    for (Map.Entry<Double, Long> e : d.counts().entrySet()) {
      double x = d.logBuckets() ? Math.max(e.getKey(), 1e-3) : e.getKey();
      out.add(new double[] {x, 100.0 * e.getValue() / total});
    }
    return out.toArray(new double[0][]);
  }
}
