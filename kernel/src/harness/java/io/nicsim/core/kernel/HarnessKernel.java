package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.core.trace.Tracer;
import java.util.HashMap;
import java.util.Map;

/**
 * A kernel without a NIC for the Java side of {@code port-check --execute}'s harnesses: ports
 * that take kernel objects (a {@code WorkItem}, an {@code HrTimer}, a {@code Napi}) get them
 * from here, and a port that must run as CPU work runs in {@link #inTask}. Every cost is 0, so
 * time does not move while a port runs (a timer started at {@code now} expires exactly its
 * relative time later); the op names are the cortex-a53 base profile's plus the ones given.
 */
public final class HarnessKernel {
  /** Time between two {@link #inTask} calls: nothing a harness starts is still due then. */
  private static final long STEP_NS = 1_000_000_000_000L;

  public final Simulator sim;
  public final Cpu cpu;
  public final Kernel kernel;
  private final Step step = new Step();

  /** @param extraOps op names a driver's port charges beyond the base profile's */
  public HarnessKernel(String... extraOps) {
    this(0, null, extraOps);
  }

  /**
   * @param hz CONFIG_HZ of the harness's CPU (0: the base profile's)
   * @param tracer receives the kernel's trace events (null: none), so a harness can record the
   *     hrtimer starts and softirq raises a port makes
   * @param extraOps op names a driver's port charges beyond the base profile's
   */
  public HarnessKernel(int hz, Tracer tracer, String... extraOps) {
    SocProfile p = SocProfile.load("cortex-a53");
    KernelConfig config = KernelConfig.defaults().withTick(false);
    Map<String, Long> costs = new HashMap<>();
    CostTable.of(p, 1.0).asMap().keySet().forEach(op -> costs.put(op, 0L));
    costs.put(WorkItem.PROCESS_ONE_WORK.name(), 0L);
    costs.put("net_dim", 0L);
    for (String op : extraOps) {
      costs.put(op, 0L);
    }
    sim = new Simulator(1);
    cpu = new Cpu(sim, new CostTable("harness", costs, 1.0), 1, hz == 0 ? p.kernelHz() : hz,
        config.schedSliceNs(), tracer);
    kernel = new Kernel(sim, cpu, config);
    cpu.core(0).attach(step);
  }

  /**
   * A harness kernel whose net/core era is the release {@code kernel} (a tree's Makefile
   * version, {@code 6.12.118}): its NAPIs behave as that release's. A release nicsim does not
   * know is {@link NotRunnable}.
   */
  public static HarnessKernel forRelease(String kernel, String... extraOps) {
    return forRelease(kernel, 0, null, extraOps);
  }

  /** As {@link #forRelease(String, String...)}, with the CPU's HZ and a tracer. */
  public static HarnessKernel forRelease(String kernel, int hz, Tracer tracer,
      String... extraOps) {
    KernelVersion v;
    try {
      v = KernelVersion.parse(kernel);
    } catch (BadInputException e) {
      throw new NotRunnable(e.getMessage());
    }
    HarnessKernel hk = new HarnessKernel(hz, tracer, extraOps);
    hk.kernel.setNetCore(NetCorePatches.forKernel(v));
    return hk;
  }

  /**
   * Runs {@code body} as process-context work on CPU 0, far enough after the previous call
   * that nothing queued then is still pending; returns the time it ran at.
   */
  public long inTask(Runnable body) {
    long at = sim.now() + STEP_NS;
    step.body = body;
    sim.schedule(Event.of(step::wake), at);
    sim.runUntil(at);
    if (step.body != null) {
      throw new IllegalStateException("the harness task did not run at " + at);
    }
    return at;
  }

  private static final class Step extends Task {
    Runnable body;

    Step() {
      super("port-check harness");
    }

    @Override
    protected boolean run(Core core) {
      Runnable b = body;
      body = null;
      b.run();
      return false;
    }
  }
}
