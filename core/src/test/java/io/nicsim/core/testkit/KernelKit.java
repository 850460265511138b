package io.nicsim.core.testkit;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.cpu.HardirqSource;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.soc.SocProfile;

/**
 * A simulator, CPUs and kernel without a NIC, for testing kernel primitives and driver
 * functions in isolation (other modules use it through core's test jar). Code under test runs
 * as CPU work via {@link #inTask} or {@link #inHardirq} at a chosen time.
 */
public final class KernelKit {
  public final Simulator sim;
  public final Cpu cpu;
  public final Kernel kernel;

  public KernelKit(String soc, double cpuScale, KernelConfig config) {
    SocProfile p = SocProfile.load(soc);
    sim = new Simulator(1);
    cpu = new Cpu(sim, CostTable.of(p, cpuScale), p.cores(), p.kernelHz(), config.schedSliceNs(),
        null);
    kernel = new Kernel(sim, cpu, config);
  }

  /** The test profile with its costs and no periodic tick. */
  public static KernelKit plain() {
    return new KernelKit("testsoc", 1.0, KernelConfig.defaults().withTick(false));
  }

  public Core core(int i) {
    return cpu.core(i);
  }

  /** Runs {@code body} in process context on core {@code c} at time {@code at}. */
  public void inTask(long at, int c, Runnable body) {
    Core core = cpu.core(c);
    Task t = new Task("test") {
      @Override
      protected boolean run(Core k) {
        body.run();
        return false;
      }
    };
    core.attach(t);
    sim.schedule(Event.of(t::wake), at);
  }

  /** Runs {@code body} as a hard interrupt handler on core {@code c} at time {@code at}. */
  public void inHardirq(long at, int c, Runnable body) {
    Core core = cpu.core(c);
    HardirqSource src = new HardirqSource() {
      @Override
      protected void handle(Core k) {
        body.run();
      }

      @Override
      public String irqName() {
        return "test";
      }

      @Override
      public int irqNumber() {
        return 99;
      }
    };
    sim.schedule(Event.of(() -> core.raiseHardirq(src)), at);
  }

  public void runUntil(long t) {
    sim.runUntil(t);
  }
}
