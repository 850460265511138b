package io.nicsim.formats.plot;

import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.OutputPath;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.trace.Timeline;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * nicsim's charts (JFreeChart), written as PNG or SVG by the file's extension: a run's
 * activity over time, a scenario's published-vs-simulated bars, a metric against a varied
 * knob, and a timeline of timer starts/expiries, IRQs and frames.
 */
public final class Plots {
  /** Legend names of the simulated bar by role. */
  static final Map<String, String> SIMULATED = Map.of(
      "calib", "simulated: calibration (fitted to the published figure)",
      "pred", "simulated: prediction (nothing fitted to it)",
      "extra", "simulated (no published figure)",
      "claim", "simulated: checks a claim");
  static final int WIDTH = 960;
  static final int HEIGHT = 540;
  private static final Color[] COLORS = {
    new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
    new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)
  };

  /**
   * Marks per series index, the same in every chart and every panel of a stacked one, so that
   * the one legend of a stacked chart names the marks of each panel.
   */
  private static final Shape[] SHAPES = {
    new Rectangle2D.Double(-3.5, -3.5, 7, 7), new Ellipse2D.Double(-4, -4, 8, 8),
    triangle(true), new Path2D.Double(new Rectangle2D.Double(-3.5, -3.5, 7, 7),
        AffineTransform.getRotateInstance(Math.PI / 4)), triangle(false),
    new Rectangle2D.Double(-4, -1.5, 8, 3), new Rectangle2D.Double(-1.5, -4, 3, 8),
    new Ellipse2D.Double(-4, -2.5, 8, 5)
  };

  private static Shape triangle(boolean up) {
    Path2D.Double t = new Path2D.Double();
    double tip = up ? -4.5 : 4.5;
    t.moveTo(0, tip);
    t.lineTo(4.5, -tip);
    t.lineTo(-4.5, -tip);
    t.closePath();
    return t;
  }

  static {
    System.setProperty("java.awt.headless", "true");
  }

  private Plots() {}

  /** Refuses a plot file that is neither .png nor .svg, or could not be written. */
  public static void checkPlotFile(Path file, String field) {
    String n = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!n.endsWith(".png") && !n.endsWith(".svg")) {
      throw BadInputException.field(field, "'" + file + "' has no known image extension",
          "a file ending in .png or .svg");
    }
    OutputPath.checkFile(file, field);
  }

  /** Writes a chart as PNG or SVG (by extension) among a command's outputs. */
  public static void write(Outputs outs, Chart chart, Path file, String field) {
    write(outs, chart.jfree(), file, field);
  }

  private static void write(Outputs outs, JFreeChart chart, Path file, String field) {
    checkPlotFile(file, field);
    String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
    byte[] data;
    int height = height(chart);
    if (n.endsWith(".svg")) {
      SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, height);
      // JFreeSVG names clip paths after System.nanoTime() unless told otherwise: a fixed
      // prefix keeps the same chart's SVG byte for byte the same
      g2.setDefsKeyPrefix("nicsim");
      chart.draw(g2, new Rectangle(0, 0, WIDTH, height));
      data = g2.getSVGDocument().getBytes(StandardCharsets.UTF_8);
    } else {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try {
        ChartUtils.writeChartAsPNG(out, chart, WIDTH, height);
      } catch (IOException e) {
        throw BadInputException.field(field, "cannot render " + file + ": " + e.getMessage(),
            "a writable file");
      }
      data = out.toByteArray();
    }
    outs.write(file, field, data);
  }

  /**
   * Charts whose x axes measure different things (a count, a latency) one above the other, each
   * with its own x axis, labelled and ranged for its own data, under one title: PNG or SVG by
   * extension. (A stacked chart shares one x axis, which suits panels over the same knob.)
   */
  public static void writeColumn(Outputs outs, String title, List<Chart> panels, Path file,
      String field) {
    checkPlotFile(file, field);
    String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
    int top = 36;
    int height = top + Math.max(1, panels.size()) * PANEL_HEIGHT;
    Consumer<Graphics2D> draw = g2 -> {
      g2.setColor(Color.WHITE);
      g2.fillRect(0, 0, WIDTH, height);
      g2.setColor(Color.BLACK);
      g2.setFont(JFreeChart.DEFAULT_TITLE_FONT);
      FontMetrics fm = g2.getFontMetrics();
      g2.drawString(title, Math.max(4, (WIDTH - fm.stringWidth(title)) / 2), 24);
      for (int i = 0; i < panels.size(); i++) {
        panels.get(i).jfree().draw(g2, new Rectangle(0, top + i * PANEL_HEIGHT, WIDTH, PANEL_HEIGHT));
      }
    };
    byte[] data;
    if (n.endsWith(".svg")) {
      SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, height);
      g2.setDefsKeyPrefix("nicsim");
      draw.accept(g2);
      data = g2.getSVGDocument().getBytes(StandardCharsets.UTF_8);
    } else {
      BufferedImage img = new BufferedImage(WIDTH, height,
          BufferedImage.TYPE_INT_RGB);
      Graphics2D g2 = img.createGraphics();
      g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING,
          RenderingHints.VALUE_ANTIALIAS_ON);
      draw.accept(g2);
      g2.dispose();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try {
        ChartUtils.writeBufferedImageAsPNG(out, img);
      } catch (IOException e) {
        throw BadInputException.field(field, "cannot render " + file + ": " + e.getMessage(),
            "a writable file");
      }
      data = out.toByteArray();
    }
    outs.write(file, field, data);
  }

  /**
   * A run's activity: frames on the wire, NIC IRQs, timer starts and expiries. A sparse run
   * (ping: a few events per interval) is drawn as one mark per event on a row per kind, time in
   * ms; a busy one as events per ms in 200 bins.
   */
  public static void runPlot(Outputs outs, Timeline t, String title, Path file, String field) {
    int events = 0;
    for (Timeline.Kind k : Timeline.Kind.values()) {
      events += t.times(k).length;
    }
    if (events <= SPARSE_EVENTS) {
      write(outs, timeline(title, t, 0, t.toNs(), 1e6, "time (ms)"), file, field);
      return;
    }
    int bins = 200;
    double spanMs = t.toNs() / 1e6;
    double binMs = spanMs / bins;
    XYSeriesCollection data = new XYSeriesCollection();
    for (Timeline.Kind k : Timeline.Kind.values()) {
      double[] counts = new double[bins];
      for (long ts : t.times(k)) {
        int b = (int) Math.min(bins - 1, ts / 1e6 / binMs);
        counts[b]++;
      }
      XYSeries s = new XYSeries(k.plural());
      for (int i = 0; i < bins; i++) {
        s.add((i + 0.5) * binMs, counts[i] / binMs);
      }
      data.addSeries(s);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, "time (ms)",
        String.format(Locale.ROOT, "events per ms (mean over %.3g ms bins)", binMs), data,
        PlotOrientation.VERTICAL, true, false, false);
    style(chart);
    write(outs, chart, file, field);
  }

  /** At most this many events: one mark per event instead of rates. */
  static final int SPARSE_EVENTS = 5000;

  /** Published against simulated values per case (null published values are left out). */
  public static Chart bars(String title, String valueLabel, List<String> cases,
      List<Double> published, List<Double> simulated) {
    return bars(title, valueLabel, cases, published, simulated, null);
  }

  /**
   * Published against simulated values per case, side by side; with {@code roles} (calib,
   * pred, extra per case) each simulated bar is coloured by what it is: a calibration (a
   * profile number was fitted to the published figure), a prediction (nothing was), or the
   * model's answer where nothing was published, each colour named in the legend.
   */
  public static Chart bars(String title, String valueLabel, List<String> cases,
      List<Double> published, List<Double> simulated, List<String> roles) {
    DefaultCategoryDataset d = new DefaultCategoryDataset();
    boolean anyPublished = false;
    for (int i = 0; i < cases.size(); i++) {
      d.addValue(published.get(i), "published", cases.get(i));
      anyPublished |= published.get(i) != null;
      d.addValue(simulated.get(i), "simulated", cases.get(i));
    }
    if (!anyPublished) {
      d.removeRow("published");
    }
    int simRow = d.getRowIndex("simulated");
    List<Paint> simPaint = new ArrayList<>();
    LegendItemCollection legend = new LegendItemCollection();
    if (anyPublished) {
      legend.add(legendItem("published", COLORS[7]));
    }
    Set<String> named = new LinkedHashSet<>();
    for (int i = 0; i < cases.size(); i++) {
      String role = roles == null ? null : roles.get(i);
      String name = role == null ? "simulated"
          : SIMULATED.getOrDefault(role, "simulated (" + role + ")");
      Color c = role == null ? COLORS[0] : switch (role) {
        case "calib" -> COLORS[3];
        case "pred" -> COLORS[0];
        case "extra" -> COLORS[2];
        default -> COLORS[4];
      };
      simPaint.add(c);
      if (named.add(name)) {
        legend.add(legendItem(name, c));
      }
    }
    var renderer = new BarRenderer() {
      private static final long serialVersionUID = 1L;

      @Override
      public Paint getItemPaint(int row, int column) {
        return row == simRow ? simPaint.get(column) : COLORS[7];
      }
    };
    renderer.setShadowVisible(false);
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setItemMargin(0.05);
    JFreeChart chart = ChartFactory.createBarChart(title, "", valueLabel, d,
        PlotOrientation.VERTICAL, true, false, false);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setRenderer(renderer);
    plot.setFixedLegendItems(legend);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    chart.setBackgroundPaint(Color.WHITE);
    return new Chart(chart);
  }

  private static LegendItem legendItem(String name, Color c) {
    LegendItem item = new LegendItem(name, c);
    item.setShape(new Rectangle2D.Double(-4, -4, 8, 8));
    return item;
  }

  /**
   * A metric against a categorical knob (a patch, a kernel, a SoC): a group of bars per
   * category in the order given, one bar per series (the other knobs' combination, named in
   * the legend when there are several), nothing connecting two categories. A missing value is
   * left out, not drawn as 0.
   */
  public static Chart categoryBars(String title, String xLabel, String valueLabel,
      Map<String, Map<String, Double>> series) {
    DefaultCategoryDataset d = new DefaultCategoryDataset();
    for (Map.Entry<String, Map<String, Double>> s : series.entrySet()) {
      for (Map.Entry<String, Double> v : s.getValue().entrySet()) {
        d.addValue(v.getValue(), s.getKey(), v.getKey());
      }
    }
    JFreeChart chart = ChartFactory.createBarChart(title, xLabel, valueLabel, d,
        PlotOrientation.VERTICAL, series.size() > 1, false, false);
    CategoryPlot plot = chart.getCategoryPlot();
    var renderer = (BarRenderer) plot.getRenderer();
    renderer.setShadowVisible(false);
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setItemMargin(0.05);
    for (int r = 0; r < d.getRowCount(); r++) {
      renderer.setSeriesPaint(r, COLORS[r % COLORS.length]);
    }
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    chart.setBackgroundPaint(Color.WHITE);
    return new Chart(chart);
  }

  /**
   * A metric against a knob, one line per series; a logarithmic x axis when the knob spans
   * more than a decade.
   */
  public static Chart lines(String title, String xLabel, String yLabel,
      Map<String, double[][]> series) {
    return lines(title, xLabel, yLabel, series, null);
  }

  /**
   * The same; with {@code categories} the knob is categorical (a patch, a kernel, an era): x
   * value i is {@code categories.get(i)}, drawn on a category axis as marks without connecting
   * lines (there is nothing between two patches).
   */
  public static Chart lines(String title, String xLabel, String yLabel,
      Map<String, double[][]> series, List<String> categories) {
    XYSeriesCollection d = new XYSeriesCollection();
    double min = Double.MAX_VALUE;
    double max = 0;
    for (Map.Entry<String, double[][]> e : series.entrySet()) {
      XYSeries s = new XYSeries(e.getKey(), false, true);
      for (double[] xy : e.getValue()) {
        s.add(xy[0], xy[1]);
        min = Math.min(min, xy[0]);
        max = Math.max(max, xy[0]);
      }
      d.addSeries(s);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, yLabel, d,
        PlotOrientation.VERTICAL, series.size() > 1, false, false);
    XYPlot plot = chart.getXYPlot();
    if (categories != null) {
      SymbolAxis x = new SymbolAxis(xLabel, categories.toArray(new String[0]));
      x.setGridBandsVisible(false);
      plot.setDomainAxis(x);
      XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
      plot.setRenderer(r);
      style(chart);
      for (int i = 0; i < d.getSeriesCount(); i++) {
        r.setSeriesShape(i, new Rectangle2D.Double(-6, -6, 12, 12));
      }
      return new Chart(chart);
    }
    if (min > 0 && max / min > 10) {
      plot.setDomainAxis(new ValueTickLogAxis(xLabel, values(series)));
    }
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
    plot.setRenderer(r);
    style(chart);
    return new Chart(chart);
  }

  /**
   * Error bars over a {@link #lines} chart's marks: series i of {@code intervals} (points
   * {@code {x, y, low, high}}) in the colour of the chart's line i, not in the legend.
   */
  public static void errorBars(Chart lines, Map<String, double[][]> intervals) {
    YIntervalSeriesCollection d = new YIntervalSeriesCollection();
    for (Map.Entry<String, double[][]> e : intervals.entrySet()) {
      YIntervalSeries s = new YIntervalSeries(e.getKey(), false, true);
      for (double[] p : e.getValue()) {
        s.add(p[0], p[1], p[2], p[3]);
      }
      d.addSeries(s);
    }
    XYPlot plot = lines.jfree().getXYPlot();
    XYErrorRenderer bars = new XYErrorRenderer();
    bars.setDrawXError(false);
    bars.setDefaultLinesVisible(false);
    bars.setDefaultShapesVisible(false);
    bars.setDefaultSeriesVisibleInLegend(false);
    for (int k = 0; k < d.getSeriesCount(); k++) {
      bars.setSeriesPaint(k, plot.getRenderer().getItemPaint(k, 0));
    }
    plot.setDataset(1, d);
    plot.setRenderer(1, bars);
  }

  /**
   * Points without lines, one mark shape per series (every series in the legend, an empty one
   * too), both axes numbers: settings in the plane of two figures.
   */
  public static Chart scatter(String title, String xLabel, String yLabel,
      Map<String, double[][]> series) {
    XYSeriesCollection d = collection(series, false, true);
    JFreeChart chart = ChartFactory.createScatterPlot(title, xLabel, yLabel, d,
        PlotOrientation.VERTICAL, true, false, false);
    chart.setBackgroundPaint(Color.WHITE);
    chart.getXYPlot().setBackgroundPaint(Color.WHITE);
    chart.getXYPlot().setDomainGridlinePaint(Color.LIGHT_GRAY);
    chart.getXYPlot().setRangeGridlinePaint(Color.LIGHT_GRAY);
    return new Chart(chart);
  }

  /**
   * Two distributions as steps over one x axis (logarithmic with {@code logX}, its smallest
   * value 0.001), each series's x values in order: the first solid, the second dashed, so a
   * reference and what is compared with it stay apart where they overlap. The title is shown
   * above the panel (for {@link #writeColumn}).
   */
  public static Chart steps(String title, String xLabel, String yLabel, boolean logX,
      Map<String, double[][]> series) {
    XYSeriesCollection data = collection(series, true, false);
    NumberAxis y = new NumberAxis(yLabel);
    y.setAutoRangeIncludesZero(true);
    XYStepRenderer r = new XYStepRenderer();
    r.setSeriesPaint(0, COLORS[0]);
    r.setSeriesPaint(1, COLORS[1]);
    r.setSeriesStroke(0, new BasicStroke(2f));
    r.setSeriesStroke(1, new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f,
        new float[] {6f, 3f}, 0f));
    XYPlot plot;
    if (logX) {
      LogAxis x = new LogAxis(xLabel);
      x.setSmallestValue(1e-3);
      plot = new XYPlot(data, x, y, r);
    } else {
      NumberAxis x = new NumberAxis(xLabel);
      x.setAutoRangeIncludesZero(true);
      plot = new XYPlot(data, x, y, r);
    }
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    return new Chart(chart);
  }

  /** The series as JFreeChart's, each {@code {x, y}} point in the order given. */
  private static XYSeriesCollection collection(Map<String, double[][]> series, boolean autoSort,
      boolean allowDuplicates) {
    XYSeriesCollection d = new XYSeriesCollection();
    for (Map.Entry<String, double[][]> e : series.entrySet()) {
      XYSeries s = new XYSeries(e.getKey(), autoSort, allowDuplicates);
      for (double[] xy : e.getValue()) {
        s.add(xy[0], xy[1]);
      }
      d.addSeries(s);
    }
    return d;
  }

  /**
   * Charts made by {@link #lines} (or all by {@link #bars}) for the same knob, stacked as
   * panels of one chart over one shared knob axis: each keeps its own value axis and series.
   */
  public static Chart stacked(String title, List<Chart> charts) {
    List<JFreeChart> panels = charts.stream().map(Chart::jfree).toList();
    boolean xy = panels.get(0).getPlot() instanceof XYPlot;
    JFreeChart chart;
    if (xy) {
      XYPlot first = panels.get(0).getXYPlot();
      CombinedDomainXYPlot plot = new CombinedDomainXYPlot(first.getDomainAxis());
      plot.setGap(12);
      for (JFreeChart c : panels) {
        plot.add(c.getXYPlot(), 1);
      }
      // every panel has the same series in the same colours: one legend, from the first
      boolean legend = first.getDataset().getSeriesCount() > 1;
      plot.setFixedLegendItems(first.getLegendItems());
      chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, legend);
    } else {
      CategoryPlot first = panels.get(0).getCategoryPlot();
      CombinedDomainCategoryPlot plot = new CombinedDomainCategoryPlot(first.getDomainAxis());
      plot.setGap(12);
      LegendItemCollection items = first.getLegendItems();
      boolean legend = first.getDataset().getRowCount() > 1;
      for (JFreeChart c : panels) {
        c.getCategoryPlot().setFixedLegendItems(new LegendItemCollection());
        plot.add(c.getCategoryPlot(), 1);
      }
      plot.setFixedLegendItems(items);
      chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, legend);
    }
    // each panel's value-axis title has only its panel's height: a smaller font keeps it there
    Font small = new Font("SansSerif", Font.BOLD, 11);
    for (JFreeChart c : panels) {
      if (c.getPlot() instanceof XYPlot p) {
        p.getRangeAxis().setLabelFont(small);
      } else {
        c.getCategoryPlot().getRangeAxis().setLabelFont(small);
      }
    }
    chart.setBackgroundPaint(Color.WHITE);
    return new Chart(chart);
  }

  /** Pixels per panel of a stacked chart (a single chart keeps the usual size). */
  static final int PANEL_HEIGHT = 280;

  /** A stacked chart grows with its panels. */
  static int height(JFreeChart chart) {
    int panels = chart.getPlot() instanceof CombinedDomainXYPlot p ? p.getSubplots().size()
        : chart.getPlot() instanceof CombinedDomainCategoryPlot c ? c.getSubplots().size() : 1;
    return Math.max(HEIGHT, panels * PANEL_HEIGHT);
  }

  private static double[] values(Map<String, double[][]> series) {
    TreeSet<Double> xs = new TreeSet<>();
    for (double[][] s : series.values()) {
      for (double[] xy : s) {
        xs.add(xy[0]);
      }
    }
    return xs.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Each event of a timeline as a mark on its kind's row, time in µs. */
  public static Chart timeline(String title, Timeline t, long fromNs, long toNs) {
    return new Chart(timeline(title, t, fromNs, toNs, 1e3, "time (µs)"));
  }

  /** The same, time divided by {@code nsPerUnit} and labelled {@code timeLabel}. */
  static JFreeChart timeline(String title, Timeline t, long fromNs, long toNs,
      double nsPerUnit, String timeLabel) {
    XYSeriesCollection d = new XYSeriesCollection();
    Timeline.Kind[] kinds = Timeline.Kind.values();
    String[] labels = new String[kinds.length];
    for (int k = 0; k < kinds.length; k++) {
      labels[k] = kinds[k].label();
      XYSeries s = new XYSeries(kinds[k].label(), false, true);
      for (long ts : t.times(kinds[k])) {
        if (ts >= fromNs && ts <= toNs) {
          s.add(ts / nsPerUnit, k);
        }
      }
      d.addSeries(s);
    }
    JFreeChart chart = ChartFactory.createScatterPlot(title, timeLabel, "", d,
        PlotOrientation.VERTICAL, false, false, false);
    XYPlot plot = chart.getXYPlot();
    plot.setRangeAxis(new SymbolAxis("", labels));
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
    for (int k = 0; k < kinds.length; k++) {
      r.setSeriesShape(k, k == 3 ? new Rectangle2D.Double(-0.5, -4, 1, 8)
          : new Ellipse2D.Double(-3, -3, 6, 6));
    }
    plot.setRenderer(r);
    style(chart);
    return chart;
  }

  private static void style(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    if (chart.getPlot() instanceof XYPlot plot) {
      plot.setBackgroundPaint(Color.WHITE);
      plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
      plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
      if (plot.getRenderer() instanceof XYLineAndShapeRenderer r) {
        for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
          r.setSeriesPaint(i, COLORS[i % COLORS.length]);
          r.setSeriesStroke(i, new BasicStroke(1.5f));
          if (r.getSeriesShape(i) == null) {
            r.setSeriesShape(i, SHAPES[i % SHAPES.length]);
          }
        }
      }
      if (plot.getRangeAxis() instanceof NumberAxis n && !(plot.getRangeAxis() instanceof SymbolAxis)) {
        n.setAutoRangeIncludesZero(true);
      }
    }
  }
}
