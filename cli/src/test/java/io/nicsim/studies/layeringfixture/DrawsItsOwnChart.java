package io.nicsim.studies.layeringfixture;

import org.jfree.chart.JFreeChart;

/** A study that builds its chart itself instead of through formats: LayeringTest's fixture. */
public final class DrawsItsOwnChart {
  private DrawsItsOwnChart() {}

  /** Reaches into the charting library. */
  public static String title(JFreeChart chart) {
    return chart.getTitle().getText();
  }
}
