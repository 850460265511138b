package io.nicsim.core.sim;

/**
 * Something that happens at a simulated time. Events are reusable objects owned by the
 * component that fires them: scheduling an event that is already scheduled moves it, so a
 * timer or a DMA engine keeps one event for its whole life and the hot path allocates nothing.
 */
public abstract class Event {
  long time;
  long seq;
  int heapIndex = -1;
  /** Set while the event fires and still sits at the heap's top with its old key. */
  boolean firing;
  /** Cancelled while waiting: its heap entry stays until it surfaces and is dropped. */
  boolean cancelled;

  /** Runs at {@link #time()}; the simulator's clock reads that time. */
  protected abstract void fire();

  /**
   * Whether this event may fire inside another's {@link Simulator#catchUp}: while a CPU is in
   * the middle of a piece of work (race exploration only). True for hardware and far-end
   * events and for work that takes no lock the interrupted CPU may hold; false (the default)
   * stops the catch-up there, which only makes it reach less far.
   */
  public boolean nestable() {
    return false;
  }

  /** True while the event waits in the queue. */
  public final boolean isScheduled() {
    return heapIndex >= 0 && !firing && !cancelled;
  }

  /** The time it is (or was last) scheduled for, in ns. */
  public final long time() {
    return time;
  }

  /** An event running {@code action}; for set-up and one-off work, not the per-packet path. */
  public static Event of(Runnable action) {
    return new Event() {
      @Override
      protected void fire() {
        action.run();
      }
    };
  }
}
