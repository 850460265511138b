package io.nicsim.stmmac;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.port.KernelPort;
import java.util.function.Consumer;

/**
 * DWMAC 3.x (dwmac1000) with enhanced descriptors: CSR1 poll demand restarts a suspended TX
 * DMA; the RX IC bit is decided once, when the ring is initialised (ERDES1 disable-IC with
 * RIWT), and refills only hand ownership back.
 */
final class Dwmac1000Hw extends DwmacHw {
  private static final String LIB = "drivers/net/ethernet/stmicro/stmmac/dwmac_lib.c";
  private static final String DESC = "drivers/net/ethernet/stmicro/stmmac/enh_desc.c";
  private static final String SRC = "torvalds/linux@c78a85a8430e35aecd53e190a2f6b999062b1037";
  // dwmac_dma.h
  static final int DMA_XMT_POLL_DEMAND = 0x1004;
  static final int DMA_STATUS = 0x1014;
  static final int DMA_INTR_ENA = 0x101c;
  static final int DMA_CHAN_BASE_OFFSET = 0x100;
  static final int DMA_INTR_ENA_RIE = 0x40;
  static final int DMA_INTR_ENA_TIE = 0x1;
  static final int DMA_STATUS_GPI = 0x10000000;
  static final int DMA_STATUS_GMI = 0x08000000;
  static final int DMA_STATUS_GLI = 0x04000000;
  static final int DMA_STATUS_NIS = 0x00010000;
  static final int DMA_STATUS_AIS = 0x00008000;
  static final int DMA_STATUS_ERI = 0x00004000;
  static final int DMA_STATUS_FBI = 0x00002000;
  static final int DMA_STATUS_ETI = 0x00000400;
  static final int DMA_STATUS_RWT = 0x00000200;
  static final int DMA_STATUS_RPS = 0x00000100;
  static final int DMA_STATUS_RU = 0x00000080;
  static final int DMA_STATUS_RI = 0x00000040;
  static final int DMA_STATUS_UNF = 0x00000020;
  static final int DMA_STATUS_OVF = 0x00000010;
  static final int DMA_STATUS_TJT = 0x00000008;
  static final int DMA_STATUS_TU = 0x00000004;
  static final int DMA_STATUS_TPS = 0x00000002;
  static final int DMA_STATUS_TI = 0x00000001;
  static final int DMA_STATUS_MSK_COMMON = DMA_STATUS_NIS | DMA_STATUS_AIS | DMA_STATUS_FBI;
  static final int DMA_STATUS_MSK_RX = DMA_STATUS_ERI | DMA_STATUS_RWT | DMA_STATUS_RPS
      | DMA_STATUS_RU | DMA_STATUS_RI | DMA_STATUS_OVF | DMA_STATUS_MSK_COMMON;
  static final int DMA_STATUS_MSK_TX = DMA_STATUS_ETI | DMA_STATUS_UNF | DMA_STATUS_TJT
      | DMA_STATUS_TU | DMA_STATUS_TPS | DMA_STATUS_TI | DMA_STATUS_MSK_COMMON;
  // common.h: enum dma_irq_status, enum dma_irq_dir, the descriptor modes and buffer sizes
  static final int TX_HARD_ERROR = 0x1;
  static final int TX_HARD_ERROR_BUMP_TC = 0x2;
  static final int DMA_DIR_RX = 0x1;
  static final int DMA_DIR_TX = 0x2;
  static final int STMMAC_RING_MODE = 0x0;
  static final int STMMAC_CHAIN_MODE = 0x1;
  static final int BUF_SIZE_16KIB = 16368;
  static final int BUF_SIZE_8KIB = 8188;
  static final int DEFAULT_BUFSIZE = 1536;
  // descs.h
  static final int RDES0_OWN = 1 << 31;
  static final int ERDES1_BUFFER1_SIZE_MASK = 0x1FFF;
  static final int ERDES1_SECOND_ADDRESS_CHAINED = 1 << 14;
  static final int ERDES1_END_RING = 1 << 15;
  static final int ERDES1_BUFFER2_SIZE_MASK = 0x1FFF << 16;
  static final int ERDES1_DISABLE_IC = 1 << 31;

