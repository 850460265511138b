package io.nicsim.stmmac;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.TxDmaEngine;
import io.nicsim.core.nic.WatchdogModeration;
import io.nicsim.core.sim.Simulator;
import java.util.Arrays;

/**
 * The MAC/DMA hardware of one stmmac instance and the per-core callbacks the driver reaches
 * through {@code stmmac_ops}/{@code stmmac_dma_ops}/{@code stmmac_desc_ops}: doorbells, the
 * DMA interrupt status and enable registers, the RI watchdog and the descriptor IC bits.
 *
 * <p>TX: a channel's DMA fetches owned descriptor chains and raises TI when a chain carrying
 * IC has been written back; nothing else interrupts. RX: a frame whose descriptor has IC
 * enabled raises RI at once; one without IC starts the RI watchdog (RIWT x 256 clock cycles),
 * whose expiry raises RI.
 */
public abstract class DwmacHw implements StmmacHwif {
  /** enum dma_irq_status: handle_rx. */
  public static final int HANDLE_RX = 0x4;
  /** enum dma_irq_status: handle_tx. */
  public static final int HANDLE_TX = 0x8;

  /** Reading and clearing a channel's DMA status in the ISR (MMIO read + write). */
  static final CostOp DMA_ISR = CostOp.named("stmmac_dma_isr");
  /** A read-modify-write of the DMA interrupt enable register under ch->lock. */
  static final CostOp IRQ_MASK = CostOp.named("stmmac_irq_mask");
  /** The doorbell MMIO write (poll demand or tail pointer). */
  static final CostOp DOORBELL = CostOp.named("stmmac_doorbell");

  protected final Kernel kernel;
  protected final Simulator sim;
  protected final DescRing[] txRings;
  protected final DescRing[] rxRings;
  protected final TxDmaEngine[] txDma;
  protected final RxDmaEngine[] rxDma;
  protected final WatchdogModeration[] rxWatchdog;
  protected final DmaIrqs irqs;
  private final long riwtClockHz;
  /** TX channels whose DMA has hung (fault injection): doorbells are ignored until a reset. */
  protected final boolean[] txHung;
  /** The last TX tail pointer (descriptor index) written while hung, -1 none. */
  protected final int[] hungTail;
  long tiRaised;
  long riRaised;

  protected DwmacHw(Kernel kernel, Link link, StmmacPlat plat, int txRingSize, int rxRingSize,
      long fetchNs, DmaIrqs irqs) {
    this.kernel = kernel;
    this.sim = kernel.simulator();
    this.irqs = irqs;
    this.riwtClockHz = plat.riwtClockHz();
    int tx = plat.txQueuesToUse();
    int rx = plat.rxQueuesToUse();
    txRings = new DescRing[tx];
    txDma = new TxDmaEngine[tx];
    txHung = new boolean[tx];
    hungTail = new int[tx];
    Arrays.fill(hungTail, -1);
    for (int c = 0; c < tx; c++) {
      final int chan = c;
      txRings[c] = new DescRing("tx" + c, txRingSize);
      txDma[c] = new TxDmaEngine(sim, txRings[c], link, fetchNs,
          (first, last, ic) -> {
            if (ic) {
              tiRaised++;
              irqs.raise(chan, DmaIrqs.TI);
            }
          });
      txDma[c].setTso(plat.tso());
      txDma[c].setTailMode(tailPointerDoorbell());
    }
    rxRings = new DescRing[rx];
    rxDma = new RxDmaEngine[rx];
    rxWatchdog = new WatchdogModeration[rx];
    for (int c = 0; c < rx; c++) {
      final int chan = c;
      rxRings[c] = new DescRing("rx" + c, rxRingSize);
      rxWatchdog[c] = new WatchdogModeration(sim, 0, () -> {
        riRaised++;
        irqs.raise(chan, DmaIrqs.RI);
      });
      rxDma[c] = new RxDmaEngine(rxRings[c], rxWatchdog[c]);
    }
    // one flow, no RSS: every frame lands in RX queue 0
    link.attachNic(rxDma[0]);
  }

