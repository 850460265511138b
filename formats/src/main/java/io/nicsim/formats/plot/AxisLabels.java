package io.nicsim.formats.plot;

import java.util.Map;

/**
 * Axis titles with units for nicsim's metric and knob names ({@code udp_mbps} → "UDP goodput
 * (Mbit/s)"); a name not listed is shown as it is spelled, a unit read from its suffix where it
 * has one ({@code _ms}, {@code _pct}, {@code _per_s}, {@code _mbps}).
 */
public final class AxisLabels {
  private static final Map<String, String> NAMES = Map.ofEntries(
      Map.entry("pps", "packets per second (TX, wire)"),
      Map.entry("udp_mbps", "UDP goodput (Mbit/s)"),
      Map.entry("udp_sender_mbps", "UDP sent (Mbit/s)"),
      Map.entry("udp_sent_pps", "UDP datagrams sent per second"),
      Map.entry("udp_lost_pct", "UDP datagrams lost (%)"),
      Map.entry("udp_jitter_ms", "UDP jitter, RFC 3550 (ms)"),
      Map.entry("tcp_mbps", "TCP goodput (Mbit/s)"),
      Map.entry("tcp_sender_mbps", "TCP sent (Mbit/s)"),
      Map.entry("ping_rtt_ms", "ping RTT, mean (ms)"),
      Map.entry("ping_rtt_min_ms", "ping RTT, min (ms)"),
      Map.entry("ping_rtt_max_ms", "ping RTT, max (ms)"),
      Map.entry("cpu_pct", "CPU busy (% of all cores)"),
      Map.entry("irq_per_s", "interrupts per second"),
      Map.entry("tx-usecs", "tx-usecs (µs)"),
      Map.entry("rx-usecs", "rx-usecs (µs)"),
      Map.entry("tx-frames", "tx-frames (frames)"),
      Map.entry("rx-frames", "rx-frames (frames)"),
      Map.entry("len", "datagram length, iperf3 -l (bytes)"),
      Map.entry("rate", "offered rate, iperf3 -b"),
      Map.entry("parallel", "flows, iperf3 -P"),
      Map.entry("rtt", "path RTT"),
      Map.entry("seed", "seed"),
      Map.entry("kernel", "kernel version"),
      Map.entry("patch", "patch"),
      Map.entry("soc", "SoC profile"));

  private AxisLabels() {}

  /** The axis title for {@code name}. */
  public static String of(String name) {
    String known = NAMES.get(name);
    if (known != null) {
      return known;
    }
    if (name.endsWith("_per_s")) {
      return name.substring(0, name.length() - 6).replace('_', ' ') + " per second";
    }
    if (name.endsWith("_pct")) {
      return name.substring(0, name.length() - 4).replace('_', ' ') + " (%)";
    }
    if (name.endsWith("_ms")) {
      return name.substring(0, name.length() - 3).replace('_', ' ') + " (ms)";
    }
    if (name.endsWith("_mbps")) {
      return name.substring(0, name.length() - 5).replace('_', ' ') + " (Mbit/s)";
    }
    return name;
  }
}
