package io.nicsim.runs;

import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.Napi;
import java.util.SortedMap;
import java.util.TreeMap;

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
    long[] coreContextNs,
    SortedMap<String, Long> nsByOp,
    SortedMap<String, Long> callsByOp,
    SortedMap<String, Long> counters) {

  static Snapshot take(Host host) {
    return take(host, false);
  }

  /**
   * With {@code napi}, the counters also hold the kernel's NAPI software-coalescing events
   * (watchdog polls, deferred completions, busy and threaded polls, GRO merges), summed over
   * the host's NAPIs.
   */
  static Snapshot take(Host host, boolean napi) {
    long hardirqs = 0;
    long[] ctx = new long[3];
    int cores = host.cpu().cores();
    long[] perCore = new long[cores * MPSTAT];
    for (int i = 0; i < cores; i++) {
      var c = host.cpu().core(i);
      hardirqs += c.hardirqCount();
      ctx[0] += c.nsIn(CpuContext.HARDIRQ);
      ctx[1] += c.nsIn(CpuContext.SOFTIRQ);
      ctx[2] += c.nsIn(CpuContext.TASK);
      perCore[i * MPSTAT + IRQ] = c.nsIn(CpuContext.HARDIRQ);
      perCore[i * MPSTAT + SOFT] = c.nsIn(CpuContext.SOFTIRQ);
      perCore[i * MPSTAT + USR] = c.nsInUser();
      perCore[i * MPSTAT + SYS] = c.nsIn(CpuContext.TASK) - c.nsInUser();
    }
    SortedMap<String, Long> counters = host.driver().counters();
    if (napi) {
      counters = new TreeMap<>(counters);
      long wd = 0;
      long fires = 0;
      long deferred = 0;
      long busy = 0;
      long busyPkts = 0;
      long threaded = 0;
      long merged = 0;
      for (Napi n : host.kernel().napis()) {
        wd += n.watchdogPollCount();
        fires += n.watchdogFireCount();
        deferred += n.deferredCount();
        busy += n.busyPollCount();
        busyPkts += n.busyPollPackets();
        threaded += n.threadedPollCount();
        merged += n.groMergedCount();
      }
      counters.put("napi_watchdog_poll", wd);
      counters.put("napi_watchdog_fire", fires);
      counters.put("napi_deferred", deferred);
      counters.put("busy_poll", busy);
      counters.put("busy_poll_rx_packets", busyPkts);
      counters.put("napi_threaded_poll", threaded);
      counters.put("gro_merged", merged);
    }
    return new Snapshot(host.sim().now(), host.link().framesToPeer(), host.dev().txPackets(),
        host.dev().rxPackets(), hardirqs, host.metrics().nicIrqs(),
        host.metrics().irqsByLine(), ctx, perCore, host.metrics().nsByOp(),
        host.metrics().callsByOp(), counters);
  }

  long ns(String op) {
    return nsByOp.getOrDefault(op, 0L);
  }

  long calls(String op) {
    return callsByOp.getOrDefault(op, 0L);
  }

  /** {@link #coreContextNs}: per core, these four slots (mpstat's %irq %soft %sys %usr). */
  static final int IRQ = 0;
  static final int SOFT = 1;
  static final int SYS = 2;
  static final int USR = 3;
  static final int MPSTAT = 4;

  /** ns core {@code core} spent in mpstat slot {@code slot} ({@link #IRQ} .. {@link #USR}). */
  long coreNs(int core, int slot) {
    return coreContextNs[core * MPSTAT + slot];
  }

  long busyNs() {
    return contextNs[0] + contextNs[1] + contextNs[2];
  }
}
