package io.nicsim.fec;

import static io.nicsim.fec.FecBds.*;
import static io.nicsim.fec.FecRegisters.*;

import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;

/**
 * The interrupt and NAPI path: every interrupt line runs {@link #enetInterrupt}, which masks
 * all ENET interrupts and schedules the single NAPI; {@link #rxNapi} then serves RX (highest
 * queue first) and TX completions until the budget is used or no event is left. Each method is
 * one C function, same decisions in the same order; the kernel functions they call go through
 * {@code fep.k} ({@link FecKernel}).
 */
public class FecNapi {
  /** XDP_PACKET_HEADROOM. */
  static final int FEC_ENET_XDP_HEADROOM = 256;
  /** TSO_HEADER_SIZE (include/net/tso.h). */
  static final int TSO_HEADER_SIZE = 256;
  /** CHECKSUM_UNNECESSARY. */
  static final int CHECKSUM_UNNECESSARY = 1;
  /** NETIF_F_HW_VLAN_CTAG_RX (bit 8 of netdev_features_t). */
  static final long NETIF_F_HW_VLAN_CTAG_RX = 1L << 8;
  /** htons(ETH_P_8021Q). */
  static final int ETH_P_8021Q = 0x8100;

  final FecEnetPrivate fep;
  /** {@code --ports c}: the tree's fec_enet_rx_napi in place of {@link #rxNapi}. */
  FecCHooks.RxNapi cRxNapi;
  /** {@code --ports c}: the tree's fec_enet_interrupt in place of {@link #enetInterrupt}. */
  FecCHooks.Interrupt cInterrupt;
  /** {@code --ports c}: the tree's fec_enet_rx_queue in place of {@link #rxQueue}. */
  FecCHooks.RxQueue cRxQueue;
  /** {@code --ports c}: the tree's fec_enet_tx_queue in place of {@link #txQueue}. */
  FecCHooks.TxQueue cTxQueue;
  /** {@code --ports c}: the tree's fec_enet_rx in place of {@link #rx}. */
  FecCHooks.Rx cRx;
  /** {@code --ports c}: the tree's fec_enet_tx in place of {@link #tx}. */
  FecCHooks.Tx cTx;

  public FecNapi(FecEnetPrivate fep) {
    this.fep = fep;
  }

  /** Reads and acknowledges every event but MII; true if there was one. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_collect_events",
      versions = FecSources.VERSIONS,
      source = FecSources.S618,
      notes = "this shape since \"net: ethernet: fec: prevent tx starvation under high rx load\""
          + " (Jul 2020, v5.8; commit id not found in the searchable archives)")
  public boolean collectEvents() {
    int intEvents;

    intEvents = fep.readl(FEC_IEVENT);

    // MII completion is polled by the MDIO code: leave it set
    intEvents &= ~FEC_ENET_MII;

    fep.writel(intEvents, FEC_IEVENT);

    fep.lastEvents = intEvents;
    return intEvents != 0;
  }

  /** The handler of every fec interrupt line. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_interrupt",
      versions = FecSources.VERSIONS,
      source = FecSources.S618)
  public boolean enetInterrupt(IrqLine line) {
    if (cInterrupt != null) {
      return cInterrupt.interrupt(this);
    }
    boolean ret = false; // IRQ_NONE

    fep.irqs++;
    if (collectEvents() && fep.link != 0) {
      ret = true; // IRQ_HANDLED
      countEvents(fep.lastEvents);
      if (fep.dim != null) {
        fep.dim.countEvents(fep.lastEvents); // the dim what-if's event_ctr
      }

      if (fep.k.napiSchedulePrep()) {
        // mask every ENET event until the poll is done
        fep.writel(0, FEC_IMASK);
        fep.k.napiSchedule();
      }
    }
    if (!ret) {
      fep.irqNone++;
    }
    return ret;
  }

  /** The interrupt's counters of the events it acknowledged (the dim what-if's too). */
  void countEventsOf(int events) {
    countEvents(events);
    if (fep.dim != null) {
      fep.dim.countEvents(events); // the dim what-if's event_ctr
    }
  }

  private void countEvents(int events) {
    if ((events & FEC_ENET_RXF) != 0) {
      fep.rxIrqs++;
    }
    if ((events & FEC_ENET_TXF) != 0) {
      fep.txIrqs++;
    }
  }

