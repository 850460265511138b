package io.nicsim.boardtrace.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The distributions of a comparison side by side, one panel each: the board's and the model's
 * share of events per value (NAPI work per poll, xmit batch size) or per log-spaced duration
 * bucket (TX completion latency, inter-IRQ intervals), as steps.
 */
public final class ComparePlot {
  private static final Color BOARD = new Color(0x1f, 0x77, 0xb4);
  private static final Color MODEL = new Color(0xd6, 0x27, 0x28);

  private ComparePlot() {}

  /** One chart per distribution both sides have (the board's name order). */
  public static List<JFreeChart> panels(Comparison c) {
    List<JFreeChart> out = new ArrayList<>();
    for (Distribution m : c.model().distributions()) {
      Distribution b = c.board().distribution(m.name());
      if (b == null || b.total() == 0 || m.total() == 0) {
        continue;
      }
      out.add(panel(b, m));
    }
    return out;
  }

  static JFreeChart panel(Distribution board, Distribution model) {
    XYSeriesCollection data = new XYSeriesCollection();
    data.addSeries(series("board", board));
    data.addSeries(series("model", model));
    NumberAxis y = new NumberAxis("share of events (%)");
    y.setAutoRangeIncludesZero(true);
    XYPlot plot;
    if (board.logBuckets()) {
      LogAxis x = new LogAxis(board.name() + " (" + board.unit() + ")");
      x.setSmallestValue(1e-3);
      plot = new XYPlot(data, x, y, renderer());
    } else {
      NumberAxis x = new NumberAxis(board.name() + " (" + board.unit() + ")");
      x.setAutoRangeIncludesZero(true);
      plot = new XYPlot(data, x, y, renderer());
    }
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(board.name(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }

  private static XYStepRenderer renderer() {
    XYStepRenderer r = new XYStepRenderer();
    r.setSeriesPaint(0, BOARD);
    r.setSeriesPaint(1, MODEL);
    r.setSeriesStroke(0, new BasicStroke(2f));
    r.setSeriesStroke(1, new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f,
        new float[] {6f, 3f}, 0f));
    return r;
  }

  private static XYSeries series(String name, Distribution d) {
    XYSeries s = new XYSeries(name, true, false);
    double total = d.total();
    for (Map.Entry<Double, Long> e : d.counts().entrySet()) {
      double x = d.logBuckets() ? Math.max(e.getKey(), 1e-3) : e.getKey();
      s.add(x, 100.0 * e.getValue() / total);
    }
    return s;
  }
}
