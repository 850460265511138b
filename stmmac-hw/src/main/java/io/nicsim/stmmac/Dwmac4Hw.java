package io.nicsim.stmmac;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.port.KernelPort;

/**
 * DW QoS Ethernet 4.x/5.x (dwmac4, GMAC4): the TX tail-pointer write is the doorbell; RX IOC
 * is chosen per descriptor at every refill; the ISR clears only enabled status bits, so a cause
 * raised while masked stays pending and asserts the line when re-enabled.
 */
class Dwmac4Hw extends DwmacHw {
  private static final String LIB = "drivers/net/ethernet/stmicro/stmmac/dwmac4_lib.c";
  private static final String DESC = "drivers/net/ethernet/stmicro/stmmac/dwmac4_descs.c";
  private static final String SRC = "torvalds/linux@1975df880b959e30f28d66148a12d77b458abd76";
  // dwmac4_dma.h: the channel registers from dma_chanx_base_addr(addrs, chan)
  static final int DMA_CHAN_TX_END_ADDR = 0x20;
  static final int DMA_CHAN_INTR_ENA = 0x34;
  static final int DMA_CHAN_STATUS = 0x60;
  static final int DMA_CHAN_STATUS_REB = 0x7 << 19;
  static final int DMA_CHAN_STATUS_NIS = 1 << 15;
  static final int DMA_CHAN_STATUS_AIS = 1 << 14;
  static final int DMA_CHAN_STATUS_CDE = 1 << 13;
  static final int DMA_CHAN_STATUS_FBE = 1 << 12;
  static final int DMA_CHAN_STATUS_ERI = 1 << 11;
  static final int DMA_CHAN_STATUS_ETI = 1 << 10;
  static final int DMA_CHAN_STATUS_RWT = 1 << 9;
  static final int DMA_CHAN_STATUS_RPS = 1 << 8;
  static final int DMA_CHAN_STATUS_RBU = 1 << 7;
  static final int DMA_CHAN_STATUS_RI = 1 << 6;
  static final int DMA_CHAN_STATUS_TBU = 1 << 2;
  static final int DMA_CHAN_STATUS_TPS = 1 << 1;
  static final int DMA_CHAN_STATUS_TI = 1;
  static final int DMA_CHAN_STATUS_MSK_COMMON = DMA_CHAN_STATUS_NIS | DMA_CHAN_STATUS_AIS
      | DMA_CHAN_STATUS_CDE | DMA_CHAN_STATUS_FBE;
  static final int DMA_CHAN_STATUS_MSK_RX = DMA_CHAN_STATUS_REB | DMA_CHAN_STATUS_ERI
      | DMA_CHAN_STATUS_RWT | DMA_CHAN_STATUS_RPS | DMA_CHAN_STATUS_RBU | DMA_CHAN_STATUS_RI
      | DMA_CHAN_STATUS_MSK_COMMON;
  static final int DMA_CHAN_STATUS_MSK_TX = DMA_CHAN_STATUS_ETI | DMA_CHAN_STATUS_TBU
      | DMA_CHAN_STATUS_TPS | DMA_CHAN_STATUS_TI | DMA_CHAN_STATUS_MSK_COMMON;
  static final int DMA_CHAN_INTR_ENA_RIE = 1 << 6;
  static final int DMA_CHAN_INTR_ENA_TIE = 1;
  // dwmac4_descs.h
  static final int RDES3_BUFFER1_VALID_ADDR = 1 << 24;
  static final int RDES3_INT_ON_COMPLETION_EN = 1 << 30;
  static final int RDES3_OWN = 1 << 31;

  /** RWT counted outside the AIS block (dwmac4-rwt-outside-ais, v6.13). */
  private final boolean rwtOutsideAis;
  /** The plat's dwmac4_addrs: none in the modelled SoCs. */
  private final Dwmac4Addrs addrs = null;
  private final DwmacIo regs = new Regs();
  private final StmmacXstats xstats = new StmmacXstats();

  Dwmac4Hw(Kernel kernel, Link link, StmmacPlat plat, int txRingSize, int rxRingSize,
      long fetchNs, DmaIrqs irqs, boolean rwtOutsideAis) {
    super(kernel, link, plat, txRingSize, rxRingSize, fetchNs, irqs);
    this.rwtOutsideAis = rwtOutsideAis;
  }

  @Override
  DwmacIo regs() {
    return regs;
  }

  @Override
  int[] irqRegs(int chan) {
    int base = Dwmac4Addrs.dmaChanxBaseAddr(addrs, chan);
    return new int[] {base + DMA_CHAN_STATUS, base + DMA_CHAN_INTR_ENA};
  }

