package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.KernelPort;

/**
 * A device TX queue (struct netdev_queue): the driver's stop/wake state (DRV_XOFF), BQL's
 * (STACK_XOFF) with its {@link Dql}, and the root qdisc.
 */
public final class NetdevQueue {
  /** __QUEUE_STATE_DRV_XOFF. */
  static final int DRV_XOFF = 1;
  /** __QUEUE_STATE_STACK_XOFF. */
  static final int STACK_XOFF = 2;
  /** __QUEUE_STATE_FROZEN. */
  static final int FROZEN = 4;

  private final Kernel kernel;
  private final NetDevice dev;
  private final int index;
  private final Dql dql;
  Qdisc qdisc;
  int state;
  private long stoppedAt = -1;
  private long stops;
  private long wakes;
  private long stackStops;
  /** dev_queue->trans_start, jiffies. */
  long transStart;
  /** trans_timeout: times dev_watchdog found this queue timed out. */
  long transTimeout;
  private final TxLock xmitLock;
  /** --ports c: the tree's netdev_tx_sent_queue, netdev_tx_completed_queue and
   * netif_tx_wake_queue ({@link NetdevQueueNative}); null in every run without it. */
  NetdevQueueNative.Call cSent;
  NetdevQueueNative.Call cCompleted;
  NetdevQueueNative.Call cWake;

  NetdevQueue(Kernel kernel, NetDevice dev, int index) {
    this.kernel = kernel;
    this.dev = dev;
    this.index = index;
    this.dql = new Dql(kernel.cpu().hz(), () -> kernel.cpu().jiffies());
    this.xmitLock = new TxLock(kernel.cpu());
  }

  Kernel kernel() {
    return kernel;
  }

  /** The queue's _xmit_lock (HARD_TX_LOCK, __netif_tx_lock). */
  public TxLock xmitLock() {
    return xmitLock;
  }

  public NetDevice dev() {
    return dev;
  }

  public int index() {
    return index;
  }

  public Dql dql() {
    return dql;
  }

  public Qdisc qdisc() {
    return qdisc;
  }

  /** netif_tx_stop_queue. */
  public void stop() {
    if ((state & DRV_XOFF) == 0) {
      stops++;
      stoppedAt = kernel.now();
    }
    state |= DRV_XOFF;
  }

  /** netif_tx_start_queue. */
  public void start() {
    state &= ~DRV_XOFF;
    stoppedAt = -1;
  }

  /** netif_tx_wake_queue: clears DRV_XOFF and, if it was set, reschedules the qdisc. */
  @KernelPort(
      file = "net/core/dev.c",
      function = "netif_tx_wake_queue",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  public void wake() {
    if (cWake != null) { // --ports c: the tree's netif_tx_wake_queue
      int was = state;
      cWake.wake(this);
      if ((was & DRV_XOFF) != 0 && (state & DRV_XOFF) == 0) {
        stoppedAt = -1; // the Java's wake count and stop time beside the C
        wakes++;
      }
      return;
    }
    if ((state & DRV_XOFF) != 0) {
      state &= ~DRV_XOFF;
      stoppedAt = -1;
      wakes++;
      kernel.netifSchedule(qdisc);
    }
  }

  /** netif_tx_queue_stopped: the driver stopped it. */
  public boolean stopped() {
    return (state & DRV_XOFF) != 0;
  }

  /** netif_xmit_stopped: the driver or BQL stopped it. */
  public boolean xmitStopped() {
    return (state & (DRV_XOFF | STACK_XOFF)) != 0;
  }

  /** netif_xmit_frozen_or_stopped. */
  public boolean xmitFrozenOrStopped() {
    return state != 0;
  }

  /** Since when the driver has kept the queue stopped (ns), or -1. */
  public long stoppedSince() {
    return stoppedAt;
  }

  /** netdev_tx_sent_queue: BQL accounting of bytes given to the hardware. */
  @KernelPort(
      file = "include/linux/netdevice.h",
      function = "netdev_tx_sent_queue",
      versions = "v3.3..v6.18",
      source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013")
  public void sentQueue(int bytes) {
    Core core = kernel.cpu().current();
    if (core != null) {
      core.charge(KernelOps.BQL_SENT);
    }
    if (cSent != null) { // --ports c: the tree's netdev_tx_sent_queue
      cSent.sent(this, bytes);
      if (dql.avail() < 0) {
        stackStops++; // the Java's count of BQL's stops beside the C
      }
      return;
    }
    dql.queued(bytes);
    if (dql.avail() >= 0) {
      return;
    }
    transStart = kernel.cpu().jiffies();
    state |= STACK_XOFF;
    stackStops++;
    if (dql.avail() >= 0) {
      state &= ~STACK_XOFF;
    }
  }

  /** netdev_tx_completed_queue: BQL accounting of completed bytes; may restart the queue. */
  @KernelPort(
      file = "include/linux/netdevice.h",
      function = "netdev_tx_completed_queue",
      versions = "v3.3..v6.18",
      source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013")
  public void completedQueue(int pkts, int bytes) {
    if (cCompleted != null) { // --ports c: the tree's netdev_tx_completed_queue
      Core core = kernel.cpu().current();
      if (core != null && bytes != 0) {
        core.charge(KernelOps.BQL_COMPLETED); // the Java's charge beside the C
      }
      cCompleted.completed(this, pkts, bytes);
      return;
    }
    if (bytes == 0) {
      return;
    }
    Core core = kernel.cpu().current();
    if (core != null) {
      core.charge(KernelOps.BQL_COMPLETED);
    }
    dql.completed(bytes);
    if (dql.avail() < 0) {
      return;
    }
    if ((state & STACK_XOFF) != 0) {
      state &= ~STACK_XOFF;
      scheduleQueue();
    }
  }

  /**
   * netif_schedule_queue: the qdisc runs again unless the queue is still stopped, by the driver
   * or by BQL (netif_xmit_stopped).
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "netif_schedule_queue",
      versions = "v4.19..v6.18",
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  void scheduleQueue() {
    if (!xmitStopped()) {
      kernel.netifSchedule(qdisc);
    }
  }

  /** netdev_tx_reset_queue. */
  public void resetQueue() {
    state &= ~STACK_XOFF;
    dql.reset();
  }

  /** qdisc_avail_bulklimit: what BQL lets the qdisc dequeue at once. */
  int availBulkLimit() {
    return dql.avail();
  }

  public long stopCount() {
    return stops;
  }

  public long wakeCount() {
    return wakes;
  }

  /** Times BQL stopped the queue. */
  public long stackStopCount() {
    return stackStops;
  }
}
