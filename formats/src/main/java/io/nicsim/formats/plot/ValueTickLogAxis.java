package io.nicsim.formats.plot;

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
 * rather than powers of ten only, so every point has its label.
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

  @Override
  @SuppressWarnings("rawtypes")
  protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea,
      RectangleEdge edge) {
    List<NumberTick> ticks = new ArrayList<>();
    NumberFormat f = NumberFormat.getNumberInstance(Locale.ROOT);
    f.setGroupingUsed(false);
    for (double v : values) {
      ticks.add(new NumberTick(v, f.format(v), TextAnchor.TOP_CENTER, TextAnchor.CENTER, 0.0));
    }
    return ticks;
  }
}
