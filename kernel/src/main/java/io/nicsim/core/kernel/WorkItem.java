package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.Task;

/**
 * A {@code work_struct} on {@code system_wq}: {@link #schedule} (schedule_work) queues it on
 * the calling CPU's kworker, which runs the function later in process context; scheduling an
 * item already pending does nothing. Like the kernel, the pending bit is cleared before the
 * function runs, so the function may queue the item again.
 *
 * <p>The kworker is a {@link Task} bound to the CPU that first queues the item (a bound
 * workqueue runs an item on the CPU that queued it; the callers here — NAPI polls — always run
 * on one CPU). Each run charges {@link #PROCESS_ONE_WORK} (the worker's dequeue and bookkeeping)
 * besides what the function charges; the scheduler charges the context switch.
 */
public final class WorkItem {
  /** process_one_work's own cost around the function (a profile gives it when work is used). */
  public static final CostOp PROCESS_ONE_WORK = CostOp.named("process_one_work");

  private final Kernel kernel;
  private final Runnable func;
  private final Worker worker;
  private boolean pending;
  private long runs;

  /**
   * INIT_WORK.
   *
   * @param name the worker's name in traces ({@code kworker/N:1} is prefixed)
   * @param func the work function
   */
  public WorkItem(Kernel kernel, String name, Runnable func) {
    this.kernel = kernel;
    this.func = func;
    this.worker = new Worker(name);
    kernel.cpu().costs().require(PROCESS_ONE_WORK);
  }

  /** The kernel the item runs on. */
  public Kernel kernel() {
    return kernel;
  }

  /** schedule_work: true when the item was queued, false when it was already pending. */
  public boolean schedule() {
    if (pending) {
      return false;
    }
    pending = true;
    Core core = kernel.cpu().current() != null ? kernel.cpu().current() : kernel.cpu().core(0);
    if (worker.core() == null) {
      core.attach(worker);
    }
    worker.wake();
    return true;
  }

  /** work_pending. */
  public boolean pending() {
    return pending;
  }

  /**
   * cancel_work_sync: a pending item is dropped. (The function never runs concurrently with the
   * caller here: work runs atomically on its core.)
   */
  public boolean cancelSync() {
    boolean was = pending;
    pending = false;
    return was;
  }

  /** Times the function ran. */
  public long runs() {
    return runs;
  }

  private final class Worker extends Task {
    Worker(String name) {
      super("kworker:" + name);
    }

    @Override
    protected boolean run(Core core) {
      if (!pending) {
        return false; // cancelled while queued
      }
      core.charge(PROCESS_ONE_WORK);
      pending = false;
      runs++;
      func.run();
      return false;
    }
  }
}
