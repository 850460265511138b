package io.nicsim.studies.uncertainty;

import io.nicsim.formats.text.Json;
import io.nicsim.formats.text.Num;
import io.nicsim.runs.RunResult;
import io.nicsim.studies.plan.PointResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code run --uncertainty}: each metric's band beside the nominal run's summary. */
public final class RunBands {
  private RunBands() {}

  public static String text(RunResult r, Map<String, Band> bands, int samples) {
    StringBuilder sb = new StringBuilder();
    sb.append("\nuncertainty: ").append(samples).append(" samples of the inputs' ranges;"
        + " [low..high] = 5th..95th percentile\n");
    for (Map.Entry<String, Band> e : bands.entrySet()) {
      Double v = r.summary().get(e.getKey());
      Band b = e.getValue();
      sb.append(String.format(Locale.ROOT, "  %-24s %10s  [%s..%s]", e.getKey(),
          v == null ? "-" : Num.human(v), Num.human(b.low()), Num.human(b.high())));
      if (b.bistable()) {
        sb.append("  bistable:");
        String sep = " ";
        for (Band.Cluster c : b.clusters()) {
          sb.append(sep).append(Math.round(100 * c.share())).append("% at [")
              .append(Num.human(c.low())).append("..").append(Num.human(c.high())).append(']');
          sep = ", ";
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  public static String json(RunResult r, Map<String, Band> bands) {
    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
    out.put("config", r.config());
    out.put("summary", r.summary());
    LinkedHashMap<String, Object> u = new LinkedHashMap<>();
    for (Map.Entry<String, Band> e : bands.entrySet()) {
      Band b = e.getValue();
      LinkedHashMap<String, Object> m = new LinkedHashMap<>();
      m.put("low", b.low());
      m.put("high", b.high());
      m.put("samples", b.samples());
      if (b.bistable()) {
        List<Object> cs = new ArrayList<>();
        for (Band.Cluster c : b.clusters()) {
          LinkedHashMap<String, Object> x = new LinkedHashMap<>();
          x.put("share", c.share());
          x.put("low", c.low());
          x.put("high", c.high());
          cs.add(x);
        }
        m.put("bistable", cs);
      }
      u.put(e.getKey(), m);
    }
    out.put("uncertainty", u);
    return Json.write(out);
  }

  /** The first failed sample of a point's samples, or -1. */
  public static int firstFailed(List<PointResult> samples) {
    for (int i = 0; i < samples.size(); i++) {
      if (samples.get(i).failed()) {
        return i;
      }
    }
    return -1;
  }

  /** Bands of one run's metrics ({@code run --uncertainty}): metric → band. */
  public static Map<String, Band> of(List<PointResult> res) {
    Map<String, List<Double>> by = new LinkedHashMap<>();
    for (PointResult p : res) {
      if (p.failed()) {
        throw new IllegalStateException("an uncertainty sample failed: " + p.error());
      }
      p.columns().forEach((k, v) -> by.computeIfAbsent(k, x -> new ArrayList<>())
          .add(Double.parseDouble(v)));
    }
    Map<String, Band> out = new LinkedHashMap<>();
    by.forEach((k, v) -> out.put(k, Band.of(v.stream().mapToDouble(Double::doubleValue)
        .toArray())));
    return out;
  }
}
