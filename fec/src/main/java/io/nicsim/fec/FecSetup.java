package io.nicsim.fec;

import static io.nicsim.fec.FecConsts.*;
import static io.nicsim.fec.FecRegisters.*;

import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;
import java.util.List;

/**
 * Bring-up: the parts of fec_probe, fec_enet_init, fec_enet_alloc_queue and fec_restart that
 * decide coalescing, ring sizes and the interrupt mask. Everything else those functions do (clock
 * enables, PHY, MDIO, PTP, MAC address, RACC, pause) has no effect on the modelled timing and is
 * left out; the notes of each method say so.
 */
public final class FecSetup {
  private final FecEnetPrivate fep;
  private final FecCoalesce coal;
  private final boolean coalKeep;
  private final boolean coalGuard;
  private final boolean socRxUsecs;
  private final boolean txRing1024;
  private final boolean rxPagePool;

  public FecSetup(FecEnetPrivate fep, FecCoalesce coal) {
    this.fep = fep;
    this.coal = coal;
    this.coalKeep = fep.patches.has(FecPatches.COAL_KEEP);
    this.coalGuard = fep.patches.has(FecPatches.COAL_GUARD);
    this.socRxUsecs = fep.patches.has(FecPatches.SOC_RX_USECS);
    this.txRing1024 = fep.patches.has(FecPatches.TX_RING_1024);
    this.rxPagePool = fep.patches.has(FecPatches.RX_PAGE_POOL);
  }

  /**
   * The queue counts the DT asks for, validated like the driver does (including its quirk: an
   * invalid TX count returns before the RX count is checked).
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_get_queue_num",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "dev_warn texts not kept; a node without the properties passes 1 and 1")
  public static int[] getQueueNum(int dtNumTx, int dtNumRx) {
    int numTx = dtNumTx;
    int numRx = dtNumRx;

    if (numTx < 1 || numTx > FEC_ENET_MAX_TX_QS) {
      numTx = 1;
      return new int[] {numTx, numRx};
    }

    if (numRx < 1 || numRx > FEC_ENET_MAX_RX_QS) {
      numRx = 1;
      return new int[] {numTx, numRx};
    }
    return new int[] {numTx, numRx};
  }

  /**
   * Probe: match the node's compatibles, take the quirks (and, with the proposed patch, the
   * per-SoC rx_time_itr), sample the ahb rate as the ITR clock, then fec_enet_init.
   *
   * @param compatibles the node's compatible list, most specific first
   * @param ahbRateHz {@code clk_get_rate(clk_ahb)}
   * @param dtNumTx {@code fsl,num-tx-queues} (1 when absent)
   * @param dtNumRx {@code fsl,num-rx-queues} (1 when absent)
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_probe",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "only match data, quirks, queue counts and itr_clk_rate; the proposed patch's copy"
          + " of dev_info->rx_time_itr from its v2 diff; the run-time ERR006687 quirk, clocks,"
          + " PHY, PTP and IRQ requests are not modelled")
  public void probe(List<String> compatibles, long ahbRateHz, int dtNumTx, int dtNumRx) {
    int[] qs = getQueueNum(dtNumTx, dtNumRx);
    FecDevinfo devInfo = FecDtIds.match(compatibles);

    fep.devInfo = devInfo;
    fep.quirks = devInfo.quirks(fep.patches);
    if (socRxUsecs) {
      fep.rxTimeItr = devInfo.rxTimeItr();
    }

    fep.numRxQueues = qs[1];
    fep.numTxQueues = qs[0];

    fep.itrClkRate = (int) ahbRateHz; // unsigned long narrowed to unsigned int

    enetInit();
  }

  /** Coalescing defaults, queue allocation, the RX-disabled mask, then a first restart. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_init",
      versions = FecSources.VERSIONS,
      commits = {"df727d4547de"},
      source = FecSources.S1,
      notes = "defaults exist only after df727d4547de (before it fec_restart's coal_init set"
          + " them); the proposed patch keeps a non-zero probe-time rx_time_itr; NAPI registration"
          + " is done by the MAC model; DMA mask, BD memory, MAC address, features not modelled")
  public void enetInit() {
    if (coalKeep) {
      fep.rxPktsItr = FEC_ITR_ICFT_DEFAULT;
      fep.txPktsItr = FEC_ITR_ICFT_DEFAULT;
      if (socRxUsecs) {
        fep.txTimeItr = FEC_ITR_ICTT_DEFAULT;
        if (fep.rxTimeItr == 0) {
          fep.rxTimeItr = FEC_ITR_ICTT_DEFAULT;
        }
      } else {
        fep.rxTimeItr = FEC_ITR_ICTT_DEFAULT;
        fep.txTimeItr = FEC_ITR_ICTT_DEFAULT;
      }
    }

    allocQueue();

    fep.writel(FEC_RX_DISABLED_IMASK, FEC_IMASK);

    restart();
  }

  /** Ring sizes and the TX stop/wake thresholds of each era. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_alloc_queue",
      versions = FecSources.VERSIONS,
      commits = {"56b3c6ba53d0", "95698ff6177b"},
      source = FecSources.S1,
      notes = "old wake threshold read in torvalds/linux@002bba562dd3; TX_RING_SIZE and"
          + " RX_RING_SIZE are the fec.h macros of each era; TSO header memory not modelled")
  public void allocQueue() {
    for (int i = 0; i < fep.numTxQueues; i++) {
      FecTxq txq = new FecTxq(i);
      fep.txQueue[i] = txq;
      txq.ringSize = txRing1024 ? TX_RING_SIZE_NEW : TX_RING_SIZE_OLD;
      txq.bd = new DescRing("tx" + i, txq.ringSize);

      txq.txStopThreshold = FEC_MAX_SKB_DESCS;
      if (txRing1024) {
        txq.txWakeThreshold = FEC_MAX_SKB_DESCS + 2 * MAX_SKB_FRAGS;
      } else {
        txq.txWakeThreshold = (txq.ringSize - txq.txStopThreshold) / 2;
      }
    }

    for (int i = 0; i < fep.numRxQueues; i++) {
      FecRxq rxq = new FecRxq(i);
      fep.rxQueue[i] = rxq;
      rxq.ringSize = rxRingSize(rxPagePool);
      rxq.bd = new DescRing("rx" + i, rxq.ringSize);
    }
  }

  /** RX_RING_SIZE = FEC_ENET_RX_FRPPG * FEC_ENET_RX_PAGES with the era's FEC_ENET_RX_FRSIZE. */
  static int rxRingSize(boolean pagePool) {
    int frsize =
        pagePool
            ? PAGE_SIZE - FEC_ENET_XDP_HEADROOM - SKB_SHARED_INFO_ALIGNED
            : FEC_ENET_RX_FRSIZE_OLD;
    return (PAGE_SIZE / frsize) * FEC_ENET_RX_PAGES;
  }

