package io.nicsim.core.net;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.TxQdisc;

/**
 * A root queueing discipline on one TX queue. Subclasses provide enqueue/dequeue; the run
 * logic (qdisc_run → __qdisc_run → qdisc_restart with bulk dequeue) is {@link DevXmit}'s.
 */
public abstract class Qdisc implements TxQdisc {
  protected final Kernel kernel;
  NetdevQueue txq;
  private boolean scheduled;
  boolean running;
  /** __QDISC_STATE_MISSED, as __qdisc_run leaves it for qdisc_run_end. */
  boolean missed;
  /** q->gso_skb: skbs requeued after NETDEV_TX_BUSY, sent before anything else. */
  Skb gsoSkb;
  long drops;
  long requeues;

  protected Qdisc(Kernel kernel) {
    this.kernel = kernel;
  }

  /** Queues {@code skb}; returns NET_XMIT_SUCCESS or NET_XMIT_DROP (then the skb is freed). */
  public abstract int enqueue(Skb skb);

  /** Next skb to send, or null. */
  public abstract Skb dequeue();

  /** Packets queued (excluding a requeued skb). */
  public abstract int qlen();

  /** TCQ_F_CAN_BYPASS: an empty qdisc lets dev_queue_xmit send directly. */
  public boolean canBypass() {
    return false;
  }

  /** TCQ_F_NOLOCK: a lockless qdisc (pfifo_fast); others run under the qdisc lock. */
  @Override
  public boolean lockless() {
    return false;
  }

  /** qdisc_may_bulk (TCQ_F_ONETXQUEUE). */
  public boolean mayBulk() {
    return true;
  }

  /** q->gso_skb.qlen: skbs waiting in the requeue list after NETDEV_TX_BUSY. */
  public int requeuedLen() {
    int n = 0;
    for (Skb s = gsoSkb; s != null; s = s.next) {
      n++;
    }
    return n;
  }

  /**
   * qdisc_reset (dev_deactivate on dev_close): every queued and requeued skb is freed. A qdisc
   * that holds skbs its dequeue does not return yet (pacing) overrides this.
   */
  public void reset() {
    while (gsoSkb != null) {
      Skb s = gsoSkb;
      gsoSkb = s.next;
      s.next = null;
      s.free();
    }
    for (Skb s = dequeue(); s != null; s = dequeue()) {
      s.free();
    }
  }

  /**
   * The lengths of the skbs ->dequeue would hand out now, in that order, into
   * {@code lens[at..]} (at most {@code max}); how many, or -1 where the qdisc cannot tell
   * without dequeuing (a pacing qdisc's dequeue depends on the time). dequeue_skb's C
   * ({@link DequeueSkbNative}) takes them as its record's guess.
   */
  int dequeueOrder(long[] lens, int at, int max) {
    return -1;
  }

  /** Whether nothing is queued, requeued skbs included. */
  public boolean isEmpty() {
    return gsoSkb == null && qlen() == 0;
  }

  public NetdevQueue txq() {
    return txq;
  }

  /** test_and_set_bit(__QDISC_STATE_SCHED). */
  @Override
  public boolean testAndSetScheduled() {
    boolean was = scheduled;
    scheduled = true;
    return was;
  }

  /** __QDISC_STATE_SCHED: on a CPU's output queue, to be run by net_tx_action. */
  @Override
  public boolean isScheduled() {
    return scheduled;
  }

  /**
   * qdisc_is_running: a CPU is inside qdisc_run on this qdisc (it dequeues what is held before
   * it lets go). Seen by another observer only inside that CPU's work (race exploration's
   * preemption points).
   */
  public boolean isRunning() {
    return running;
  }

  @Override
  public void clearScheduled() {
    scheduled = false;
  }

  /** qdisc_run, from net_tx_action. */
  @Override
  public void run() {
    txq.dev().xmit().qdiscRun(this);
  }

  /** Packets dropped at enqueue. */
  public long dropCount() {
    return drops;
  }

  /** Times the driver returned busy and the skb was requeued. */
  public long requeueCount() {
    return requeues;
  }
}
