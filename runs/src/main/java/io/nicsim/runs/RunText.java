package io.nicsim.runs;

import io.nicsim.formats.text.Json;
import io.nicsim.formats.text.Num;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The text summary of {@code nicsim run}. */
public final class RunText {
  private RunText() {}

  public static String format(RunResult r) {
    Map<String, Object> c = r.config();
    StringBuilder sb = new StringBuilder();
    sb.append("nicsim run: ").append(c.get("mac")).append(" on ").append(c.get("soc"))
        .append(" (").append(c.get("cpus")).append(" cpus), kernel ").append(c.get("kernel"))
        .append(", seed ").append(c.get("seed")).append('\n');
    List<?> edits = (List<?>) c.get("patch_edits");
    List<?> patches = (List<?>) c.get("patches");
    sb.append("patches: ").append(patches.size()).append(" (")
        .append(edits.isEmpty() ? c.get("kernel") + " as released"
            : c.get("kernel") + " " + String.join(" ", edits.stream().map(Object::toString).toList()))
        .append("; --json lists them)\n");
    sb.append("coalesce: ").append(coalesce(c.get("coalesce"))).append('\n');
    if (r.kernelC() != null) {
      r.kernelC().lines().forEach(l -> sb.append(l).append('\n'));
    }
    sb.append("traffic: ").append(c.get("traffic")).append("   path: ").append(c.get("path"))
        .append("   link: ").append(Num.human(((Number) c.get("link_bps")).doubleValue() / 1e6))
        .append(" Mbit/s\n\n");
    for (String line : r.toolLines()) {
      sb.append(line).append('\n');
    }
    sb.append('\n');
    LinkedHashMap<String, Double> s = r.summary();
    // the NIC's interrupts are its lines' assertions; the causes they carried are shown
    // beside them, never added to them (a TX and an RX cause on one line are one interrupt)
    sb.append("NIC IRQs/s: ").append(opt(s, "nic_irq_per_s"));
    if (r.irqsPerSecByLine().size() > 1) {
      StringBuilder lines = new StringBuilder();
      r.irqsPerSecByLine().forEach((k, v) -> lines.append(lines.length() > 0 ? ", " : "")
          .append(k).append(' ').append(Num.human(v)));
      sb.append(" (").append(lines).append(')');
    }
    sb.append("   causes: tx ").append(opt(s, "tx_irq_per_s")).append("  rx ")
        .append(opt(s, "rx_irq_per_s")).append("   packets per tx IRQ ")
        .append(opt(s, "pkts_per_tx_irq")).append("   all hard IRQs/s ")
        .append(opt(s, "irq_per_s")).append('\n');
    sb.append("timers/s: hrtimer_start ").append(opt(s, "hrtimer_start_per_s"))
        .append("  cancels ").append(opt(s, "timer_cancel_per_s")).append("  hrtimer expiries ")
        .append(opt(s, "hrtimer_expire_per_s")).append("  arms (hrtimer+timer_list) ")
        .append(opt(s, "timer_arms_per_s")).append('\n');
    sb.append("wire: ").append(opt(s, "pps")).append(" pps");
    if (s.containsKey("stall_ms")) {
      sb.append(", longest silence ").append(opt(s, "stall_ms")).append(" ms");
    }
    sb.append('\n');
    sb.append(String.format(Locale.ROOT,
        "CPU %% of %d cores: %s (hardirq %s, softirq %s, task %s), hrtimer %s%n", r.cores(),
        opt(s, "cpu_pct"), opt(s, "hardirq_cpu_pct"), opt(s, "softirq_cpu_pct"),
        opt(s, "task_cpu_pct"), opt(s, "hrtimer_cpu_pct")));
    mpstat(sb, s, r.cores());
    sb.append(String.format(Locale.ROOT, "  %-28s %9s %12s%n", "operation", "cpu %", "calls/s"));
    for (Map.Entry<String, Double> e : r.cpuPctByOp().entrySet()) {
      Double calls = r.callsPerSecByOp().get(e.getKey());
      sb.append(String.format(Locale.ROOT, "  %-28s %9s %12s%n", e.getKey(),
          Num.human(e.getValue()), calls == null ? "-" : Num.human(calls)));
    }
    if (r.recovery() != null) {
      recovery(sb, r.recovery());
    }
    if (!r.dmesg().isEmpty()) {
      sb.append("dmesg:\n");
      for (String line : r.dmesg()) {
        sb.append("  ").append(line).append('\n');
      }
    }
    if (!r.countersPerSec().isEmpty()) {
      sb.append("driver counters per s:");
      r.countersPerSec().forEach((k, v) -> sb.append(' ').append(k).append(' ').append(Num.human(v)));
      sb.append('\n');
    }
    return sb.toString();
  }