  /** RDES1 as init left it (ERDES1_DISABLE_IC); set_rx_owner keeps it when a refill reuses it. */
  private int rxDes1AtInit;
  /** The channel status read from DMA_CHAN_STATUS(chan) (dma-tx-chan-arg) or DMA_STATUS. */
  private final boolean chanStatus;
  private final DwmacIo regs = new Regs();
  private final StmmacXstats xstats = new StmmacXstats();

  Dwmac1000Hw(Kernel kernel, Link link, StmmacPlat plat, int txRingSize, int rxRingSize,
      long fetchNs, DmaIrqs irqs, boolean chanStatus) {
    super(kernel, link, plat, txRingSize, rxRingSize, fetchNs, irqs);
    this.chanStatus = chanStatus;
  }

  @Override
  DwmacIo regs() {
    return regs;
  }

  @Override
  int[] irqRegs(int chan) {
    return new int[] {chanStatus ? dmaChanBaseAddr(DMA_STATUS, chan) : DMA_STATUS, DMA_INTR_ENA};
  }

  @Override
  protected boolean tailPointerDoorbell() {
    return false;
  }

  @Override
  public void enableDmaTransmission(int chan) {
    charge(DOORBELL);
    enableDmaTransmission(regs, Math.max(chan, 0), chan >= 0);
  }

  /**
   * The poll demand. Before dma-tx-chan-arg the op has no channel ({@code chanArg} false) and
   * writes DMA_XMT_POLL_DEMAND; from it, the channel's DMA_CHAN_XMT_POLL_DEMAND(chan).
   */
  @KernelPort(
      file = LIB,
      function = "dwmac_enable_dma_transmission",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "writel(1, poll demand): resumes a suspended TX DMA")
  static void enableDmaTransmission(DwmacIo io, int chan, boolean chanArg) {
    io.writel(1, chanArg ? dmaChanBaseAddr(DMA_XMT_POLL_DEMAND, chan) : DMA_XMT_POLL_DEMAND);
  }

  /** dwmac_dma.h's {@code dma_chan_base_addr(base, chan)} (u32). */
  static int dmaChanBaseAddr(int base, int chan) {
    return base + chan * DMA_CHAN_BASE_OFFSET;
  }

  @Override
  void setTxTail(int chan, int tailIndex) {
    // dwmac1000 has no tail pointer register: the op is empty
  }

  @Override
  public int dmaInterruptStatus(int chan, DmaDir dir) {
    charge(DMA_ISR);
    return dmaInterrupt(regs, xstats, chan, dir == DmaDir.RX ? DMA_DIR_RX
        : dir == DmaDir.TX ? DMA_DIR_TX : DMA_DIR_RX | DMA_DIR_TX, chanStatus, w -> { });
  }

