package io.nicsim.formats.plot;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.output.Outputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the charts show a reader, read back from the SVG text they render (titles, tick labels,
 * legend, the horizontal axis's title; JFreeSVG draws rotated text as outlines, so the value
 * axis's title is read from the chart) or from the chart's axes and renderers: units on the axes, categorical knobs
 * as categories without connecting lines, calibration told from prediction, a log axis with a
 * label at every swept value, marks that match the one legend of a stacked chart. A run's
 * plot (a timeline from a run) is tested in runs: RunPlotTest.
 */
class PlotsTest {
  /** The texts an SVG draws, in order. */
  static List<String> texts(Chart chart, Path dir) throws Exception {
    Path svg = dir.resolve("c.svg");
    try (Outputs outs = Outputs.begin()) {
      Plots.write(outs, chart, svg, "--plot");
      outs.commit();
    }
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<text[^>]*>([^<]*)</text>").matcher(Files.readString(svg));
    while (m.find()) {
      out.add(m.group(1).replace("&amp;", "&"));
    }
    return out;
  }

  @Test
  void axisTitlesCarryUnits() {
    assertThat(AxisLabels.of("udp_mbps")).isEqualTo("UDP goodput (Mbit/s)");
    assertThat(AxisLabels.of("tcp_mbps")).isEqualTo("TCP goodput (Mbit/s)");
    assertThat(AxisLabels.of("cpu_pct")).isEqualTo("CPU busy (% of all cores)");
    assertThat(AxisLabels.of("ping_rtt_ms")).endsWith("(ms)");
    assertThat(AxisLabels.of("tx-usecs")).isEqualTo("tx-usecs (µs)");
    assertThat(AxisLabels.of("irq_per_s")).isEqualTo("interrupts per second");
    // names not listed get the unit their suffix spells
    assertThat(AxisLabels.of("txtimer_fire_per_s")).isEqualTo("txtimer fire per second");
    assertThat(AxisLabels.of("stall_ms")).isEqualTo("stall (ms)");
    assertThat(AxisLabels.of("hardirq_cpu_pct")).isEqualTo("hardirq cpu (%)");
  }

  /** tx-usecs 100, 1000, 5000: a log axis, each swept value labelled (5000 too). */
  @Test
  void aKnobSpanningDecadesIsLogWithALabelAtEverySweptValue(@TempDir Path dir) throws Exception {
    Map<String, double[][]> s = new LinkedHashMap<>();
    s.put("tx-frames=1", new double[][] {{100, 1}, {1000, 2}, {5000, 3}});
    Chart c = Plots.lines("t", AxisLabels.of("tx-usecs"), AxisLabels.of("pps"), s);
    assertThat(c.jfree().getXYPlot().getDomainAxis()).isInstanceOf(LogarithmicAxis.class);
    assertThat(c.jfree().getXYPlot().getRangeAxis().getLabel()).isEqualTo("packets per second (TX, wire)");
    List<String> t = texts(c, dir);
    assertThat(t).contains("tx-usecs (µs)", "100", "1000", "5000");
  }

  /**
   * A 10 000-point sweep of tx-usecs 1..10000: labelled at values that fit beside each other
   * (the smallest and largest among them), not at all 10 000 on top of each other.
   */
  @Test
  void tenThousandSweptValuesAreThinnedToLabelsThatFit(@TempDir Path dir) throws Exception {
    double[][] xy = new double[10_000][];
    for (int i = 0; i < xy.length; i++) {
      xy[i] = new double[] {i + 1, Math.sqrt(i + 1)};
    }
    Map<String, double[][]> s = new LinkedHashMap<>();
    s.put("tx-frames=1", xy);
    Chart c = Plots.lines("t", AxisLabels.of("tx-usecs"), AxisLabels.of("pps"), s);
    assertThat(c.jfree().getXYPlot().getDomainAxis()).isInstanceOf(LogarithmicAxis.class);
    List<String> numbers = texts(c, dir).stream().filter(t -> t.matches("[0-9]+")).toList();
    // the value axis has its own numbers; the knob axis's are 1..10000
    List<Integer> knob = numbers.stream().map(Integer::parseInt).filter(v -> v >= 1)
        .toList();
    assertThat(knob).contains(1, 10_000);
    assertThat(numbers.size()).as("labels drawn").isBetween(4, 80);
    // and a short sweep keeps a label at every value
    Map<String, double[][]> few = new LinkedHashMap<>();
    few.put("tx-frames=1", new double[][] {{1, 1}, {3, 2}, {10, 2}, {30, 3}, {100, 3}, {300, 4},
        {1000, 4}, {3000, 5}, {10000, 5}});
    List<String> t = texts(Plots.lines("t", AxisLabels.of("tx-usecs"), AxisLabels.of("pps"),
        few), dir);
    assertThat(t).contains("1", "3", "10", "30", "100", "300", "1000", "3000", "10000");
  }

  /** A patch or a kernel: categories, marks without a line between two of them. */
  @Test
  void categoricalKnobsAreCategoriesWithoutConnectingLines(@TempDir Path dir) throws Exception {
    Map<String, double[][]> s = new LinkedHashMap<>();
    s.put("cyclone5", new double[][] {{0, 45_200}, {1, 49_800}});
    s.put("agilex5", new double[][] {{0, 47_000}, {1, 51_000}});
    Chart c = Plots.lines("t", "patch", AxisLabels.of("pps"), s,
        List.of("v6.7", "v6.7 + edceeba4af3d"));
    XYPlot p = c.jfree().getXYPlot();
    assertThat(p.getDomainAxis()).isInstanceOf(SymbolAxis.class);
    XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) p.getRenderer();
    for (int i = 0; i < 2; i++) {
      assertThat(r.getItemLineVisible(i, 0)).isFalse();
      assertThat(r.getItemShapeVisible(i, 0)).isTrue();
    }
    assertThat(texts(c, dir)).contains("v6.7", "v6.7 + edceeba4af3d", "patch")
        .doesNotContain("0.5");

    Map<String, Map<String, Double>> bars = new LinkedHashMap<>();
    bars.put("soc=cyclone5", new LinkedHashMap<>(Map.of("v6.6", 1.0)));
    bars.get("soc=cyclone5").put("v6.18", 2.0);
    bars.put("soc=agilex5", new LinkedHashMap<>(Map.of("v6.6", 3.0)));
    bars.get("soc=agilex5").put("v6.18", null);
    Chart b = Plots.categoryBars("t", AxisLabels.of("kernel"), AxisLabels.of("udp_mbps"),
        bars);
    CategoryPlot cp = b.jfree().getCategoryPlot();
    assertThat(cp.getDataset().getColumnKeys()).containsExactly("v6.6", "v6.18");
    assertThat(cp.getDataset().getValue("soc=agilex5", "v6.18")).isNull(); // left out, not 0
    assertThat(cp.getRangeAxis().getLabel()).isEqualTo("UDP goodput (Mbit/s)");
    assertThat(texts(b, dir)).contains("kernel version", "v6.6", "v6.18", "soc=cyclone5",
        "soc=agilex5");
  }

  /** Published vs simulated: the legend says which simulated bar is a fit, which a prediction. */
  @Test
  void publishedVsSimulatedBarsTellCalibrationFromPrediction(@TempDir Path dir)
      throws Exception {
    Chart c = Plots.bars("s: pps", "pps (pkt/s)", List.of("before", "after", "other"),
        java.util.Arrays.asList(45_200.0, 52_000.0, null), List.of(45_100.0, 49_700.0, 150_000.0),
        List.of("calib", "pred", "extra"));
    List<String> t = texts(c, dir);
    assertThat(t).contains("published", "simulated: calibration (fitted to the published figure)",
        "simulated: prediction (nothing fitted to it)", "simulated (no published figure)");
    assertThat(c.jfree().getCategoryPlot().getRangeAxis().getLabel()).isEqualTo("pps (pkt/s)");
    // each case's two bars side by side; the simulated one coloured by its role, as in the legend
    var plot = c.jfree().getCategoryPlot();
    assertThat(plot.getDataset().getRowKeys()).containsExactly("published", "simulated");
    var legend = plot.getLegendItems();
    for (int col = 0; col < 3; col++) {
      java.awt.Paint paint = plot.getRenderer().getItemPaint(1, col);
      String role = Plots.SIMULATED.get(List.of("calib", "pred", "extra").get(col));
      for (int k = 0; k < legend.getItemCount(); k++) {
        if (legend.get(k).getLabel().equals(role)) {
          assertThat(legend.get(k).getFillPaint()).as(role).isEqualTo(paint);
        } else {
          assertThat(legend.get(k).getFillPaint()).as(role).isNotEqualTo(paint);
        }
      }
    }
  }

  /** Every panel of a stacked chart draws series i with the mark its one legend shows. */
  @Test
  void stackedPanelsDrawEachSeriesWithTheLegendsMark() {
    List<Chart> panels = new ArrayList<>();
    for (String m : List.of("udp_mbps", "cpu_pct", "irq_per_s")) {
      Map<String, double[][]> s = new LinkedHashMap<>();
      s.put("tx-frames=1", new double[][] {{100, 1}, {1000, 2}});
      s.put("tx-frames=25", new double[][] {{100, 3}, {1000, 4}});
      panels.add(Plots.lines(m, "tx-usecs (µs)", AxisLabels.of(m), s));
    }
    Chart c = Plots.stacked("all", panels);
    var legend = ((CombinedDomainXYPlot) c.jfree().getPlot()).getLegendItems();
    for (Object o : ((CombinedDomainXYPlot) c.jfree().getPlot()).getSubplots()) {
      var r = ((XYPlot) o).getRenderer();
      for (int i = 0; i < 2; i++) {
        assertThat(r.getSeriesShape(i)).isEqualTo(legend.get(i).getShape());
        assertThat(r.getSeriesPaint(i)).isEqualTo(legend.get(i).getFillPaint());
      }
    }
    assertThat(Plots.height(c.jfree())).isEqualTo(3 * Plots.PANEL_HEIGHT);
  }
}
