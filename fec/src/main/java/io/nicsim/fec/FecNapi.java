package io.nicsim.fec;

import static io.nicsim.fec.FecRegisters.*;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/**
 * The interrupt and NAPI path: every interrupt line runs {@link #enetInterrupt}, which masks
 * all ENET interrupts and schedules the single NAPI; {@link #rxNapi} then serves RX (highest
 * queue first) and TX completions until the budget is used or no event is left.
 */
public final class FecNapi {
  private final FecEnetPrivate fep;

  public FecNapi(FecEnetPrivate fep) {
    this.fep = fep;
  }

  private Core core() {
    return fep.netdev.kernel().thisCpu();
  }

  /** Reads and acknowledges every event but MII; true if there was one. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_collect_events",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
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
      source = FecSources.S1)
  public boolean enetInterrupt(IrqLine line) {
    boolean ret = false; // IRQ_NONE

    fep.irqs++;
    if (collectEvents() && fep.link != 0) {
      ret = true; // IRQ_HANDLED
      countEvents(fep.lastEvents);
      if (fep.dim != null) {
        fep.dim.countEvents(fep.lastEvents); // the dim what-if's event_ctr
      }

      if (fep.napi.schedulePrep()) {
        // mask every ENET event until the poll is done
        fep.writel(0, FEC_IMASK);
        fep.napi.schedule();
      }
    }
    if (!ret) {
      fep.irqNone++;
    }
    return ret;
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
      source = FecSources.S1,
      notes = "the do/while over collect_events since the Jul 2020 tx-starvation fix (v5.8);"
          + " fec_enet_tx got its budget argument with XDP page recycling (v6.5); it only"
          + " changes XDP buffer handling, not modelled; the return of napi_complete_done is"
          + " ignored like in the C (the what-if napi-complete-done-return checks it)")
  public int rxNapi(Napi napi, int budget) {
    int done = 0;

    do {
      done += rx(budget - done);
      tx(budget);
    } while ((done < budget) && collectEvents());

    if (done < budget) {
      boolean completed = napi.completeDone(done);
      // napi-complete-done-return (what-if): FEC_IMASK stays 0 while the kernel keeps the NAPI;
      // lost-irq-reenable: a deliberately broken what-if (explore's self-test)
      if ((completed || !fep.patches.has(FecPatches.NAPI_COMPLETE_DONE_RETURN))
          && (done > 0 || !fep.patches.has(FecPatches.LOST_IRQ_REENABLE))) {
        fep.writel(FEC_DEFAULT_IMASK, FEC_IMASK);
      }
    }
    if (fep.dim != null) {
      fep.dim.sample(core()); // the dim what-if: a net_dim sample per RX queue
    }

    return done;
  }

  /** All RX queues, AVB queues (highest index) first. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_rx",
      versions = FecSources.VERSIONS,
      source = FecSources.S1)
  public int rx(int budget) {
    int i;
    int done = 0;

    // highest ring (AVB class) first
    for (i = fep.numRxQueues - 1; i >= 0; i--) {
      done += rxQueue(i, budget - done);
    }

    return done;
  }

  /** Receives up to {@code budget} frames of one ring, re-arming each BD at once. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_rx_queue",
      versions = FecSources.VERSIONS,
      commits = {"95698ff6177b"},
      source = FecSources.S1,
      notes = "frames arrive without errors; XDP, VLAN, checksum and timestamp branches are in"
          + " the per-frame cost; the page-pool era and the older skb era cost the same here")
  public int rxQueue(int queueId, int budget) {
    Core core = core();
    FecRxq rxq = fep.rxQueue[queueId];
    DescRing bd = rxq.bd;
    int pktReceived = 0;

    int bdp = bd.cur;

    while (!bd.own(bdp)) { // !(status & BD_ENET_RX_EMPTY)

      if (pktReceived >= budget) {
        break;
      }
      pktReceived++;

      fep.writel(rxfGet(queueId), FEC_IEVENT);

      // a good frame: refill the BD, build the skb, hand it up
      core.charge(FecOps.RX_BD);
      int pktLen = bd.bufLen(bdp);
      fep.rxPackets++;
      fep.rxBytes += pktLen;
      if (fep.dim != null) {
        fep.dim.countFrame(queueId, pktLen);
      }

      core.charge(KernelOps.SKB_ALLOC); // build_skb on the page
      Skb skb = fep.netdev.skbs().alloc(pktLen, FecConsts.PAGE_SIZE);
      skb.payload = bd.payload(bdp);
      skb.payloadOffset = bd.payloadOffset(bdp);
      skb.queueMapping = queueId; // skb_record_rx_queue
      fep.netdev.receive(fep.napi, skb); // napi_gro_receive

      // rx_processing_done: status cleared, BD back to the DMA
      bd.reset(bdp);
      bd.set(bdp, DescRing.IC); // cbd_esc = BD_ENET_RX_INT
      bd.setOwn(bdp);

      // on to the next BD
      bdp = bd.next(bdp);

      // keep the receiver running while frames are processed
      fep.writel(0, rDesActive(queueId));
    }
    bd.cur = bdp;

    return pktReceived;
  }

  /** All TX queues, AVB queues first. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_tx",
      versions = FecSources.VERSIONS,
      source = FecSources.S1)
  public void tx(int budget) {
    int i;

    // highest ring (AVB class) first
    for (i = fep.numTxQueues - 1; i >= 0; i--) {
      txQueue(i, budget);
    }
  }

  /** Reaps sent BDs, wakes the queue past the wake threshold, kicks a stalled TDAR. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_tx_queue",
      versions = FecSources.VERSIONS,
      commits = {"56b3c6ba53d0"},
      source = FecSources.S1,
      notes = "no budget limit on reaping (the C has none for skbs); XDP buffer types,"
          + " hardware timestamps and error statistics not modelled")
  public void txQueue(int queueId, int budget) {
    Core core = core();
    FecTxq txq = fep.txQueue[queueId];
    DescRing bd = txq.bd;
    NetdevQueue nq = fep.netdev.queue(queueId);
    int entriesFree;

    // start after the last reaped BD
    int bdp = txq.dirtyTx;
    bdp = bd.next(bdp);

    while (bdp != bd.cur) {
      if (bd.own(bdp)) { // BD_ENET_TX_READY
        break;
      }

      int index = bdp;
      Skb skb = bd.skb(index);
      if (skb != null) {
        core.charge(FecOps.TX_BD);
        fep.txPackets++;
        fep.txBytes += skb.len;
        // the frame is out: release its skb
        core.charge(KernelOps.SKB_FREE);
        skb.free(); // napi_consume_skb
      }
      // tx_buf_done:
      bd.reset(index);
      fep.txCleaned++;
      txq.cleaned++;
      txq.dirtyTx = bdp;

      // on to the next BD
      bdp = bd.next(bdp);

      // room again: wake the queue once past the wake threshold
      if (nq.stopped()) {
        entriesFree = FecXmit.getFreeTxdescNum(txq);
        if (entriesFree >= txq.txWakeThreshold) {
          nq.wake();
        }
      }
    }

    // ERR006358: BDs still pending but TDAR reads idle: kick it again
    if (bdp != bd.cur && fep.readl(xDesActive(queueId)) == 0) {
      fep.writel(0, xDesActive(queueId));
    }
  }
}
