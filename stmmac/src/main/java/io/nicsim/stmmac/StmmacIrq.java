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
  static final String S1 = StmmacLifecycle.S1;

  protected final StmmacPriv priv;
  private final StmmacTx tx;
  private final StmmacRx rx;
  private final boolean napiSplit;
  private final boolean irqPerDir;

  public StmmacIrq(StmmacPriv priv, StmmacTx tx, StmmacRx rx) {
    this.priv = priv;
    this.tx = tx;
    this.rx = rx;
    napiSplit = priv.patches.has(StmmacPatches.NAPI_SPLIT);
    irqPerDir = priv.patches.has(StmmacPatches.IRQ_PER_DIR);
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
      source = S1,
      notes = "<=5.5 forms from " + StmmacTx.S3 + "; " + StmmacTx.V419_NOTE)
  int napiCheck(int chan, DmaDir dir) {
    int status = priv.hw.dmaInterruptStatus(chan, dir);
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
      if (needsWork && ch.napi.schedulePrep()) {
        priv.hw.disableDmaIrq(chan, true, true);
        ch.napi.schedule();
      }
      return status;
    }

    if (!irqPerDir) {
      if ((status & DwmacHw.HANDLE_RX) != 0 && chan < rxCnt) {
        if (ch.rxNapi.schedulePrep()) {
          priv.hw.disableDmaIrq(chan, true, true);
          ch.rxNapi.schedule();
          status |= DwmacHw.HANDLE_TX;
        }
      }
      if ((status & DwmacHw.HANDLE_TX) != 0 && chan < txCnt) {
        ch.txNapi.napiSchedule();
      }
      return status;
    }

    if ((status & DwmacHw.HANDLE_RX) != 0 && chan < rxCnt) {
      if (ch.rxNapi.schedulePrep()) {
        priv.hw.disableDmaIrq(chan, true, false);
        ch.rxNapi.schedule();
      }
    }

    if ((status & DwmacHw.HANDLE_TX) != 0 && chan < txCnt) {
      if (ch.txNapi.schedulePrep()) {
        priv.hw.disableDmaIrq(chan, false, true);
        ch.txNapi.schedule();
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

  /** stmmac_dma_interrupt: every channel checked in both directions. */
  @KernelPort(
      file = FILE,
      function = "stmmac_dma_interrupt",
      versions = "v4.19..v6.18",
      source = S1,
      notes = "hard errors (threshold bump, tx_err) are not modelled")
  void dmaInterrupt() {
    int txChannelCount = priv.plat.txQueuesToUse();
    int rxChannelCount = priv.plat.rxQueuesToUse();
    int channelsToCheck = Math.max(txChannelCount, rxChannelCount);

    for (int chan = 0; chan < channelsToCheck; chan++) {
      napiCheck(chan, DmaDir.RXTX);
    }
  }

  /** stmmac_interrupt: the shared (sbd) interrupt line. */
  @KernelPort(
      file = FILE,
      function = "stmmac_interrupt",
      versions = "v4.19..v6.18",
      source = S1,
      notes = "safety, common (MAC/LPI/MTL) interrupts are not modelled")
  boolean interrupt() {
    if (!priv.netifRunning) {
      return true;
    }
    dmaInterrupt();
    return true;
  }

  /** stmmac_msi_intr_tx: a TX queue's MSI vector. */
  @KernelPort(file = FILE, function = "stmmac_msi_intr_tx", versions = "v5.13..v6.18",
      source = S1)
  boolean msiIntrTx(int chan) {
    if (!priv.netifRunning) {
      return true;
    }
    napiCheck(chan, DmaDir.TX);
    return true;
  }

  /** stmmac_msi_intr_rx: an RX queue's MSI vector. */
  @KernelPort(file = FILE, function = "stmmac_msi_intr_rx", versions = "v5.13..v6.18",
      source = S1)
  boolean msiIntrRx(int chan) {
    if (!priv.netifRunning) {
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

    if (workDone < budget && napi.completeDone(workDone)) {
      priv.hw.enableDmaIrq(chan, true, true);
      int stat = priv.hw.dmaInterruptStatus(chan, DmaDir.RXTX);
      if (stat != 0 && napi.schedulePrep()) {
        // napi_reschedule
        priv.hw.disableDmaIrq(chan, true, true);
        napi.schedule();
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
