package io.nicsim.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One case's real runs, model run and verdict. */
public record CaseResult(ValidateCase c, List<RealRunner.Run> real, ModelRunner.Run model,
    Verdict verdict, String knownMiss) {

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
    if (c.modelDelayUs() != c.delayUs()) {
      m.put("model_delay_us", c.modelDelayUs());
    }
    m.put("rtt_us", c.rttUs());
    m.put("ack_delay_us", c.ackDelayUs());
    m.put("rate_mbit", c.rateMbit());
    List<Object> runs = new ArrayList<>();
    for (RealRunner.Run r : real) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("mbps", r.mbps());
      x.put("sender_mbps", r.senderMbps());
      x.put("retransmits", r.retrans());
      x.put("cwnd", r.cwnd());
      x.put("pacing_mbps", r.pacingMbps());
      x.put("wmem_alloc_bytes", r.wmemBytes());
      x.put("unacked", r.unacked());
      x.put("skbs_held", r.held());
      x.put("skb_bytes", r.skbBytes());
      x.put("ss_samples", (long) r.samples());
      runs.add(x);
    }
    m.put("real", runs);
    Map<String, Object> mo = new LinkedHashMap<>();
    mo.put("mbps", model.mbps());
    mo.put("cwnd", model.cwnd());
    mo.put("pacing_mbps", model.pacingMbps());
    mo.put("wmem_alloc_bytes", model.wmemBytes());
    mo.put("skbs_below_tcp", model.skbsBelow());
    mo.put("tso_segs", model.tsoSegs());
    mo.put("args", model.args());
    m.put("model", mo);
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("pass", verdict.pass());
    v.put("real_median_mbps", verdict.median());
    v.put("real_modes_mbps", verdict.modes());
    v.put("matched_mode", (long) verdict.matched());
    v.put("ratio", verdict.ratio());
    if (knownMiss != null) {
      v.put("known_miss", knownMiss);
    }
    m.put("verdict", v);
    return m;
  }
}
