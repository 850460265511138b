package io.nicsim.core.cpu;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The tasks a board runs besides the traffic (another process, the peer's receiver sharing a
 * CPU, a build) as process-context tasks that together want a fixed share of their core,
 * round-robin with the core's other tasks behind every hard interrupt and softirq. A board's
 * trace measures the share (the time its CPU ran tasks other than the traffic's); without it
 * the model's sender would have the whole CPU and send faster than the board did.
 *
 * <p>Against one CPU-bound task, a share f is what k = f/(1-f) always-runnable tasks of equal
 * weight take, and the scheduler gives each task at most a slice S per turn: so the load is
 * n = ceil(k) tasks, each given k·S/n of work (at most a slice) every period S/(1-f), the time
 * one round of the application's slice and the load's turns takes. On an idle core the load
 * takes f of the period all the same. Allocation-free; absent unless a profile asks for it.
 */
public final class OtherLoad extends Task {
  /** The longest step: the most a hard interrupt or softirq waits behind the load. */
  static final long STEP_NS = 50_000L;

  private long quotaNs;

  private OtherLoad(String name) {
    super(name);
    // what the trace measured is the other tasks' whole time, user and kernel alike; it is
    // shown as %usr (the board's trace, too, counts a task outside a traced syscall as user)
    user = true;
  }

  /**
   * Puts the load on {@code core}: {@code share} of its time ({@code 0 < share < 1}), from time 0.
   *
   * @return the tasks that make it up
   */
  public static OtherLoad[] attach(Core core, double share) {
    if (!(share > 0 && share < 1)) {
      throw new IllegalArgumentException("share " + share + " (accepted: 0 < share < 1)");
    }
    long slice = core.cpu().schedSliceNs();
    long period = Math.round(slice / (1 - share));
    int n = (int) Math.ceil(share / (1 - share) - 1e-9);
    long each = Math.round(share * period / n);
    OtherLoad[] tasks = new OtherLoad[n];
    for (int i = 0; i < n; i++) {
      tasks[i] = new OtherLoad("other/" + core.id() + "-" + i);
      core.attach(tasks[i]);
    }
    Simulator sim = core.cpu().simulator();
    sim.schedule(new Event() {
      @Override
      protected void fire() {
        // a share not taken in its period (the core was busier with interrupts) is not carried
        for (OtherLoad t : tasks) {
          t.quotaNs = each;
          t.wake();
        }
        sim.schedule(this, sim.now() + period);
      }
    }, 0);
    return tasks;
  }

  @Override
  protected boolean run(Core core) {
    long step = Math.min(quotaNs, STEP_NS);
    core.chargeNs(KernelOps.OTHER_TASKS, step);
    quotaNs -= step;
    return quotaNs > 0;
  }
}
