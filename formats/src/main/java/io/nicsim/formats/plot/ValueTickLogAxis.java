package io.nicsim.formats.plot;

import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A logarithmic knob axis whose ticks are the swept values themselves (100, 1000, 5000, …)
 * rather than powers of ten only, so every point has its label while the labels fit; when
 * they would overlap (a sweep of thousands of values) only those with room are labelled, the
 * smallest and largest value always among them.
 */
final class ValueTickLogAxis extends LogarithmicAxis {
  private static final long serialVersionUID = 1L;
  private final double[] values;

  ValueTickLogAxis(String label, double[] values) {
    super(label);
    this.values = values.clone();
    setAllowNegativesFlag(false);
    setStrictValuesFlag(false);
  }

  /** Pixels kept free between two labels. */
  static final double GAP_PX = 6;

  @Override
  @SuppressWarnings("rawtypes")
  protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea,
      RectangleEdge edge) {
    NumberFormat f = NumberFormat.getNumberInstance(Locale.ROOT);
    f.setGroupingUsed(false);
    FontMetrics fm = g2.getFontMetrics(getTickLabelFont());
    List<double[]> kept = new ArrayList<>(); // {value, centre x, half width}
    for (double v : values) {
      double x = valueToJava2D(v, dataArea, edge);
      double half = fm.stringWidth(f.format(v)) / 2.0;
      if (kept.isEmpty()) {
        kept.add(new double[] {v, x, half});
        continue;
      }
      double[] last = kept.get(kept.size() - 1);
      if (x - half - GAP_PX >= last[1] + last[2]) {
        kept.add(new double[] {v, x, half});
      } else if (v == values[values.length - 1] && kept.size() > 1) {
        kept.set(kept.size() - 1, new double[] {v, x, half}); // the largest value in its place
      }
    }
    List<NumberTick> ticks = new ArrayList<>();
    for (double[] k : kept) {
      ticks.add(new NumberTick(k[0], f.format(k[0]), TextAnchor.TOP_CENTER, TextAnchor.CENTER,
          0.0));
    }
    return ticks;
  }
}
