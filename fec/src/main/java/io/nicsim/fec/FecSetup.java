package io.nicsim.fec;

import static io.nicsim.fec.FecBds.*;
import static io.nicsim.fec.FecConsts.*;
import static io.nicsim.fec.FecRegisters.*;

import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;
import java.util.List;

/**
 * Bring-up: probe, init, queue allocation, the BD rings, restart (MAC reset, MAC address, BDs,
 * ring bases, RCR/ECR, pause, interrupt mask, coalescing), open and link changes. Each method
 * is one C function, same decisions in the same order; the kernel and platform functions they
 * call go through {@code fep.plat} ({@link FecPlatform}) and {@code fep.k} ({@link FecKernel}).
 */
public class FecSetup {
  /** PKT_MAXBUF_SIZE: round_down(2048 - 64, 64). */
  static final int PKT_MAXBUF_SIZE = 1984;
  /** FEC_DRV_RESERVE_SPACE: XDP_PACKET_HEADROOM + SKB_DATA_ALIGN(skb_shared_info) on arm64. */
  static final int FEC_DRV_RESERVE_SPACE = FEC_ENET_XDP_HEADROOM + SKB_SHARED_INFO_ALIGNED;
  /** MAX_JUMBO_BUF_SIZE: round_down(16384 - FEC_DRV_RESERVE_SPACE - 64, 64). */
  static final int MAX_JUMBO_BUF_SIZE = (16384 - FEC_DRV_RESERVE_SPACE - 64) & ~63;
  /** FEC_ENET_RX_FRSIZE of the page-pool eras: PAGE_SIZE - FEC_DRV_RESERVE_SPACE. */
  static final int FEC_ENET_RX_FRSIZE = PAGE_SIZE - FEC_DRV_RESERVE_SPACE;
  static final int ETH_HLEN = 14;
  static final int VLAN_ETH_HLEN = 18;
  static final int ETH_FCS_LEN = 4;
  static final int DUPLEX_FULL = 1;
  static final int SPEED_10 = 10;
  static final int SPEED_100 = 100;
  static final int SPEED_1000 = 1000;
  static final int PHY_INTERFACE_MODE_MII = 2;
  static final int PHY_INTERFACE_MODE_RMII = 7;
  static final int PHY_INTERFACE_MODE_RGMII = 9;
  static final int PHY_INTERFACE_MODE_RGMII_TXID = 12;

  // fec_main.c's register bits
  static final int FEC_ECR_MAGICEN = 1 << 2;
  static final int FEC_ECR_SLEEP = 1 << 3;
  static final int FEC_ECR_EN1588 = 1 << 4;
  static final int FEC_ECR_SPEED = 1 << 5;
  static final int FEC_ECR_BYTESWP = 1 << 8;
  static final int FEC_RCR_DRT = 1 << 1;
  static final int FEC_RCR_MII = 1 << 2;
  static final int FEC_RCR_FLOWCTL = 1 << 5;
  static final int FEC_RCR_RGMII = 1 << 6;
  static final int FEC_RCR_RMII = 1 << 8;
  static final int FEC_RCR_10BASET = 1 << 9;
  static final int FEC_RCR_NLC = 1 << 30;
  static final int FEC_TXWMRK_STRFWD = 1 << 8;
  static final int FEC_RACC_SHIFT16 = 1 << 7;
  static final int FEC_RACC_OPTIONS = (1 << 1) | (1 << 2);
  static final int FEC_ENET_RSEM_V = 0x84;
  static final int FEC_ENET_RSFL_V = 16;
  static final int FEC_ENET_RAEM_V = 0x8;
  static final int FEC_ENET_RAFL_V = 0x8;
  static final int FEC_ENET_OPD_V = 0xFFF0;
  static final int FEC_PAUSE_FLAG_AUTONEG = 0x1;
  static final int FEC_PAUSE_FLAG_ENABLE = 0x2;
  static final int FEC_WOL_FLAG_SLEEP_ON = 1 << 2;
  static final int FEC_ENET_TXC_DLY = 0x00010000;
  static final int FEC_MIIGSK_CFGR = 0x300;
  static final int FEC_MIIGSK_ENR = 0x308;
  static final int BM_MIIGSK_CFGR_MII = 0x00;
  static final int BM_MIIGSK_CFGR_RMII = 0x01;
  static final int BM_MIIGSK_CFGR_FRCONT_10M = 0x40;
  static final int FEC_ENET_RXC_DLY = 0x00020000;
  /** RCMR_MATCHEN | RCMR_CMP(1), RCMR_CMP(2). */
  static final int RCMR_MATCHEN = 1 << 16;
  static final int RCMR_CMP_1 = (1 << 4) | (2 << 8) | (3 << 12);
  static final int RCMR_CMP_2 = 4 | (5 << 4) | (6 << 8) | (7 << 12);
  /** DMA_CLASS_EN | IDLE_SLOPE(i): both rings 0x200. */
  static final int DMA_CLASS_EN = 1 << 16;
  static final int IDLE_SLOPE = 0x200;

