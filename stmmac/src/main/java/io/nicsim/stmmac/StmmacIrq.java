package io.nicsim.stmmac;

import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.KernelPort;

/**
 * The interrupt side of stmmac_main.c: the DMA status check that schedules NAPI and masks the
 * direction it schedules, the ISRs (one shared line, or per-direction MSI vectors), and the
 * combined RX+TX NAPI poll of 4.19.
 */
public class StmmacIrq {
  static final String FILE = StmmacLifecycle.FILE;
  static final String TREE_6_18 = StmmacLifecycle.TREE_6_18;

  protected final StmmacPriv priv;
  private final StmmacTx tx;
  private final StmmacRx rx;
  private final boolean napiSplit;
  private final boolean irqPerDir;
  private final boolean sftyIrq;
  /** {@code --ports c}: the tree's stmmac_napi_check in place of {@link #napiCheck}. */
  StmmacCHooks.NapiCheck cNapiCheck;
  /** {@code --ports c}: the tree's entry points in place of these ports. */
  StmmacCHooks.Irq cInterrupt;
  StmmacCHooks.Irq cDmaInterrupt;
  StmmacCHooks.Irq cMsiIntrRx;
  StmmacCHooks.Irq cMsiIntrTx;

  public StmmacIrq(StmmacPriv priv, StmmacTx tx, StmmacRx rx) {
    this.priv = priv;
    this.tx = tx;
    this.rx = rx;
    napiSplit = priv.patches.has(StmmacPatches.NAPI_SPLIT);
    irqPerDir = priv.patches.has(StmmacPatches.IRQ_PER_DIR);
    sftyIrq = priv.patches.has(StmmacPatches.SFTY_IRQ);
  }

  /**
   * stmmac_napi_check. 4.19: one NAPI for the channel, all DMA interrupts masked when it is
   * scheduled. napi-split: RX masks the whole channel and also reports TX work; TX schedules
   * without masking. irq-per-dir: each direction masks only itself when its NAPI is claimed.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_napi_check",
      versions = "v4.19..v6.18",
      commits = {"8fce33317023", "4ccb45857c2c", "021bd5e36970"},
      source = TREE_6_18,
      notes = "<=5.5 forms from " + StmmacTx.TREE_5_4 + "; " + StmmacTx.V419_NOTE)
  int napiCheck(int chan, DmaDir dir) {
    if (cNapiCheck != null) {
      // the tree's dma_interrupt callback reads (and acknowledges) the status inside the C
      return cNapiCheck.napiCheck(chan, dir);
    }
    int status = priv.hwif.dmaInterruptStatus(chan, dir);
    StmmacChannel ch = priv.channel[chan];
    int rxCnt = priv.plat.rxQueuesToUse();
    int txCnt = priv.plat.txQueuesToUse();
    countIrq(status);

    if (!napiSplit) {
      boolean needsWork = false;
      if ((status & DwmacHw.HANDLE_RX) != 0 && chan < rxCnt) {
        needsWork = true;
      } else {
        status &= ~DwmacHw.HANDLE_RX;
      }
      if ((status & DwmacHw.HANDLE_TX) != 0 && chan < txCnt) {
        needsWork = true;
      } else {
        status &= ~DwmacHw.HANDLE_TX;
      }
      if (needsWork && priv.calls.napiSchedulePrep(ch.napi)) {
        priv.hwif.disableDmaIrq(chan, true, true);
        priv.calls.napiSchedule(ch.napi);
      }
      return status;
    }

    if (!irqPerDir) {
      if ((status & DwmacHw.HANDLE_RX) != 0 && chan < rxCnt) {
        if (priv.calls.napiSchedulePrep(ch.rxNapi)) {
          priv.hwif.disableDmaIrq(chan, true, true);
          priv.calls.napiSchedule(ch.rxNapi);
          status |= DwmacHw.HANDLE_TX;
        }
      }
      if ((status & DwmacHw.HANDLE_TX) != 0 && chan < txCnt) {
        if (priv.calls.napiSchedulePrep(ch.txNapi)) { // napi_schedule
          priv.calls.napiSchedule(ch.txNapi);
        }
      }
      return status;
    }

    // no AF_XDP pool on the queues: rx_napi and tx_napi, never rxtx_napi
    if ((status & DwmacHw.HANDLE_RX) != 0 && chan < rxCnt) {
      if (priv.calls.napiSchedulePrep(ch.rxNapi)) {
        priv.hwif.disableDmaIrq(chan, true, false);
        priv.calls.napiSchedule(ch.rxNapi);
      }
    }

    if ((status & DwmacHw.HANDLE_TX) != 0 && chan < txCnt) {
      if (priv.calls.napiSchedulePrep(ch.txNapi)) {
        priv.hwif.disableDmaIrq(chan, false, true);
        priv.calls.napiSchedule(ch.txNapi);
      }
    }

    return status;
  }

  private void countIrq(int status) {
    priv.counters.isr++;
    if ((status & DwmacHw.HANDLE_TX) != 0) {
      priv.counters.txIrq++;
    }
    if ((status & DwmacHw.HANDLE_RX) != 0) {
      priv.counters.rxIrq++;
    }
  }

  /** tx_hard_error / tx_hard_error_bump_tc of enum dma_irq_status. */
  static final int TX_HARD_ERROR = 0x1;
  static final int TX_HARD_ERROR_BUMP_TC = 0x2;