  /** Whether the TX doorbell is the tail pointer (GMAC4/XGMAC) rather than poll demand. */
  protected abstract boolean tailPointerDoorbell();

  public DescRing txRing(int chan) {
    return txRings[chan];
  }

  public DescRing rxRing(int chan) {
    return rxRings[chan];
  }

  public TxDmaEngine txDma(int chan) {
    return txDma[chan];
  }

  /** The RX DMA channels. */
  public int rxChannels() {
    return rxDma.length;
  }

  public RxDmaEngine rxDma(int chan) {
    return rxDma[chan];
  }

  public WatchdogModeration rxWatchdog(int chan) {
    return rxWatchdog[chan];
  }

  /**
   * Fault injection: the channel's TX DMA stops where it is (a frame being fetched is never
   * written back) and ignores doorbells until the next DMA software reset, as a wedged DMA
   * does. dev_watchdog then finds the queue stopped and the driver's tx_timeout resets it.
   */
  public void hangTxDma(int chan) {
    txHung[chan] = true;
    txDma[chan].reset(txDma[chan].hwIndex());
  }

  public boolean txDmaHung(int chan) {
    return txHung[chan];
  }

  /**
   * The end of a hang the driver did not reset ({@code --fault tx-hang,for=}): the DMA resumes
   * where it stopped, at the last tail pointer written meanwhile (GMAC4/XGMAC) or as on a poll
   * demand (dwmac1000).
   */
  public void releaseTxDma(int chan) {
    if (!txHung[chan]) {
      return;
    }
    txHung[chan] = false;
    if (hungTail[chan] >= 0) {
      txDma[chan].setTail(hungTail[chan], sim.now());
      hungTail[chan] = -1;
    } else {
      txDma[chan].doorbell(sim.now());
    }
  }

  /** The channel's TX DMA after a software reset: idle at descriptor 0, no longer hung. */
  void resetTxDma(int chan) {
    txHung[chan] = false;
    hungTail[chan] = -1;
    txDma[chan].reset(0);
  }

  /** The channel's latched causes (TI|RI), for the liveness check. */
  int irqStatus(int chan) {
    return irqs.status(chan);
  }

  /** The channel's enabled causes (TI|RI), for the liveness check. */
  int irqEnabled(int chan) {
    return irqs.enabled(chan);
  }

  /** TI causes raised by written-back IC chains. */
  public long tiRaised() {
    return tiRaised;
  }

  /** RI causes raised (IC frames and watchdog expiries). */
  public long riRaised() {
    return riRaised;
  }

  protected Core core() {
    return kernel.cpu().current();
  }

  protected long at() {
    Core c = core();
    return c != null ? c.cursor() : sim.now();
  }

  protected void charge(CostOp op) {
    Core c = core();
    if (c != null) {
      c.charge(op);
    }
  }

  /** sizeof(struct dma_desc): the model's rings are basic descriptors at bus address 0. */
  static final int DMA_DESC_BYTES = 16;

  // ---- stmmac_dma_ops

  /** {@code stmmac_enable_dma_transmission}: the poll-demand doorbell where the core has one. */
  @Override
  public abstract void enableDmaTransmission(int chan);

  /**
   * {@code stmmac_set_tx_tail_ptr}: the tail-pointer doorbell where the core has one. The
   * address is {@code dma_tx_phy + cur_tx * sizeof(desc)}; the model's rings start at bus
   * address 0 with basic descriptors, so it names entry {@code tailPtr / 16}.
   */
  @Override
  public void setTxTailPtr(long tailPtr, int chan) {
    setTxTail(chan, (int) (Integer.toUnsignedLong((int) tailPtr) / DMA_DESC_BYTES));
  }

  /** The tail-pointer write of the core, as a ring index. */
  abstract void setTxTail(int chan, int tailIndex);

  /** {@code stmmac_enable_dma_irq(priv, ioaddr, chan, rx, tx)}. */
  @Override
  public void enableDmaIrq(int chan, boolean rx, boolean tx) {
    charge(IRQ_MASK);
    irqs.setEnabled(chan, (rx ? DmaIrqs.RI : 0) | (tx ? DmaIrqs.TI : 0), true);
  }

