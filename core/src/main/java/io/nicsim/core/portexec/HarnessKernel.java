package io.nicsim.core.portexec;

import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.soc.SocProfile;

/**
 * A kernel without a NIC for the Java side of {@code port-check --execute}'s harnesses: ports
 * that take kernel objects (a {@code WorkItem}, an {@code HrTimer}) get them from here. Nothing
 * runs the simulator: a harness reads what the port did to those objects (queued, pending,
 * started) right after the call. Costs are the cortex-a53 base profile's (plus 1 µs for
 * the ops only some drivers need); they never matter.
 */
public final class HarnessKernel {
  public final Simulator sim;
  public final Cpu cpu;
  public final Kernel kernel;

  public HarnessKernel() {
    SocProfile p = SocProfile.load("cortex-a53");
    KernelConfig config = KernelConfig.defaults().withTick(false);
    sim = new Simulator(1);
    // the base profile's costs plus the ops only some drivers need (work items)
    java.util.Map<String, Long> costs = new java.util.HashMap<>(p.costTable(1.0).asMap());
    costs.putIfAbsent(io.nicsim.core.kernel.WorkItem.PROCESS_ONE_WORK.name(), 1000L);
    costs.putIfAbsent("net_dim", 1000L);
    cpu = new Cpu(sim, new io.nicsim.core.cpu.CostTable("harness", costs, 1.0), 1,
        p.kernelHz(), config.schedSliceNs(), null);
    kernel = new Kernel(sim, cpu, config);
  }
}
