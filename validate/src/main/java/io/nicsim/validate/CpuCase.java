package io.nicsim.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One configuration of {@code nicsim validate --cpu}: what runs over the veth pair and how its
 * receiving end takes packets in.
 *
 * @param name the case's name
 * @param udpLen UDP payload bytes (UDP cases), 0 for TCP
 * @param pps UDP datagrams a second (a fixed rate), 0 for TCP
 * @param cc TCP's congestion control (TCP cases), null for UDP
 * @param tcpMbit TCP's application rate (iperf3 -b), Mbit/s
 * @param gro GRO on the receiving veth: the veth gets a NAPI of its own (veth_napi_enable)
 *     instead of the CPU's backlog
 * @param threaded the veth's NAPI polled by its kthread (sysfs threaded = 1; needs gro)
 * @param busyPollUs the receiver's SO_BUSY_POLL (0: none)
 */
record CpuCase(String name, int udpLen, long pps, String cc, long tcpMbit, boolean gro,
    boolean threaded, int busyPollUs) {

  /** The configurations, the first the one host-veth is calibrated from. */
  static final List<CpuCase> ALL = List.of(
      udp("udp64-20k", 64, 20_000, false, false, 0),
      udp("udp1400-20k", 1400, 20_000, false, false, 0),
      // a third size: the per-KiB send cost (host-veth's udp_send_kb) between 64 and 1400 B
      udp("udp700-20k", 700, 20_000, false, false, 0),
      udp("udp64-40k", 64, 40_000, false, false, 0),
      udp("udp64-20k-gro", 64, 20_000, true, false, 0),
      udp("udp64-20k-threaded", 64, 20_000, true, true, 0),
      udp("udp64-20k-busypoll", 64, 20_000, true, false, 50),
      tcp("tcp-cubic-200m", "cubic", 200),
      tcp("tcp-bbr-200m", "bbr", 200));

  static CpuCase udp(String name, int len, long pps, boolean gro, boolean threaded, int busy) {
    return new CpuCase(name, len, pps, null, 0, gro, threaded, busy);
  }

  static CpuCase tcp(String name, String cc, long mbit) {
    return new CpuCase(name, 0, 0, cc, mbit, false, false, 0);
  }

  boolean isUdp() {
    return cc == null;
  }

  /** The traffic as the model's --traffic spells it, for {@code seconds}. */
  String modelTraffic(double seconds) {
    String t = String.format(Locale.ROOT, "%.3f", seconds);
    if (isUdp()) {
      // the rate that gives pps datagrams of udpLen bytes: iperf3 -b counts the payload
      long bps = pps * udpLen * 8;
      return "iperf3 -u -b " + bps + " -l " + udpLen + " -t " + t;
    }
    return "iperf3 -C " + cc + " -b " + tcpMbit + "M -t " + t;
  }

  /** The model's run options besides --soc-file and --traffic. */
  List<String> modelArgs() {
    List<String> a = new ArrayList<>(List.of("--mac", "ideal", "--kernel", "v6.18"));
    if (threaded) {
      a.addAll(List.of("--sysfs", "threaded=1"));
    }
    if (!isUdp()) {
      // the veth hands the receiver each GSO skb whole and it ACKs once per skb (validate's
      // TCP cases give the model's receiver the same)
      a.addAll(List.of("--path", "gro=20us"));
    }
    return a;
  }

  /** What the real side runs, in one line. */
  String describe() {
    String rx = (gro ? "veth NAPI (GRO on, sender TSO off)" : "backlog (GRO off)")
        + (threaded ? ", threaded NAPI" : "") + (busyPollUs > 0 ? ", SO_BUSY_POLL "
        + busyPollUs + " us" : "");
    return (isUdp() ? String.format(Locale.ROOT, "UDP %d B at %d/s", udpLen, pps)
        : String.format(Locale.ROOT, "TCP %s at %d Mbit/s", cc.toUpperCase(Locale.ROOT),
            tcpMbit)) + "; receive: " + rx;
  }
}
