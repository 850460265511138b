package io.nicsim.boardtrace.figures;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side's figures: rows in a stable order and the distributions behind them.
 *
 * @param fromNs the window's start on the trace's clock
 * @param toNs the window's end
 * @param batchMethod how xmit batches were told
 */
public record FigureSet(List<Figure> rows, List<Distribution> distributions, long fromNs,
    long toNs, XmitBatchMethod batchMethod) {

  public FigureSet {
    rows = List.copyOf(rows);
    distributions = List.copyOf(distributions);
  }

  /** Rows by figure name. */
  public Map<String, Figure> byName() {
    Map<String, Figure> m = new LinkedHashMap<>();
    for (Figure f : rows) {
      m.put(f.figure(), f);
    }
    return m;
  }

  /** A row's value, or NaN. */
  public double value(String figure) {
    Figure f = byName().get(figure);
    return f == null ? Double.NaN : f.value();
  }

  public Distribution distribution(String name) {
    for (Distribution d : distributions) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }
}
