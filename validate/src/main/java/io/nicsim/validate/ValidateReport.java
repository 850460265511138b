package io.nicsim.validate;

import io.nicsim.formats.text.Json;
import io.nicsim.studies.uncertainty.Band;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The side-by-side table and its JSON. */
public final class ValidateReport {
  private ValidateReport() {}

  public static String text(List<CaseResult> rs, double tolerance, String kernel) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "nicsim validate: the host's kernel (%s) beside the"
        + " model; goodput Mbit/s; verdict: model within ±%.0f%% of the real median (or of one"
        + " mode when the real runs split)%n%n", kernel, tolerance * 100));
    sb.append(String.format(Locale.ROOT, "%-22s %-28s %9s %9s %6s  %s%n", "case",
        "real (each run)", "median", "model", "ratio", "verdict"));
    int pass = 0;
    for (CaseResult r : rs) {
      StringBuilder each = new StringBuilder();
      double[] real = r.realMbps();
      for (int i = 0; i < real.length; i++) {
        each.append(each.length() == 0 ? "" : " ").append(num(real[i]))
            .append(r.testbed().get(i) != null ? "*" : "");
      }
      Verdict v = r.verdict();
      String verdict = !v.pass() ? "MISS"
          : v.inBandState() ? "ok (in a state of the model's band, " + band(v, tolerance) + ")"
          : v.split() && v.matched() < 0 ? "ok (median of modes " + modes(v) + ")"
          : v.split() ? "ok (mode " + (v.matched() + 1) + " of " + v.modes().size()
              + "; model band " + band(v, tolerance) + ")"
          : "ok";
      if (v.pass()) {
        pass++;
      }
      if (!v.pass() && r.knownMiss() != null) {
        verdict += " (known: " + r.knownMiss() + (v.band() == null ? ""
            : "; model band " + band(v, tolerance)) + ")";
      } else if (!v.pass() && (v.split() || v.band() != null)) {
        verdict += " (real modes " + modes(v) + (v.band() == null ? ""
            : "; model band " + band(v, tolerance)) + ")";
      }
      String name = r.c().name() + (r.c().modelDelayForced()
          ? " [model " + ValidateCase.delayWord(r.c().modelDelayUs()) + "]" : "");
      sb.append(String.format(Locale.ROOT, "%-22s %-28s %9s %9s %6s  %s%n", name, each,
          num(v.median()), num(r.model().mbps()), String.format(Locale.ROOT, "%.2f", v.ratio()),
          verdict));
      for (int i = 0; i < real.length; i++) {
        if (r.testbed().get(i) != null) {
          sb.append(String.format(Locale.ROOT, "  * run %d (%s Mbit/s) is the testbed's, not"
              + " judged: it %s%n", i + 1, num(real[i]), r.testbed().get(i)));
        }
      }
      RealRunner.Run m = medianRun(r);
      sb.append(String.format(Locale.ROOT, "  TSQ real : skbs held %5s  wmem %8s B  cwnd %6s"
          + "  pacing %8s Mbit/s  skb %6s B  unacked %5s  retrans %d%s%n", fix(m.held()),
          num(m.wmemBytes()), num(m.cwnd()), num(m.pacingMbps()), num(m.skbBytes()),
          num(m.unacked()), m.retrans(), m.lateUs() >= 0
              ? String.format(Locale.ROOT, "  releases late %.1f us (p10 %.0f, p90 %.0f)",
                  m.lateUs(), m.lateP10Us(), m.lateP90Us()) : ""));
      ModelRunner.Run mo = r.model();
      sb.append(String.format(Locale.ROOT, "  TSQ model: skbs below %4s  wmem %8s B  cwnd %6s"
          + "  pacing %8s Mbit/s  tso_segs %5s  unacked %5s%s%n", fix(mo.skbsBelow()),
          num(mo.wmemBytes()), num(mo.cwnd()), num(mo.pacingMbps()), fix(mo.tsoSegs()),
          num(mo.unacked()), (r.c().hold() == ValidateCase.Hold.NONE ? ""
              : "  delay " + r.c().modelDelayUs() + " us") + "  ACK pauses "
              + r.c().modelAckStalls() + (r.c().ackStalls() != null ? " (measured)"
                  : " (default: " + defaultWhy(r) + ")")));
    }
    sb.append(String.format(Locale.ROOT, "%n%d of %d cases agree%n", pass, rs.size()));
    sb.append("real: the TSQ row is the run nearest the median (ss -tinm every 200 ms of the"
        + " measured window; skbs held = the holder's time-average; releases late = its mean"
        + " lateness, which sliding cases add to the model's delay; on ideal-xmit the model draws"
        + " the holder's wake-up lateness itself; * a CUBIC run that left slow start early, by a"
        + " loss or an exit under half the path's BDP, and is slower than the tolerance of the"
        + " best run: the testbed's, not judged); model: ACK pauses = the --path ackstall= the"
        + " real runs' tcp_probe RTT samples gave (the default otherwise, saying why)\n");
    return sb.toString();
  }

  /** The model's band in words: bistable with its states, its states, or its one range. */
  static String band(Verdict v, double tolerance) {
    Band b = v.band();
    if (b == null) {
      return "not run";
    }
    if (!b.bistable()) {
      double[] s = v.bandSamples().stream().mapToDouble(Double::doubleValue).toArray();
      List<double[]> st = Verdict.states(s, tolerance);
      if (st.size() < 2) {
        double lo = s.length > 0 ? s[0] : b.low();
        double hi = s.length > 0 ? s[s.length - 1] : b.high();
        if (lo > 0 && hi > lo * (1 + 2 * tolerance)) {
          // wider than one state though no gap splits it (the verdict's test)
          return "spread over " + num(lo) + ".." + num(hi) + " of " + s.length + ", no gap";
        }
        return "one state: [" + num(b.low()) + ".." + num(b.high()) + "]";
      }
      StringBuilder sb = new StringBuilder("states:");
      String sep = " ";
      for (double[] x : st) {
        sb.append(sep).append(num(x[0])).append(x[1] > x[0] ? ".." + num(x[1]) : "")
            .append(" (").append((long) x[2]).append(')');
        sep = ", ";
      }
      return sb.append(" of ").append(s.length).toString();
    }
    StringBuilder sb = new StringBuilder("bistable:");
    String sep = " ";
    for (Band.Cluster c : b.clusters()) {
      sb.append(sep).append(Math.round(100 * c.share())).append("% at ").append(num(c.low()))
          .append("..").append(num(c.high()));
      sep = ", ";
    }
    return sb.toString();
  }

  public static String json(List<CaseResult> rs, double tolerance, String kernel, int runs,
      long durationS, long omitS) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("kernel", kernel);
    out.put("tolerance", tolerance);
    out.put("runs", (long) runs);
    out.put("duration_s", durationS);
    out.put("omit_s", omitS);
    List<Object> cs = new ArrayList<>();
    long pass = 0;
    for (CaseResult r : rs) {
      cs.add(r.json());
      pass += r.verdict().pass() ? 1 : 0;
    }
    out.put("cases", cs);
    out.put("agree", pass);
    return Json.write(out);
  }

  /** Why the model kept the default ACK pauses: the real runs' reason, else none measured. */
  static String defaultWhy(CaseResult r) {
    String why = Validator.whyDefaultPauses(r.real());
    return why != null ? why : "a measured value was not applied to this case";
  }

  static RealRunner.Run medianRun(CaseResult r) {
    RealRunner.Run best = r.real().get(0);
    double med = r.verdict().median();
    for (RealRunner.Run x : r.real()) {
      if (Math.abs(x.mbps() - med) < Math.abs(best.mbps() - med)) {
        best = x;
      }
    }
    return best;
  }

  private static String modes(Verdict v) {
    StringBuilder sb = new StringBuilder();
    for (double d : v.modes()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(num(d));
    }
    return sb.toString();
  }

  static String num(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    double a = Math.abs(v);
    if (a >= 1000) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (a >= 100) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  static String fix(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }
}