  /**
   * stmmac_dma_interrupt: every channel checked in both directions, then each TX channel's
   * hard error handled (a threshold bump on underflow, else the TX reset).
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_dma_interrupt",
      versions = "v4.19..v6.18",
      source = TREE_6_18,
      notes = "also read in " + StmmacTx.DEBIAN)
  void dmaInterrupt() {
    if (cDmaInterrupt != null) {
      cDmaInterrupt.dmaInterrupt();
      return;
    }
    int txChannelCount = priv.plat.txQueuesToUse();
    int rxChannelCount = priv.plat.rxQueuesToUse();
    int channelsToCheck = Math.max(txChannelCount, rxChannelCount);
    int[] status = new int[StmmacPlat.MTL_MAX_QUEUES];

    // Make sure we never check beyond our status buffer
    if (channelsToCheck > status.length) {
      priv.calls.warnOn();
      channelsToCheck = status.length;
    }

    for (int chan = 0; chan < channelsToCheck; chan++) {
      status[chan] = napiCheck(chan, DmaDir.RXTX);
    }

    for (int chan = 0; chan < txChannelCount; chan++) {
      if ((status[chan] & TX_HARD_ERROR_BUMP_TC) != 0) {
        // Try to bump up the dma threshold on this failure
        priv.unported.bumpDmaThreshold(chan);
      } else if (status[chan] == TX_HARD_ERROR) {
        priv.unported.txErr(chan);
      }
    }
  }

  /** stmmac_interrupt: the shared (sbd) interrupt line. */
  @KernelPort(
      file = FILE,
      function = "stmmac_interrupt",
      versions = "v4.19..v6.18",
      commits = {},
      source = TREE_6_18,
      notes = "also read in " + StmmacTx.DEBIAN + "; priv->sfty_irq is 0 (none)")
  boolean interrupt() {
    if (cInterrupt != null) {
      return cInterrupt.interrupt();
    }
    // Check if adapter is up
    if (priv.testBit(StmmacPriv.STMMAC_DOWN)) {
      return true;
    }

    // Check ASP error if it isn't delivered via an individual IRQ (sfty-irq; the model has
    // no dedicated safety interrupt, sfty_irq 0)
    if ((!sftyIrq || priv.sftyIrq <= 0) && priv.unported.safetyFeatInterrupt()) {
      return true;
    }

    // To handle Common interrupts
    priv.unported.commonInterrupt();

    // To handle DMA interrupts
    dmaInterrupt();
    return true;
  }

  /** stmmac_msi_intr_tx: a TX queue's MSI vector. */
  @KernelPort(file = FILE, function = "stmmac_msi_intr_tx", versions = "v5.13..v6.18",
      source = TREE_6_18)
  boolean msiIntrTx(int chan) {
    if (cMsiIntrTx != null) {
      return cMsiIntrTx.msiIntr(chan, DmaDir.TX);
    }
    // Check if adapter is up
    if (priv.testBit(StmmacPriv.STMMAC_DOWN)) {
      return true;
    }

    int status = napiCheck(chan, DmaDir.TX);

    if ((status & TX_HARD_ERROR_BUMP_TC) != 0) {
      // Try to bump up the dma threshold on this failure
      priv.unported.bumpDmaThreshold(chan);
    } else if (status == TX_HARD_ERROR) {
      priv.unported.txErr(chan);
    }
    return true;
  }

  /** stmmac_msi_intr_rx: an RX queue's MSI vector. */
  @KernelPort(file = FILE, function = "stmmac_msi_intr_rx", versions = "v5.13..v6.18",
      source = TREE_6_18)
  boolean msiIntrRx(int chan) {
    if (cMsiIntrRx != null) {
      return cMsiIntrRx.msiIntr(chan, DmaDir.RX);
    }
    // Check if adapter is up
    if (priv.testBit(StmmacPriv.STMMAC_DOWN)) {
      return true;
    }

    napiCheck(chan, DmaDir.RX);
    return true;
  }

  /**
   * stmmac_napi_poll of 4.19: TX clean and RX in one poll; on completion the channel's
   * interrupts come back and, if a cause is already pending, the NAPI reschedules itself.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_napi_poll",
      versions = "v4.19..v4.20",
      commits = {"8fce33317023"},
      source = "torvalds/linux@v4.19",
      notes = StmmacTx.V419_NOTE)
  int napiPoll(Napi napi, int budget) {
    StmmacChannel ch = channelOf(napi);
    int chan = ch.index;
    int rxDone = 0;
    int txDone = 0;
    priv.counters.napiPollTx++;
    priv.counters.napiPollRx++;

    if (chan < priv.plat.txQueuesToUse()) {
      txDone = tx.txClean(budget, chan);
    }
    if (chan < priv.plat.rxQueuesToUse()) {
      rxDone = rx.rx(budget, chan);
    }

    int workDone = Math.max(rxDone, txDone);
    workDone = Math.min(workDone, budget);

    if (workDone < budget && priv.calls.napiCompleteDone(napi, workDone)) {
      priv.hwif.enableDmaIrq(chan, true, true);
      int stat = priv.hwif.dmaInterruptStatus(chan, DmaDir.RXTX);
      if (stat != 0 && priv.calls.napiSchedulePrep(napi)) {
        // napi_reschedule
        priv.hwif.disableDmaIrq(chan, true, true);
        priv.calls.napiSchedule(napi);
      }
    }

    return workDone;
  }

  private StmmacChannel channelOf(Napi napi) {
    for (StmmacChannel ch : priv.channel) {
      if (ch.napi == napi) {
        return ch;
      }
    }
    throw new IllegalStateException("not a channel NAPI of this device: " + napi.name());
  }
}
