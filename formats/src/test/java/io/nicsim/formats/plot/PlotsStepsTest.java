package io.nicsim.formats.plot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.junit.jupiter.api.Test;

/**
 * Steps panels (trace compare --plot): each panel's x axis is its own, labelled and ranged for
 * its own data (a count's panel is not squeezed onto a latency's 320,000), logarithmic when
 * asked; the first series solid, the second dashed.
 */
class PlotsStepsTest {
  private static Map<String, double[][]> two(double[][] a, double[][] b) {
    Map<String, double[][]> s = new LinkedHashMap<>();
    s.put("board", a);
    s.put("model", b);
    return s;
  }

  @Test
  void eachPanelHasItsOwnAxisRangedForItsOwnData() {
    Chart work = Plots.steps("work", "NAPI work per poll (packets)", "share of events (%)", false,
        two(new double[][] {{1, 20}, {2, 40}, {3, 20}, {64, 20}}, new double[][] {{1, 50},
            {2, 50}}));
    Chart lat = Plots.steps("lat", "TX completion latency (us)", "share of events (%)", true,
        two(new double[][] {{12, 33}, {40, 33}, {320_000, 34}}, new double[][] {{10, 50},
            {30, 50}}));
    ValueAxis wx = work.jfree().getXYPlot().getDomainAxis();
    ValueAxis lx = lat.jfree().getXYPlot().getDomainAxis();
    assertThat(wx).isInstanceOf(NumberAxis.class);
    assertThat(lx).isInstanceOf(LogAxis.class);
    assertThat(wx.getLabel()).isEqualTo("NAPI work per poll (packets)");
    assertThat(wx.getUpperBound()).isGreaterThan(2).isLessThan(1000);
    assertThat(lx.getUpperBound()).isGreaterThan(100_000);
    assertThat(List.of(work.title(), lat.title())).containsExactly("work", "lat");
    XYStepRenderer r = (XYStepRenderer) work.jfree().getXYPlot().getRenderer();
    assertThat(((java.awt.BasicStroke) r.getSeriesStroke(0)).getDashArray()).isNull();
    assertThat(((java.awt.BasicStroke) r.getSeriesStroke(1)).getDashArray()).isNotNull();
  }
}
