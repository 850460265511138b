package io.nicsim.studies.tune;

import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Plots;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A tune's verdict ({@link TuneFront}) as a figure: the settings in the plane of the first two
 * objective metrics (or the first metric against the first knob when there is one): every
 * setting, the front, today's default and the recommendation. The figure is drawn by formats'
 * {@link Plots}; this class only chooses the points.
 */
public final class TunePlot {
  private TunePlot() {}

  /** Writes the figure to {@code file} (PNG or SVG by extension) among {@code outs}. */
  public static void write(TuneFront front, Outputs outs, Path file, String field) {
    List<String> labels = front.labels();
    TunePlan plan = front.plan();
    boolean twoMetrics = labels.size() >= 2;
    String xl = twoMetrics ? labels.get(0) : plan.knobs().get(0);
    String yl = twoMetrics ? labels.get(1) : labels.get(0);
    List<double[]> all = new ArrayList<>();
    List<double[]> fr = new ArrayList<>();
    List<double[]> def = new ArrayList<>();
    List<double[]> rec = new ArrayList<>();
    for (int s = 0; s < plan.settings().size(); s++) {
      double y = front.value(s, front.byLabel(yl));
      double x;
      if (twoMetrics) {
        x = front.value(s, front.byLabel(xl));
      } else {
        String k = plan.settings().get(s).get(xl);
        x = k != null && k.matches("[0-9]+(\\.[0-9]+)?") ? Double.parseDouble(k) : Double.NaN;
      }
      if (Double.isNaN(x) || Double.isNaN(y)) {
        continue;
      }
      (s == 0 ? def : front.onFront(s) ? fr : all).add(new double[] {x, y});
      if (s == front.recommended()) {
        rec.add(new double[] {x, y});
      }
    }
    LinkedHashMap<String, double[][]> series = new LinkedHashMap<>();
    series.put("settings", all.toArray(new double[0][]));
    series.put("Pareto front", fr.toArray(new double[0][]));
    series.put("today's default", def.toArray(new double[0][]));
    series.put("recommended", rec.toArray(new double[0][]));
    Plots.write(outs, Plots.scatter("nicsim tune: " + yl + " vs " + xl, xl, yl, series), file,
        field);
  }
}