  /** CPU by context as mpstat -P ALL prints it, and how much of the figure rests on estimates. */
  static void mpstat(StringBuilder sb, Map<String, Double> s, int cores) {
    if (!s.containsKey("cpu_usr_pct")) {
      return;
    }
    sb.append(String.format(Locale.ROOT, "  %-5s", "CPU"));
    for (String col : Metrics.MPSTAT) {
      sb.append(String.format(Locale.ROOT, " %8s", "%" + col));
    }
    sb.append("   (as mpstat -P ALL)\n");
    for (int c = -1; c < cores; c++) {
      String prefix = c < 0 ? "cpu_" : "cpu" + c + "_";
      sb.append(String.format(Locale.ROOT, "  %-5s", c < 0 ? "all" : String.valueOf(c)));
      for (String col : Metrics.MPSTAT) {
        sb.append(String.format(Locale.ROOT, " %8s", opt(s, prefix + col + "_pct")));
      }
      sb.append('\n');
    }
    if (s.containsKey("cpu_from_estimates_pct")) {
      sb.append("  CPU: ").append(opt(s, "cpu_from_estimates_pct"))
          .append("% of the figure from estimated costs (the SoC profile's class estimate or"
              + " assumption; the rest measured, calibrated or from a datasheet)\n");
    }
  }

  /**
   * Per fault: the hang, the watchdog's report and what waited then, the driver's recovery and
   * the time to the first frame after it.
   */
  private static void recovery(StringBuilder sb, List<LinkedHashMap<String, Object>> faults) {
    for (Map<String, Object> f : faults) {
      sb.append("fault: ").append(f.get("fault")).append(" (watchdog_timeo ")
          .append(f.get("watchdog_timeo_ms")).append(" ms)\n");
      if (f.get("timeout_s") == null) {
        sb.append("  no TX timeout within the run\n");
      } else {
        sb.append("  TX timeout: at ").append(f.get("timeout_s")).append(" s, ")
            .append(f.get("detect_ms")).append(" ms after the hang (the queue's last transmit ")
            .append(f.get("timed_out_ms")).append(" ms before); waiting then: ")
            .append(f.get("qdisc_at_timeout")).append(" packets in the qdisc, ")
            .append(f.get("driver_skbs_at_timeout")).append(" skbs on the driver's rings\n");
      }
      if (f.get("resumed_s") == null) {
        sb.append("  not recovered within the run: no frame left after the hang\n");
      } else {
        sb.append("  recovery: ").append(f.get("resets")).append(" reset(s); first frame out at ")
            .append(f.get("resumed_s")).append(" s, ").append(f.get("recover_ms"))
            .append(" ms after the hang; ").append(f.get("qdisc_drops"))
            .append(" packets dropped by the qdisc meanwhile\n");
      }
    }
  }

  private static String opt(Map<String, Double> s, String k) {
    Double v = s.get(k);
    return v == null ? "-" : Num.human(v);
  }

  private static String coalesce(Object m) {
    Map<?, ?> map = (Map<?, ?>) m;
    if (map.isEmpty()) {
      return "(the driver supports none)";
    }
    StringBuilder sb = new StringBuilder();
    map.forEach((k, v) -> sb.append(sb.length() > 0 ? " " : "").append(k).append(' ').append(v));
    return sb.toString();
  }

  /** {@code {"config": …, "summary": …}}. */
  public static String json(RunResult r) {
    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
    out.put("config", r.config());
    out.put("summary", r.summary());
    if (r.recovery() != null) {
      out.put("recovery", r.recovery());
    }
    return Json.write(out);
  }
}
