package io.nicsim.bench.fidelity;

import io.nicsim.bench.report.Json;
import io.nicsim.bench.report.Num;
import io.nicsim.bench.run.RunResult;
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
}
