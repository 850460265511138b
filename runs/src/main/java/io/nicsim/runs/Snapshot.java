package io.nicsim.runs;

import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.host.Host;
import java.util.SortedMap;

/** The host's cumulative counters at one instant; two of them make a measured window. */
record Snapshot(
    long timeNs,
    long wireFrames,
    long devTxPackets,
    long devRxPackets,
    long hardirqs,
    long nicIrqs,
    SortedMap<String, Long> irqsByLine,
    long[] contextNs,
    SortedMap<String, Long> nsByOp,
    SortedMap<String, Long> callsByOp,
    SortedMap<String, Long> counters) {

  static Snapshot take(Host host) {
    long hardirqs = 0;
    long[] ctx = new long[3];
    for (int i = 0; i < host.cpu().cores(); i++) {
      var c = host.cpu().core(i);
      hardirqs += c.hardirqCount();
      ctx[0] += c.nsIn(CpuContext.HARDIRQ);
      ctx[1] += c.nsIn(CpuContext.SOFTIRQ);
      ctx[2] += c.nsIn(CpuContext.TASK);
    }
    return new Snapshot(host.sim().now(), host.link().framesToPeer(), host.dev().txPackets(),
        host.dev().rxPackets(), hardirqs, host.metrics().nicIrqs(),
        host.metrics().irqsByLine(), ctx, host.metrics().nsByOp(),
        host.metrics().callsByOp(), host.driver().counters());
  }

  long ns(String op) {
    return nsByOp.getOrDefault(op, 0L);
  }

  long calls(String op) {
    return callsByOp.getOrDefault(op, 0L);
  }

  long busyNs() {
    return contextNs[0] + contextNs[1] + contextNs[2];
  }
}
