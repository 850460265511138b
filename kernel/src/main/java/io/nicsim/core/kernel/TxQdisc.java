package io.nicsim.core.kernel;

/**
 * What the softirq side sees of a qdisc ({@code struct Qdisc} on a CPU's
 * {@code softnet_data.output_queue}): its {@code __QDISC_STATE_SCHED} bit and {@code qdisc_run}.
 * The kernel primitives stay below the networking layer that implements it
 * ({@link io.nicsim.core.net.Qdisc}).
 */
public interface TxQdisc {
  /** test_and_set_bit(__QDISC_STATE_SCHED): true if it was already scheduled. */
  boolean testAndSetScheduled();

  /**
   * test_bit(__QDISC_STATE_SCHED): on a CPU's output queue. The default reads it through
   * {@link #testAndSetScheduled} and puts it back.
   */
  default boolean isScheduled() {
    boolean was = testAndSetScheduled();
    if (!was) {
      clearScheduled();
    }
    return was;
  }

  /** TCQ_F_NOLOCK: a lockless qdisc (the default: one run under the qdisc lock). */
  default boolean lockless() {
    return false;
  }

  /** clear_bit(__QDISC_STATE_SCHED), as net_tx_action does before running it. */
  void clearScheduled();

  /** qdisc_run: dequeue and transmit while the driver takes packets. */
  void run();
}