  /** Stops the MAC before reprogramming it (the allow_wol = false path). */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_ctrl_reset",
      // mainline from v6.14 (not v6.13); 6.12.y from its 6.12.31 backport
      versions = "v6.12.31..v6.12, v6.14..v6.18",
      commits = {"67800d296191"},
      source = FecSources.S1,
      notes = "udelay(10) not charged; magic-packet sleep path not modelled")
  public void ctrlReset() {
    if ((fep.quirks & FecQuirk.HAS_MULTI_QUEUES) != 0
        || ((fep.quirks & FecQuirk.NO_HARD_RESET) != 0 && fep.link != 0)) {
      fep.writel(0, FEC_ECNTRL);
    } else {
      fep.writel(FEC_ECR_RESET, FEC_ECNTRL);
    }
  }

  /** Puts every BD back to its start state: RX BDs with a buffer empty, TX BDs free. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_bd_init",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "the WRAP bit is implicit in DescRing; XDP buffer types not modelled")
  public void bdInit() {
    for (int q = 0; q < fep.numRxQueues; q++) {
      FecRxq rxq = fep.rxQueue[q];
      DescRing bd = rxq.bd;
      for (int i = 0; i < bd.size(); i++) {
        clearBd(bd, i);
        if (rxq.buffers) {
          bd.set(i, DescRing.IC); // cbd_esc BD_ENET_RX_INT, written by alloc_rxq_buffers
          bd.setOwn(i); // BD_ENET_RX_EMPTY
        }
      }
      bd.cur = 0;
    }

    for (int q = 0; q < fep.numTxQueues; q++) {
      FecTxq txq = fep.txQueue[q];
      DescRing bd = txq.bd;
      bd.cur = 0;
      for (int i = 0; i < bd.size(); i++) {
        Skb skb = bd.skb(i);
        clearBd(bd, i);
        if (skb != null) {
          skb.free(); // dev_kfree_skb_any
        }
      }
      txq.dirtyTx = bd.size() - 1; // the last BD
      txq.cleaned = txq.queued; // what was held is gone
    }
  }

  /** {@code bdp->cbd_sc = 0}: the driver rewrites a BD whatever the DMA left in it. */
  private static void clearBd(DescRing bd, int i) {
    if (bd.own(i)) {
      bd.releaseOwn(i);
    }
    bd.reset(i);
  }

  /** Writes the ring base registers: the DMA starts over at BD 0 of every ring. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_enable_ring",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "buffer size, RCMR and DMA class (AVB credit shaper) registers not modelled")
  public void enableRing() {
    for (int i = 0; i < fep.numRxQueues; i++) {
      fep.writel(0, rDesStart(i));
    }
    for (int i = 0; i < fep.numTxQueues; i++) {
      fep.writel(0, xDesStart(i));
    }
  }

  /** RDAR writes: tell every RX DMA that empty BDs are there. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_active_rxring",
      versions = FecSources.VERSIONS,
      source = FecSources.S1)
  public void activeRxring() {
    for (int i = 0; i < fep.numRxQueues; i++) {
      fep.writel(0, rDesActive(i));
    }
  }

  /**
   * (Re)start: stop the MAC, acknowledge stale events, reset the BDs and the DMA pointers,
   * enable the MAC, unmask the default events if the link is up, then program coalescing the
   * way the era does.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_restart",
      versions = FecSources.VERSIONS,
      commits = {"df727d4547de", "7e6303567ce3"},
      source = FecSources.S1,
      notes = "coal_init era read in gregkh/linux@0dc8b3a395c3; MAC address, MII/RGMII, RACC,"
          + " pause, multicast, MIB and PTP setup not modelled")
  public void restart() {
    int ecntl = FEC_ECR_ETHEREN;

    // inline in fec_restart before ctrl-reset (67800d296191, 6.12.31): the same writes
    ctrlReset();

    // acknowledge stale events, MII excepted
    fep.writel(0xffffffff & ~FEC_ENET_MII, FEC_IEVENT);

    bdInit();

    enableRing();

    // ETHEREN: the MAC runs again
    fep.writel(ecntl, FEC_ECNTRL);
    activeRxring();

    // unmask RX/TX events only with link
    if (fep.link != 0) {
      fep.writel(FEC_DEFAULT_IMASK, FEC_IMASK);
    } else {
      fep.writel(0, FEC_IMASK);
    }

    // coalescing: re-applied defaults before df727d4547de, stored values after
    if (coalKeep) {
      if (!coalGuard || (fep.quirks & FecQuirk.HAS_COALESCE) != 0) {
        coal.itrCoalSet();
      }
    } else {
      coal.itrCoalInit();
    }
  }

  /** The RX half of fec_enet_alloc_buffers: every RX BD gets a buffer (page). */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_alloc_rxq_buffers",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "page pool not modelled: a buffer is a flag; the BDs are handed over by bd_init")
  public void allocRxqBuffers(int queue) {
    fep.rxQueue[queue].buffers = true;
  }

  /**
   * ndo_open: buffers, a restart without link (interrupts masked), NAPI enabled. The PHY then
   * reports link through {@link #adjustLink}.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_open",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "runtime PM, clocks, pinctrl, PHY probe/start and PM QoS not modelled")
  public void enetOpen() {
    for (int i = 0; i < fep.numRxQueues; i++) {
      allocRxqBuffers(i);
    }

    // program the MAC before the PHY is attached
    restart();

    fep.link = 0; // fec_enet_mii_probe

    fep.napi.enable();
    for (int i = 0; i < fep.netdev.numTxQueues(); i++) {
      fep.netdev.queue(i).start(); // netif_tx_start_all_queues
    }
  }

  /**
   * phylib's link callback. With link up and a change, the MAC is restarted under
   * napi_disable/netif_tx_lock; with link lost the MAC is stopped.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_adjust_link",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "only link changes (no duplex/speed changes); EEE and phy_print_status not"
          + " modelled; link loss only masks interrupts (fec_stop)")
  public void adjustLink(boolean phyLink) {
    if (!fep.running) {
      fep.link = 0;
    } else if (phyLink) {
      if (fep.link == 0) {
        fep.link = 1;
        fep.netdev.queue(0).stop(); // netif_stop_queue
        fep.napi.disable();
        restart();
        for (int i = 0; i < fep.netdev.numTxQueues(); i++) {
          fep.netdev.queue(i).wake(); // netif_tx_wake_all_queues
        }
        fep.napi.enable();
      }
    } else if (fep.link != 0) {
      fep.napi.disable();
      fep.writel(FEC_DEFAULT_IMASK, FEC_IMASK); // fec_stop
      fep.napi.enable();
      fep.link = 0;
    }
  }
}
