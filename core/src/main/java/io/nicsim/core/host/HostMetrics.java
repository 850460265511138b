package io.nicsim.core.host;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.metrics.SimClock;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A host's meters. Counters are the model's own long fields read through FunctionCounter and
 * Gauge when someone looks: the simulation never calls Micrometer per packet.
 */
public final class HostMetrics {
  private final Host host;
  private MeterRegistry registry;

  public HostMetrics(Host host) {
    this.host = host;
  }

  /**
   * The host's meters in a Micrometer registry, built on first use: a run that never exports
   * them (the usual command) does not pay for Micrometer's set-up.
   */
  public MeterRegistry registry() {
    if (registry == null) {
      registry = register(host);
    }
    return registry;
  }

  private static MeterRegistry register(Host host) {
    MeterRegistry registry = new SimpleMeterRegistry(
        io.micrometer.core.instrument.simple.SimpleConfig.DEFAULT, new SimClock(host.sim()));
    Cpu cpu = host.cpu();
    for (int i = 0; i < cpu.cores(); i++) {
      Core c = cpu.core(i);
      String id = Integer.toString(i);
      for (CpuContext ctx : new CpuContext[] {CpuContext.HARDIRQ, CpuContext.SOFTIRQ, CpuContext.TASK}) {
        FunctionCounter.builder("cpu.busy.ns", c, core -> core.nsIn(ctx))
            .tag("cpu", id).tag("context", ctx.name().toLowerCase()).register(registry);
      }
      FunctionCounter.builder("cpu.hardirqs", c, Core::hardirqCount).tag("cpu", id)
          .register(registry);
    }
    FunctionCounter.builder("net.tx.packets", host.dev(), d -> d.txPackets()).register(registry);
    FunctionCounter.builder("net.tx.bytes", host.dev(), d -> d.txBytes()).register(registry);
    FunctionCounter.builder("net.rx.packets", host.dev(), d -> d.rxPackets()).register(registry);
    FunctionCounter.builder("net.rx.bytes", host.dev(), d -> d.rxBytes()).register(registry);
    Gauge.builder("skb.live", host.skbs(), s -> s.live()).register(registry);
    for (IrqLine line : host.kernel().irqLines()) {
      FunctionCounter.builder("nic.irq.assertions", line, IrqLine::count)
          .tag("line", line.irqName()).register(registry);
      for (String cause : line.causeCounts().keySet()) {
        FunctionCounter.builder("nic.irq.causes", line, l -> l.causeCount(cause))
            .tag("line", line.irqName()).tag("cause", cause).register(registry);
      }
    }
    for (String key : host.driver().counters().keySet()) {
      FunctionCounter.builder("driver." + key, host.driver(),
              d -> d.counters().getOrDefault(key, 0L))
          .tag("mac", host.mac().name()).register(registry);
    }
    return registry;
  }

  /**
   * Assertions of each of the NIC's interrupt lines (the device lines of the host's kernel), by
   * line name: the times each line's handler ran, as /proc/interrupts counts them.
   */
  public SortedMap<String, Long> irqsByLine() {
    SortedMap<String, Long> out = new TreeMap<>();
    for (IrqLine line : host.kernel().irqLines()) {
      out.merge(line.irqName(), line.count(), Long::sum);
    }
    return out;
  }

  /**
   * The NIC's interrupts: the sum of its lines' assertions. An assertion carrying several
   * causes (TX and RX done on one vector) counts once here; see {@link #irqCauses()}.
   */
  public long nicIrqs() {
    long n = 0;
    for (IrqLine line : host.kernel().irqLines()) {
      n += line.count();
    }
    return n;
  }

  /**
   * Assertions per cause over the NIC's lines ({@link IrqLine#causeCounts()} summed by cause
   * name): an assertion carrying TX and RX counts once under each, so on a shared line these
   * add up to more than {@link #nicIrqs()}.
   */
  public SortedMap<String, Long> irqCauses() {
    SortedMap<String, Long> out = new TreeMap<>();
    for (IrqLine line : host.kernel().irqLines()) {
      line.causeCounts().forEach((k, v) -> out.merge(k, v, Long::sum));
    }
    return out;
  }

  /** ns charged per operation over all cores, by op name, for ops charged at least once. */
  public SortedMap<String, Long> nsByOp() {
    SortedMap<String, Long> out = new TreeMap<>();
    Cpu cpu = host.cpu();
    for (Map.Entry<String, Long> e : cpu.costs().asMap().entrySet()) {
      CostOp op = CostOp.interned(e.getKey());
      long ns = cpu.nsCharged(op);
      if (ns > 0) {
        out.put(e.getKey(), ns);
      }
    }
    return out;
  }

  /** Calls per operation over all cores. */
  public SortedMap<String, Long> callsByOp() {
    SortedMap<String, Long> out = new TreeMap<>();
    Cpu cpu = host.cpu();
    for (String name : cpu.costs().asMap().keySet()) {
      long n = cpu.timesCharged(CostOp.interned(name));
      if (n > 0) {
        out.put(name, n);
      }
    }
    return out;
  }

  /**
   * CPU share of each operation over {@code elapsedNs}, in percent of all cores' time
   * (100% = every core busy).
   */
  public SortedMap<String, Double> cpuPercentByOp(long elapsedNs) {
    SortedMap<String, Double> out = new TreeMap<>();
    double total = (double) elapsedNs * host.cpu().cores();
    nsByOp().forEach((k, v) -> out.put(k, 100.0 * v / total));
    return out;
  }

  /** Busy percentage of each core over {@code elapsedNs}. */
  public double[] coreBusyPercent(long elapsedNs) {
    Cpu cpu = host.cpu();
    double[] out = new double[cpu.cores()];
    for (int i = 0; i < out.length; i++) {
      out[i] = 100.0 * cpu.core(i).busyNs() / elapsedNs;
    }
    return out;
  }
}
