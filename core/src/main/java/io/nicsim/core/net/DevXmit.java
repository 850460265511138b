package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.KernelPort;
import java.util.Arrays;

/**
 * The transmit path from the socket layer to the driver for one device: __dev_queue_xmit,
 * the qdisc run loop with bulk dequeue, software GSO, and dev_hard_start_xmit, which tells the
 * driver {@code xmit_more} for every skb of a batch but the last.
 */
public final class DevXmit {
  final Kernel kernel;
  private final NetDevice dev;
  private final SkbLedger ledger;
  private Skb[] segScratch = new Skb[64];
  // out-parameters of the C functions, kept in fields so the hot path allocates nothing
  private int packets;
  private boolean validate;
  private int hardStartRc;
  /** qdisc_maybe_clear_missed calls: nicsim's qdiscs keep no MISSED bit, so it only counts. */
  long missedClears;
  long directXmits;
  long bulkBatches;
  long bulkSkbs;

  DevXmit(Kernel kernel, NetDevice dev, SkbLedger ledger) {
    this.kernel = kernel;
    this.dev = dev;
    this.ledger = ledger;
  }

  /** dev_queue_xmit: returns NET_XMIT_SUCCESS or NET_XMIT_DROP. */
  @KernelPort(
      file = "net/core/dev.c",
      function = "__dev_queue_xmit",
      versions = "v4.16..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "the TCQ_F_NOLOCK branch of __dev_xmit_skb (pfifo_fast is lockless since 4.16);"
          + " taps, XPS and the no-qdisc path are not modelled")
  public int devQueueXmit(Skb skb) {
    // race exploration: a preemption point (this CPU holds no qdisc or TX lock yet)
    kernel.cpu().preemptionPoint("__dev_queue_xmit");
    Core core = kernel.thisCpu();
    core.charge(KernelOps.DEV_QUEUE_XMIT);
    NetdevQueue txq = dev.queue(skb.queueMapping);
    Qdisc q = txq.qdisc;
    if (kernel.tracer().enabled()) {
      kernel.tracer().netDevQueue(core.cursor(), core.id(), dev.name(), skb.id(), skb.len);
    }
    if (q.canBypass() && q.isEmpty() && !q.running) {
      q.running = true;
      directXmits++;
      if (schDirectXmit(skb, q, txq, true) && !q.isEmpty()) {
        qdiscRestartLoop(q);
      }
      q.running = false;
      return NetdevTx.NET_XMIT_SUCCESS;
    }
    int rc = q.enqueue(skb);
    qdiscRun(q);
    return rc;
  }

  /**
   * qdisc_run: qdisc_run_begin, __qdisc_run, qdisc_run_end (which, for a lockless qdisc,
   * reschedules it when __qdisc_run left the MISSED bit set).
   */
  public void qdiscRun(Qdisc q) {
    if (q.running) {
      return;
    }
    q.running = true;
    qdiscRestartLoop(q);
    q.running = false;
    qdiscRunEnd(q);
  }

  /** qdisc_run_end's MISSED test for a lockless qdisc: __netif_schedule, the bit consumed. */
  private void qdiscRunEnd(Qdisc q) {
    if (q.lockless() && q.missed) {
      q.missed = false;
      kernel.netifSchedule(q);
    }
  }

  /** qdisc_restart as __qdisc_run calls it (port-check's harness answers it from a record). */
  interface Restart {
    boolean restart(Qdisc q, int budget);
  }

  Restart restart = this::qdiscRestart;
  /** __qdisc_run's C ({@code --ports c}), or null. */
  QdiscRunNative cRun;
  /** dequeue_skb's C ({@code --ports c}; try_bulk_dequeue_skb inside), or null. */
  DequeueSkbNative cDequeue;