  /**
   * dwmac_dma_interrupt: the abnormal causes counted (UNF bumps the threshold, TPS and FBI are
   * hard errors), RI reports handle_rx only while RIE is enabled ("real RIE event"), TI
   * handle_tx; every status bit read is cleared in DMA_STATUS. Before dma-tx-chan-arg the status
   * is read from DMA_STATUS, from it from the channel's DMA_CHAN_STATUS(chan) (the enable and
   * the clear stay on channel 0's registers).
   */
  @KernelPort(
      file = LIB,
      function = "dwmac_dma_interrupt",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "DWMAC_DMA_DEBUG off")
  static int dmaInterrupt(DwmacIo io, StmmacXstats x, int chan, int dir, boolean chanStatus,
      Consumer<String> prWarn) {
    int ret = 0;
    int intrStatus = io.readl(chanStatus ? dmaChanBaseAddr(DMA_STATUS, chan) : DMA_STATUS);
    if (dir == DMA_DIR_RX) {
      intrStatus &= DMA_STATUS_MSK_RX;
    } else if (dir == DMA_DIR_TX) {
      intrStatus &= DMA_STATUS_MSK_TX;
    }
    // ABNORMAL interrupts
    if ((intrStatus & DMA_STATUS_AIS) != 0) {
      if ((intrStatus & DMA_STATUS_UNF) != 0) {
        ret = TX_HARD_ERROR_BUMP_TC;
        x.txUndeflowIrq++;
      }
      if ((intrStatus & DMA_STATUS_TJT) != 0) {
        x.txJabberIrq++;
      }
      if ((intrStatus & DMA_STATUS_OVF) != 0) {
        x.rxOverflowIrq++;
      }
      if ((intrStatus & DMA_STATUS_RU) != 0) {
        x.rxBufUnavIrq++;
      }
      if ((intrStatus & DMA_STATUS_RPS) != 0) {
        x.rxProcessStoppedIrq++;
      }
      if ((intrStatus & DMA_STATUS_RWT) != 0) {
        x.rxWatchdogIrq++;
      }
      if ((intrStatus & DMA_STATUS_ETI) != 0) {
        x.txEarlyIrq++;
      }
      if ((intrStatus & DMA_STATUS_TPS) != 0) {
        x.txProcessStoppedIrq++;
        ret = TX_HARD_ERROR;
      }
      if ((intrStatus & DMA_STATUS_FBI) != 0) {
        x.fatalBusErrorIrq++;
        ret = TX_HARD_ERROR;
      }
    }
    // TX/RX NORMAL interrupts
    if ((intrStatus & DMA_STATUS_NIS) != 0) {
      if ((intrStatus & DMA_STATUS_RI) != 0) {
        int value = io.readl(DMA_INTR_ENA);
        // to schedule NAPI on real RIE event
        if ((value & DMA_INTR_ENA_RIE) != 0) {
          x.rxNormalIrqN[chan]++;
          ret |= HANDLE_RX;
        }
      }
      if ((intrStatus & DMA_STATUS_TI) != 0) {
        x.txNormalIrqN[chan]++;
        ret |= HANDLE_TX;
      }
      if ((intrStatus & DMA_STATUS_ERI) != 0) {
        x.rxEarlyIrq++;
      }
    }
    // optional hardware blocks, interrupts should be disabled
    if ((intrStatus & (DMA_STATUS_GPI | DMA_STATUS_GMI | DMA_STATUS_GLI)) != 0) {
      prWarn.accept(String.format("dwmac_dma_interrupt: unexpected status %08x", intrStatus));
    }
    // clear the interrupt by writing a logic 1 to CSR5[15-0]
    io.writel(intrStatus & 0x1ffff, DMA_STATUS);
    return ret;
  }

  @Override
  void initRxDesc(DescRing ring, int i, boolean disableRxIc) {
    DmaDesc p = new DmaDesc();
    initRxDesc(p, disableRxIc ? 1 : 0, STMMAC_RING_MODE, i == ring.size() - 1 ? 1 : 0,
        DEFAULT_BUFSIZE);
    rxDes1AtInit = p.des1;
    toRing(p, ring, i);
  }

  /** The model's ring entry from the words: the interrupt unless ERDES1_DISABLE_IC; OWN. */
  private static void toRing(DmaDesc p, DescRing ring, int i) {
    ring.reset(i);
    if ((p.des1 & ERDES1_DISABLE_IC) == 0) {
      ring.set(i, DescRing.IC);
    }
    if ((p.des0 & RDES0_OWN) != 0) {
      ring.setOwn(i);
    }
  }