  /** {@code stmmac_disable_dma_irq(priv, ioaddr, chan, rx, tx)}. */
  @Override
  public void disableDmaIrq(int chan, boolean rx, boolean tx) {
    charge(IRQ_MASK);
    irqs.setEnabled(chan, (rx ? DmaIrqs.RI : 0) | (tx ? DmaIrqs.TI : 0), false);
  }

  /** {@code stmmac_dma_interrupt_status(priv, ioaddr, x, chan, dir)}: handle_rx/handle_tx. */
  @Override
  public abstract int dmaInterruptStatus(int chan, DmaDir dir);

  // ---- stmmac_desc_ops on the model's descriptor ring (flags, length, skb)

  @Override
  public void prepareTxDesc(StmmacTxQueue q, int kind, int entry, boolean isFs, int len,
      boolean csumFlag, int mode, boolean txOwn, boolean ls, int totPktLen) {
    DescRing ring = q.ring;
    ring.setBufLen(entry, len);
    if (isFs) {
      ring.set(entry, DescRing.FS);
    }
    if (ls) {
      ring.set(entry, DescRing.LS);
    }
    if (txOwn) {
      ring.setOwn(entry);
    }
  }

  @Override
  public void prepareTsoTxDesc(StmmacTxQueue q, int kind, int entry, boolean isFs, int len1,
      int len2, boolean txOwn, boolean ls, int tcpHdrLen, int tcpPayloadLen) {
    prepareTxDesc(q, kind, entry, isFs, len1 + len2, false, 0, txOwn, ls, 0);
  }

  @Override
  public void setTxOwner(StmmacTxQueue q, int kind, int entry) {
    q.ring.setOwn(entry);
  }

  /** {@code stmmac_set_tx_ic}: interrupt on completion for this descriptor. */
  @Override
  public void setTxIc(StmmacTxQueue q, int kind, int entry) {
    q.ring.set(entry, DescRing.IC);
  }

  @Override
  public void setDescAddr(StmmacTxQueue q, int kind, int entry, long addr) {
    // the model's descriptors carry no bus address
  }

  @Override
  public void writeDes0(StmmacTxQueue q, int kind, int entry, int value) {
    // the model's descriptors carry no bus address
  }

  @Override
  public void writeDes1(StmmacTxQueue q, int kind, int entry, int value) {
    // as writeDes0
  }

  /** A context descriptor: the DMA takes it with the frame after it. */
  @Override
  public void setMss(StmmacTxQueue q, int kind, int entry, int mss) {
    q.ring.set(entry, DescRing.CTX);
  }

  @Override
  public void enableTxTimestamp(StmmacTxQueue q, int kind, int entry) {
    q.ring.set(entry, DescRing.TSTAMP);
  }

  @Override
  public void setDescVlan(StmmacTxQueue q, int kind, int entry, int type) {
    throw notModelled("VLAN insertion");
  }

  @Override
  public void setDescSarc(StmmacTxQueue q, int kind, int entry, int sarcType) {
    throw notModelled("source address insertion (sarc)");
  }

  @Override
  public void setDescTbs(StmmacTxQueue q, int entry, long sec, long nsec) {
    throw notModelled("time-based scheduling (TBS)");
  }

  /** OWN still set: tx_dma_own; else tx_not_ls on a descriptor without LS; no errors. */
  @Override
  public int txStatus(StmmacTxQueue q, int kind, int entry) {
    DescRing ring = q.ring;
    if (ring.own(entry)) {
      return StmmacHwif.TX_DMA_OWN;
    }
    return ring.has(entry, DescRing.LS) ? StmmacHwif.TX_DONE : StmmacHwif.TX_NOT_LS;
  }

  @Override
  public void releaseTxDesc(StmmacTxQueue q, int kind, int entry, int mode) {
    q.ring.reset(entry);
  }

