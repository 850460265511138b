package io.nicsim.scenarios.seeds;

import io.nicsim.runs.Metrics;
import io.nicsim.runs.RunResult;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import java.util.List;
import java.util.Map;

/**
 * Rows for the TCP scenarios ({@link StmmacXmitMore}, {@link StmmacNapiArm}): a run's metric
 * with its case, SoC, kernel, patch edits and resolved coalescing, plus the few derived
 * metrics those seeds quote.
 */
final class TcpScenarioRows {
  private TcpScenarioRows() {}

  /** A row of one run's metric (see {@link #value}). */
  static Row row(String caseName, RunResult r, String metric, Double published, Role role) {
    return row(caseName, r, metric, published, value(r, metric), role);
  }

  /** A row with a value computed by the scenario, labelled with run {@code r}'s setup. */
  @SuppressWarnings("unchecked")
  static Row row(String caseName, RunResult r, String metric, Double published, double value,
      Role role) {
    return new Row(caseName, (String) r.config().get("soc"), (String) r.config().get("kernel"),
        (List<String>) r.config().get("patch_edits"),
        (Map<String, Long>) r.config().get("coalesce"), metric, unit(metric), published, value,
        role).withCpu(r);
  }

  /**
   * A summary metric, or one derived as the seeds count: {@code nic_irq_per_s} (the NIC's
   * interrupts: its lines' assertions), {@code pkts_per_nic_irq} (wire packets per NIC interrupt), {@code
   * txtimer_arm_per_s} (the driver's TX coalesce timer starts: hrtimer_start or mod_timer),
   * {@code txtimer_fire_per_s}, {@code try_to_cancel_per_s}.
   */
  static double value(RunResult r, String metric) {
    switch (metric) {
      case "nic_irq_per_s":
        return nicIrqs(r);
      case "pkts_per_nic_irq":
        return r.metric("pps") / nicIrqs(r);
      case "txtimer_arm_per_s":
        return counter(r, "hrtimer_start") + counter(r, "mod_timer");
      case "txtimer_fire_per_s":
        return counter(r, "tx_timer_expiry");
      case "try_to_cancel_per_s":
        return counter(r, "hrtimer_try_to_cancel");
      default:
        double v = r.metric(metric);
        if (Double.isNaN(v)) {
          throw new IllegalStateException("run has no metric " + metric);
        }
        return v;
    }
  }

  /** The NIC's interrupts: its lines' assertions (a TX and an RX cause on one line count once). */
  static double nicIrqs(RunResult r) {
    return r.metric("nic_irq_per_s");
  }

  private static double counter(RunResult r, String name) {
    Double v = r.countersPerSec().get(name);
    return v == null ? 0 : v;
  }

  static String unit(String metric) {
    switch (metric) {
      case "bbr_bw_mbps":
      case "tcp_mbps_lost":
      case "tcp_mbps_regained":
        return "Mbit/s";
      case "tsq_limit_bytes":
        return "B";
      case "tcp_cwnd":
      case "skbs_below_tcp":
      case "tcp_tso_segs":
      case "arms_per_pkt_ratio":
        return "";
      case "pkts_per_nic_irq":
        return "pkt/irq";
      default:
        return Metrics.unit(metric);
    }
  }
}
