package io.nicsim.runs;

import io.nicsim.formats.trace.Timeline;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a run produced.
 *
 * @param config the resolved configuration, in print order
 * @param summary metric → value: the contract's names first, then nicsim's extras
 * @param toolLines iperf3's or ping's own summary lines
 * @param cpuPctByOp CPU % of all cores per operation in the window
 * @param callsPerSecByOp calls per second per operation in the window
 * @param countersPerSec the driver's counters per second in the window
 * @param cores the host's CPU count
 * @param windowSec the measured window, seconds
 * @param timeline recorded timer/IRQ events, or null
 * @param dmesg the kernel log of the run (NETDEV WATCHDOG and the like)
 * @param irqsPerSecByLine assertions per second of each of the NIC's interrupt lines
 * @param kernelC what ran as a tree's C ({@code --ports c}), or null
 * @param recovery per {@code --fault}, the watchdog's timeout and the driver's recovery
 *     ({@code FaultMeter}), or null without faults
 */
public record RunResult(
    LinkedHashMap<String, Object> config,
    LinkedHashMap<String, Double> summary,
    List<String> toolLines,
    SortedMap<String, Double> cpuPctByOp,
    SortedMap<String, Double> callsPerSecByOp,
    SortedMap<String, Double> countersPerSec,
    int cores,
    double windowSec,
    Timeline timeline,
    List<String> dmesg,
    SortedMap<String, Double> irqsPerSecByLine,
    KernelCReport kernelC,
    List<LinkedHashMap<String, Object>> recovery) {

  public RunResult {
    dmesg = dmesg == null ? List.of() : List.copyOf(dmesg);
    irqsPerSecByLine = irqsPerSecByLine == null ? new TreeMap<>() : irqsPerSecByLine;
  }

  /** A result of a run without faults. */
  public RunResult(LinkedHashMap<String, Object> config, LinkedHashMap<String, Double> summary,
      List<String> toolLines, SortedMap<String, Double> cpuPctByOp,
      SortedMap<String, Double> callsPerSecByOp, SortedMap<String, Double> countersPerSec,
      int cores, double windowSec, Timeline timeline, List<String> dmesg,
      SortedMap<String, Double> irqsPerSecByLine, KernelCReport kernelC) {
    this(config, summary, toolLines, cpuPctByOp, callsPerSecByOp, countersPerSec, cores,
        windowSec, timeline, dmesg, irqsPerSecByLine, kernelC, null);
  }

  /** A result whose ports all ran as Java. */
  public RunResult(LinkedHashMap<String, Object> config, LinkedHashMap<String, Double> summary,
      List<String> toolLines, SortedMap<String, Double> cpuPctByOp,
      SortedMap<String, Double> callsPerSecByOp, SortedMap<String, Double> countersPerSec,
      int cores, double windowSec, Timeline timeline, List<String> dmesg,
      SortedMap<String, Double> irqsPerSecByLine) {
    this(config, summary, toolLines, cpuPctByOp, callsPerSecByOp, countersPerSec, cores,
        windowSec, timeline, dmesg, irqsPerSecByLine, null, null);
  }

  /** What a plot of the run is titled: {@code MAC on SOC, KERNEL: TRAFFIC}. */
  public String title() {
    return config.get("mac") + " on " + config.get("soc") + ", " + config.get("kernel") + ": "
        + config.get("traffic");
  }

  /** A summary metric, or NaN when the run has none of that name. */
  public double metric(String name) {
    Double v = summary.get(name);
    return v == null ? Double.NaN : v;
  }
}