  @KernelPort(
      file = DESC,
      function = "enh_desc_init_rx_desc",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "with descs_com.h's ehn_desc_rx_set_on_chain / ehn_desc_rx_set_on_ring")
  static void initRxDesc(DmaDesc p, int disableRxIc, int mode, int end, int bfsize) {
    p.des0 |= RDES0_OWN;
    int bfsize1 = Math.min(bfsize, BUF_SIZE_8KIB);
    p.des1 |= bfsize1 & ERDES1_BUFFER1_SIZE_MASK;
    if (mode == STMMAC_CHAIN_MODE) {
      // ehn_desc_rx_set_on_chain
      p.des1 |= ERDES1_SECOND_ADDRESS_CHAINED;
    } else {
      // ehn_desc_rx_set_on_ring
      if (bfsize == BUF_SIZE_16KIB) {
        p.des1 |= (BUF_SIZE_8KIB << 16) & ERDES1_BUFFER2_SIZE_MASK;
      }
      if (end != 0) {
        p.des1 |= ERDES1_END_RING;
      }
    }
    if (disableRxIc != 0) {
      p.des1 |= ERDES1_DISABLE_IC;
    }
  }

  @Override
  void setRxOwner(DescRing ring, int i, boolean disableRxIc) {
    DmaDesc p = new DmaDesc(0, rxDes1AtInit, 0, 0);
    setRxOwner(p, disableRxIc ? 1 : 0);
    if ((p.des1 & ERDES1_DISABLE_IC) == 0) {
      ring.set(i, DescRing.IC);
    }
    if ((p.des0 & RDES0_OWN) != 0) {
      ring.setOwn(i);
    }
  }

  @KernelPort(
      file = DESC,
      function = "enh_desc_set_rx_owner",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "the disable_rx_ic argument is ignored: only RDES0_OWN is set; RDES1 keeps the"
          + " disable-IC bit written at init")
  static void setRxOwner(DmaDesc p, int disableRxIc) {
    p.des0 |= RDES0_OWN;
  }

  /**
   * The registers the ops reach, over the model: DMA_STATUS (channel c at + c * 0x100) shows a
   * channel's TI and RI with NIS, DMA_INTR_ENA channel 0's TIE/RIE; a write to DMA_STATUS clears
   * channel 0's causes written as 1; a poll demand rings its channel's doorbell.
   */
  private final class Regs implements DwmacIo {
    @Override
    public int readl(int offset) {
      if (offset == DMA_INTR_ENA) {
        int en = irqs.enabled(0);
        return ((en & DmaIrqs.RI) != 0 ? DMA_INTR_ENA_RIE : 0)
            | ((en & DmaIrqs.TI) != 0 ? DMA_INTR_ENA_TIE : 0);
      }
      int chan = channelOf(offset, DMA_STATUS);
      if (chan < 0) {
        return 0;
      }
      int st = irqs.status(chan);
      int v = ((st & DmaIrqs.RI) != 0 ? DMA_STATUS_RI : 0)
          | ((st & DmaIrqs.TI) != 0 ? DMA_STATUS_TI : 0);
      return v != 0 ? v | DMA_STATUS_NIS : 0;
    }

    @Override
    public void writel(int value, int offset) {
      if (offset == DMA_STATUS) {
        irqs.clear(0, ((value & DMA_STATUS_RI) != 0 ? DmaIrqs.RI : 0)
            | ((value & DMA_STATUS_TI) != 0 ? DmaIrqs.TI : 0));
        return;
      }
      int chan = channelOf(offset, DMA_XMT_POLL_DEMAND);
      if (chan >= 0 && chan < txDma.length && !txHung[chan]) {
        txDma[chan].doorbell(at());
      }
    }

    private int channelOf(int offset, int base) {
      int d = offset - base;
      if (d < 0 || d % DMA_CHAN_BASE_OFFSET != 0) {
        return -1;
      }
      int chan = d / DMA_CHAN_BASE_OFFSET;
      return chan < irqs.channels() ? chan : -1;
    }
  }
}