  @Override
  protected boolean tailPointerDoorbell() {
    return true;
  }

  @Override
  public void enableDmaTransmission(int chan) {
    // dwmac4_enable_dma_transmission is empty on GMAC4 (the tail pointer starts the DMA)
  }

  @Override
  public void setTxTailPtr(long tailPtr, int chan) {
    charge(DOORBELL);
    setTxTailPtr(regs, addrs, (int) tailPtr, chan);
  }

  @Override
  void setTxTail(int chan, int tailIndex) {
    setTxTailPtr((long) tailIndex * DMA_DESC_BYTES, chan);
  }

  @KernelPort(
      file = LIB,
      function = "dwmac4_set_tx_tail_ptr",
      versions = "v4.19..v6.18",
      source = SRC)
  static void setTxTailPtr(DwmacIo io, Dwmac4Addrs addrs, int tailPtr, int chan) {
    io.writel(tailPtr, Dwmac4Addrs.dmaChanxBaseAddr(addrs, chan) + DMA_CHAN_TX_END_ADDR);
  }

  @Override
  public int dmaInterruptStatus(int chan, DmaDir dir) {
    charge(DMA_ISR);
    return dmaInterrupt(regs, addrs, xstats, chan, dir == DmaDir.RX ? 1 : dir == DmaDir.TX ? 2 : 3,
        rwtOutsideAis);
  }

  /**
   * dwmac4_dma_interrupt: RI and TI reported whatever the enables (TBU too reports handle_tx);
   * the abnormal causes counted, TPS and FBE hard errors; only enabled status bits are cleared,
   * so a cause raised while masked stays pending. RWT is counted inside the AIS block until
   * dwmac4-rwt-outside-ais (v6.13), whatever AIS after it.
   */
  @KernelPort(
      file = LIB,
      function = "dwmac4_dma_interrupt",
      versions = "v5.6..v6.18",
      source = SRC)
  static int dmaInterrupt(DwmacIo io, Dwmac4Addrs addrs, StmmacXstats x, int chan, int dir,
      boolean rwtOutsideAis) {
    int base = Dwmac4Addrs.dmaChanxBaseAddr(addrs, chan);
    int intrStatus = io.readl(base + DMA_CHAN_STATUS);
    int intrEn = io.readl(base + DMA_CHAN_INTR_ENA);
    int ret = 0;
    if (dir == 1) {
      intrStatus &= DMA_CHAN_STATUS_MSK_RX;
    } else if (dir == 2) {
      intrStatus &= DMA_CHAN_STATUS_MSK_TX;
    }
    // ABNORMAL interrupts
    if ((intrStatus & DMA_CHAN_STATUS_AIS) != 0) {
      if ((intrStatus & DMA_CHAN_STATUS_RBU) != 0) {
        x.rxBufUnavIrq++;
      }
      if ((intrStatus & DMA_CHAN_STATUS_RPS) != 0) {
        x.rxProcessStoppedIrq++;
      }
      if (!rwtOutsideAis && (intrStatus & DMA_CHAN_STATUS_RWT) != 0) {
        x.rxWatchdogIrq++;
      }
      if ((intrStatus & DMA_CHAN_STATUS_ETI) != 0) {
        x.txEarlyIrq++;
      }
      if ((intrStatus & DMA_CHAN_STATUS_TPS) != 0) {
        x.txProcessStoppedIrq++;
        ret = Dwmac1000Hw.TX_HARD_ERROR;
      }
      if ((intrStatus & DMA_CHAN_STATUS_FBE) != 0) {
        x.fatalBusErrorIrq++;
        ret = Dwmac1000Hw.TX_HARD_ERROR;
      }
    }
    if (rwtOutsideAis && (intrStatus & DMA_CHAN_STATUS_RWT) != 0) {
      x.rxWatchdogIrq++;
    }
    // TX/RX NORMAL interrupts
    if ((intrStatus & DMA_CHAN_STATUS_RI) != 0) {
      x.rxNormalIrqN[chan]++;
      ret |= HANDLE_RX;
    }
    if ((intrStatus & DMA_CHAN_STATUS_TI) != 0) {
      x.txNormalIrqN[chan]++;
      ret |= HANDLE_TX;
    }
    if ((intrStatus & DMA_CHAN_STATUS_TBU) != 0) {
      ret |= HANDLE_TX;
    }
    if ((intrStatus & DMA_CHAN_STATUS_ERI) != 0) {
      x.rxEarlyIrq++;
    }
    io.writel(intrStatus & intrEn, base + DMA_CHAN_STATUS);
    return ret;
  }

