package io.nicsim.validate;

import io.nicsim.studies.uncertainty.Band;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One case's real runs, model run and verdict.
 *
 * @param testbed per real run, why it is the testbed's and not judged, or null (judged)
 */
public record CaseResult(ValidateCase c, List<RealRunner.Run> real, ModelRunner.Run model,
    Verdict verdict, String knownMiss, List<String> testbed) {

  public CaseResult {
    testbed = Collections.unmodifiableList(new ArrayList<>(testbed));
  }

  /** Every run judged. */
  public CaseResult(ValidateCase c, List<RealRunner.Run> real, ModelRunner.Run model,
      Verdict verdict, String knownMiss) {
    this(c, real, model, verdict, knownMiss, Collections.nCopies(real.size(), null));
  }

  /** The same case with its verdict amended (the model's band). */
  CaseResult withVerdict(Verdict v) {
    return new CaseResult(c, real, model, v, knownMiss, testbed);
  }

  /** The real runs' goodputs (Mbit/s). */
  public double[] realMbps() {
    double[] v = new double[real.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = real.get(i).mbps();
    }
    return v;
  }

  Map<String, Object> json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("case", c.name());
    m.put("cc", c.cc());
    m.put("tso", c.tso());
    m.put("hold", c.hold().word());
    m.put("delay_us", c.delayUs());
    if (c.hold() != ValidateCase.Hold.NONE) {
      m.put("model_delay_us", c.modelDelayUs());
      m.put("model_delay_forced", c.modelDelayForced());
      m.put("model_wake_late", c.modelSocYaml() != null ? "measured (the runs' median)"
          : c.modelWakesLate() ? "profile " + c.modelSoc() : "none");
      if (c.modelSocYaml() != null) {
        m.put("model_soc_yaml", c.modelSocYaml());
      }
    }
    m.put("model_ackstall", c.modelAckStalls()
        + (c.ackStalls() != null ? "" : " (default: " + ValidateReport.defaultWhy(this) + ")"));
    m.put("rtt_us", c.rttUs());
    m.put("ack_delay_us", c.ackDelayUs());
    m.put("rate_mbit", c.rateMbit());
    List<Object> runs = new ArrayList<>();
    for (RealRunner.Run r : real) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("mbps", num(r.mbps()));
      x.put("sender_mbps", num(r.senderMbps()));
      x.put("retransmits", r.retrans());
      x.put("cwnd", num(r.cwnd()));
      x.put("pacing_mbps", num(r.pacingMbps()));
      x.put("wmem_alloc_bytes", num(r.wmemBytes()));
      x.put("unacked", num(r.unacked()));
      x.put("skbs_held", num(r.held()));
      x.put("skb_bytes", num(r.skbBytes()));
      x.put("late_us", num(r.lateUs()));
      x.put("late_p10_us", num(r.lateP10Us()));
      x.put("late_p90_us", num(r.lateP90Us()));
      if (r.wakeLateUs() != null) {
        Map<String, Object> w = new LinkedHashMap<>();
        for (int i = 0; i < RealRunner.WAKE_KEYS.length; i++) {
          w.put(RealRunner.WAKE_KEYS[i].substring("wake_".length()), num(r.wakeLateUs()[i]));
        }
        x.put("wake_late_us", w);
      }
      if (r.pauses() != null) {
        x.put("ack_pauses_over_1ms", (long) r.pauses().pauses());
        x.put("ack_pauses_seconds", num(r.pauses().seconds()));
      }
      x.put("ss_samples", (long) r.samples());
      x.put("ssthresh", num(r.ssthresh()));
      x.put("testbed", testbed.get(runs.size()));
      runs.add(x);
    }
    m.put("real", runs);
    Map<String, Object> mo = new LinkedHashMap<>();
    mo.put("mbps", num(model.mbps()));
    mo.put("cwnd", num(model.cwnd()));
    mo.put("pacing_mbps", num(model.pacingMbps()));
    mo.put("wmem_alloc_bytes", num(model.wmemBytes()));
    mo.put("skbs_below_tcp", num(model.skbsBelow()));
    mo.put("tso_segs", num(model.tsoSegs()));
    mo.put("unacked", num(model.unacked()));
    mo.put("args", model.args());
    m.put("model", mo);
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("pass", verdict.pass());
    v.put("real_median_mbps", num(verdict.median()));
    List<Object> modes = new ArrayList<>();
    for (double d : verdict.modes()) {
      modes.add(num(d));
    }
    v.put("real_modes_mbps", modes);
    v.put("matched_mode", (long) verdict.matched());
    v.put("ratio", num(verdict.ratio()));
    if (verdict.band() != null) {
      Map<String, Object> b = new LinkedHashMap<>();
      b.put("samples", (long) verdict.band().samples());
      b.put("low_mbps", num(verdict.band().low()));
      b.put("high_mbps", num(verdict.band().high()));
      b.put("bistable", verdict.band().bistable());
      List<Object> cs = new ArrayList<>();
      for (Band.Cluster c : verdict.band().clusters()) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("share", c.share());
        x.put("low_mbps", num(c.low()));
        x.put("high_mbps", num(c.high()));
        cs.add(x);
      }
      b.put("clusters", cs);
      List<Object> ss = new ArrayList<>();
      verdict.bandSamples().forEach(x -> ss.add(num(x)));
      b.put("samples_mbps", ss);
      v.put("model_band", b);
      v.put("in_band_state", verdict.inBandState());
    }
    if (knownMiss != null) {
      v.put("known_miss", knownMiss);
    }
    m.put("verdict", v);
    return m;
  }

  /** A figure for JSON: null where a side has none (NaN). */
  static Double num(double d) {
    return Double.isNaN(d) || Double.isInfinite(d) ? null : d;
  }
}