  /**
   * Ring mode's is_jumbo_frm: more than one buffer's worth (8 KiB with enhanced descriptors,
   * 4 KiB without); the model's frames never are.
   */
  @Override
  public boolean isJumboFrm(int len, boolean enhDesc) {
    return (enhDesc && len > 8192) || (!enhDesc && len > 4096);
  }

  @Override
  public int jumboFrm(StmmacTxQueue q, Skb skb, boolean csum) {
    throw notModelled("jumbo frames over several descriptors");
  }

  @Override
  public void cleanDesc3(StmmacTxQueue q, int kind, int entry) {
    // ring mode's des3 clean-up: nothing the model's descriptors hold
  }

  // ---- RX descriptors and DMA on the model's ring

  /** OWN still set: dma_own; otherwise a good frame in one descriptor (no errors modelled). */
  @Override
  public int rxStatus(StmmacRxQueue q, int kind, int entry) {
    return q.ring.own(entry) ? StmmacHwif.DMA_OWN : StmmacHwif.GOOD_FRAME;
  }

  @Override
  public void rxExtendedStatus(StmmacRxQueue q, int entry) {
    // statistics only
  }

  /** The refill rewrites the descriptor: the model starts it afresh (write-back state gone). */
  @Override
  public void setRxDescAddr(StmmacRxQueue q, int kind, int entry, long addr) {
    q.ring.reset(entry);
  }

  @Override
  public void setDescSecAddr(StmmacRxQueue q, int kind, int entry, long addr,
      boolean bufValid) {
    // no split header in the model
  }

  @Override
  public void refillDesc3(StmmacRxQueue q, int kind, int entry) {
    // ring mode's des3 for jumbo buffers: nothing the model holds
  }

  @Override
  public void setRxOwner(StmmacRxQueue q, int kind, int entry, boolean disableRxIc) {
    setRxOwner(q.ring, entry, disableRxIc);
  }

  /** No RSS in the model: the descriptor carries no hash. */
  @Override
  public int getRxHash(StmmacRxQueue q, int kind, int entry, int[] out) {
    return -Errno.EINVAL.number();
  }

  @Override
  public void setRxTailPtr(long tailPtr, int chan) {
    // the model's RX DMA fills every descriptor it owns; the tail pointer bounds nothing
  }

  @Override
  public void enableDmaReception(int chan) {
    // the model's RX DMA never suspends on an empty ring
  }

  private static UnsupportedOperationException notModelled(String what) {
    return new UnsupportedOperationException(what + " is not modelled by the stmmac hardware");
  }

  /** {@code stmmac_rx_watchdog(priv, ioaddr, riwt, queue)}: RIWT units of 256 clock cycles. */
  void rxWatchdog(int riwt, int queue) {
    long ns = riwtClockHz == 0 ? 0 : (long) riwt * 256L * 1_000_000_000L / riwtClockHz;
    rxWatchdog[queue].setWatchdogNs(ns);
  }

  /** {@code stmmac_init_rx_desc}: the descriptor as set up at open, owned by the DMA. */
  abstract void initRxDesc(DescRing ring, int i, boolean disableRxIc);

  /** {@code stmmac_set_rx_owner}: gives a refilled descriptor back to the DMA. */
  abstract void setRxOwner(DescRing ring, int i, boolean disableRxIc);

  /**
   * The core's registers as its callbacks reach them ({@code ioaddr}): reads without side
   * effects, writes acting on the model (a status cleared, a doorbell rung). {@code --ports c}
   * answers the tree's callbacks' reads from them and applies their writes to them.
   */
  abstract DwmacIo regs();

  /**
   * The registers the core's {@code dma_interrupt} reads for {@code chan} (its status, its
   * interrupt enable): what a bridge puts into the record before the tree's callback runs.
   */
  abstract int[] irqRegs(int chan);

  /** The status bits of {@code dir}'s half of the channel. */
  protected static int dirMask(DmaDir dir) {
    switch (dir) {
      case RX:
        return DmaIrqs.RI;
      case TX:
        return DmaIrqs.TI;
      default:
        return DmaIrqs.RI | DmaIrqs.TI;
    }
  }
}