  /** __qdisc_run: send up to dev_tx_weight packets, then yield to NET_TX. */
  @KernelPort(
      file = "net/sched/sch_generic.c",
      function = "__qdisc_run",
      versions = "v4.19..v6.18",
      commits = {"0345552a653c"},
      notes = "a lockless (TCQ_F_NOLOCK) qdisc's MISSED bit is kept only from here to"
          + " qdisc_run_end, the one place the model reads it",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  void qdiscRestartLoop(Qdisc q) {
    if (cRun != null && cRun.takes(this)) { // --ports c: the tree's __qdisc_run
      cRun.run(this, q);
      return;
    }
    int quota = kernel.config().devTxWeight();
    while (restart.restart(q, quota)) {
      quota -= packets;
      if (quota <= 0) {
        if (q.lockless()) {
          q.missed = true; // set_bit(__QDISC_STATE_MISSED): qdisc_run_end reschedules
        } else {
          kernel.netifSchedule(q);
        }
        break;
      }
    }
  }

  /** *packets as a qdisc_restart answer sets it (port-check's harness). */
  void setPackets(int n) {
    packets = n;
  }

  /** qdisc_restart: dequeue (a bulk list of at most {@code budget}) and hand it to sch_direct_xmit. */
  private boolean qdiscRestart(Qdisc q, int budget) {
    Skb skb = dequeueSkb(q, budget);
    if (skb == null) {
      return false;
    }
    return schDirectXmit(skb, q, dev.queue(skb.queueMapping), validate);
  }

  @KernelPort(
      file = "net/sched/sch_generic.c",
      function = "dequeue_skb",
      versions = "v4.19..v6.18",
      commits = {"0345552a653c"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "6.12.118 caps the queue mapping a tc BPF store may have changed"
          + " (qdisc_cap_skb_tx_queue / skb_cap_tx_queue): no qdisc here changes it, so the"
          + " cap never acts")
  Skb dequeueSkb(Qdisc q, int budget) {
    if (cDequeue != null && cDequeue.takes(this, q, budget)) { // --ports c: the tree's C
      return cDequeue.run(this, q, budget, dev.bql());
    }
    NetdevQueue txq = q.txq;
    packets = 1;
    if (q.gsoSkb != null) {
      validate = false; // requeued skbs were validated already (no xfrm offload here)
      Skb skb = q.gsoSkb;
      if (!txq.xmitFrozenOrStopped()) {
        q.gsoSkb = skb.next;
        skb.next = null;
        return skb;
      }
      missedClears++; // qdisc_maybe_clear_missed
      return null;
    }
    validate = true;
    if (q.mayBulk() && txq.xmitFrozenOrStopped()) {
      missedClears++; // qdisc_maybe_clear_missed
      return null;
    }
    Skb skb = q.dequeue();
    if (skb != null && q.mayBulk()) {
      tryBulkDequeueSkb(q, skb, txq, budget);
    }
    return skb;
  }

  /** try_bulk_dequeue_skb: keep dequeuing while BQL leaves room (and, from 0345552a653c, the quota). */
  @KernelPort(
      file = "net/sched/sch_generic.c",
      function = "try_bulk_dequeue_skb",
      versions = "v4.19..v6.18",
      commits = {"0345552a653c"},
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "0345552a653c (v6.18; 6.1.192 and 6.12.117 as read) stops at the quota's budget;"
          + " 6.12.118 caps the queue mapping a tc BPF store may have changed"
          + " (qdisc_cap_skb_tx_queue / skb_cap_tx_queue): no qdisc here changes it, so the"
          + " cap never acts")
  void tryBulkDequeueSkb(Qdisc q, Skb skb, NetdevQueue txq, int budget) {
    boolean budgeted = kernel.bulkDequeueBudgetEra(); // netCore().has(BULK_DEQUEUE_BUDGET)
    int bytelimit = (dev.bql() ? txq.availBulkLimit() : 0) - skb.len;
    int cnt = 0;
    Skb tail = skb;
    while (bytelimit > 0) {
      Skb nskb = q.dequeue();
      if (nskb == null) {
        break;
      }
      bytelimit -= nskb.len; // covers GSO len
      tail.next = nskb;
      tail = nskb;
      ++cnt;
      // 0345552a653c: no more than the quota __qdisc_run has left
      if (budgeted && cnt >= budget) {
        break;
      }
    }
    packets += cnt;
    tail.next = null; // skb_mark_not_on_list
    if (packets > 1) {
      bulkBatches++;
      bulkSkbs += packets;
    }
  }

  /**
   * sch_direct_xmit: validate (software GSO), send the list; on NETDEV_TX_BUSY requeue what
   * is left and reschedule the qdisc. Returns whether the qdisc may continue.
   */
  @KernelPort(
      file = "net/sched/sch_generic.c",
      function = "sch_direct_xmit",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  private boolean schDirectXmit(Skb skb, Qdisc q, NetdevQueue txq, boolean validate) {
    if (validate) {
      skb = validateXmitSkbList(skb);
    }
    int ret = NetdevTx.NETDEV_TX_BUSY;
    if (skb != null) {
      Core core = kernel.thisCpu();
      txq.xmitLock().lock(core); // HARD_TX_LOCK
      if (!txq.xmitFrozenOrStopped()) {
        skb = devHardStartXmit(skb, txq);
        ret = hardStartRc;
      }
      txq.xmitLock().unlock(core);
    } else {
      return !q.isEmpty();
    }
    if (!NetdevTx.complete(ret)) {
      devRequeueSkb(skb, q);
      return false;
    }
    return true;
  }

  private void devRequeueSkb(Skb skb, Qdisc q) {
    Skb tail = q.gsoSkb;
    while (tail != null && tail.next != null) {
      tail = tail.next;
    }
    while (skb != null) {
      Skb next = skb.next;
      skb.next = null;
      if (tail == null) {
        q.gsoSkb = skb;
      } else {
        tail.next = skb;
      }
      tail = skb;
      q.requeues++;
      skb = next;
    }
    kernel.netifSchedule(q);
  }

  /**
   * validate_xmit_skb_list: software GSO for a device without TSO, and validate_xmit_skb's
   * linearisation of a fragmented skb for a device without NETIF_F_SG.
   */
  Skb validateXmitSkbList(Skb skb) {
    if (dev.tso()) {
      return skb;
    }
    Skb head = null;
    Skb tail = null;
    while (skb != null) {
      Skb next = skb.next;
      skb.next = null;
      Skb out = skb.isGso() ? gsoSegment(skb) : linearized(skb);
      if (head == null) {
        head = out;
      } else {
        tail.next = out;
      }
      tail = out;
      while (tail.next != null) {
        tail = tail.next;
      }
      skb = next;
    }
    return head;
  }

  /** skb_needs_linearize + __skb_linearize: the fragments pulled into the head. */
  private Skb linearized(Skb skb) {
    if (skb.nrFrags != 0 && !dev.sg()) {
      skb.nrFrags = 0;
    }
    return skb;
  }

  /** skb_gso_segment + consume_skb of the GSO skb. */
  private Skb gsoSegment(Skb gso) {
    Core core = kernel.thisCpu();
    int n = gso.gsoSegs;
    if (segScratch.length < n) {
      segScratch = new Skb[n];
    }
    int overhead = Math.max(0, gso.truesize - gso.payloadLen);
    int remaining = gso.payloadLen;
    for (int i = 0; i < n; i++) {
      int segLen = Math.min(gso.gsoSize, remaining);
      remaining -= segLen;
      Skb seg = ledger.alloc(gso.hdrLen + segLen, overhead + segLen);
      seg.hdrLen = gso.hdrLen;
      seg.payload = gso.payload;
      seg.payloadOffset = gso.payloadOffset + (long) i * gso.gsoSize;
      seg.payloadLen = segLen;
      seg.queueMapping = gso.queueMapping;
      seg.priority = gso.priority;
      seg.tstamp = gso.tstamp;
      seg.sk = gso.sk;
      segScratch[i] = seg;
      if (i > 0) {
        segScratch[i - 1].next = seg;
      }
      core.charge(KernelOps.GSO_SEGMENT);
    }
    if (gso.destructor != null) {
      gso.destructor.segmented(gso, segScratch, n);
    }
    Skb head = segScratch[0];
    Arrays.fill(segScratch, 0, n, null);
    gso.free();
    return head;
  }

  /** dev_hard_start_xmit: xmit_one for each skb of the list, xmit_more = another follows. */
  @KernelPort(
      file = "net/core/dev.c",
      function = "dev_hard_start_xmit",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  private Skb devHardStartXmit(Skb first, NetdevQueue txq) {
    Skb skb = first;
    int rc = NetdevTx.NETDEV_TX_OK;
    while (skb != null) {
      Skb next = skb.next;
      skb.next = null;
      rc = xmitOne(skb, txq, next != null);
      if (!NetdevTx.complete(rc)) {
        skb.next = next;
        break;
      }
      skb = next;
      if (txq.stopped() && skb != null) {
        rc = NetdevTx.NETDEV_TX_BUSY;
        break;
      }
    }
    hardStartRc = rc;
    return skb;
  }

  /** xmit_one → netdev_start_xmit → __netdev_start_xmit. */
  private int xmitOne(Skb skb, NetdevQueue txq, boolean more) {
    Core core = kernel.thisCpu();
    core.charge(KernelOps.DEV_HARD_START_XMIT);
    int len = skb.len;
    long id = skb.id();
    boolean trace = kernel.tracer().enabled();
    if (trace) {
      kernel.tracer().netDevStartXmit(core.cursor(), core.id(), dev.name(), id, len, more);
    }
    kernel.netdevXmitSetMore(more);
    int rc = dev.ops().startXmit(skb, txq);
    if (rc == NetdevTx.NETDEV_TX_OK) {
      txq.transStart = kernel.cpu().jiffies(); // txq_trans_update
      dev.txPackets += skb.gsoSegs;
      dev.txBytes += len;
    }
    if (trace) {
      kernel.tracer().netDevXmit(core.cursor(), core.id(), dev.name(), id, len, rc);
    }
    return rc;
  }

  /**
   * *packets and *validate as dequeue_skb's C left them, a bulk counted as
   * {@link #tryBulkDequeueSkb} counts it (only a bulk makes more than one packet).
   */
  void dequeued(int packets, boolean validate) {
    this.packets = packets;
    this.validate = validate;
    if (packets > 1) {
      bulkBatches++;
      bulkSkbs += packets;
    }
  }

  /** *packets as dequeue_skb sets it before a bulk dequeue adds to it. */
  void resetPackets() {
    packets = 1;
  }

  /** *packets of the last dequeue_skb. */
  int dequeuedPackets() {
    return packets;
  }

  /** *validate of the last dequeue_skb. */
  boolean dequeuedValidate() {
    return validate;
  }

  /** Sends that bypassed an empty qdisc. */
  public long directXmitCount() {
    return directXmits;
  }

  /** Bulk dequeues that produced more than one skb, and the skbs they produced. */
  public long bulkBatchCount() {
    return bulkBatches;
  }

  public long bulkSkbCount() {
    return bulkSkbs;
  }
}
