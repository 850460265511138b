package io.nicsim.ravb;

import io.nicsim.core.check.TxLiveness.Cleaner;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.port.KernelPort;

/**
 * What will free the best-effort TX ring, answered as the ported driver would act on it. Only
 * ravb_poll frees sent descriptors while the interface is up (ravb_start_xmit also frees when it
 * fills the ring, but a stopped queue calls it no more), and only ravb_queue_interrupt schedules
 * the poll, when the queue's RX or TX status bit is set and enabled. So the ring is covered when:
 *
 * <ol>
 *   <li>the queue's NAPI will poll (scheduled, not merely finishing);
 *   <li>RIS0 or TIS has the queue's bit set with its RIC0 / TIC bit set (the handler will run
 *       and schedule the poll, which frees TX whichever direction raised it);
 *   <li>TIC has the queue's bit and the DMAC still owns a descriptor: each frame it sends sets
 *       TIS.FTF (no moderation, so every owned frame will raise it).
 * </ol>
 *
 * No timer and no other rescue: RX frames arriving are a rescue only while RIC0 is on, which
 * (2) and (3) already read for TX; without RX traffic it is not counted.
 */
final class RavbTxLiveness {
  private final RavbPriv priv;

  RavbTxLiveness(RavbPriv priv) {
    this.priv = priv;
  }

  private int held(int q) {
    return priv.curTx[q] - priv.dirtyTx[q];
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_queue_interrupt",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      notes = "read-only, for the liveness check: the queue's status-and-enable test that"
          + " schedules the poll, plus what the DMAC will latch")
  Cleaner cleaner(int q) {
    if (held(q) == 0) {
      return Cleaner.EMPTY;
    }
    Napi napi = priv.napi[q];
    if (napi != null && napi.willPoll()) {
      return Cleaner.NAPI_SCHEDULED;
    }
    RavbHw hw = priv.hw;
    int bit = 1 << q;
    if (((hw.ris0 & hw.ric0) & bit) != 0 || ((hw.tis & hw.tic) & bit) != 0) {
      return Cleaner.STATUS_LATCHED;
    }
    if ((hw.tic & bit) != 0 && ownedByDmac() > 0) {
      return Cleaner.IC_PENDING;
    }
    return Cleaner.NOTHING;
  }

  /** TX descriptors the DMAC still owns (queued or being sent). */
  private int ownedByDmac() {
    int n = 0;
    for (int i = 0; i < priv.hw.txRing.size(); i++) {
      if (priv.hw.txRing.own(i)) {
        n++;
      }
    }
    return n;
  }

  String state(int q) {
    RavbHw hw = priv.hw;
    Napi napi = priv.napi[q];
    NetdevQueue txq = priv.dev.queue(q);
    int bit = 1 << q;
    return "cur_tx " + Integer.toUnsignedString(priv.curTx[q]) + " dirty_tx "
        + Integer.toUnsignedString(priv.dirtyTx[q]) + ", " + held(q) + " descriptors held ("
        + ownedByDmac() + " owned by the DMAC), RIS0 " + ((hw.ris0 & bit) != 0 ? "set" : "clear")
        + ((hw.ric0 & bit) != 0 ? " enabled" : " masked") + ", TIS "
        + ((hw.tis & bit) != 0 ? "set" : "clear") + ((hw.tic & bit) != 0 ? " enabled" : " masked")
        + ", " + (napi == null ? "napi" : napi.name())
        + (napi != null && napi.willPoll() ? " scheduled" : " not scheduled")
        + (txq.stopped() ? ", queue stopped" : "");
  }
}
