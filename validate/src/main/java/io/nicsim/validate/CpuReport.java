package io.nicsim.validate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nicsim.boardtrace.calibrate.Calibrator;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** validate --cpu's table: per case, each figure real beside predicted, and its verdict. */
final class CpuReport {
  private CpuReport() {}

  /** A figure's verdict: ok, a miss with its root cause, or a miss not yet explained. */
  static String verdict(CpuValidator v, CpuValidator.CaseRun r, String figure) {
    double real = r.real().get(figure);
    double model = r.model().get(figure);
    if (v.agrees(figure, real, model)) {
      return "ok";
    }
    String cause = CpuMisses.cause(r.c(), figure, real, model, r.otherTasksPct(),
        r.mechanisms());
    return cause == null ? "MISS (not root-caused)" : "miss: " + cause;
  }

  static boolean unexplained(CpuValidator v, CpuValidator.CaseRun r) {
    for (String f : CpuFigures.NAMES) {
      if (verdict(v, r, f).startsWith("MISS")) {
        return true;
      }
    }
    return false;
  }

  static String text(CpuValidator v, CpuValidator.Outcome o, String kernel, double tolerance) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "nicsim validate --cpu: kernel %s, %d cases, model"
        + " host-veth calibrated from %s's trace; agree within +-%.0f%% (CPU shares also"
        + " within %.1f points)%n", kernel, o.runs().size(), o.runs().get(0).c().name(),
        100 * tolerance, CpuValidator.FLOOR_POINTS));
    b.append("tracing: ").append(o.tracing().describe()).append(", taken off the real side's"
        + " spans and CPU shares\n");
    b.append("calibration:\n").append(o.calibration());
    int ok = 0;
    int explained = 0;
    int all = 0;
    for (CpuValidator.CaseRun r : o.runs()) {
      b.append(String.format(Locale.ROOT, "%n%s: %s%s%n  load: %s%s%n", r.c().name(),
          r.c().describe(), r.calibratedFrom() ? " (the calibration's own trace)" : "",
          r.load(), r.sent() >= 0 ? String.format(Locale.ROOT, "; sent %d, received %d",
              r.sent(), r.received()) : ""));
      CpuMechanisms mm = r.mechanisms();
      if (mm.seconds() > 0) {
        b.append(String.format(Locale.ROOT, "  traced over %.3f s: the sender's sendto %,.0f/s;"
            + " it left CPU %d %,.0f/s (asleep %,.0f, preempted %,.0f); NAPI kthread polls"
            + " %,.0f/s; NET_RX runs %,.0f/s, %,.0f/s of them polling nothing; frames on the"
            + " veth not IPv4 %d (NET_RX runs receiving only them %d); a sendto's own time %,.0f ns"
            + " (%,.0f/s woke the NAPI kthread at %,.0f ns, the others %,.0f ns)%n", mm.seconds(),
            mm.perSecond(mm.sends()), CpuValidator.SENDER_CPU,
            mm.perSecond(mm.senderSleeps() + mm.senderPreempted()),
            mm.perSecond(mm.senderSleeps()), mm.perSecond(mm.senderPreempted()),
            mm.perSecond(mm.kthreadPolls()), mm.perSecond(mm.netRx()),
            mm.perSecond(mm.netRxNoPoll()), mm.otherFrames(), mm.netRxOtherOnly(),
            mm.meanSendNs(),
            mm.perSecond(mm.sendsWaking()), mm.wakingSendNs(), mm.plainSendNs()));
      }
      b.append(String.format(Locale.ROOT, "  %-18s %10s %10s %6s  %s%n", "figure", "real",
          "model", "ratio", "verdict"));
      for (String f : CpuFigures.NAMES) {
        double real = r.real().get(f);
        double model = r.model().get(f);
        String vd = verdict(v, r, f);
        all++;
        ok += vd.equals("ok") ? 1 : 0;
        explained += vd.startsWith("miss:") ? 1 : 0;
        b.append(String.format(Locale.ROOT, "  %-18s %10s %10s %6s  %s%n", f, num(real),
            num(model), real > 0 ? String.format(Locale.ROOT, "%.2f", model / real) : "-",
            vd));
      }
    }
    b.append(String.format(Locale.ROOT, "%n%d of %d figures within tolerance, %d misses with"
        + " their root cause, %d not root-caused%n", ok, all, explained, all - ok - explained));
    return b.toString();
  }

  static String json(CpuValidator v, CpuValidator.Outcome o, String kernel, double tolerance)
      throws Exception {
    ObjectMapper m = new ObjectMapper();
    ObjectNode root = m.createObjectNode();
    root.put("kernel", kernel);
    root.put("tolerance", tolerance);
    root.put("profile_yaml", o.profileYaml());
    ObjectNode cal = root.putObject("calibration");
    ArrayNode coefs = cal.putArray("coefficients");
    for (Calibrator.Coefficient c : o.calibrated().coefficients()) {
      ObjectNode n = coefs.addObject();
      n.put("coefficient", c.key() + ": " + c.column().words());
      n.put("board_ns", dec(c.board()));
      n.put("model_base_ns", dec(c.modelBase()));
      n.put("model_calibrated_ns", dec(c.modelCalibrated()));
      n.put("board_spans", c.boardSpans());
    }
    ArrayNode fitted = cal.putArray("fitted");
    for (Calibrator.Fitted f : o.calibrated().fitted()) {
      ObjectNode n = fitted.addObject();
      n.put("op", f.op());
      n.put("base_ns", Math.round(f.base()));
      n.put("value_ns", Math.round(f.value()));
      n.put("coefficient", f.owner().key() + ": " + f.owner().column().words());
    }
    ArrayNode kept = cal.putArray("kept");
    for (Calibrator.Kept k : o.calibrated().kept()) {
      ObjectNode n = kept.addObject();
      n.put("op", k.op());
      n.put("value_ns", Math.round(k.value()));
      n.put("why", k.why());
    }
    ArrayNode skipped = cal.putArray("not_fitted");
    o.calibrated().skipped().forEach(skipped::add);
    ObjectNode tr = root.putObject("tracing_cost");
    tr.put("ns_per_event", dec(o.tracing().nsPerEvent()));
    tr.put("lo", dec(o.tracing().lo()));
    tr.put("hi", dec(o.tracing().hi()));
    tr.put("events_per_datagram", dec(o.tracing().eventsPerSend()));
    tr.put("pairs", o.tracing().pairs());
    ArrayNode cs = root.putArray("cases");
    for (CpuValidator.CaseRun r : o.runs()) {
      ObjectNode c = cs.addObject();
      c.put("case", r.c().name());
      c.put("describe", r.c().describe());
      c.put("load", r.load());
      c.put("calibrated_from", r.calibratedFrom());
      if (r.sent() >= 0) {
        c.put("sent", r.sent());
        c.put("received", r.received());
      }
      CpuMechanisms mm = r.mechanisms();
      if (mm.seconds() > 0) {
        ObjectNode t = c.putObject("traced");
        t.put("seconds", dec(mm.seconds()));
        t.put("sends", mm.sends());
        t.put("sender_sleeps", mm.senderSleeps());
        t.put("sender_preempted", mm.senderPreempted());
        t.put("sleep_slack_ns", mm.slackNs());
        t.put("sleep_late_ns", mm.lateNs());
        t.put("sleep_wakeups", mm.wakeups());
        t.put("kthread_polls", mm.kthreadPolls());
        t.put("kthread_runs", mm.kthreadRuns());
        t.put("kthread_runs_after_sender", mm.kthreadRunsAfterSender());
        t.put("net_rx", mm.netRx());
        t.put("net_rx_no_poll", mm.netRxNoPoll());
        t.put("net_rx_no_poll_frees", mm.netRxNoPollFrees());
        t.put("other_frames", mm.otherFrames());
        t.put("net_rx_other_frames_only", mm.netRxOtherOnly());
        t.put("net_rx_sender_cpu", mm.netRxSenderCpu());
        t.put("receiver_sleeps", mm.receiverSleeps());
        t.put("busy_poll_rx", mm.busyPollRx());
        t.put("sends_timed", mm.sendsTimed());
        t.put("send_ns", mm.sendNs());
        t.put("sends_waking", mm.sendsWaking());
        t.put("send_waking_ns", mm.sendWakingNs());
      }
      ArrayNode fs = c.putArray("figures");
      for (String f : CpuFigures.NAMES) {
        ObjectNode x = fs.addObject();
        x.put("figure", f);
        x.put("real", dec(r.real().get(f)));
        x.put("model", dec(r.model().get(f)));
        x.put("verdict", verdict(v, r, f));
      }
    }
    return m.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
  }

  private static BigDecimal dec(double v) {
    return Double.isFinite(v) ? new BigDecimal(v).round(new MathContext(5)).stripTrailingZeros()
        : null;
  }

  private static String num(double v) {
    if (!Double.isFinite(v)) {
      return "-";
    }
    if (Math.abs(v) < 5e-4) {
      return "0";
    }
    return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }
}
