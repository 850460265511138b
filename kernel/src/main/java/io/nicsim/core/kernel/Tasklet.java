package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Softirq;

/**
 * Deferred work run in softirq context on the CPU that scheduled it (a tasklet, or a BH
 * workqueue item in 6.9+). TCP Small Queues defers its transmit work this way.
 */
public final class Tasklet {
  private final Kernel kernel;
  private final String name;
  private final Runnable function;
  boolean scheduled;
  private long runs;

  public Tasklet(Kernel kernel, String name, Runnable function) {
    this.kernel = kernel;
    this.name = name;
    this.function = function;
  }

  public String name() {
    return name;
  }

  /** tasklet_schedule: once until it has run. */
  public void schedule() {
    if (scheduled) {
      return;
    }
    scheduled = true;
    Core core = kernel.cpu().current();
    if (core == null) {
      core = kernel.cpu().core(0);
    }
    kernel.softnet(core).tasklets.addLast(this);
    core.raiseSoftirq(Softirq.TASKLET);
  }

  void run() {
    scheduled = false;
    runs++;
    function.run();
  }

  public long runCount() {
    return runs;
  }
}
