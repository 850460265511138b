package io.nicsim.formats.plot;

import java.util.Objects;
import org.jfree.chart.JFreeChart;

/**
 * A chart {@link Plots} made, to be written by {@link Plots#write} or stacked by
 * {@link Plots#stacked}. Opaque on purpose: the charting library stays inside formats, so the
 * modules that make figures (studies, scenarios, boardtrace) hand over data and get a chart
 * back without importing it.
 */
public final class Chart {
  private final JFreeChart chart;

  Chart(JFreeChart chart) {
    this.chart = Objects.requireNonNull(chart, "chart");
  }

  /** The chart's title as drawn above it. */
  public String title() {
    return chart.getTitle() == null ? "" : chart.getTitle().getText();
  }

  /** The library's chart, for formats' own drawing and its tests. */
  JFreeChart jfree() {
    return chart;
  }
}
