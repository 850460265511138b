package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.dim.DimLib;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/** The interrupt handler and the RX and TX NAPI polls. */
class BcmgenetNapi {
  private final BcmgenetPriv priv;
  /** The on-stack dim_sample of bcmgenet_rx_poll, reused. */
  private final DimSample dimSample = new DimSample();
  /** {@code --ports c}: the tree's bcmgenet_rx_poll in place of {@link #rxPoll}. */
  GenetRxPollBridge.Hook cRxPoll;
  /** {@code --ports c}: the tree's bcmgenet_isr1 in place of {@link #isr1}. */
  GenetIsrBridge.Hook cIsr1;
  /** {@code --ports c}: the tree's bcmgenet_tx_poll in place of {@link #txPoll}. */
  GenetTxPollBridge.Hook cTxPoll;
  /** {@code --ports c}: the tree's bcmgenet_desc_rx in place of {@link #descRx}. */
  GenetDescRxBridge.Hook cDescRx;

  BcmgenetNapi(BcmgenetPriv priv) {
    this.priv = priv;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_isr1",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "ring 0 of each direction (rx_queues = 0 on v5; TX traffic uses ring 0)")
  boolean isr1(IrqLine line) {
    if (cIsr1 != null) {
      return cIsr1.isr1();
    }
    BcmgenetPriv.RxRing rxRing = priv.rx;
    BcmgenetPriv.TxRing txRing = priv.tx;
    // status of the unmasked causes
    int status = priv.intrl2StatReadl() & ~priv.intrl2MaskStatusReadl();
    // clear them
    priv.intrl2ClearWritel(status);
    priv.irqs++;

    // RX priority queue interrupts (ring 0 only)
    if ((status & GenetHw.RX0_BIT) != 0) {
      priv.rxIrqs++;
      if (priv.patches.has(GenetPatches.ADAPTIVE_RX)) {
        rxRing.dim.eventCtr = (rxRing.dim.eventCtr + 1) & 0xFFFF;
      }
      if (priv.k.napiSchedulePrep(rxRing.napi)) {
        priv.intrl2MaskSetWritel(GenetHw.RX0_BIT); // bcmgenet_rx_ring_int_disable
        priv.k.napiScheduleIrqoff(rxRing.napi);
      }
    }
    // TX queue interrupts
    if ((status & GenetHw.TX0_BIT) != 0) {
      priv.txIrqs++;
      if (priv.k.napiSchedulePrep(txRing.napi)) {
        priv.intrl2MaskSetWritel(GenetHw.TX0_BIT); // bcmgenet_tx_ring_int_disable
        priv.k.napiScheduleIrqoff(txRing.napi);
      }
    }
    return true; // IRQ_HANDLED
  }

  /** bcmgenet.h: the length above DMA_BUFLENGTH_SHIFT, the flags below. */
  static final int DMA_BUFLENGTH_SHIFT = 16;
  static final int DMA_EOP = 0x4000;
  static final int DMA_SOP = 0x2000;
  static final int DMA_RX_BRDCAST = 0x0040;
  static final int DMA_RX_MULT = 0x0020;
  static final int DMA_RX_LG = 0x0010;
  static final int DMA_RX_NO = 0x0008;
  static final int DMA_RX_RXER = 0x0004;
  static final int DMA_RX_CRC_ERROR = 0x0002;
  static final int DMA_RX_OV = 0x0001;
  private static final int DMA_RX_ERRORS =
      DMA_RX_CRC_ERROR | DMA_RX_OV | DMA_RX_NO | DMA_RX_LG | DMA_RX_RXER;
  /** skbuff.h's CHECKSUM_COMPLETE. */
  static final int CHECKSUM_COMPLETE = 2;
  static final int ETH_FCS_LEN = 4;

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_desc_rx",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "discards counted as missed from rx-missed-stat (v6.16), as errors before;"
          + " fragmented frames counted as fragmented_errors and broadcasts counted from"
          + " rx-more-stats (v6.16); in a run every refill succeeds and the RDMA delivers"
          + " good single-buffer frames without checksum (GenetHostKernel)")
  int descRx(BcmgenetPriv.RxRing ring, int budget) {
    if (cDescRx != null) {
      return cDescRx.descRx(ring, budget);
    }
    Core core = priv.core();
    GenetKernel k = priv.k;
    int rxpktprocessed = 0; // unsigned int
    int rxpkttoprocess;
    int bytesProcessed = 0; // unsigned int
    int pIndex;
    int discards;

    // clear status before servicing to reduce spurious interrupts
    priv.intrl2ClearWritel(1 << (GenetHw.UMAC_IRQ1_RX_INTR_SHIFT + ring.index));

    pIndex = priv.rdmaProdIndexReadl(ring.index);

    discards = (pIndex >>> BcmgenetPriv.DMA_P_INDEX_DISCARD_CNT_SHIFT)
        & BcmgenetPriv.DMA_P_INDEX_DISCARD_CNT_MASK;
    if (Integer.compareUnsigned(discards, ring.oldDiscards) > 0) {
      discards = discards - ring.oldDiscards;
      if (priv.patches.has(GenetPatches.RX_MISSED_STAT)) {
        ring.missed += Integer.toUnsignedLong(discards);
      } else {
        ring.errors += Integer.toUnsignedLong(discards);
      }
      ring.oldDiscards += discards;
      // clear the hardware counter at 75 % of 0xFFFF
      if (Integer.compareUnsigned(ring.oldDiscards, 0xC000) >= 0) {
        ring.oldDiscards = 0;
        priv.rdmaRingWritel(ring.index, 0, GenetDmaRingReg.RDMA_PROD_INDEX);
      }
    }

    pIndex &= BcmgenetPriv.DMA_INDEX_MASK;
    rxpkttoprocess = (pIndex - ring.cIndex) & BcmgenetPriv.DMA_INDEX_MASK;

    while (Integer.compareUnsigned(rxpktprocessed, rxpkttoprocess) < 0
        && Integer.compareUnsigned(rxpktprocessed, budget) < 0) {
      int cb = ring.readPtr;
      core.charge(KernelOps.SKB_ALLOC);
      core.charge(GenetOps.RX_CB);
      long skb = GenetRxCb.rxRefill(priv, cb);
      frame:
      {
        if (skb == 0) {
          ring.dropped++;
          break frame;
        }
        int dmaLengthStatus = k.rsbLengthStatus(skb);
        int csum = 0;
        int ipSummed = 0;
        if (priv.rxCsum) {
          int rxCsum = k.rsbRxCsum(skb) & 0xFFFF;
          if (rxCsum != 0) {
            csum = Integer.reverseBytes(rxCsum) >>> 16; // ntohs
            ipSummed = CHECKSUM_COMPLETE;
          }
        }
        // DMA flags and length are valid however the status came
        int dmaFlag = dmaLengthStatus & 0xFFFF;
        int len = dmaLengthStatus >>> DMA_BUFLENGTH_SHIFT;

        if (len > BcmgenetPriv.RX_BUF_LENGTH) {
          k.netifErr("oversized packet");
          ring.lengthErrors++;
          k.devKfreeSkbAny(skb);
          break frame;
        }
        if ((dmaFlag & DMA_EOP) == 0 || (dmaFlag & DMA_SOP) == 0) {
          k.netifErr("dropping fragmented packet!");
          if (priv.patches.has(GenetPatches.RX_MORE_STATS)) {
            ring.fragmentedErrors++;
          } else {
            ring.errors++;
          }
          k.devKfreeSkbAny(skb);
          break frame;
        }
        // report errors
        if ((dmaFlag & DMA_RX_ERRORS) != 0) {
          k.netifErr("dma_flag=0x" + Integer.toHexString(dmaFlag));
          if ((dmaFlag & DMA_RX_CRC_ERROR) != 0) {
            ring.crcErrors++;
          }
          if ((dmaFlag & DMA_RX_OV) != 0) {
            ring.overErrors++;
          }
          if ((dmaFlag & DMA_RX_NO) != 0) {
            ring.frameErrors++;
          }
          if ((dmaFlag & DMA_RX_LG) != 0) {
            ring.lengthErrors++;
          }
          if ((dmaFlag & DMA_RX_ERRORS) == DMA_RX_RXER) {
            ring.errors++;
          }
          k.devKfreeSkbAny(skb);
          break frame;
        }

        k.skbPut(skb, len);
        // remove the RSB and the two bytes the hardware adds for IP alignment
        k.skbPull(skb, BcmgenetPriv.RSB_AND_ALIGN);
        len -= BcmgenetPriv.RSB_AND_ALIGN;
        if (priv.crcFwdEn) {
          k.skbTrim(skb, len - ETH_FCS_LEN);
          len -= ETH_FCS_LEN;
        }
        bytesProcessed += len;

        k.ethTypeTrans(skb);
        ring.packets++;
        ring.bytes += len; // u64_stats_add(unsigned long): len sign-extended, as the C does
        if ((dmaFlag & DMA_RX_MULT) != 0) {
          ring.multicast++;
        } else if (priv.patches.has(GenetPatches.RX_MORE_STATS)
            && (dmaFlag & DMA_RX_BRDCAST) != 0) {
          ring.broadcast++;
        }
        k.napiGroReceive(ring.napi, skb, csum, ipSummed);
      }
      // next:
      rxpktprocessed++;
      if (Integer.compareUnsigned(ring.readPtr, ring.endPtr) < 0) {
        ring.readPtr++;
      } else {
        ring.readPtr = ring.cbPtr;
      }
      ring.cIndex = (ring.cIndex + 1) & BcmgenetPriv.DMA_INDEX_MASK;
      priv.rdmaRingWritel(ring.index, ring.cIndex, GenetDmaRingReg.RDMA_CONS_INDEX);
    }

    if (priv.patches.has(GenetPatches.DIM_RUNNING_COUNTERS)) {
      ring.dim.bytes += Integer.toUnsignedLong(bytesProcessed); // the what-if: running totals
      ring.dim.packets += Integer.toUnsignedLong(rxpktprocessed);
    } else {
      // this poll's counts, not running totals: what the driver hands net_dim
      ring.dim.bytes = Integer.toUnsignedLong(bytesProcessed);
      ring.dim.packets = Integer.toUnsignedLong(rxpktprocessed);
    }
    return rxpktprocessed;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_rx_poll",
      versions = GenetSources.VERSIONS, source = GenetSources.S617,
      commits = {"28ed9bed5fb2"},
      notes = "dim_update_sample gets the last poll's packets/bytes (ring->dim.packets is "
          + "assigned, not accumulated, in bcmgenet_desc_rx): net_dim sees differences of "
          + "per-poll counts; before 28ed9bed5fb2 (v6.17) the return of napi_complete_done "
          + "was ignored (" + GenetSources.S612 + ")")
  int rxPoll(Napi napi, int budget) {
    BcmgenetPriv.RxRing ring = priv.rx;
    int workDone = descRx(ring, budget);
    if (cRxPoll != null) {
      // the tree's poll calls bcmgenet_desc_rx first: the model's receive ran there, and
      // answers the C's stub
      return cRxPoll.rxPoll(napi, budget, workDone);
    }

    if (priv.patches.has(GenetPatches.NAPI_COMPLETE_DONE_RETURN)) {
      if (workDone < budget && priv.k.napiCompleteDone(napi, workDone)) {
        priv.intrl2MaskClearWritel(GenetHw.RX0_BIT); // bcmgenet_rx_ring_int_enable
      }
    } else if (workDone < budget) {
      priv.k.napiCompleteDone(napi, workDone);
      priv.intrl2MaskClearWritel(GenetHw.RX0_BIT); // bcmgenet_rx_ring_int_enable
    }

    if (priv.patches.has(GenetPatches.ADAPTIVE_RX) && ring.dim.useDim != 0) {
      Core core = priv.core();
      core.charge(NetDim.NET_DIM);
      DimLib.updateSample(priv.k.ktimeGet(), ring.dim.eventCtr, ring.dim.packets,
          ring.dim.bytes, dimSample);
      priv.k.netDim(ring.dim.dim, dimSample);
    }
    return workDone;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "__bcmgenet_tx_reclaim",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  int txReclaim(BcmgenetPriv.TxRing ring) {
    Core core = priv.core();
    DescRing bd = priv.hw.txRing;
    int txbdsProcessed = 0;
    int bytesCompl = 0; // unsigned int
    int pktsCompl = 0;
    int txbdsReady;
    int cIndex;

    // clear status before servicing to reduce spurious interrupts
    priv.intrl2ClearWritel(GenetHw.TX0_BIT);

    // buffers transmitted since the last reclaim
    priv.chargeRead();
    cIndex = priv.hw.tdmaConsIndex & BcmgenetPriv.DMA_INDEX_MASK;
    txbdsReady = (cIndex - ring.cIndex) & BcmgenetPriv.DMA_INDEX_MASK;

    while (txbdsProcessed < txbdsReady) {
      int cb = ring.cleanPtr;
      Skb skb = bd.skb(cb);
      core.charge(GenetOps.TX_CB);
      if (skb != null) {
        // bcmgenet_free_tx_cb: an skb's first and last BD are this one (linear skbs)
        priv.k.dmaUnmapSingle(cb);
        pktsCompl++;
        bytesCompl += skb.len; // GENET_CB(skb)->bytes_sent
        priv.k.devConsumeSkbAny(skb);
      }
      bd.reset(cb);
      txbdsProcessed++;
      if (ring.cleanPtr < ring.endPtr) {
        ring.cleanPtr++;
      } else {
        ring.cleanPtr = ring.cbPtr;
      }
    }

    ring.freeBds += txbdsProcessed;
    ring.cIndex = cIndex;
    ring.cleanedBds += txbdsProcessed;
    ring.packets += pktsCompl;
    ring.bytes += Integer.toUnsignedLong(bytesCompl);
    priv.k.netdevTxCompletedQueue(ring.index, pktsCompl, bytesCompl);
    return txbdsProcessed;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_tx_poll",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "any reclaimed BD returns the whole budget (poll again); it completes only when a "
          + "poll finds nothing; the what-if lost-tx-irq-reenable leaves TX0 masked after "
          + "napi_complete")
  int txPoll(Napi napi, int budget) {
    if (cTxPoll != null) {
      int ret = cTxPoll.txPoll(napi, budget);
      if (ret >= 0) {
        return ret;
      }
    }
    BcmgenetPriv.TxRing ring = priv.tx;
    int workDone = txReclaim(ring);
    if (Integer.compareUnsigned(ring.freeBds, BcmgenetPriv.MAX_SKB_FRAGS + 1) > 0) {
      priv.k.netifTxWakeQueue(ring.index);
    }
    if (workDone == 0) {
      priv.k.napiCompleteDone(napi, 0); // napi_complete
      // lost-tx-irq-reenable: a deliberately broken what-if (explore's self-test)
      if (!priv.patches.has(GenetPatches.LOST_TX_IRQ_REENABLE)) {
        priv.intrl2MaskClearWritel(GenetHw.TX0_BIT); // bcmgenet_tx_ring_int_enable
      }
      return 0;
    }
    return budget;
  }
}
