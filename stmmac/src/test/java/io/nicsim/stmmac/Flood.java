package io.nicsim.stmmac;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.hostkit.MacHosts;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

/**
 * {@code iperf3 -u -b 0 -l 64 -t 1} from a stmmac host: UDP datagrams of 64 bytes as fast as
 * the sending core allows, measured over one second after a 100 ms warm-up.
 */
final class Flood {
  static final long SEC = 1_000_000_000L;
  static final long WARMUP = SEC / 10;
  /** The CPU ops that are hrtimer work (hrtimer_active is charged by the driver). */
  static final Set<String> HRTIMER_OPS = Set.of("hrtimer_start", "hrtimer_reprogram",
      "hrtimer_cancel", "hrtimer_expire", "hrtimer_active");

  /** One run's figures over the measured second. */
  record Figures(
      String label,
      long pps,
      long packets,
      double hrtimerStartPerPkt,
      double tryToCancelPerPkt,
      long txIrqPerSec,
      long tiRaisedPerSec,
      double hrtimerCpuPercent,
      double hrtimerShareOfBusy,
      double hrtimerAppCorePercent,
      double busyPercent,
      double descPerClean,
      long queueStops,
      SortedMap<String, Long> counters) {

    String row() {
      return String.format(Locale.ROOT,
          "%-28s %7d pps  hrtimer_start/pkt %.3f  try_to_cancel/pkt %.5f (%d)  TX IRQ/s %6d"
              + "  TI/s %6d  hrtimer CPU %.2f%% of all cores (%.1f%% of busy, %.1f%% of the"
              + " sending core)  busy %.1f%%"
              + "  desc/clean %.1f  queue stops %d",
          label, pps, hrtimerStartPerPkt, tryToCancelPerPkt, counters.get("hrtimer_try_to_cancel"), txIrqPerSec, tiRaisedPerSec,
          hrtimerCpuPercent, hrtimerShareOfBusy, hrtimerAppCorePercent, busyPercent, descPerClean, queueStops);
    }
  }

  private Flood() {}

  static Figures run(String soc, String kernel, List<String> patches) {
    HostConfig cfg = HostConfig.of("stmmac", soc).withKernel(kernel).withPatches(patches);
    Host h = MacHosts.classPath().host(cfg);
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpSocket sock = new UdpSocket(UdpSocket.WMEM_DEFAULT);
    // truesize of a 64-byte datagram's skb: a 512-byte kmalloc head plus struct sk_buff
    UdpFlood flood = UdpFlood.on(h)
        .socket(sock).length(64).rateBps(0).truesize(768).durationNs(WARMUP + SEC + SEC / 10)
        .build();
    flood.start(h.appCore());
    h.run(WARMUP);
    sink.mark();
    SortedMap<String, Long> c0 = h.driver().counters();
    SortedMap<String, Long> ns0 = h.metrics().nsByOp();
    long busy0 = busy(h);
    long app0 = hrtimerNs(h.appCore());
    h.run(SEC);
    long app1 = hrtimerNs(h.appCore());
    SortedMap<String, Long> c1 = h.driver().counters();
    SortedMap<String, Long> ns1 = h.metrics().nsByOp();
    long busy1 = busy(h);

    SortedMap<String, Long> d = new java.util.TreeMap<>();
    c1.forEach((k, v) -> d.put(k, v - c0.getOrDefault(k, 0L)));
    long hrtimerNs = 0;
    for (Map.Entry<String, Long> e : ns1.entrySet()) {
      if (HRTIMER_OPS.contains(e.getKey())) {
        hrtimerNs += e.getValue() - ns0.getOrDefault(e.getKey(), 0L);
      }
    }
    long packets = d.get("xmit");
    int cores = h.cpu().cores();
    long busyNs = busy1 - busy0;
    String label = kernel + (patches.isEmpty() ? "" : String.join("", patches)) + " " + soc;
    return new Figures(
        label,
        sink.framesSinceMark(),
        packets,
        (double) d.get("hrtimer_start") / packets,
        (double) d.get("hrtimer_try_to_cancel") / packets,
        d.get("tx_irq"),
        d.get("hw_ti_raised"),
        100.0 * hrtimerNs / ((double) SEC * cores),
        busyNs == 0 ? 0 : 100.0 * hrtimerNs / busyNs,
        100.0 * (app1 - app0) / SEC,
        100.0 * busyNs / ((double) SEC * cores),
        d.get("tx_clean_calls") == 0 ? 0
            : (double) d.get("tx_clean_desc") / d.get("tx_clean_calls"),
        d.get("queue_stop"),
        d);
  }

  private static long hrtimerNs(io.nicsim.core.cpu.Core core) {
    long ns = 0;
    for (String op : HRTIMER_OPS) {
      ns += core.nsCharged(io.nicsim.core.cpu.CostOp.named(op));
    }
    return ns;
  }

  private static long busy(Host h) {
    long ns = 0;
    for (int i = 0; i < h.cpu().cores(); i++) {
      ns += h.cpu().core(i).busyNs();
    }
    return ns;
  }
}
