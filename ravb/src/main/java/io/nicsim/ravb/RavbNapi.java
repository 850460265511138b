package io.nicsim.ravb;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;

/**
 * The interrupt handlers, the NAPI poll and TX completion. One NAPI a queue does both
 * directions: the queue interrupt masks the queue's RX and TX bits and schedules it; the poll
 * receives, frees sent descriptors, wakes the queue and unmasks both bits when it is done.
 */
final class RavbNapi {
  private final RavbPriv priv;
  private final RavbRx rx;
  /** {@code --ports c}: the tree's ravb_interrupt in place of {@link #interrupt}. */
  RavbIrqBridge.Hook cInterrupt;
  /** {@code --ports c}: the tree's ravb_dma_interrupt in place of {@link #dmaInterrupt}. */
  RavbIrqBridge.Hook cDmaInterrupt;
  /** {@code --ports c}: the tree's ravb_poll in place of {@link #poll}. */
  RavbPollBridge.Hook cPoll;

  RavbNapi(RavbPriv priv, RavbRx rx) {
    this.priv = priv;
    this.rx = rx;
  }

  /** The RX functions (a {@code --ports c} poll runs them where its C calls info->receive). */
  RavbRx rx() {
    return rx;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_queue_interrupt",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      notes = "the same in 6.1.192 and 6.18.19; the netdev_warn of an ignored interrupt prints"
          + " nothing here")
  boolean queueInterrupt(int q) {
    int ris0 = priv.read(RavbReg.RIS0);
    int ric0 = priv.read(RavbReg.RIC0);
    int tis = priv.read(RavbReg.TIS);
    int tic = priv.read(RavbReg.TIC);
    int bit = 1 << q;

    if (((ris0 & ric0) & bit) != 0 || ((tis & tic) & bit) != 0) {
      priv.queueIrqs++;
      if (((ris0 & ric0) & bit) != 0) {
        priv.rxIrqs++;
      }
      if (((tis & tic) & bit) != 0) {
        priv.txIrqs++;
      }
      if (priv.k.napiSchedulePrep(priv.napi[q])) {
        // mask RX and TX interrupts
        if (!priv.info.irqEnDis) {
          priv.write(ric0 & ~bit, RavbReg.RIC0);
          priv.write(tic & ~bit, RavbReg.TIC);
        } else {
          priv.write(bit, RavbReg.RID0);
          priv.write(bit, RavbReg.TID);
        }
        priv.k.napiSchedule(priv.napi[q]);
      }
      return true;
    }
    return false;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_interrupt",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      notes = "runtime PM is active (v6.12's pm_runtime check passes); the E-MAC, error and"
          + " gPTP handlers are RavbKernel calls (the model never raises their causes);"
          + " the spin lock is not modelled")
  boolean interrupt(IrqLine line) {
    if (cInterrupt != null) {
      return cInterrupt.interrupt(-1);
    }
    boolean handled = false;
    priv.irqs++;
    int iss = priv.read(RavbReg.ISS);

    // received and transmitted interrupts
    if ((iss & (RavbHw.ISS_FRS | RavbHw.ISS_FTS | RavbHw.ISS_TFUS)) != 0) {
      if (timestampInterrupt()) {
        handled = true;
      }
      if (priv.info.ncQueues) {
        for (int q = RavbPriv.RAVB_NC; q >= RavbPriv.RAVB_BE; q--) {
          if (queueInterrupt(q)) {
            handled = true;
          }
        }
      } else if (queueInterrupt(RavbPriv.RAVB_BE)) {
        handled = true;
      }
    }
    // E-MAC status summary
    if ((iss & RavbHw.ISS_MS) != 0) {
      priv.k.emacInterruptUnlocked();
      handled = true;
    }
    // error status summary
    if ((iss & RavbHw.ISS_ES) != 0) {
      priv.k.errorInterrupt();
      handled = true;
    }
    // gPTP interrupt status summary
    if ((iss & RavbHw.ISS_CGIS) != 0) {
      priv.k.ptpInterrupt();
      handled = true;
    }
    return handled;
  }

  /** ravb_timestamp_interrupt: a TX timestamp FIFO update is acknowledged and read out. */
  private boolean timestampInterrupt() {
    int tis = priv.read(RavbReg.TIS);
    if ((tis & RavbHw.TIS_TFUF) != 0) {
      priv.write(~(RavbHw.TIS_TFUF | RavbHw.TIS_RESERVED), RavbReg.TIS);
      priv.k.getTxTstamp();
      return true;
    }
    return false;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_dma_interrupt",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      notes = "R-Car multi_irqs: ravb_be_interrupt (ch0 rx_be and ch18 tx_be) calls it with"
          + " RAVB_BE; runtime PM active, the spin lock not modelled")
  boolean dmaInterrupt(IrqLine line, int q) {
    if (cDmaInterrupt != null) {
      return cDmaInterrupt.interrupt(q);
    }
    priv.irqs++;
    return queueInterrupt(q);
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_tx_free",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      notes = "the same in 6.1.192 and 6.18.19")
  int txFree(int q, boolean freeTxedOnly) {
    RavbPriv.Stats stats = priv.stats[q];
    RavbHw hw = priv.hw;
    int numTxDesc = priv.numTxDesc;
    int freeNum = 0;
    Core core = priv.cpu == null ? null : priv.cpu.current();

    for (; priv.curTx[q] - priv.dirtyTx[q] != 0; priv.dirtyTx[q]++) { // u32 "> 0"
      int entry = Integer.remainderUnsigned(priv.dirtyTx[q], priv.numTxRing[q] * numTxDesc);
      boolean txed = hw.txDieDt[entry] == RavbHw.DT_FEMPTY;
      if (freeTxedOnly && !txed) {
        break;
      }
      int size = hw.txDsTagl[entry] & RavbPriv.TX_DS;
      if (core != null) {
        core.charge(RavbOps.TX_DESC);
      }
      int desc = entry;
      // free the original skb
      if (priv.txSkb[q][entry / numTxDesc] != null) {
        priv.k.dmaUnmapSingle(hw.txDptr[entry], size);
        // last packet descriptor?
        if (entry % numTxDesc == numTxDesc - 1) {
          entry /= numTxDesc;
          priv.k.devKfreeSkbAny(priv.txSkb[q][entry]);
          priv.txSkb[q][entry] = null;
          if (txed) {
            stats.txPackets++;
          }
        }
        freeNum++;
      }
      if (txed) {
        stats.txBytes += Integer.toUnsignedLong(size);
      }
      hw.setTxDieDt(desc, RavbHw.DT_EEMPTY);
      priv.cleanedDescs++;
    }
    return freeNum;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_poll",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      commits = {"118e640af30c", "b0e0e20dc60e", "596a4254915f", "101b76418d71"},
      notes = "before rx-budget (v6.11) the quota body of 6.1.192 (" + RavbSources.S61 + "):"
          + " napi_complete and unmask unless ravb_rx used the whole quota; before"
          + " poll-always-tx and poll-error-counters (v6.9; in 6.1.192 by backport) mainline's:"
          + " an exhausted quota skips the TX ring, the counters follow the unmask; from"
          + " napi-complete-done (v6.11) unmask only when napi_complete_done returns true;"
          + " the spin lock is not modelled")
  int poll(Napi napi, int budget) {
    int q = priv.queueOf(napi);
    if (cPoll != null) {
      return cPoll.poll(q, budget);
    }
    int mask = 1 << q;
    int workDone;
    boolean unmask;
    boolean budgetEra = priv.patches.has(RavbPatches.RX_BUDGET);

    // processing the RX descriptor ring: clear the RX interrupt
    priv.write(~(mask | RavbHw.RIS0_RESERVED), RavbReg.RIS0);
    RavbRx.Quota quota = new RavbRx.Quota(budget);
    if (budgetEra) {
      workDone = receive(budget, q);
      unmask = false; // decided below
    } else {
      unmask = !receiveQuota(quota, q);
      workDone = budget - quota.value;
    }

    // before poll-always-tx (v6.9): an exhausted quota goes to out before the TX ring
    boolean alwaysTx = budgetEra || priv.patches.has(RavbPatches.POLL_ALWAYS_TX);
    boolean countersFirst = budgetEra || priv.patches.has(RavbPatches.POLL_ERROR_COUNTERS);
    if (!alwaysTx && !unmask) {
      return workDone; // out:
    }

    // processing the TX descriptor ring: clear the TX interrupt
    priv.write(~(mask | RavbHw.TIS_RESERVED), RavbReg.TIS);
    txFree(q, true);
    priv.k.netifWakeSubqueue(q);

    if (countersFirst) {
      errorCounters();
    }

    if (budgetEra) {
      if (priv.patches.has(RavbPatches.NAPI_COMPLETE_DONE)) {
        unmask = workDone < budget && priv.k.napiCompleteDone(napi, workDone);
      } else if (workDone < budget) { // 118e640af30c alone: napi_complete, then unmask
        priv.k.napiCompleteDone(napi, 0);
        unmask = true;
      }
      if (unmask) {
        reenable(mask);
      }
      return workDone;
    }
    if (!unmask) {
      return workDone; // out:
    }
    priv.k.napiCompleteDone(napi, 0); // napi_complete
    reenable(mask);
    if (!countersFirst) {
      errorCounters(); // before poll-error-counters (v6.9): after the interrupts are back
    }
    return workDone;
  }

  /** Receive error message handling: priv->rx_over_errors is u32, ndev's unsigned long. */
  private void errorCounters() {
    priv.rxOverErrors = (int) priv.stats[RavbPriv.RAVB_BE].rxOverErrors;
    if (priv.info.ncQueues) {
      priv.rxOverErrors += (int) priv.stats[RavbPriv.RAVB_NC].rxOverErrors;
    }
    if (Integer.toUnsignedLong(priv.rxOverErrors) != priv.ndevRxOverErrors) {
      priv.ndevRxOverErrors = Integer.toUnsignedLong(priv.rxOverErrors);
    }
    if (Integer.toUnsignedLong(priv.rxFifoErrors) != priv.ndevRxFifoErrors) {
      priv.ndevRxFifoErrors = Integer.toUnsignedLong(priv.rxFifoErrors);
    }
  }

  /** Re-enable RX/TX interrupts (ravb_poll's tail, under the lock). */
  private void reenable(int mask) {
    boolean tx = !priv.patches.has(RavbPatches.LOST_TX_IRQ_UNMASK);
    if (!priv.info.irqEnDis) {
      priv.modify(RavbReg.RIC0, mask, mask);
      if (tx) {
        priv.modify(RavbReg.TIC, mask, mask);
      }
    } else {
      priv.write(mask, RavbReg.RIE0);
      if (tx) {
        priv.write(mask, RavbReg.TIE);
      }
    }
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_rx",
      versions = "v6.11..v6.18", source = RavbSources.S612, commits = {"118e640af30c"})
  int receive(int budget, int q) {
    return priv.info.receive == RavbHwInfo.Receive.GBETH ? rx.rxGbeth(budget, q)
        : rx.rxRcar(budget, q);
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_rx",
      versions = "v6.1..v6.10", source = RavbSources.S61)
  boolean receiveQuota(RavbRx.Quota quota, int q) {
    return priv.info.receive == RavbHwInfo.Receive.GBETH ? rx.rxGbethQuota(quota, q)
        : rx.rxRcarQuota(quota, q);
  }

  /** Whether {@code skb} is one the driver holds (for the audit). */
  long held() {
    long n = 0;
    for (Skb[] ring : priv.txSkb) {
      if (ring == null) {
        continue;
      }
      for (Skb s : ring) {
        if (s != null) {
          n++;
        }
      }
    }
    return n;
  }
}