  @Override
  void initRxDesc(DescRing ring, int i, boolean disableRxIc) {
    DmaDesc p = new DmaDesc();
    initRxDesc(p, disableRxIc ? 1 : 0, Dwmac1000Hw.STMMAC_RING_MODE, i == ring.size() - 1 ? 1 : 0,
        Dwmac1000Hw.DEFAULT_BUFSIZE);
    ring.reset(i);
    toRing(p, ring, i);
  }

  /** The model's ring entry from RDES3: IOC, then OWN. */
  private static void toRing(DmaDesc p, DescRing ring, int i) {
    if ((p.des3 & RDES3_INT_ON_COMPLETION_EN) != 0) {
      ring.set(i, DescRing.IC);
    }
    if ((p.des3 & RDES3_OWN) != 0) {
      ring.setOwn(i);
    }
  }

  @KernelPort(
      file = DESC,
      function = "dwmac4_rd_init_rx_desc",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "mode, end and bfsize unused: dwmac4_set_rx_owner")
  static void initRxDesc(DmaDesc p, int disableRxIc, int mode, int end, int bfsize) {
    setRxOwner(p, disableRxIc);
  }

  @Override
  void setRxOwner(DescRing ring, int i, boolean disableRxIc) {
    DmaDesc p = new DmaDesc();
    setRxOwner(p, disableRxIc ? 1 : 0);
    toRing(p, ring, i);
  }

  @KernelPort(
      file = DESC,
      function = "dwmac4_set_rx_owner",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "RDES3 OWN and BUFFER1_VALID_ADDR, IOC only when !disable_rx_ic")
  static void setRxOwner(DmaDesc p, int disableRxIc) {
    int flags = RDES3_OWN | RDES3_BUFFER1_VALID_ADDR;
    if (disableRxIc == 0) {
      flags |= RDES3_INT_ON_COMPLETION_EN;
    }
    p.des3 |= flags;
  }

  /**
   * The channel registers over the model: DMA_CHAN_STATUS shows TI and RI with NIS,
   * DMA_CHAN_INTR_ENA TIE/RIE; a status write clears the causes written as 1; the tail pointer
   * (a ring of basic descriptors at bus address 0) names the entry the TX DMA may fetch up to.
   */
  private final class Regs implements DwmacIo {
    @Override
    public int readl(int offset) {
      int chan = channelOf(offset);
      if (chan < 0) {
        return 0;
      }
      int reg = offset - Dwmac4Addrs.dmaChanxBaseAddr(addrs, chan);
      if (reg == DMA_CHAN_STATUS) {
        int st = irqs.status(chan);
        int v = ((st & DmaIrqs.RI) != 0 ? DMA_CHAN_STATUS_RI : 0)
            | ((st & DmaIrqs.TI) != 0 ? DMA_CHAN_STATUS_TI : 0);
        return v != 0 ? v | DMA_CHAN_STATUS_NIS : 0;
      }
      if (reg == DMA_CHAN_INTR_ENA) {
        int en = irqs.enabled(chan);
        return ((en & DmaIrqs.RI) != 0 ? DMA_CHAN_INTR_ENA_RIE : 0)
            | ((en & DmaIrqs.TI) != 0 ? DMA_CHAN_INTR_ENA_TIE : 0);
      }
      return 0;
    }

    @Override
    public void writel(int value, int offset) {
      int chan = channelOf(offset);
      if (chan < 0) {
        return;
      }
      int reg = offset - Dwmac4Addrs.dmaChanxBaseAddr(addrs, chan);
      if (reg == DMA_CHAN_STATUS) {
        irqs.clear(chan, ((value & DMA_CHAN_STATUS_RI) != 0 ? DmaIrqs.RI : 0)
            | ((value & DMA_CHAN_STATUS_TI) != 0 ? DmaIrqs.TI : 0));
      } else if (reg == DMA_CHAN_TX_END_ADDR && chan < txDma.length) {
        int tail = (int) (Integer.toUnsignedLong(value) / DMA_DESC_BYTES);
        if (txHung[chan]) {
          hungTail[chan] = tail;
        } else {
          txDma[chan].setTail(tail, at());
        }
      }
    }

    private int channelOf(int offset) {
      int d = offset - Dwmac4Addrs.DMA_CHAN_BASE_ADDR;
      if (d < 0) {
        return -1;
      }
      int chan = d / Dwmac4Addrs.DMA_CHAN_BASE_OFFSET;
      return chan < irqs.channels() ? chan : -1;
    }
  }
}
