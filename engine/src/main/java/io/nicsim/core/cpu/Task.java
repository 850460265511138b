package io.nicsim.core.cpu;

/**
 * A process-context thread pinned to one core (an application, ksoftirqd). The scheduler runs
 * runnable tasks round-robin with a time slice; each {@link #run} call is one step (one system
 * call's worth of work) and charges its costs to the core.
 */
public abstract class Task {
  private final String name;
  Core core;
  boolean runnable;
  boolean onRunqueue;
  /**
   * In user space (mpstat's %usr) rather than the kernel: an application between its system
   * calls ({@link Core#traceSysExit} to {@link Core#traceSysEnter}), other tasks' load. A task
   * starts in the kernel: kernel threads stay there, an application's first system call is
   * already running when it is first picked.
   */
  boolean user;

  protected Task(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public Core core() {
    return core;
  }

  public boolean isRunnable() {
    return runnable;
  }

  /**
   * One step in process context. Returns false when the task blocks (sleeps until
   * {@link #wake}); true to stay runnable.
   */
  protected abstract boolean run(Core core);

  /** try_to_wake_up: makes the task runnable on its core. */
  public final void wake() {
    core.wake(this);
  }
}