  /** The NAPI poll: RX then TX, repeated while under budget and new events came in. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_rx_napi",
      versions = FecSources.VERSIONS,
      commits = {"15cec633fc7b"},
      source = FecSources.S618,
      notes = "the do/while over collect_events since the Jul 2020 tx-starvation fix (v5.8);"
          + " fec_enet_tx takes the budget from 15cec633fc7b (v6.5; the 6.1 line calls it"
          + " without); the return of napi_complete_done is ignored like in the C (the what-if"
          + " napi-complete-done-return checks it)")
  public int rxNapi(Napi napi, int budget) {
    if (cRxNapi != null) {
      int done = cRxNapi.rxNapi(this, budget);
      if (fep.dim != null) {
        fep.dim.sample(fep.netdev.kernel().thisCpu()); // the dim what-if: a net_dim sample
      }
      return done;
    }
    int done = 0;

    do {
      done += rx(budget - done);
      tx(budget);
    } while ((done < budget) && collectEvents());

    if (done < budget) {
      boolean completed = fep.k.napiCompleteDone(done);
      // napi-complete-done-return (what-if): FEC_IMASK stays 0 while the kernel keeps the NAPI;
      // lost-irq-reenable: a deliberately broken what-if (explore's self-test)
      if ((completed || !fep.patches.has(FecPatches.NAPI_COMPLETE_DONE_RETURN))
          && (done > 0 || !fep.patches.has(FecPatches.LOST_IRQ_REENABLE))) {
        fep.writel(FEC_DEFAULT_IMASK, FEC_IMASK);
      }
    }
    if (fep.dim != null) {
      fep.dim.sample(fep.netdev.kernel().thisCpu()); // the dim what-if: a net_dim sample
    }

    return done;
  }

  /** All RX queues, AVB queues (highest index) first. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_rx",
      versions = FecSources.VERSIONS,
      commits = {"e222c08f9669"},
      source = FecSources.S618,
      notes = "e222c08f9669 (v6.17) swapped fec_enet_rx_queue's budget and queue arguments;"
          + " the calls are the same")
  int rx(int budget) {
    if (cRx != null) {
      return cRx.rx(budget);
    }
    int i;
    int done = 0;

    // highest ring (AVB class) first
    for (i = fep.numRxQueues - 1; i >= 0; i--) {
      done += rxQueue(i, budget - done);
    }

    return done;
  }

  /**
   * Receives up to {@code budget} frames of one ring, re-arming each BD at once. The model
   * attaches no XDP program ({@code fep->xdp_prog} is NULL), so the XDP branches and the
   * XDP_REDIRECT flush are not taken.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_rx_queue",
      versions = FecSources.VERSIONS,
      commits = {"95698ff6177b", "ad17e7e92a7c", "0593f8df66e5", "29e6d5f89e48"},
      source = FecSources.S618,
      notes = "XDP branches need fep->xdp_prog (never set: ndo_bpf is not ported). The 6.1 line"
          + " (before XDP's data_start, 6.2) puts pkt_len - 4 and pulls RACC's two bytes"
          + " (skb_pull_inline), the same skb; ad17e7e92a7c (v6.18; 6.1.159, 6.12.59) takes the"
          + " two bytes off rx_bytes; 0593f8df66e5 (v6.17) moved the VLAN pop into"
          + " fec_enet_rx_vlan, before eth_type_trans, which does not read the tag (the same"
          + " skb at napi_gro_receive); 29e6d5f89e48 (jumbo-frame, v6.18) sizes build_skb"
          + " PAGE_SIZE << pagepool_order")
  int rxQueue(int queueId, int budget) {
    if (cRxQueue != null) {
      return cRxQueue.rxQueue(queueId, budget);
    }
    FecRxq rxq;
    int bdp;
    int status;
    Skb skb;
    int pktLen;
    int pktReceived = 0;
    boolean needSwap = (fep.quirks & FecQuirk.SWAP_FRAME) != 0;
    int dataStart = FEC_ENET_XDP_HEADROOM;
    long page;
    int cbdBufaddr;
    int subLen = 4;
    int index;

    // RACC's SHIFT16 (set by fec_restart) puts two bytes in front of the frame
    if ((fep.quirks & FecQuirk.HAS_RACC) != 0) {
      dataStart += 2;
      subLen += 2;
    }
    rxq = fep.rxQueue[queueId];
    FecBds bds = rxq.bds;

    bdp = rxq.bd.cur;

    while (((status = bds.status(bdp)) & BD_ENET_RX_EMPTY) == 0) {

      if (pktReceived >= budget) {
        break;
      }
      pktReceived++;
      fep.charge(FecOps.RX_BD);

      fep.writel(rxfGet(queueId), FEC_IEVENT);

      rxProcessing:
      {
        // check for errors: LAST must be set, so it is flipped and tested with them
        status ^= BD_ENET_RX_LAST;
        if ((status & (BD_ENET_RX_LG | BD_ENET_RX_SH | BD_ENET_RX_NO | BD_ENET_RX_CR
            | BD_ENET_RX_OV | BD_ENET_RX_LAST | BD_ENET_RX_CL)) != 0) {
          fep.rxErrors++;
          if ((status & BD_ENET_RX_OV) != 0) {
            fep.rxFifoErrors++; // FIFO overrun
            break rxProcessing;
          }
          if ((status & (BD_ENET_RX_LG | BD_ENET_RX_SH | BD_ENET_RX_LAST)) != 0) {
            fep.rxLengthErrors++; // frame too long or too short
            if ((status & BD_ENET_RX_LAST) != 0) {
              fep.k.netdevErr("rcv is not +last\n");
            }
          }
          if ((status & BD_ENET_RX_CR) != 0) {
            fep.rxCrcErrors++;
          }
          if ((status & (BD_ENET_RX_NO | BD_ENET_RX_CL)) != 0) {
            fep.rxFrameErrors++; // late collisions count as frame errors
          }
          break rxProcessing;
        }

        // a good frame
        fep.rxPackets++;
        pktLen = rxq.bd.bufLen(bdp) & 0xFFFF;
        fep.rxBytes += pktLen;
        if (fep.patches.has(FecPatches.RX_BYTES_SHIFT16)
            && (fep.quirks & FecQuirk.HAS_RACC) != 0) {
          fep.rxBytes -= 2;
        }
        if (fep.dim != null) {
          fep.dim.countFrame(queueId, pktLen);
        }

        index = bdp;
        page = rxq.page[index];
        cbdBufaddr = bds.bufaddr[bdp];
        Object payload = rxq.bd.payload(bdp); // what the frame carries (the model's "page data")
        long payloadOffset = rxq.bd.payloadOffset(bdp);
        if (updateCbd(rxq, bdp, index) != 0) {
          fep.rxDropped++;
          break rxProcessing;
        }

        fep.k.dmaSyncSingleForCpu(Integer.toUnsignedLong(cbdBufaddr), pktLen,
            FecKernel.DMA_FROM_DEVICE);

        // no XDP program: straight to the skb (FCS and RACC's two bytes left out)
        skb = fep.k.buildSkb(page, fep.patches.has(FecPatches.JUMBO_FRAME)
            ? FecConsts.PAGE_SIZE << fep.pagepoolOrder : FecConsts.PAGE_SIZE);
        if (skb == null) {
          fep.k.pagePoolRecycleDirect(queueId, page);
          fep.rxDropped++;
          if (!fep.buildSkbErrPrinted) { // netdev_err_once
            fep.buildSkbErrPrinted = true;
            fep.k.netdevErr("build_skb failed!\n");
          }
          break rxProcessing;
        }

        fep.k.skbReserve(skb, dataStart);
        fep.k.skbPut(skb, pktLen - subLen);
        skb.payload = payload;
        skb.payloadOffset = payloadOffset;

        if (needSwap) {
          fep.k.swapBuffer(page, FEC_ENET_XDP_HEADROOM, pktLen);
        }

        // pop a VLAN tag the MAC flagged
        if (fep.bufdescEx && (bds.esc[bdp] & BD_ENET_RX_VLAN) != 0) {
          rxVlan(skb);
        }

        fep.k.ethTypeTrans(skb);

        // receive timestamp
        if (fep.hwtsRxEn && fep.bufdescEx) {
          fep.k.rxHwtstamp(skb, bds.ts[bdp]);
        }

        if (fep.bufdescEx && (fep.csumFlags & FLAG_RX_CSUM_ENABLED) != 0) {
          if ((bds.esc[bdp] & FLAG_RX_CSUM_ERROR) == 0) {
            skb.ipSummed = CHECKSUM_UNNECESSARY; // the MAC checked it
          } // else skb_checksum_none_assert
        }

        skb.queueMapping = queueId + 1; // skb_record_rx_queue
        fep.k.napiGroReceive(skb);
      }

      // rx_processing_done: status cleared, the BD back to the DMA
      status &= ~BD_ENET_RX_STATS;
      status |= BD_ENET_RX_EMPTY;

      if (fep.bufdescEx) {
        bds.setEsc(bdp, BD_ENET_RX_INT);
        bds.prot[bdp] = 0;
        bds.bdu[bdp] = 0;
      }
      bds.setStatus(bdp, status);

      // on to the next BD
      bdp = rxq.bd.next(bdp);

      // keep the receiver running while frames are processed
      fep.writel(0, rDesActive(queueId));
    }
    rxq.bd.cur = bdp;

    return pktReceived;
  }

  /** A new page for the BD whose frame is being received; its old page becomes the skb. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_update_cbd",
      versions = "v6.1..v6.18",
      commits = {"95698ff6177b", "001ba0902046"},
      source = FecSources.S618,
      notes = "from the page pool (95698ff6177b, v6.1); 001ba0902046 (v6.13; 6.1.167, 6.12.11)"
          + " returns -ENOMEM when no page comes, before it WARN_ON and the NULL page was used")
  int updateCbd(FecRxq rxq, int bdp, int index) {
    long newPage;
    long physAddr;

    newPage = fep.k.pagePoolDevAllocPages(rxq.qid);
    if (newPage == 0) {
      if (fep.patches.has(FecPatches.PAGE_ALLOC_ERROR)) {
        return -12; // -ENOMEM
      }
      fep.k.warnOn();
    }

    rxq.page[index] = newPage;
    rxq.pageOffset[index] = FEC_ENET_XDP_HEADROOM;
    physAddr = fep.k.pagePoolGetDmaAddr(newPage) + FEC_ENET_XDP_HEADROOM;
    rxq.bds.bufaddr[bdp] = (int) physAddr;

    return 0;
  }

  /** Moves a received VLAN tag out of the frame into the skb. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_rx_vlan",
      versions = "v6.17..v6.18",
      commits = {"0593f8df66e5"},
      source = FecSources.S618,
      notes = "factored out of fec_enet_rx_queue by 0593f8df66e5 (v6.17); the 6.1 and 6.12"
          + " lines do the same inline (the feature test first there)")
  void rxVlan(Skb skb) {
    if ((fep.features & NETIF_F_HW_VLAN_CTAG_RX) != 0) {
      int vlanTag = fep.k.vlanTci(skb); // ntohs(vlan_header->h_vlan_TCI)

      // push and remove the VLAN tag
      fep.k.vlanPop(skb); // memmove + skb_pull(skb, VLAN_HLEN)
      fep.k.vlanHwaccelPutTag(skb, ETH_P_8021Q, vlanTag);
    }
  }

  /** All TX queues, AVB queues first. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_tx",
      versions = FecSources.VERSIONS,
      commits = {"15cec633fc7b"},
      source = FecSources.S618,
      notes = "the budget argument from 15cec633fc7b (v6.5)")
  void tx(int budget) {
    if (cTx != null) {
      cTx.tx(budget);
      return;
    }
    int i;

    // highest ring (AVB class) first
    for (i = fep.numTxQueues - 1; i >= 0; i--) {
      txQueue(i, budget);
    }
  }

  /**
   * Reaps sent BDs, wakes the queue past the wake threshold, kicks a stalled TDAR. Every TX
   * buffer is an skb (FEC_TXBUF_T_SKB): XDP_TX and ndo_xdp_xmit buffers need an XDP program.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_tx_queue",
      versions = FecSources.VERSIONS,
      commits = {"56b3c6ba53d0", "20f797399035"},
      source = FecSources.S618,
      notes = "xdp-tx-buf (20f797399035 and 15cec633fc7b, v6.5): tx_buf types, an skb BD is"
          + " unmapped only with a non-zero cbd_bufaddr and freed by napi_consume_skb(skb,"
          + " budget); before (the 6.1 line) tx_skbuff, an unconditional unmap and"
          + " dev_kfree_skb_any. The XDP buffer types are not reachable without an XDP program")
  void txQueue(int queueId, int budget) {
    if (cTxQueue != null) {
      cTxQueue.txQueue(queueId, budget);
      return;
    }
    FecTxq txq = fep.txQueue[queueId];
    FecBds bds = txq.bds;
    boolean xdpTxBuf = fep.patches.has(FecPatches.XDP_TX_BUF);
    int bdp;
    int status;
    Skb skb;
    int index;
    int entriesFree;

    // start after the last reaped BD
    bdp = txq.dirtyTx;
    bdp = txq.bd.next(bdp);

    while (bdp != txq.bd.cur) {
      status = bds.status(bdp);
      if ((status & BD_ENET_TX_READY) != 0) {
        break;
      }
      fep.charge(FecOps.TX_BD);

      index = bdp;

      txBufDone:
      {
        if (txq.txBufType[index] != FecTxq.FEC_TXBUF_T_SKB) {
          throw new IllegalStateException("fec model: an XDP TX buffer on " + txq.bd.name());
        }
        skb = txq.bd.skb(index);
        if ((!xdpTxBuf || bds.bufaddr[bdp] != 0)
            && !isTsoHeader(txq, bds.bufaddr[bdp])) {
          fep.k.dmaUnmapSingle(Integer.toUnsignedLong(bds.bufaddr[bdp]),
              txq.bd.bufLen(bdp) & 0xFFFF, FecKernel.DMA_TO_DEVICE);
        }
        bds.bufaddr[bdp] = 0;
        if (skb == null) {
          break txBufDone;
        }

        // errors
        if ((status & (BD_ENET_TX_HB | BD_ENET_TX_LC | BD_ENET_TX_RL | BD_ENET_TX_UN
            | BD_ENET_TX_CSL)) != 0) {
          fep.txErrors++;
          if ((status & BD_ENET_TX_HB) != 0) {
            fep.txHeartbeatErrors++; // no heartbeat
          }
          if ((status & BD_ENET_TX_LC) != 0) {
            fep.txWindowErrors++; // late collision
          }
          if ((status & BD_ENET_TX_RL) != 0) {
            fep.txAbortedErrors++; // retransmission limit
          }
          if ((status & BD_ENET_TX_UN) != 0) {
            fep.txFifoErrors++; // underrun
          }
          if ((status & BD_ENET_TX_CSL) != 0) {
            fep.txCarrierErrors++; // carrier lost
          }
        } else {
          fep.txPackets++;
          fep.txBytes += skb.len;
        }

        // deferred: collisions, but the frame went out
        if ((status & BD_ENET_TX_DEF) != 0) {
          fep.collisions++;
        }

        // the driver takes the TX timestamp when it asked for one
        if (skb.tstampInProgress && fep.hwtsTxEn && fep.bufdescEx) {
          fep.k.skbTstampTx(skb, bds.ts[bdp]);
        }

        // the frame is out: release its skb
        if (xdpTxBuf) {
          fep.k.napiConsumeSkb(skb, budget);
        } else {
          fep.k.devKfreeSkbAny(skb);
        }

        txq.bd.setSkb(index, null);
        txq.txBufType[index] = FecTxq.FEC_TXBUF_T_SKB;
      }

      // tx_buf_done:
      txq.dirtyTx = bdp;
      fep.txCleaned++;
      txq.cleaned++;

      // on to the next BD
      bdp = txq.bd.next(bdp);

      // room again: wake the queue once past the wake threshold
      if (fep.k.netifTxQueueStopped(queueId)) {
        entriesFree = FecXmit.getFreeTxdescNum(txq);
        if (entriesFree >= txq.txWakeThreshold) {
          fep.k.netifTxWakeQueue(queueId);
        }
      }
    }

    // ERR006358: BDs still pending but TDAR reads idle: kick it again
    if (bdp != txq.bd.cur && fep.readl(xDesActive(queueId)) == 0) {
      fep.writel(0, xDesActive(queueId));
    }
  }

  /** IS_TSO_HEADER(txq, addr): the address lies in the queue's TSO header area. */
  static boolean isTsoHeader(FecTxq txq, int addr) {
    long a = Integer.toUnsignedLong(addr);
    return a >= txq.tsoHdrsDma && a < txq.tsoHdrsDma + (long) txq.ringSize * TSO_HEADER_SIZE;
  }
}