  private final FecEnetPrivate fep;
  private final FecCoalesce coal;
  private final boolean coalKeep;
  private final boolean coalGuard;
  private final boolean socRxUsecs;
  private final boolean txRing1024;
  private final boolean rxPagePool;

  /**
   * {@code --ports c}: the tree's fec_enet_get_queue_num (fec-inloop's FecQueueNumBridge), or
   * null; the probe calls it in place of the static port.
   */
  FecCHooks.QueueNum cQueueNum;
  /** {@code --ports c}: the tree's fec_restart (fec-inloop's FecRestartBridge), or null. */
  FecCHooks.Restart cRestart;
  /** {@code --ports c}: the tree's fec_enet_adjust_link (FecAdjustLinkBridge), or null. */
  FecCHooks.AdjustLink cAdjustLink;

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
   * invalid TX count returns before the RX count is checked). Without a node, or with one not
   * available, 1 and 1; a property that cannot be read leaves its count at 1.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_get_queue_num",
      versions = FecSources.VERSIONS,
      source = FecSources.S618)
  static int[] getQueueNum(FecOfNode np) {
    int numTx = 1;
    int numRx = 1;

    if (np == null || !np.available()) {
      return new int[] {numTx, numRx};
    }

    // parse the num of tx and rx queues (a u32 read into an int)
    Integer tx = np.readU32("fsl,num-tx-queues");
    if (tx != null) {
      numTx = tx;
    }
    Integer rx = np.readU32("fsl,num-rx-queues");
    if (rx != null) {
      numRx = rx;
    }

    if (numTx < 1 || numTx > FEC_ENET_MAX_TX_QS) {
      np.devWarn("Invalid num_tx(=" + numTx + "), fall back to 1");
      numTx = 1;
      return new int[] {numTx, numRx};
    }

    if (numRx < 1 || numRx > FEC_ENET_MAX_RX_QS) {
      np.devWarn("Invalid num_rx(=" + numRx + "), fall back to 1");
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
      source = FecSources.TREE_6_17_RC3,
      notes = "only match data, quirks, queue counts and itr_clk_rate; the proposed patch's copy"
          + " of dev_info->rx_time_itr from its v2 diff; the run-time ERR006687 quirk, clocks,"
          + " PHY, PTP and IRQ requests are not modelled")
  public void probe(List<String> compatibles, long ahbRateHz, int dtNumTx, int dtNumRx) {
    FecOfNode np = FecOfNode.queues(dtNumTx, dtNumRx);
    int[] qs = cQueueNum != null ? cQueueNum.getQueueNum(np) : getQueueNum(np);
    FecDevinfo devInfo = FecDtIds.match(compatibles);

    fep.devInfo = devInfo;
    fep.quirks = devInfo.quirks(fep.patches);
    if (socRxUsecs) {
      fep.rxTimeItr = devInfo.rxTimeItr();
    }

    fep.numRxQueues = qs[1];
    fep.numTxQueues = qs[0];

    if ((fep.quirks & FecQuirk.HAS_GBIT) != 0) {
      fep.pauseFlag |= FEC_PAUSE_FLAG_AUTONEG; // pause autonegotiation by default
    }

    fep.itrClkRate = (int) ahbRateHz; // unsigned long narrowed to unsigned int
    fep.bufdescEx = (fep.quirks & FecQuirk.HAS_BUFDESC_EX) != 0; // and a "ptp" clock

    enetInit();

    if (fep.patches.has(FecPatches.JUMBO_FRAME)) {
      fep.pagepoolOrder = 0;
      fep.rxFrameSize = FEC_ENET_RX_FRSIZE;
      if ((fep.quirks & FecQuirk.JUMBO_FRAME) != 0) {
        fep.maxBufSize = MAX_JUMBO_BUF_SIZE;
      } else {
        fep.maxBufSize = PKT_MAXBUF_SIZE;
      }
    }
  }

  /** Coalescing defaults, queue allocation, the RX-disabled mask, then a first restart. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_init",
      versions = FecSources.VERSIONS,
      commits = {"df727d4547de"},
      source = FecSources.TREE_6_17_RC3,
      notes = "defaults exist only after df727d4547de (before it fec_restart's coal_init set"
          + " them); the proposed patch keeps a non-zero probe-time rx_time_itr; NAPI registration"
          + " is done by the MAC model; DMA mask, BD memory, MAC address, features not modelled")
  public void enetInit() {
    fep.rxAlign = 0xf; // CONFIG_ARM64
    fep.txAlign = 0xf;
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

    // the rings' DMA addresses (bd.dma): one block, RX rings first
    int bdDma = 0x1000_0000;
    int dsize = fep.bufdescEx ? 32 : 8;
    for (int i = 0; i < fep.numRxQueues; i++) {
      fep.rxQueue[i].bdDma = bdDma;
      fep.rxQueue[i].bds.ex = fep.bufdescEx;
      bdDma += dsize * fep.rxQueue[i].ringSize;
    }
    for (int i = 0; i < fep.numTxQueues; i++) {
      fep.txQueue[i].bdDma = bdDma;
      fep.txQueue[i].bds.ex = fep.bufdescEx;
      bdDma += dsize * fep.txQueue[i].ringSize;
    }

    fep.writel(FEC_RX_DISABLED_IMASK, FEC_IMASK);

    if ((fep.quirks & FecQuirk.HAS_VLAN) != 0) {
      fep.features |= FecNapi.NETIF_F_HW_VLAN_CTAG_RX; // hardware VLAN support
    }
    if ((fep.quirks & FecQuirk.HAS_CSUM) != 0) {
      fep.csumFlags |= FLAG_RX_CSUM_ENABLED; // hardware checksums
    }
    if ((fep.quirks & FecQuirk.HAS_MULTI_QUEUES) != 0) {
      fep.txAlign = 0;
      fep.rxAlign = 0x3f;
    }

    restart();
  }

  /**
   * One TX queue after another (allocated, ring size, the stop/wake thresholds of the era, the
   * TSO header area), then the RX queues; a failed allocation frees the queues and returns
   * -ENOMEM. The totals of the ring sizes accumulate in the fep.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_alloc_queue",
      versions = FecSources.VERSIONS,
      commits = {"56b3c6ba53d0", "95698ff6177b"},
      source = FecSources.S618,
      notes = "old wake threshold read in torvalds/linux@002bba562dd3; TX_RING_SIZE and"
          + " RX_RING_SIZE are the fec.h macros of each era; kzalloc, the TSO header allocation"
          + " (dma_alloc_coherent, fec_dma_alloc from v6.7) and fec_enet_free_queue go through"
          + " the platform")
  public int allocQueue() {
    FecPlatform p = fep.plat;
    int ret = 0;

    for (int i = 0; i < fep.numTxQueues; i++) {
      if (!p.kzalloc(false, i)) {
        ret = -12; // -ENOMEM
        p.freeQueue();
        return ret;
      }
      FecTxq txq = new FecTxq(i);
      fep.txQueue[i] = txq;
      txq.ring(txRing1024 ? TX_RING_SIZE_NEW : TX_RING_SIZE_OLD);
      fep.totalTxRingSize += txq.ringSize;

      txq.txStopThreshold = FEC_MAX_SKB_DESCS;
      if (txRing1024) {
        txq.txWakeThreshold = FEC_MAX_SKB_DESCS + 2 * MAX_SKB_FRAGS;
      } else {
        txq.txWakeThreshold = (txq.ringSize - txq.txStopThreshold) / 2;
      }

      // the TSO header area, below every mapped TX buffer
      long dma = p.tsoHdrsAlloc(txq.ringSize * FecNapi.TSO_HEADER_SIZE);
      if (dma == 0) {
        ret = -12; // -ENOMEM
        p.freeQueue();
        return ret;
      }
      txq.tsoHdrsDma = dma;
    }

    for (int i = 0; i < fep.numRxQueues; i++) {
      if (!p.kzalloc(true, i)) {
        ret = -12; // -ENOMEM
        p.freeQueue();
        return ret;
      }
      FecRxq rxq = new FecRxq(i);
      fep.rxQueue[i] = rxq;
      rxq.ring(rxRingSize(rxPagePool));
      fep.totalRxRingSize += rxq.ringSize;
    }
    return ret;
  }

  /** RX_RING_SIZE = FEC_ENET_RX_FRPPG * FEC_ENET_RX_PAGES with the era's FEC_ENET_RX_FRSIZE. */
  static int rxRingSize(boolean pagePool) {
    int frsize =
        pagePool
            ? PAGE_SIZE - FEC_ENET_XDP_HEADROOM - SKB_SHARED_INFO_ALIGNED
            : FEC_ENET_RX_FRSIZE_OLD;
    return (PAGE_SIZE / frsize) * FEC_ENET_RX_PAGES;
  }

  /**
   * Stops the MAC before reprogramming it; with {@code allowWol} and a wake-up armed
   * (fec_stop before suspend) it sleeps with magic-packet detection instead.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_ctrl_reset",
      // mainline from v6.14 (not v6.13); 6.12.y from its 6.12.31 backport
      versions = "v6.12.31..v6.12, v6.14..v6.18",
      commits = {"67800d296191"},
      source = FecSources.S618,
      notes = "before 67800d296191 fec_restart did the allow_wol = false half inline (the same"
          + " writes and udelay)")
  public void ctrlReset(boolean allowWol) {
    int val;

    if (!allowWol || (fep.wolFlag & FEC_WOL_FLAG_SLEEP_ON) == 0) {
      if ((fep.quirks & FecQuirk.HAS_MULTI_QUEUES) != 0
          || ((fep.quirks & FecQuirk.NO_HARD_RESET) != 0 && fep.link != 0)) {
        fep.writel(0, FEC_ECNTRL);
      } else {
        fep.writel(FEC_ECR_RESET, FEC_ECNTRL);
        fep.plat.udelay(10);
      }
    } else {
      val = fep.readl(FEC_ECNTRL);
      val |= FEC_ECR_MAGICEN | FEC_ECR_SLEEP;
      fep.writel(val, FEC_ECNTRL);
    }
  }

  /** The MAC address registers from {@code ndev->dev_addr}. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_set_hw_mac_addr",
      versions = "v6.17..v6.18",
      commits = {"d39e1342d045"},
      source = FecSources.S618,
      notes = "d39e1342d045 (v6.17) made it a helper; before, fec_restart wrote"
          + " cpu_to_be32 of a u32[2] copy of the six bytes: the same values, its last two bytes"
          + " uninitialised stack in ADDR_HIGH's read-only type field")
  void setHwMacAddr() {
    fep.writel(fep.plat.devAddr(3) | (fep.plat.devAddr(2) << 8) | (fep.plat.devAddr(1) << 16)
        | (fep.plat.devAddr(0) << 24), FEC_ADDR_LOW);
    fep.writel((fep.plat.devAddr(5) << 16) | (fep.plat.devAddr(4) << 24), FEC_ADDR_HIGH);
  }

  /** Puts every BD back to its start state: RX BDs with a buffer empty, TX BDs free. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_bd_init",
      versions = FecSources.VERSIONS,
      commits = {"20f797399035"},
      source = FecSources.S618,
      notes = "TX buffers are skbs (FEC_TXBUF_T_SKB) without an XDP program; the 6.1 line"
          + " (tx_skbuff) makes the same decisions for them")
  void bdInit() {
    int bdp;
    int i;
    int q;

    for (q = 0; q < fep.numRxQueues; q++) {
      // the receive BDs
      FecRxq rxq = fep.rxQueue[q];
      bdp = 0;

      for (i = 0; i < rxq.ringSize; i++) {
        // a BD with a buffer goes to the DMA
        if (rxq.bds.bufaddr[bdp] != 0) {
          rxq.bds.setStatus(bdp, BD_ENET_RX_EMPTY);
        } else {
          rxq.bds.setStatus(bdp, 0);
        }
        bdp = rxq.bd.next(bdp);
      }

      // the last BD wraps
      bdp = rxq.bd.wrap(bdp - 1);
      rxq.bds.setStatus(bdp, rxq.bds.status(bdp) | BD_SC_WRAP);

      rxq.bd.cur = 0;
    }

    for (q = 0; q < fep.numTxQueues; q++) {
      // ...and the transmit ones
      FecTxq txq = fep.txQueue[q];
      bdp = 0;
      txq.bd.cur = bdp;

      for (i = 0; i < txq.ringSize; i++) {
        txq.bds.setStatus(bdp, 0);
        if (txq.txBufType[i] != FecTxq.FEC_TXBUF_T_SKB) {
          throw new IllegalStateException("fec model: an XDP TX buffer on " + txq.bd.name());
        }
        if (txq.bds.bufaddr[bdp] != 0 && !FecNapi.isTsoHeader(txq, txq.bds.bufaddr[bdp])) {
          fep.k.dmaUnmapSingle(Integer.toUnsignedLong(txq.bds.bufaddr[bdp]),
              txq.bd.bufLen(bdp) & 0xFFFF, FecKernel.DMA_TO_DEVICE);
        }
        Skb skb = txq.bd.skb(i);
        if (skb != null) {
          fep.k.devKfreeSkbAny(skb);
        }

        txq.bd.setSkb(i, null);
        txq.txBufType[i] = FecTxq.FEC_TXBUF_T_SKB;
        txq.bds.bufaddr[bdp] = 0;
        bdp = txq.bd.next(bdp);
      }

      // the last BD wraps
      bdp = txq.bd.wrap(bdp - 1);
      txq.bds.setStatus(bdp, txq.bds.status(bdp) | BD_SC_WRAP);
      txq.dirtyTx = bdp;
      txq.cleaned = txq.queued; // what was held is gone (the model's counters)
    }
  }

  /** Ring base registers (the DMA starts over at BD 0), RX buffer sizes, AVB classes. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_enable_ring",
      versions = FecSources.VERSIONS,
      commits = {"ec2a1681ed4f"},
      source = FecSources.S618,
      notes = "R_BUFF_SIZE is PKT_MAXBUF_SIZE before the jumbo-frame series, fep->max_buf_size"
          + " after (ec2a1681ed4f, v6.18)")
  void enableRing() {
    int i;

    for (i = 0; i < fep.numRxQueues; i++) {
      FecRxq rxq = fep.rxQueue[i];
      fep.writel(rxq.bdDma, rDesStart(i));
      fep.writel(fep.patches.has(FecPatches.JUMBO_FRAME) ? fep.maxBufSize : PKT_MAXBUF_SIZE,
          rBuffSize(i));

      // enable DMA1/2
      if (i != 0) {
        fep.writel(RCMR_MATCHEN | (i == 1 ? RCMR_CMP_1 : RCMR_CMP_2), rcmr(i));
      }
    }

    for (i = 0; i < fep.numTxQueues; i++) {
      FecTxq txq = fep.txQueue[i];
      fep.writel(txq.bdDma, xDesStart(i));

      // enable DMA1/2
      if (i != 0) {
        fep.writel(DMA_CLASS_EN | IDLE_SLOPE, dmaCfg(i));
      }
    }
  }

  /** RDAR writes: tell every RX DMA that empty BDs are there. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_active_rxring",
      versions = FecSources.VERSIONS,
      source = FecSources.S618)
  void activeRxring() {
    int i;

    for (i = 0; i < fep.numRxQueues; i++) {
      fep.writel(0, rDesActive(i));
    }
  }

  /**
   * (Re)start: stop the MAC, acknowledge stale events, reset the BDs and the DMA pointers,
   * program RCR/ECR for the PHY mode, speed and pause, enable the MAC, unmask the default
   * events if the link is up, then program coalescing the way the era does.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_restart",
      versions = FecSources.VERSIONS,
      commits = {"df727d4547de", "7e6303567ce3", "d9335d0232d2", "2ae9c66b0455",
          "62b5bb7be7bc"},
      source = FecSources.S618,
      notes = "coal_init era read in gregkh/linux@0dc8b3a395c3; ptp-reload (d9335d0232d2,"
          + " v6.12) saves and restores the PTP state; before no-reset-skb (2ae9c66b0455, v6.5)"
          + " fec_enet_reset_skb follows enable_ring; the jumbo-frame series (v6.18) takes"
          + " MAX_FL from the MTU (OPT_FRAME_SIZE = PKT_MAXBUF_SIZE << 16 before), FTRL from"
          + " rx_frame_size/max_buf_size and cut-through TX above a 1500-byte MTU;"
          + " CONFIG_ARM64 (OPT_ARCH_HAS_MAX_FL, FEC_MIIGSK_ENR undefined)")
  public void restart() {
    if (cRestart != null) {
      cRestart.restart();
      return;
    }
    int ecntl = FEC_ECR_ETHEREN;
    int rcntl;
    boolean jumbo = fep.patches.has(FecPatches.JUMBO_FRAME);
    int vlanHlen = fep.patches.has(FecPatches.VLAN_FRAME_LEN) ? VLAN_ETH_HLEN : ETH_HLEN;

    if (jumbo) {
      rcntl = FEC_RCR_MII;
      rcntl |= (fep.plat.mtu() + vlanHlen + ETH_FCS_LEN) << 16; // OPT_ARCH_HAS_MAX_FL
    } else {
      rcntl = (PKT_MAXBUF_SIZE << 16) | 0x04; // OPT_FRAME_SIZE | 0x04
    }

    if (fep.patches.has(FecPatches.PTP_RELOAD) && fep.bufdescEx) {
      fep.plat.ptpSaveState();
    }

    // inline in fec_restart before ctrl-reset (67800d296191, 6.12.31): the same writes
    ctrlReset(false);

    // the MAC reset cleared the address registers
    setHwMacAddr();

    // acknowledge stale events, MII excepted
    fep.writel(0xffffffff & ~FEC_ENET_MII, FEC_IEVENT);

    bdInit();

    enableRing();

    if (!fep.patches.has(FecPatches.NO_RESET_SKB)) {
      fep.plat.resetSkb();
    }

    // MII mode
    if (fep.fullDuplex == DUPLEX_FULL) {
      fep.writel(0x04, FEC_X_CNTRL); // full duplex
    } else {
      rcntl |= FEC_RCR_DRT; // no receive while transmitting
      fep.writel(0x0, FEC_X_CNTRL);
    }

    // MII speed
    fep.writel(fep.phySpeed, FEC_MII_SPEED);

    if ((fep.quirks & FecQuirk.HAS_RACC) != 0) {
      int val = fep.readl(FEC_RACC);

      // align the IP header
      val |= FEC_RACC_SHIFT16;
      if ((fep.csumFlags & FLAG_RX_CSUM_ENABLED) != 0) {
        val |= FEC_RACC_OPTIONS; // RX checksum
      } else {
        val &= ~FEC_RACC_OPTIONS;
      }
      fep.writel(val, FEC_RACC);
      fep.writel(jumbo ? umin(fep.rxFrameSize, fep.maxBufSize) : PKT_MAXBUF_SIZE, FEC_FTRL);
    }

    // the PHY interface and speed on an ENET MAC
    if ((fep.quirks & FecQuirk.ENET_MAC) != 0) {
      rcntl |= FEC_RCR_NLC | FEC_RCR_FLOWCTL; // flow control and length check

      // RGMII, RMII or MII
      if (fep.phyInterface >= PHY_INTERFACE_MODE_RGMII
          && fep.phyInterface <= PHY_INTERFACE_MODE_RGMII_TXID) {
        rcntl |= FEC_RCR_RGMII;
      } else if (fep.phyInterface == PHY_INTERFACE_MODE_RMII) {
        rcntl |= FEC_RCR_RMII;
      } else {
        rcntl &= ~FEC_RCR_RMII;
      }

      // 1G, 100M or 10M
      if (fep.plat.hasPhydev()) {
        if (fep.plat.phySpeed() == SPEED_1000) {
          ecntl |= FEC_ECR_SPEED;
        } else if (fep.plat.phySpeed() == SPEED_100) {
          rcntl &= ~FEC_RCR_10BASET;
        } else {
          rcntl |= FEC_RCR_10BASET;
        }
      }
    } else if ((fep.quirks & FecQuirk.USE_GASKET) != 0) { // FEC_MIIGSK_ENR is defined on ARM
      int cfgr;
      // disable the gasket and wait
      fep.writel(0, FEC_MIIGSK_ENR);
      while ((fep.readl(FEC_MIIGSK_ENR) & 4) != 0) {
        fep.plat.udelay(1);
      }

      // RMII at 50 MHz or MII at 25 MHz, no loopback, no echo
      cfgr = fep.phyInterface == PHY_INTERFACE_MODE_RMII ? BM_MIIGSK_CFGR_RMII
          : BM_MIIGSK_CFGR_MII;
      if (fep.plat.hasPhydev() && fep.plat.phySpeed() == SPEED_10) {
        cfgr |= BM_MIIGSK_CFGR_FRCONT_10M;
      }
      fep.writel(cfgr, FEC_MIIGSK_CFGR);

      // re-enable the gasket
      fep.writel(2, FEC_MIIGSK_ENR);
    }

    // pause frames
    if ((fep.pauseFlag & FEC_PAUSE_FLAG_ENABLE) != 0
        || ((fep.pauseFlag & FEC_PAUSE_FLAG_AUTONEG) != 0 && fep.plat.hasPhydev()
            && fep.plat.phyPause())) {
      rcntl |= FEC_RCR_FLOWCTL;

      // FIFO thresholds against overrun
      fep.writel(FEC_ENET_RSEM_V, FEC_R_FIFO_RSEM);
      fep.writel(FEC_ENET_RSFL_V, FEC_R_FIFO_RSFL);
      fep.writel(FEC_ENET_RAEM_V, FEC_R_FIFO_RAEM);
      fep.writel(FEC_ENET_RAFL_V, FEC_R_FIFO_RAFL);

      fep.writel(FEC_ENET_OPD_V, FEC_OPD);
    } else {
      rcntl &= ~FEC_RCR_FLOWCTL;
    }

    fep.writel(rcntl, FEC_R_CNTRL);

    // multicast filter
    fep.plat.setMulticastList();
    fep.writel(0, FEC_HASH_TABLE_HIGH);
    fep.writel(0, FEC_HASH_TABLE_LOW);

    if ((fep.quirks & FecQuirk.ENET_MAC) != 0) {
      ecntl |= FEC_ECR_BYTESWP; // ENET endian swap

      // cut-through above a 1500-byte MTU where jumbo frames do not fit the FIFO
      if (jumbo && (fep.quirks & FecQuirk.JUMBO_FRAME) != 0
          && fep.plat.mtu() > PKT_MAXBUF_SIZE - vlanHlen - ETH_FCS_LEN) {
        fep.writel(0xF, FEC_X_WMRK);
      } else {
        fep.writel(FEC_TXWMRK_STRFWD, FEC_X_WMRK); // store and forward
      }
    }

    if (fep.bufdescEx) {
      ecntl |= FEC_ECR_EN1588;
    }

    if ((fep.quirks & FecQuirk.DELAYED_CLKS_SUPPORT) != 0 && fep.rgmiiTxcDly) {
      ecntl |= FEC_ENET_TXC_DLY;
    }
    if ((fep.quirks & FecQuirk.DELAYED_CLKS_SUPPORT) != 0 && fep.rgmiiRxcDly) {
      ecntl |= FEC_ENET_RXC_DLY;
    }

    // the MIB statistic counters
    fep.writel(0, FEC_MIB_CTRLSTAT);

    // last: transmit and receive on
    fep.writel(ecntl, FEC_ECNTRL);
    activeRxring();

    if (fep.bufdescEx) {
      fep.plat.ptpStartCyclecounter();
      if (fep.patches.has(FecPatches.PTP_RELOAD)) {
        fep.plat.ptpRestoreState();
      }
    }

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

  /** min() of two unsigned ints. */
  private static int umin(int a, int b) {
    return Integer.compareUnsigned(a, b) <= 0 ? a : b;
  }

  /** The RX half of fec_enet_alloc_buffers: every RX BD gets a page. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_alloc_rxq_buffers",
      versions = FecSources.VERSIONS,
      commits = {"95698ff6177b"},
      source = FecSources.S618,
      notes = "page pool creation and allocation through the platform; a failed page frees"
          + " everything (fec_enet_free_buffers, not ported)")
  int allocRxqBuffers(int queue) {
    FecRxq rxq;
    long physAddr;
    int bdp;
    long page;
    int i;
    int err;

    rxq = fep.rxQueue[queue];
    bdp = 0;

    err = fep.plat.createPagePool(queue, rxq.ringSize);
    if (err < 0) {
      fep.k.netdevErr("fec_enet_alloc_rxq_buffers failed queue " + queue + " (" + err + ")\n");
      return err;
    }
    rxq.pagePool = true;

    for (i = 0; i < rxq.ringSize; i++) {
      page = fep.k.pagePoolDevAllocPages(queue);
      if (page == 0) {
        fep.plat.freeBuffers();
        return -12; // -ENOMEM
      }

      physAddr = fep.k.pagePoolGetDmaAddr(page) + FecNapi.FEC_ENET_XDP_HEADROOM;
      rxq.bds.bufaddr[bdp] = (int) physAddr;

      rxq.page[i] = page;
      rxq.pageOffset[i] = FecNapi.FEC_ENET_XDP_HEADROOM;
      rxq.bds.setStatus(bdp, BD_ENET_RX_EMPTY);

      if (fep.bufdescEx) {
        rxq.bds.setEsc(bdp, BD_ENET_RX_INT);
      }

      bdp = rxq.bd.next(bdp);
    }

    // the last BD wraps
    bdp = rxq.bd.wrap(bdp - 1);
    rxq.bds.setStatus(bdp, rxq.bds.status(bdp) | BD_SC_WRAP);
    return 0;
  }

  /**
   * ndo_open: buffers, a restart without link (interrupts masked), NAPI enabled. The PHY then
   * reports link through {@link #adjustLink}.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_open",
      versions = FecSources.VERSIONS,
      source = FecSources.TREE_6_17_RC3,
      notes = "runtime PM, clocks, pinctrl, PHY probe/start and PM QoS not modelled")
  public void enetOpen() {
    for (int i = 0; i < fep.numRxQueues; i++) {
      allocRxqBuffers(i);
    }

    // program the MAC before the PHY is attached
    restart();

    fep.link = 0; // fec_enet_mii_probe

    fep.k.napiEnable();
    fep.plat.netifTxStartAllQueues();
  }

  /**
   * phylib's link callback: with the device running and the PHY up, a change of link, duplex
   * or speed restarts the MAC under napi_disable/netif_tx_lock; a lost link stops it.
   */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_adjust_link",
      versions = FecSources.VERSIONS,
      commits = {"6a2495adc0c8", "3fa2540d93d8"},
      source = FecSources.S618,
      notes = "eee-link (6a2495adc0c8, v6.9): HAS_EEE SoCs set the MAC's LPI mode here (the 6.1"
          + " line does not); eee-lpi-timer (3fa2540d93d8, v6.14) passes phylib's tx_lpi_timer")
  public void adjustLink() {
    if (cAdjustLink != null) {
      cAdjustLink.adjustLink();
      return;
    }
    int statusChange = 0;
    FecPlatform p = fep.plat;

    // down or going down: only forget the link
    if (!p.netifRunning() || !p.netifDevicePresent()) {
      fep.link = 0;
    } else if (p.phyLink() != 0) {
      if (fep.link == 0) {
        fep.link = p.phyLink();
        statusChange = 1;
      }

      if (fep.fullDuplex != p.phyDuplex()) {
        fep.fullDuplex = p.phyDuplex();
        statusChange = 1;
      }

      if (p.phySpeed() != fep.speed) {
        fep.speed = p.phySpeed();
        statusChange = 1;
      }

      // any of the above: restart the FEC
      if (statusChange != 0) {
        p.netifStopQueue();
        fep.k.napiDisable();
        p.netifTxLockBh();
        restart();
        p.netifTxWakeAllQueues();
        p.netifTxUnlockBh();
        fep.k.napiEnable();
      }
      if (fep.patches.has(FecPatches.EEE_LINK) && (fep.quirks & FecQuirk.HAS_EEE) != 0) {
        p.eeeModeSet(fep.patches.has(FecPatches.EEE_LPI_TIMER) ? p.phyTxLpiTimer() : 0,
            p.phyEnableTxLpi());
      }
    } else {
      if (fep.link != 0) {
        p.netifStopQueue();
        fep.k.napiDisable();
        p.netifTxLockBh();
        p.fecStop();
        p.netifTxUnlockBh();
        fep.k.napiEnable();
        fep.link = p.phyLink();
        statusChange = 1;
      }
    }

    if (statusChange != 0) {
      p.phyPrintStatus();
    }
  }
}
