package io.nicsim.stmmac;

import io.nicsim.core.check.TxLiveness.Cleaner;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.nic.DescRing;

/**
 * What will clean a stmmac TX ring, answered the way the ported driver would act: the TX NAPI
 * (or, before napi-split, the channel NAPI) scheduled; TI latched with TIE on (the ISR's
 * stmmac_napi_check turns it into handle_tx); an IC descriptor the DMA still owns with TIE on;
 * the coalesce timer queued; before irq-per-dir, a latched RX interrupt (its decode schedules
 * the TX NAPI too). The hardware model has no TBU cause, so no TBU rescue.
 */
final class StmmacTxLiveness {
  private final StmmacPriv priv;
  private final StmmacTx tx;
  private final boolean napiSplit;
  private final boolean irqPerDir;

  StmmacTxLiveness(StmmacPriv priv, StmmacTx tx) {
    this.priv = priv;
    this.tx = tx;
    this.napiSplit = priv.patches.has(StmmacPatches.NAPI_SPLIT);
    this.irqPerDir = priv.patches.has(StmmacPatches.IRQ_PER_DIR);
  }

  Cleaner cleaner(int q) {
    StmmacTxQueue txQ = priv.txQueue[q];
    DescRing ring = txQ.ring;
    if (ring.dirty == ring.cur) {
      return Cleaner.EMPTY;
    }
    Napi napi = tx.txNapi(q);
    if (napi.willPoll()) {
      return Cleaner.NAPI_SCHEDULED;
    }
    int status = priv.hw.irqStatus(q);
    int enabled = priv.hw.irqEnabled(q);
    boolean tiOn = (enabled & DmaIrqs.TI) != 0;
    if ((status & DmaIrqs.TI) != 0 && tiOn) {
      return Cleaner.STATUS_LATCHED;
    }
    if (tiOn) {
      for (int i = ring.dirty; i != ring.cur; i = ring.next(i)) {
        if (ring.own(i) && ring.has(i, DescRing.IC)) {
          return Cleaner.IC_PENDING;
        }
      }
    }
    if ((txQ.txtimer != null && txQ.txtimer.active())
        || (txQ.txtimerList != null && txQ.txtimerList.pending())) {
      return Cleaner.TIMER_QUEUED;
    }
    if (!irqPerDir && (status & enabled & DmaIrqs.RI) != 0) {
      return Cleaner.RESCUE; // the RX interrupt's decode schedules the TX NAPI as well
    }
    if (!napiSplit && priv.channel[q].napi.willPoll()) {
      return Cleaner.NAPI_SCHEDULED;
    }
    return Cleaner.NOTHING;
  }

  /** BQL's view of the queue: bytes in flight against the limit, and who stopped it. */
  private String bql(int q) {
    var txq = priv.dev.queue(q);
    var dql = txq.dql();
    return dql.inflight() + "/" + dql.limit() + " bytes" + (txq.stopped() ? ", queue stopped"
        : txq.xmitStopped() ? ", queue stopped by BQL" : "");
  }

  String state(int q) {
    StmmacTxQueue txQ = priv.txQueue[q];
    DescRing ring = txQ.ring;
    int held = (ring.cur - ring.dirty) & (ring.size() - 1);
    int owned = 0;
    int ic = 0;
    for (int i = ring.dirty; i != ring.cur; i = ring.next(i)) {
      if (ring.own(i)) {
        owned++;
      }
      if (ring.has(i, DescRing.IC)) {
        ic++;
      }
    }
    Napi napi = tx.txNapi(q);
    int status = priv.hw.irqStatus(q);
    int enabled = priv.hw.irqEnabled(q);
    String timer = txQ.txtimer != null ? (txQ.txtimer.active() ? "queued" : "idle")
        : txQ.txtimerList != null && txQ.txtimerList.pending() ? "queued" : "idle";
    return "dirty_tx " + ring.dirty + " cur_tx " + ring.cur + ", " + held + " descriptors held ("
        + owned + " owned by the DMA, " + ic + " with IC), TI " + ((status & DmaIrqs.TI) != 0
            ? "latched" : "clear") + ", TIE " + ((enabled & DmaIrqs.TI) != 0 ? "on" : "off")
        + ", tx timer " + timer + ", " + napi.name() + (napi.willPoll() ? " scheduled"
            : " not scheduled") + ", tx_count_frames " + txQ.txCountFrames
        + ", BQL " + bql(q);
  }
}
