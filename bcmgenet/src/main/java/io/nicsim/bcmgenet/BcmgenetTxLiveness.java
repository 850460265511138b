package io.nicsim.bcmgenet;

import io.nicsim.core.check.TxLiveness.Cleaner;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/**
 * What will reclaim GENET's TX ring 0, answered as the ported driver would act on it. Only one
 * thing reclaims TX BDs while the interface is up: the ring's TX NAPI ({@code
 * bcmgenet_tx_poll}), and only {@code bcmgenet_isr1} schedules it, when it reads the ring's bit
 * (TX0, bit 0) set in INTRL2_1's status and clear in its mask. So the ring is covered when:
 *
 * <ol>
 *   <li>its TX NAPI will poll (scheduled, not merely finishing a poll that completed);
 *   <li>TX0 is latched in the status with its mask bit clear (the ISR will run and schedule
 *       it);
 *   <li>TX0 is unmasked and TDMA still owns BDs whose completion will latch TX0: the done
 *       threshold ({@code DMA_MBUF_DONE_THRESH}) is reached, or the ring runs empty, as {@link
 *       GenetHw#tdmaDoneWillRaise} decides it.
 * </ol>
 *
 * There is no timer (GENET's TDMA has no configurable timeout, and the driver arms none) and no
 * rescue path: RX0 schedules the RX NAPI only, which does not touch the TX ring, and {@code
 * bcmgenet_isr0} decodes no TX cause in the trees read (6.1, 6.12: MDIO, link and PHY events
 * only; the model drives TX ring 0 on every kernel, see {@link GenetPatches}). BDs the TDMA has sent but the driver has not reclaimed (its
 * consumer index ahead of the ring's {@code c_index}) are cleaned only by a poll, so they count
 * as held like the owned ones.
 */
final class BcmgenetTxLiveness {
  private final BcmgenetPriv priv;

  BcmgenetTxLiveness(BcmgenetPriv priv) {
    this.priv = priv;
  }

  /** BDs between the ring's clean pointer and its write pointer (size - free_bds). */
  private int held() {
    BcmgenetPriv.TxRing ring = priv.tx;
    return ring.size - ring.freeBds;
  }

  /** Of the held BDs, those TDMA still owns (queued or being sent, not written back). */
  private int owned(int held) {
    BcmgenetPriv.TxRing ring = priv.tx;
    DescRing bd = priv.hw.txRing;
    int n = 0;
    int i = ring.cleanPtr;
    for (int k = 0; k < held; k++) {
      if (bd.own(i)) {
        n++;
      }
      i = i < ring.endPtr ? i + 1 : ring.cbPtr;
    }
    return n;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_isr1",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "read-only, for the liveness check: the TX half of the decode (TX0 in status and "
          + "not in the mask schedules the ring's TX NAPI), plus what TDMA will latch")
  Cleaner cleaner() {
    int held = held();
    if (held == 0) {
      return Cleaner.EMPTY;
    }
    Napi napi = priv.tx.napi;
    if (napi != null && napi.willPoll()) {
      return Cleaner.NAPI_SCHEDULED;
    }
    int status = priv.hw.intrl2.status();
    boolean unmasked = (priv.hw.intrl2.enable() & GenetHw.TX0_BIT) != 0;
    if (unmasked && (status & GenetHw.TX0_BIT) != 0) {
      return Cleaner.STATUS_LATCHED;
    }
    if (unmasked && priv.hw.tdmaDoneWillRaise(owned(held))) {
      return Cleaner.IC_PENDING;
    }
    return Cleaner.NOTHING;
  }

  /** One line in the driver's terms: indices, BDs, INTRL2_1 TX0, the threshold, NAPI, BQL. */
  String state() {
    BcmgenetPriv.TxRing ring = priv.tx;
    GenetHw hw = priv.hw;
    int held = held();
    int owned = owned(held);
    int status = hw.intrl2.status();
    boolean unmasked = (hw.intrl2.enable() & GenetHw.TX0_BIT) != 0;
    Napi napi = ring.napi;
    NetdevQueue txq = priv.dev.queue(ring.index);
    var dql = txq.dql();
    return "c_index " + ring.cIndex + " prod_index " + ring.prodIndex + " (TDMA_CONS_INDEX "
        + hw.tdmaConsIndex + ", TDMA_PROD_INDEX " + hw.tdmaProdIndex + "), " + held
        + " BDs held (" + owned + " owned by TDMA), free_bds " + ring.freeBds
        + ", INTRL2_1 TX0 " + ((status & GenetHw.TX0_BIT) != 0 ? "latched" : "clear")
        + (unmasked ? " unmasked" : " masked") + ", MBUF_DONE_THRESH " + hw.tdmaDoneThresh
        + " (" + hw.tdmaPending() + " done since the last interrupt), "
        + (napi == null ? "tx napi" : napi.name())
        + (napi != null && napi.willPoll() ? " scheduled" : " not scheduled")
        + ", BQL " + dql.inflight() + "/" + dql.limit() + " bytes"
        + (txq.stopped() ? ", queue stopped" : txq.xmitStopped() ? ", queue stopped by BQL"
            : "");
  }
}
