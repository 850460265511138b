package io.nicsim.runs;

import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.soc.UncertaintyClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The metric names of nicsim's output contract and how a run's window yields them. Rates are
 * per simulated second of the measured window; CPU percentages are of all cores' time (100 =
 * every core busy the whole window).
 *
 * <p>Interrupts of the NIC: {@code nic_irq_per_s} counts the assertions of its lines (each
 * handler run once, however many causes it found: core's {@code HostMetrics.nicIrqs}), the
 * NIC's interrupt rate. {@code tx_irq_per_s} and {@code rx_irq_per_s} are causes: the
 * assertions that carried a TX (RX) cause, from the driver's {@code tx_irq}/{@code rx_irq}
 * counters; on a line shared by both they add up to more than {@code nic_irq_per_s}, and
 * {@code pkts_per_tx_irq} is packets per assertion that carried a TX cause.
 */
public final class Metrics {
  /** The contract's names, in the order JSON and CSV print them. */
  public static final List<String> CONTRACT = List.of(
      "pps", "udp_mbps", "tcp_mbps", "cpu_pct", "hrtimer_cpu_pct", "hrtimer_start_per_s",
      "timer_arms_per_s", "nic_irq_per_s", "tx_irq_per_s", "rx_irq_per_s", "pkts_per_tx_irq",
      "ping_rtt_ms",
      "stall_ms");

  /**
   * CPU by context over all CPUs as mpstat's {@code all} row prints it, and the share of the
   * CPU figure that rests on estimated costs: the columns a sweep's table adds after the
   * contract's (per CPU they are {@code cpuN_usr_pct} …, in the CSV and JSON).
   */
  public static final List<String> CPU_BY_CONTEXT = List.of(
      "cpu_usr_pct", "cpu_sys_pct", "cpu_irq_pct", "cpu_soft_pct", "cpu_idle_pct",
      "cpu_from_estimates_pct");

  private Metrics() {}

  /** Units for reports. */
  public static String unit(String metric) {
    if (metric.startsWith("cpu") && metric.endsWith("_pct")) {
      return metric.equals("cpu_from_estimates_pct") ? "% of cpu_pct" : "%";
    }
    switch (metric) {
      case "pps":
        return "pkt/s";
      case "udp_mbps":
      case "tcp_mbps":
        return "Mbit/s";
      case "cpu_pct":
      case "hrtimer_cpu_pct":
        return "%";
      case "ping_rtt_ms":
      case "stall_ms":
        return "ms";
      case "pkts_per_tx_irq":
        return "pkt/irq";
      default:
        return metric.endsWith("_per_s") ? "1/s" : "";
    }
  }

  /** The host's metrics between two snapshots (stall from the wire tap). */
  static LinkedHashMap<String, Double> host(Snapshot a, Snapshot b, int cores, double stallMs,
      boolean withStall) {
    double sec = (b.timeNs() - a.timeNs()) / 1e9;
    double coreNs = (b.timeNs() - a.timeNs()) * (double) cores;
    LinkedHashMap<String, Double> m = new LinkedHashMap<>();
    m.put("pps", (b.wireFrames() - a.wireFrames()) / sec);
    m.put("cpu_pct", 100.0 * (b.busyNs() - a.busyNs()) / coreNs);
    long hrNs = 0;
    for (String op : b.nsByOp().keySet()) {
      if (op.startsWith("hrtimer_")) {
        hrNs += b.ns(op) - a.ns(op);
      }
    }
    m.put("hrtimer_cpu_pct", 100.0 * hrNs / coreNs);
    long starts = b.calls("hrtimer_start") - a.calls("hrtimer_start");
    m.put("hrtimer_start_per_s", starts / sec);
    m.put("timer_arms_per_s", (starts + b.calls("mod_timer") - a.calls("mod_timer")) / sec);
    m.put("nic_irq_per_s", (b.nicIrqs() - a.nicIrqs()) / sec);
    Long tx0 = a.counters().get("tx_irq");
    Long tx1 = b.counters().get("tx_irq");
    if (tx1 != null) {
      m.put("tx_irq_per_s", (tx1 - (tx0 == null ? 0 : tx0)) / sec);
    }
    Long rx1 = b.counters().get("rx_irq");
    if (rx1 != null) {
      Long rx0 = a.counters().get("rx_irq");
      m.put("rx_irq_per_s", (rx1 - (rx0 == null ? 0 : rx0)) / sec);
    }
    if (tx1 != null && tx1 - (tx0 == null ? 0 : tx0) > 0) {
      m.put("pkts_per_tx_irq",
          (double) (b.devTxPackets() - a.devTxPackets()) / (tx1 - (tx0 == null ? 0 : tx0)));
    }
    if (withStall) {
      m.put("stall_ms", stallMs);
    }
    Long wd1 = b.counters().get("napi_watchdog_poll");
    if (wd1 != null) {
      // the kernel's own coalescing: polls the watchdog scheduled are RX wake-ups too
      long wd = wd1 - a.counters().getOrDefault("napi_watchdog_poll", 0L);
      m.put("napi_watchdog_per_s", wd / sec);
      m.put("napi_deferred_per_s", (b.counters().get("napi_deferred")
          - a.counters().getOrDefault("napi_deferred", 0L)) / sec);
      m.put("busy_poll_per_s", (b.counters().get("busy_poll")
          - a.counters().getOrDefault("busy_poll", 0L)) / sec);
      if (rx1 != null) {
        long rx = rx1 - a.counters().getOrDefault("rx_irq", 0L);
        m.put("rx_wakeups_per_s", (rx + wd) / sec);
      }
    }
    m.put("irq_per_s", (b.hardirqs() - a.hardirqs()) / sec);
    m.put("timer_cancel_per_s", (b.calls("hrtimer_cancel") - a.calls("hrtimer_cancel")
        + b.calls("del_timer") - a.calls("del_timer")) / sec);
    m.put("hrtimer_expire_per_s", (b.calls("hrtimer_expire") - a.calls("hrtimer_expire")) / sec);
    m.put("hardirq_cpu_pct", 100.0 * (b.contextNs()[0] - a.contextNs()[0]) / coreNs);
    m.put("softirq_cpu_pct", 100.0 * (b.contextNs()[1] - a.contextNs()[1]) / coreNs);
    m.put("task_cpu_pct", 100.0 * (b.contextNs()[2] - a.contextNs()[2]) / coreNs);
    mpstat(a, b, cores, m);
    return m;
  }

  /** mpstat's columns, in its order (%nice, %iowait, %steal and %guest are 0 in the model). */
  static final String[] MPSTAT = {"usr", "sys", "irq", "soft", "idle"};
  private static final int[] MPSTAT_SLOT = {Snapshot.USR, Snapshot.SYS, Snapshot.IRQ,
      Snapshot.SOFT};

  /**
   * CPU by context as {@code mpstat -P ALL} prints it: {@code cpu_usr_pct} … {@code
   * cpu_idle_pct} over all CPUs (mpstat's {@code all} row), then {@code cpuN_usr_pct} … per CPU,
   * each of that CPU's time. %irq is hard interrupt handlers (hrtimer callbacks among them),
   * %soft softirq actions wherever they run (ksoftirqd too, as the kernel's IRQ time accounting
   * charges them), %sys tasks in the kernel (system calls, kernel threads, the scheduler), %usr
   * tasks in user space.
   */
  static void mpstat(Snapshot a, Snapshot b, int cores, Map<String, Double> m) {
    double window = b.timeNs() - a.timeNs();
    for (int col = 0; col < MPSTAT.length; col++) {
      double ns = 0;
      for (int c = 0; c < cores; c++) {
        ns += slotNs(a, b, c, col, window);
      }
      m.put("cpu_" + MPSTAT[col] + "_pct", 100.0 * ns / (window * cores));
    }
    for (int c = 0; c < cores; c++) {
      for (int col = 0; col < MPSTAT.length; col++) {
        m.put("cpu" + c + "_" + MPSTAT[col] + "_pct", 100.0 * slotNs(a, b, c, col, window) / window);
      }
    }
  }

  private static double slotNs(Snapshot a, Snapshot b, int core, int col, double window) {
    if (col < MPSTAT_SLOT.length) {
      return b.coreNs(core, MPSTAT_SLOT[col]) - a.coreNs(core, MPSTAT_SLOT[col]);
    }
    double busy = 0;
    for (int slot : MPSTAT_SLOT) {
      busy += b.coreNs(core, slot) - a.coreNs(core, slot);
    }
    return Math.max(0, window - busy);
  }

  /**
   * {@code cpu_from_estimates_pct}: the share of the busy time ({@code cpu_pct}) charged to
   * operations whose cost the SoC profile gives as an estimate or an assumption, rather than
   * measured, calibrated or from a datasheet; how much of the CPU figure rests on guesses.
   * Time charged to an operation the profile has no cost for (other tasks' measured load) is
   * not an estimate.
   *
   * @param classOf an operation's name → its cost's class, null when the profile has none
   */
  static double estimatedShare(Snapshot a, Snapshot b,
      Function<String, UncertaintyClass> classOf) {
    double all = 0;
    double estimated = 0;
    for (String op : b.nsByOp().keySet()) {
      long ns = b.ns(op) - a.ns(op);
      if (ns <= 0 || op.equals(KernelOps.CPUIDLE_EXIT.name())) {
        continue; // an idle state's exit latency is idle time, not part of the figure
      }
      all += ns;
      UncertaintyClass c = classOf.apply(op);
      if (c == UncertaintyClass.ESTIMATE || c == UncertaintyClass.ASSUMPTION) {
        estimated += ns;
      }
    }
    return all == 0 ? 0 : 100.0 * estimated / all;
  }

  /** Contract names first (those present), then the others in their insertion order. */
  static LinkedHashMap<String, Double> order(Map<String, Double> all) {
    LinkedHashMap<String, Double> out = new LinkedHashMap<>();
    for (String k : CONTRACT) {
      if (all.containsKey(k)) {
        out.put(k, all.get(k));
      }
    }
    List<String> rest = new ArrayList<>();
    for (String k : all.keySet()) {
      if (!out.containsKey(k)) {
        rest.add(k);
      }
    }
    for (String k : rest) {
      out.put(k, all.get(k));
    }
    return out;
  }

  /** Per-op CPU % of all cores between two snapshots, ops charged in the window. */
  static SortedMap<String, Double> cpuByOp(Snapshot a, Snapshot b, int cores) {
    double coreNs = (b.timeNs() - a.timeNs()) * (double) cores;
    SortedMap<String, Double> out = new TreeMap<>();
    for (String op : b.nsByOp().keySet()) {
      long ns = b.ns(op) - a.ns(op);
      if (ns > 0) {
        out.put(op, 100.0 * ns / coreNs);
      }
    }
    return out;
  }

  /** Calls per second per op in the window. */
  static SortedMap<String, Double> callsByOp(Snapshot a, Snapshot b) {
    double sec = (b.timeNs() - a.timeNs()) / 1e9;
    SortedMap<String, Double> out = new TreeMap<>();
    for (String op : b.callsByOp().keySet()) {
      long n = b.calls(op) - a.calls(op);
      if (n > 0) {
        out.put(op, n / sec);
      }
    }
    return out;
  }

  /** Assertions per second of each of the NIC's interrupt lines in the window. */
  static SortedMap<String, Double> irqsByLine(Snapshot a, Snapshot b) {
    double sec = (b.timeNs() - a.timeNs()) / 1e9;
    SortedMap<String, Double> out = new TreeMap<>();
    b.irqsByLine().forEach((k, v) -> out.put(k, (v - a.irqsByLine().getOrDefault(k, 0L)) / sec));
    return out;
  }

  /** Driver counters per second in the window. */
  static SortedMap<String, Double> counters(Snapshot a, Snapshot b) {
    double sec = (b.timeNs() - a.timeNs()) / 1e9;
    SortedMap<String, Double> out = new TreeMap<>();
    b.counters().forEach((k, v) -> out.put(k, (v - a.counters().getOrDefault(k, 0L)) / sec));
    return out;
  }
}
