package io.nicsim.stmmac;

import static io.nicsim.stmmac.StmmacHwif.TX_DMA_OWN;
import static io.nicsim.stmmac.StmmacHwif.TX_ERR;
import static io.nicsim.stmmac.StmmacHwif.TX_ERR_BUMP_TC;
import static io.nicsim.stmmac.StmmacHwif.TX_NOT_LS;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/**
 * The transmit half of stmmac_main.c, one method per C function: xmit and tso_xmit (descriptor
 * fill, the set_ic decision, queue stop, BQL, doorbell, timer arm), tso_allocator, the tail
 * pointer flush, the TX coalesce timer, tx_clean and the TX NAPI poll, for every era the patch
 * catalog knows. Every kernel function they call goes through {@link StmmacPriv#calls}, every
 * hwif callback through {@link StmmacPriv#hwif}, and the driver's unported helpers through
 * {@link StmmacPriv#unported}, so a harness can run the same method against the tree's C. Patch
 * flags are read once here.
 */
public class StmmacTx {
  static final String FILE = StmmacLifecycle.FILE;
  /** Newest tree read. */
  static final String TREE_6_18 = StmmacLifecycle.TREE_6_18;
  /** The 6.6/6.7 boundary (2d1a42cf7f77). */
  static final String TREE_6_7 = "torvalds/linux@2d1a42cf7f77cda54dbbee18d00b1200e7bc22aa";
  /** A v5.2..v5.4 tree. */
  static final String TREE_5_4 = "torvalds/linux@0060c8783330ab60deb96f9d6bb7abfe4664765d";
  /** Debian's 6.1 and 6.12 trees, read beside TREE_6_18. */
  static final String DEBIAN = "debian:linux-source-6.1@6.1.192, debian:linux-source-6.12@6.12.118";
  /** Where a reader checks the 4.19 forms (the copy first read could not be attributed). */
  static final String V419_NOTE =
      "4.19 form: release tag v4.19 of torvalds/linux (drivers/net/ethernet/stmicro/stmmac/"
          + "stmmac_main.c), and 4ccb45857c2c's diff for what changed in 5.0";

  /** stmmac_xmit's own work per skb (mapping, stats, locks). */
  static final CostOp XMIT = CostOp.named("stmmac_xmit");
  /** Preparing one TX descriptor (uncached writes). */
  static final CostOp XMIT_DESC = CostOp.named("stmmac_xmit_desc");
  /** Cleaning one TX descriptor (status read, unmap, release). */
  static final CostOp TX_CLEAN_DESC = CostOp.named("stmmac_tx_clean_desc");
  /** hrtimer_active(): a seqcount read of the timer's state. */
  static final CostOp HRTIMER_ACTIVE = CostOp.named("hrtimer_active");

  /** MAX_SKB_FRAGS with 4 KiB pages. */
  static final int MAX_SKB_FRAGS = 17;
  /** TSO_MAX_BUFF_SIZE (SZ_16K - 1). */
  static final int TSO_MAX_BUFF_SIZE = 16 * 1024 - 1;
  /** STMMAC_VLAN_INSERT. */
  static final int STMMAC_VLAN_INSERT = 0x2;
  /** VLAN_HLEN. */
  static final int VLAN_HLEN = 4;
  /** sizeof(struct udphdr). */
  static final int UDPHDR_LEN = 8;
  /** -EINVAL. */
  static final int EINVAL = 22;

  /** sizeof(struct dma_desc), struct dma_extended_desc, struct dma_edesc. */
  static final int SIZEOF_DMA_DESC = 16;
  static final int SIZEOF_DMA_EXTENDED_DESC = 32;
  static final int SIZEOF_DMA_EDESC = 32;

  protected final StmmacPriv priv;
  protected final Kernel kernel;
  private final boolean hrtimer;
  private final boolean setIcModulo;
  private final boolean armAtEnd;
  private final boolean tstampIc;
  private final boolean burstEndIc;
  private final boolean icBurstEndOnly;
  private final boolean napiSplit;
  private final boolean irqPerDir;
  private final boolean rescheduleCoalTimer;
  private final boolean txCleanOneShot;
  private final boolean zeroUsecs;
  private final boolean napiAwareArm;
  private final boolean armAfterDmaEnable;
  private final boolean hrtimerActive;
  private final boolean armRecheck;
  private final boolean noPendingArm;
  private final boolean estMaxSdu;
  private final boolean estSduVlan;
  private final boolean txCoeFallback;
  private final boolean csumRelinearize;
  private final boolean tstampAfterDoorbell;
  private final boolean dmaTxChanArg;
  private final boolean eeeSwLpi;
  private final boolean tsoVlanPush;
  private final boolean tsoSimplified;
  private final boolean tsoEntryLocal;
  private final boolean tsoLastSegment;
  /** {@code --ports c}: the tree's stmmac_tx_timer_arm in place of {@link #txTimerArm}. */
  StmmacCHooks.Tx cTimerArm;
  /** {@code --ports c}: the tree's stmmac_xmit in place of {@link #xmit}. */
  StmmacCHooks.Tx cXmit;
  /** {@code --ports c}: the tree's stmmac_tso_xmit in place of {@link #tsoXmit}. */
  StmmacCHooks.Tx cTsoXmit;
  /** {@code --ports c}: the tree's stmmac_tx_timer in place of {@link #txTimer}. */
  StmmacCHooks.Tx cTxTimer;
  /** {@code --ports c}: the tree's stmmac_napi_poll_tx in place of {@link #napiPollTx}. */
  StmmacCHooks.Tx cNapiPollTx;
  /** {@code --ports c}: the tree's stmmac_tx_clean in place of {@link #txClean}. */
  StmmacCHooks.Tx cTxClean;

  public StmmacTx(StmmacPriv priv) {
    this.priv = priv;
    this.kernel = priv.kernel;
    var p = priv.patches;
    hrtimer = p.has(StmmacPatches.HRTIMER);
    setIcModulo = p.has(StmmacPatches.SET_IC_MODULO);
    armAtEnd = p.has(StmmacPatches.ARM_AT_END);
    tstampIc = p.has(StmmacPatches.TSTAMP_IC);
    burstEndIc = p.has(StmmacPatches.BURST_END_IC);
    icBurstEndOnly = p.has(StmmacPatches.IC_BURST_END_ONLY);
    napiSplit = p.has(StmmacPatches.NAPI_SPLIT);
    irqPerDir = p.has(StmmacPatches.IRQ_PER_DIR);
    rescheduleCoalTimer = p.has(StmmacPatches.RESCHEDULE_COAL_TIMER);
    txCleanOneShot = p.has(StmmacPatches.TX_CLEAN_ONE_SHOT);
    zeroUsecs = p.has(StmmacPatches.ZERO_USECS);
    napiAwareArm = p.has(StmmacPatches.NAPI_AWARE_ARM);
    armAfterDmaEnable = p.has(StmmacPatches.ARM_AFTER_DMA_ENABLE);
    hrtimerActive = p.has(StmmacPatches.HRTIMER_ACTIVE);
    armRecheck = p.has(StmmacPatches.TX_ARM_RECHECK);
    noPendingArm = p.has(StmmacPatches.NO_PENDING_ARM);
    estMaxSdu = p.has(StmmacPatches.EST_MAX_SDU);
    estSduVlan = p.has(StmmacPatches.EST_SDU_VLAN);
    txCoeFallback = p.has(StmmacPatches.TX_COE_FALLBACK);
    csumRelinearize = p.has(StmmacPatches.CSUM_RELINEARIZE);
    tstampAfterDoorbell = p.has(StmmacPatches.TX_TSTAMP_AFTER_DOORBELL);
    dmaTxChanArg = p.has(StmmacPatches.DMA_TX_CHAN_ARG);
    eeeSwLpi = p.has(StmmacPatches.EEE_SW_LPI);
    tsoVlanPush = p.has(StmmacPatches.TSO_VLAN_PUSH);
    tsoSimplified = p.has(StmmacPatches.TSO_SIMPLIFIED);
    tsoEntryLocal = p.has(StmmacPatches.TSO_ENTRY_LOCAL);
    tsoLastSegment = p.has(StmmacPatches.TSO_LAST_SEGMENT);
  }

  /** The CPU running the port, for the model's cost accounting (none under a harness). */
  private Core core() {
    return kernel.cpu().requireCurrent();
  }

  /** stmmac_tx_avail: free descriptors, one slot always kept empty (u32 arithmetic). */
  @KernelPort(file = FILE, function = "stmmac_tx_avail", versions = "v4.19..v6.18",
      source = TREE_6_18)
  int txAvail(int queue) {
    StmmacTxQueue txQ = priv.txQueue[queue];
    DescRing ring = txQ.ring;
    int avail;
    if (Integer.compareUnsigned(ring.dirty, ring.cur) > 0) {
      avail = ring.dirty - ring.cur - 1;
    } else {
      avail = ring.size() - ring.cur + ring.dirty - 1;
    }
    return avail;
  }

  /** The TX NAPI the timer and the interrupt schedule for a queue. */
  Napi txNapi(int chan) {
    StmmacChannel ch = priv.channel[chan];
    return napiSplit ? ch.txNapi : ch.napi;
  }

  /** The descriptor array xmit takes entries from: extended, enhanced (TBS) or basic. */
  int descKind(StmmacTxQueue txQ) {
    if (priv.extendDesc) {
      return TxDesc.EXTENDED;
    } else if ((txQ.tbs & StmmacTxQueue.STMMAC_TBS_AVAIL) != 0) {
      return TxDesc.ENHANCED;
    }
    return TxDesc.BASIC;
  }

  /** The array tso_xmit and tso_allocator take entries from (no extended descriptors). */
  private static int tsoDescKind(StmmacTxQueue txQ) {
    return (txQ.tbs & StmmacTxQueue.STMMAC_TBS_AVAIL) != 0 ? TxDesc.ENHANCED : TxDesc.BASIC;
  }

  /** STMMAC_GET_ENTRY / STMMAC_NEXT_ENTRY: {@code (x + 1) & (size - 1)}. */
  private int nextEntry(int x) {
    return (x + 1) & (priv.txQueue[0].ring.size() - 1);
  }

  // ------------------------------------------------------------------ xmit

  /**
   * stmmac_xmit. Descriptors: the skb head in the first, one per fragment after it; the skb
   * pointer and, when chosen, IC on the last. The first descriptor's OWN is set last, then BQL,
   * the doorbell and (from arm-at-end) the timer arm. Up to 5.4 the ring is advanced and the
   * queue stopped before the frame-count test that arms the timer.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_xmit",
      versions = "v4.19..v6.18",
      commits = {"8fce33317023", "d0bb82fd6018", "c2837423cb54", "4772f26db8d1",
          "d21a374995df"},
      source = TREE_6_18,
      notes = "also read in " + DEBIAN + "; the <=5.4 order is that of " + TREE_5_4)
  public int xmit(Skb skb, NetdevQueue txq) {
    if (cXmit != null) {
      return cXmit.xmit(skb, txq, false);
    }
    int nopagedLen = skb.headlen();
    int queue = skb.queueMapping;
    int nfrags = skb.nrFrags;
    int gso = skb.gsoType;
    StmmacTxQueue txQ = priv.txQueue[queue];
    StmmacXstats.Txq txqStats = priv.xstats.txq[queue];
    DescRing ring = txQ.ring;
    int firstTx = ring.cur;
    boolean csumInsertion;
    boolean isJumbo = false;

    if (priv.txPathInLpiMode && priv.eeeSwTimerEn) {
      priv.unported.stopSwLpi();
    }

    // Manage oversized TCP frames for GMAC4 device
    if (skb.gsoSize != 0 && priv.tso) {
      if ((gso & (Skb.SKB_GSO_TCPV4 | Skb.SKB_GSO_TCPV6)) != 0) {
        return tsoXmit(skb, txq);
      }
      if (priv.plat.core() == DwmacCore.GMAC4 && (gso & Skb.SKB_GSO_UDP_L4) != 0) {
        return tsoXmit(skb, txq);
      }
    }

    if (estMaxSdu && priv.est != null && priv.est.enable && priv.est.maxSdu[queue] != 0) {
      int sduLen = skb.len;
      if (estSduVlan && priv.dmaCapVlins && skb.vlanTagPresent) {
        // Add VLAN tag length if VLAN tag insertion offload is requested
        sduLen += VLAN_HLEN;
      }
      if (Integer.compareUnsigned(sduLen, priv.est.maxSdu[queue]) > 0) {
        priv.xstats.maxSduTxqDrop[queue]++;
        return maxSduErr(skb);
      }
    }

    if (Integer.compareUnsigned(txAvail(queue), nfrags + 1) < 0) {
      if (!priv.calls.netifTxQueueStopped(txq)) {
        priv.calls.netifTxStopQueue(txq);
        // This is a hard error, log it.
        priv.calls.netdevErr("stmmac_xmit: Tx Ring full when queue awake");
      }
      priv.counters.txBusy++;
      return NetdevTx.NETDEV_TX_BUSY;
    }

    Core core = core();
    core.charge(XMIT);
    priv.counters.xmit++;

    // Check if VLAN can be inserted by HW
    boolean hasVlan = priv.unported.vlanInsert(skb, txQ);

    int entry = ring.cur;
    int firstEntry = entry;
    if (ring.skb(firstEntry) != null) {
      priv.calls.warnOn();
    }

    csumInsertion = skb.ipSummed == Skb.CHECKSUM_PARTIAL;
    // Packets that won't trigger the COE are checksummed in software; from tx-coe-fallback
    // also every packet of a queue synthesized without TX COE
    if (csumInsertion
        && ((txCoeFallback && priv.txCoeUnsupported[queue])
            || !priv.unported.hasIpEthertype(skb))) {
      if (priv.calls.skbChecksumHelp(skb) != 0) {
        return dmaMapErr(skb);
      }
      csumInsertion = !csumInsertion;
      if (csumRelinearize) {
        // skb_checksum_help() may have linearized the skb
        nopagedLen = skb.headlen();
        nfrags = skb.nrFrags;
      }
    }

    int firstKind = descKind(txQ);

    if (hasVlan) {
      priv.hwif.setDescVlan(txQ, firstKind, firstEntry, STMMAC_VLAN_INSERT);
    }

    boolean enhDesc = priv.enhDesc;
    // To program the descriptors according to the size of the frame
    if (enhDesc) {
      isJumbo = priv.hwif.isJumboFrm(skb.len, enhDesc);
    }

    if (isJumbo) {
      entry = priv.hwif.jumboFrm(txQ, skb, csumInsertion);
      if (entry < 0 && entry != -EINVAL) {
        return dmaMapErr(skb);
      }
    }

    for (int i = 0; i < nfrags; i++) {
      int len = skb.fragSize(i);
      boolean lastSegment = i == nfrags - 1;

      entry = nextEntry(entry);
      if (ring.skb(entry) != null) {
        priv.calls.warnOn();
      }
      int kind = descKind(txQ);

      long des = priv.calls.skbFragDmaMap(skb, i, len); // int len: size_t sign-extends
      if (priv.calls.dmaMappingError(des)) {
        return dmaMapErr(skb); // should reuse desc w/o issues
      }

      txQ.dmaBuf[entry] = des;
      priv.hwif.setDescAddr(txQ, kind, entry, des);
      txQ.mapAsPage[entry] = true;
      txQ.dmaLen[entry] = len;
      txQ.lastSegment[entry] = lastSegment;
      txQ.bufType[entry] = StmmacTxQueue.STMMAC_TXBUF_T_SKB;

      // Prepare the descriptor and set the own bit too
      core.charge(XMIT_DESC);
      priv.hwif.prepareTxDesc(txQ, kind, entry, false, len, csumInsertion, priv.mode, true,
          lastSegment, skb.len);
    }

    // Only the last descriptor gets to point to the skb.
    ring.setSkb(entry, skb);
    txQ.bufType[entry] = StmmacTxQueue.STMMAC_TXBUF_T_SKB;

    boolean hwTstamp = skb.hwTstamp && priv.hwtsTxEn;
    boolean setIc;
    if (setIcModulo) {
      // According to the coalesce parameter the IC bit for the latest segment is reset and
      // the timer re-started to clean the tx status (tx_packets: u32, no wrap masking)
      int txPackets = (entry + 1) - firstTx;
      txQ.txCountFrames += txPackets;

      int txCoalFrames = priv.txCoalFrames[queue];
      if (hwTstamp) {
        setIc = true;
      } else if (txCoalFrames == 0) {
        setIc = false;
      } else if (icBurstEndOnly) {
        setIc = !priv.calls.netdevXmitMore(); // what-if: a batch tail is the only IC point
      } else if (burstEndIc && !priv.calls.netdevXmitMore()) {
        setIc = true;
      } else if (Integer.compareUnsigned(txPackets, txCoalFrames) > 0) {
        setIc = true;
      } else if (Integer.compareUnsigned(
          Integer.remainderUnsigned(txQ.txCountFrames, txCoalFrames), txPackets) < 0) {
        setIc = true;
      } else {
        setIc = false;
      }

      if (setIc) {
        txQ.txCountFrames = 0;
        priv.hwif.setTxIc(txQ, descKind(txQ), entry);
        priv.counters.txIcSet++;
      } else if (!armAtEnd) {
        // c2837423cb54 alone: the timer is armed only for skbs without IC
        txTimerArm(queue);
      }

      // advance cur_tx so that it references a fresh descriptor
      entry = nextEntry(entry);
      ring.cur = entry;

      if (Integer.compareUnsigned(txAvail(queue), MAX_SKB_FRAGS + 1) <= 0) {
        priv.calls.netifTxStopQueue(txq);
      }
    } else {
      // up to 5.4: advance and stop first, then the threshold test that arms the timer
      entry = nextEntry(entry);
      int lastEntry = ring.wrap(entry - 1);
      ring.cur = entry;

      if (Integer.compareUnsigned(txAvail(queue), MAX_SKB_FRAGS + 1) <= 0) {
        priv.calls.netifTxStopQueue(txq);
      }

      txQ.txCountFrames += nfrags + 1;
      boolean tstampForcesIc = tstampIc
          && priv.plat.synopsysId() >= StmmacPlat.DWMAC_CORE_4_00 && hwTstamp;
      if (Integer.compareUnsigned(priv.txCoalFrames[queue], txQ.txCountFrames) > 0
          && !tstampForcesIc) {
        setIc = false;
        txTimerArm(queue);
      } else {
        setIc = true;
        txQ.txCountFrames = 0;
        priv.hwif.setTxIc(txQ, descKind(txQ), lastEntry);
        priv.counters.txIcSet++;
      }
    }

    txqStats.txBytes += Integer.toUnsignedLong(skb.len);
    if (setIc) {
      txqStats.txSetIcBit++;
    }

    if (priv.sarcType != 0) {
      priv.hwif.setDescSarc(txQ, firstKind, firstEntry, priv.sarcType);
    }

    if (!tstampAfterDoorbell) {
      priv.calls.skbTxTimestamp(skb);
    }

    // Ready to fill the first descriptor and set the OWN bit w/o any problems because all the
    // descriptors are actually ready to be passed to the DMA engine.
    if (!isJumbo) {
      boolean lastSegment = nfrags == 0;

      long des = priv.calls.dmaMapSingle(skb, Integer.toUnsignedLong(nopagedLen));
      if (priv.calls.dmaMappingError(des)) {
        return dmaMapErr(skb);
      }

      txQ.dmaBuf[firstEntry] = des;
      txQ.bufType[firstEntry] = StmmacTxQueue.STMMAC_TXBUF_T_SKB;
      txQ.mapAsPage[firstEntry] = false;

      priv.hwif.setDescAddr(txQ, firstKind, firstEntry, des);

      txQ.dmaLen[firstEntry] = nopagedLen;
      txQ.lastSegment[firstEntry] = lastSegment;

      if (hwTstamp) {
        // declare that device is doing timestamping
        skb.tstampInProgress = true;
        priv.hwif.enableTxTimestamp(txQ, firstKind, firstEntry);
      }

      // Prepare the first descriptor setting the OWN bit too
      core.charge(XMIT_DESC);
      priv.hwif.prepareTxDesc(txQ, firstKind, firstEntry, true, nopagedLen, csumInsertion,
          priv.mode, false, lastSegment, skb.len);
    }

    if ((txQ.tbs & StmmacTxQueue.STMMAC_TBS_EN) != 0) {
      long[] ts = nsToTimespec64(skb.tstamp);
      priv.hwif.setDescTbs(txQ, firstEntry, ts[0], ts[1]);
    }

    priv.hwif.setTxOwner(txQ, firstKind, firstEntry);

    priv.calls.netdevTxSentQueue(txq, skb.len);
    txQ.queuedDesc += (ring.cur - firstTx) & (ring.size() - 1);

    priv.hwif.enableDmaTransmission(dmaTxChanArg ? queue : -1);
    if (tstampAfterDoorbell) {
      priv.calls.skbTxTimestamp(skb);
    }
    flushTxDescriptors(queue);
    if (armAtEnd) {
      txTimerArm(queue);
    }

    return NetdevTx.NETDEV_TX_OK;
  }

  /** xmit's dma_map_err label: log, free, count the drop. */
  private int dmaMapErr(Skb skb) {
    priv.calls.netdevErr("Tx DMA map failed");
    return maxSduErr(skb);
  }

  /** xmit's max_sdu_err label: free, count the drop. */
  private int maxSduErr(Skb skb) {
    priv.calls.devKfreeSkb(skb);
    priv.xstats.txDropped++;
    return NetdevTx.NETDEV_TX_OK;
  }

  /** ns_to_timespec64: seconds and nanoseconds, the nanoseconds in 0..999999999. */
  static long[] nsToTimespec64(long nsec) {
    if (nsec > 0) {
      return new long[] {Long.divideUnsigned(nsec, 1_000_000_000L),
          Long.remainderUnsigned(nsec, 1_000_000_000L)};
    } else if (nsec < 0) {
      long rem = Long.remainderUnsigned(-nsec - 1, 1_000_000_000L);
      return new long[] {-Long.divideUnsigned(-nsec - 1, 1_000_000_000L) - 1,
          1_000_000_000L - rem - 1};
    }
    return new long[] {0, 0};
  }

  // ------------------------------------------------------------------ tso_xmit

  /**
   * stmmac_tso_xmit (GMAC4/XGMAC): an MSS context descriptor when the MSS changes, the header
   * in the first descriptor, the payload in TSO_MAX_BUFF_SIZE pieces. Same set_ic chain as
   * xmit; no poll-demand doorbell, the tail pointer starts the DMA. Three forms: 6.1.192 (the
   * payload may start in buffer 2 of the first descriptor on 32-bit DMA), the simplified flow
   * (tso-simplified; 6.18.19 with tso-last-segment) and 6.12.118's tso-entry-local.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_tso_xmit",
      versions = "v5.5..v6.18",
      commits = {"c2837423cb54", "4772f26db8d1", "d21a374995df"},
      source = TREE_6_18,
      notes = "also read in " + DEBIAN)
  public int tsoXmit(Skb skb, NetdevQueue txq) {
    if (cTsoXmit != null) {
      return cTsoXmit.xmit(skb, txq, true);
    }
    int mssDesc = -1;

    // Always insert VLAN tag to SKB payload for TSO frames: segments split by the TSO engine
    // would be un-tagged by mistake
    if (tsoVlanPush && skb.vlanTagPresent) {
      if (!priv.unported.vlanHwaccelPushInside(skb)) {
        priv.xstats.txDropped++;
        return NetdevTx.NETDEV_TX_OK;
      }
    }

    int nfrags = skb.nrFrags;
    int queue = skb.queueMapping;
    StmmacTxQueue txQ = priv.txQueue[queue];
    StmmacXstats.Txq txqStats = priv.xstats.txq[queue];
    DescRing ring = txQ.ring;
    int firstTx = ring.cur;

    // Compute header lengths (u8)
    int protoHdrLen;
    int hdr;
    int payLen = 0;
    if (tsoEntryLocal) {
      protoHdrLen = tsoHeaderSize(skb) & 0xFF;
      payLen = skb.headlen() - protoHdrLen; // no frags
      hdr = ((skb.gsoType & Skb.SKB_GSO_UDP_L4) != 0 ? UDPHDR_LEN : tcpHdrlen(skb)) & 0xFF;
    } else if ((skb.gsoType & Skb.SKB_GSO_UDP_L4) != 0) {
      protoHdrLen = (skb.transportOffset + UDPHDR_LEN) & 0xFF;
      hdr = UDPHDR_LEN;
    } else {
      protoHdrLen = (skb.transportOffset + tcpHdrlen(skb)) & 0xFF; // skb_tcp_all_headers
      hdr = tcpHdrlen(skb) & 0xFF;
    }

    boolean full;
    if (tsoEntryLocal) {
      full = Integer.compareUnsigned(txAvail(queue), tsoGetNumDesc(txQ, skb, payLen)) < 0;
    } else {
      // Desc availability based on threshold should be enough safe
      full = Integer.compareUnsigned(txAvail(queue),
          Integer.divideUnsigned(skb.len - protoHdrLen, TSO_MAX_BUFF_SIZE) + 1) < 0;
    }
    if (full) {
      if (!priv.calls.netifTxQueueStopped(txq)) {
        priv.calls.netifTxStopQueue(txq);
        // This is a hard error, log it.
        priv.calls.netdevErr("stmmac_tso_xmit: Tx Ring full when queue awake");
      }
      priv.counters.txBusy++;
      return NetdevTx.NETDEV_TX_BUSY;
    }

    Core core = core();
    core.charge(XMIT);
    priv.counters.xmit++;

    if (!tsoEntryLocal) {
      payLen = skb.headlen() - protoHdrLen; // no frags
    }

    int mss = skb.gsoSize;

    // set new MSS value if needed
    if (mss != txQ.mss) {
      mssDesc = ring.cur;
      core.charge(XMIT_DESC);
      priv.hwif.setMss(txQ, tsoDescKind(txQ), mssDesc, mss);
      txQ.mss = mss;
      ring.cur = nextEntry(ring.cur);
      if (ring.skb(ring.cur) != null) {
        priv.calls.warnOn();
      }
    }

    // Check if VLAN can be inserted by HW (before tso-vlan-push)
    boolean hasVlan = !tsoVlanPush && priv.unported.vlanInsert(skb, txQ);

    int firstEntry = ring.cur;
    int entry = firstEntry;
    if (ring.skb(entry) != null) {
      priv.calls.warnOn();
    }
    int kind = tsoDescKind(txQ);

    if (hasVlan) {
      priv.hwif.setDescVlan(txQ, kind, firstEntry, STMMAC_VLAN_INSERT);
    }

    // first descriptor: fill Headers on Buf1
    long des = priv.calls.dmaMapSingle(skb, Integer.toUnsignedLong(skb.headlen()));
    if (priv.calls.dmaMappingError(des)) {
      return tsoDmaMapErr(skb);
    }

    int tmpPayLen;
    long tsoDes;
    if (!tsoSimplified && priv.dmaCapAddr64 <= 32) {
      priv.hwif.writeDes0(txQ, kind, firstEntry, (int) des);
      // Fill start of payload in buff2 of first descriptor
      if (payLen != 0) {
        priv.hwif.writeDes1(txQ, kind, firstEntry, (int) (des + protoHdrLen));
      }
      // If needed take extra descriptors to fill the remaining payload
      tmpPayLen = payLen - TSO_MAX_BUFF_SIZE;
      tsoDes = des;
    } else {
      priv.hwif.setDescAddr(txQ, kind, firstEntry, des);
      tmpPayLen = payLen;
      tsoDes = des + protoHdrLen;
      payLen = 0;
    }

    entry = tsoAllocator(entry, tsoDes, tmpPayLen, nfrags == 0, queue);

    // The head's mapping is recorded on the last descriptor it used, so tx_clean unmaps it
    // only once the DMA has finished with all of it
    int at = tsoEntryLocal ? entry : ring.cur;
    txQ.dmaBuf[at] = des;
    txQ.dmaLen[at] = skb.headlen();
    txQ.mapAsPage[at] = false;
    txQ.bufType[at] = StmmacTxQueue.STMMAC_TXBUF_T_SKB;

    // Prepare fragments
    for (int i = 0; i < nfrags; i++) {
      int fragSize = skb.fragSize(i);
      des = priv.calls.skbFragDmaMap(skb, i, Integer.toUnsignedLong(fragSize));
      if (priv.calls.dmaMappingError(des)) {
        if (tsoEntryLocal) {
          return tsoErrorDmaUnmap(skb, queue, firstEntry, entry);
        }
        return tsoDmaMapErr(skb);
      }

      entry = tsoAllocator(entry, des, fragSize, i == nfrags - 1, queue);

      at = tsoEntryLocal ? entry : ring.cur;
      txQ.dmaBuf[at] = des;
      txQ.dmaLen[at] = fragSize;
      txQ.mapAsPage[at] = true;
      txQ.bufType[at] = StmmacTxQueue.STMMAC_TXBUF_T_SKB;
    }
    if (tsoEntryLocal) {
      ring.cur = entry;
    }

    txQ.lastSegment[ring.cur] = true;

    // Only the last descriptor gets to point to the skb.
    ring.setSkb(ring.cur, skb);
    txQ.bufType[ring.cur] = StmmacTxQueue.STMMAC_TXBUF_T_SKB;

    // Manage tx mitigation
    int txPackets = (ring.cur + 1) - firstTx;
    txQ.txCountFrames += txPackets;

    boolean hwTstamp = skb.hwTstamp && priv.hwtsTxEn;
    int txCoalFrames = priv.txCoalFrames[queue];
    boolean setIc;
    if (hwTstamp) {
      setIc = true;
    } else if (txCoalFrames == 0) {
      setIc = false;
    } else if (icBurstEndOnly) {
      setIc = !priv.calls.netdevXmitMore(); // what-if: a batch tail is the only IC point
    } else if (burstEndIc && !priv.calls.netdevXmitMore()) {
      setIc = true;
    } else if (Integer.compareUnsigned(txPackets, txCoalFrames) > 0) {
      setIc = true;
    } else if (Integer.compareUnsigned(
        Integer.remainderUnsigned(txQ.txCountFrames, txCoalFrames), txPackets) < 0) {
      setIc = true;
    } else {
      setIc = false;
    }

    if (setIc) {
      txQ.txCountFrames = 0;
      priv.hwif.setTxIc(txQ, tsoDescKind(txQ), ring.cur);
      priv.counters.txIcSet++;
    } else if (!armAtEnd) {
      txTimerArm(queue);
    }

    // advance cur_tx so that it references a fresh descriptor
    ring.cur = nextEntry(ring.cur);

    if (Integer.compareUnsigned(txAvail(queue), MAX_SKB_FRAGS + 1) <= 0) {
      priv.calls.netifTxStopQueue(txq);
    }

    txqStats.txBytes += Integer.toUnsignedLong(skb.len);
    txqStats.txTsoFrames++;
    txqStats.txTsoNfrags += nfrags;
    if (setIc) {
      txqStats.txSetIcBit++;
    }

    if (priv.sarcType != 0) {
      priv.hwif.setDescSarc(txQ, kind, firstEntry, priv.sarcType);
    }

    if (!tstampAfterDoorbell) {
      priv.calls.skbTxTimestamp(skb);
    }

    if (hwTstamp) {
      // declare that device is doing timestamping
      skb.tstampInProgress = true;
      priv.hwif.enableTxTimestamp(txQ, kind, firstEntry);
    }

    // Complete the first descriptor before granting the DMA
    boolean firstIsLast = tsoLastSegment
        ? ((ring.cur - firstEntry) & (ring.size() - 1)) == 1
        : txQ.lastSegment[firstEntry];
    core.charge(XMIT_DESC);
    priv.hwif.prepareTsoTxDesc(txQ, kind, firstEntry, true, protoHdrLen, payLen, true,
        firstIsLast, hdr / 4, skb.len - protoHdrLen);

    // If context desc is used to change MSS: its OWN is the last thing written
    if (mssDesc >= 0) {
      priv.hwif.setTxOwner(txQ, kind, mssDesc);
    }

    priv.calls.netdevTxSentQueue(txq, skb.len);
    txQ.queuedDesc += (ring.cur - firstTx) & (ring.size() - 1);
    if (tstampAfterDoorbell) {
      priv.calls.skbTxTimestamp(skb);
    }

    flushTxDescriptors(queue);
    if (armAtEnd) {
      txTimerArm(queue);
    }

    return NetdevTx.NETDEV_TX_OK;
  }

  /** tcp_hdrlen: the TCP header's length (doff * 4). */
  private static int tcpHdrlen(Skb skb) {
    return skb.hdrLen - skb.transportOffset;
  }

  /** tso_xmit's error label (dma_map_err before tso-entry-local): log, free, count. */
  private int tsoDmaMapErr(Skb skb) {
    priv.calls.devErr("Tx dma map failed");
    priv.calls.devKfreeSkb(skb);
    priv.xstats.txDropped++;
    return NetdevTx.NETDEV_TX_OK;
  }

  /** tso-entry-local's error_dma_unmap: every descriptor filled so far released and unmapped. */
  private int tsoErrorDmaUnmap(Skb skb, int queue, int firstEntry, int entry) {
    StmmacTxQueue txQ = priv.txQueue[queue];
    for (;;) {
      priv.hwif.releaseTxDesc(txQ, tsoDescKind(txQ), firstEntry, priv.mode);
      priv.unported.freeTxBuffer(queue, firstEntry);
      if (firstEntry == entry) {
        break;
      }
      firstEntry = nextEntry(firstEntry);
    }
    return tsoDmaMapErr(skb);
  }

  /** stmmac_tso_header_size (tso-entry-local): the bytes before the TSO payload. */
  @KernelPort(file = FILE, function = "stmmac_tso_header_size", versions = "v6.12.118..v6.12",
      source = "debian:linux-source-6.12@6.12.118")
  static int tsoHeaderSize(Skb skb) {
    int size;
    if ((skb.gsoType & Skb.SKB_GSO_UDP_L4) != 0) {
      size = skb.transportOffset + UDPHDR_LEN;
    } else {
      size = skb.transportOffset + tcpHdrlen(skb); // skb_tcp_all_headers
    }
    return size;
  }

  /** stmmac_tso_get_num_desc (tso-entry-local): the descriptors tso_xmit will fill. */
  @KernelPort(file = FILE, function = "stmmac_tso_get_num_desc",
      versions = "v6.12.118..v6.12", source = "debian:linux-source-6.12@6.12.118")
  static int tsoGetNumDesc(StmmacTxQueue txQ, Skb skb, int payLen) {
    int ndesc = 1;
    // head payload: DIV_ROUND_UP in u32, so the rounding addition wraps near 2^32
    ndesc += Integer.divideUnsigned(payLen + TSO_MAX_BUFF_SIZE - 1, TSO_MAX_BUFF_SIZE);
    // frag payload
    for (int i = 0; i < skb.nrFrags; i++) {
      ndesc += Integer.divideUnsigned(skb.fragSize(i) + TSO_MAX_BUFF_SIZE - 1,
          TSO_MAX_BUFF_SIZE);
    }
    // MSS update requires a new descriptor
    ndesc += skb.gsoSize != txQ.mss ? 1 : 0;
    return ndesc;
  }

  /**
   * stmmac_tso_allocator: TSO_MAX_BUFF_SIZE pieces, each in a fresh descriptor. Before
   * tso-entry-local it advances cur_tx itself; with it, the caller's entry (returned). 6.1.192
   * writes des0 directly on 32-bit DMA.
   */
  @KernelPort(file = FILE, function = "stmmac_tso_allocator", versions = "v4.19..v6.18",
      source = TREE_6_18, notes = "also read in " + DEBIAN)
  int tsoAllocator(int entry, long des, int totalLen, boolean lastSegment, int queue) {
    StmmacTxQueue txQ = priv.txQueue[queue];
    DescRing ring = txQ.ring;
    int tmpLen = totalLen;

    while (tmpLen > 0) {
      int at;
      if (tsoEntryLocal) {
        entry = nextEntry(entry);
        at = entry;
      } else {
        ring.cur = nextEntry(ring.cur);
        at = ring.cur;
      }
      if (ring.skb(at) != null) {
        priv.calls.warnOn();
      }
      int kind = tsoDescKind(txQ);

      long currAddr = des + (totalLen - tmpLen);
      if (!tsoSimplified && priv.dmaCapAddr64 <= 32) {
        priv.hwif.writeDes0(txQ, kind, at, (int) currAddr);
      } else {
        priv.hwif.setDescAddr(txQ, kind, at, currAddr);
      }
      int buffSize = tmpLen >= TSO_MAX_BUFF_SIZE ? TSO_MAX_BUFF_SIZE : tmpLen;

      kernel.cpu().requireCurrent().charge(XMIT_DESC);
      priv.hwif.prepareTsoTxDesc(txQ, kind, at, false, buffSize, 0, true,
          lastSegment && tmpLen <= TSO_MAX_BUFF_SIZE, 0, 0);

      tmpLen -= TSO_MAX_BUFF_SIZE;
    }
    return entry;
  }

  /**
   * stmmac_flush_tx_descriptors: wmb, then the tail pointer moves to cur_tx (the GMAC4/XGMAC
   * doorbell; a no-op register on dwmac1000). The offset is a u32 product; the hwif callback
   * takes the address as a u32.
   */
  @KernelPort(file = FILE, function = "stmmac_flush_tx_descriptors", versions = "v5.13..v6.18",
      source = TREE_6_18, notes = "split out of xmit and tso_xmit by \"net: stmmac: arrange Tx tail"
          + " pointer update to stmmac_flush_tx_descriptors\" (net-next, March 2021: v5.13);"
          + " before it the same steps were inline, tso_xmit's without the extended-descriptor"
          + " size")
  void flushTxDescriptors(int queue) {
    StmmacTxQueue txQ = priv.txQueue[queue];
    int descSize;

    if (priv.extendDesc) {
      descSize = SIZEOF_DMA_EXTENDED_DESC;
    } else if ((txQ.tbs & StmmacTxQueue.STMMAC_TBS_AVAIL) != 0) {
      descSize = SIZEOF_DMA_EDESC;
    } else {
      descSize = SIZEOF_DMA_DESC;
    }

    // The own bit must be the latest setting done when prepare the descriptor and then
    // barrier is needed to make sure that all is coherent before granting the DMA engine.
    txQ.txTailAddr = txQ.dmaTxPhy + Integer.toUnsignedLong(txQ.ring.cur * descSize);
    priv.hwif.setTxTailPtr(txQ.txTailAddr & 0xFFFF_FFFFL, queue);
  }

  // ------------------------------------------------------------------ timer

  /**
   * stmmac_tx_timer_arm. jiffies era: mod_timer(jiffies + usecs_to_jiffies(tx-usecs)), rounded
   * up to whole jiffies. hrtimer era: relative start of tx-usecs; zero-usecs returns on 0;
   * napi-aware-arm starts only while the TX NAPI is not scheduled and otherwise tries to cancel;
   * hrtimer-active does not restart a queued timer.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_tx_timer_arm",
      versions = "v4.19..v6.18",
      commits = {"8fce33317023", "d5a05e69ac6e", "fa60b8163816", "2d1a42cf7f77",
          "edceeba4af3d"},
      source = TREE_6_18,
      notes = "edceeba4af3d as posted in its v3 (seed 002); jiffies form from " + TREE_5_4)
  public void txTimerArm(int queue) {
    if (cTimerArm != null) {
      cTimerArm.timerArm(queue);
      return;
    }
    StmmacTxQueue txQ = priv.txQueue[queue];
    int txCoalTimer = priv.txCoalTimer[queue];
    priv.counters.txTimerArm++;

    if (!hrtimer) {
      long us = Integer.toUnsignedLong(txCoalTimer);
      txQ.txtimerList.modTimer(kernel.cpu().jiffies() + kernel.cpu().usecsToJiffies(us));
      return;
    }

    if (zeroUsecs && txCoalTimer == 0) {
      return;
    }

    if (!napiAwareArm) {
      priv.calls.hrtimerStart(txQ.txtimer, Integer.toUnsignedLong(txCoalTimer) * 1000L);
      return;
    }

    Napi napi = txNapi(txQ.queueIndex);

    // Arm timer only if napi is not already scheduled, else try to cancel it
    if (!priv.calls.napiIsScheduled(napi)) {
      if (hrtimerActive) {
        core().charge(HRTIMER_ACTIVE);
        priv.counters.hrtimerActiveChecks++;
        if (!priv.calls.hrtimerActive(txQ.txtimer)) {
          priv.calls.hrtimerStart(txQ.txtimer, Integer.toUnsignedLong(txCoalTimer) * 1000L);
        }
      } else {
        priv.calls.hrtimerStart(txQ.txtimer, Integer.toUnsignedLong(txCoalTimer) * 1000L);
      }
    } else if (armRecheck && napi.completionInFlight()) {
      // tx-arm-recheck (what-if): the poll finishing on another CPU re-checks dirty_tx !=
      // cur_tx after napi_complete_done, and the full barrier here (after cur_tx is published,
      // before napi_is_scheduled is read) guarantees it sees this descriptor, so it arms. The
      // model ran that poll at its start, before this xmit; its re-check takes effect here.
      priv.calls.hrtimerStart(txQ.txtimer, Integer.toUnsignedLong(txCoalTimer) * 1000L);
    } else {
      priv.calls.hrtimerTryToCancel(txQ.txtimer);
    }
  }

  /**
   * stmmac_tx_timer, the hrtimer callback (d5a05e69ac6e on): claim the TX NAPI, mask the
   * channel's TX DMA interrupt, schedule; never restarts itself.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_tx_timer",
      versions = "v5.11..v6.18",
      commits = {"d5a05e69ac6e", "021bd5e36970"},
      source = TREE_6_18,
      notes = "no AF_XDP pool: the TX NAPI is tx_napi")
  HrTimer.Restart txTimer(StmmacTxQueue txQ) {
    if (cTxTimer != null) {
      cTxTimer.txTimer(txQ.queueIndex);
      return HrTimer.Restart.NORESTART;
    }
    txTimerBody(txQ);
    return HrTimer.Restart.NORESTART;
  }

  /**
   * stmmac_tx_timer, the timer_list callback (before d5a05e69ac6e). 4.19: schedule the channel
   * NAPI. napi-split: schedule the TX NAPI, else retry in 10 us. irq-per-dir: mask TX, schedule.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_tx_timer",
      versions = "v4.19..v5.10",
      commits = {"8fce33317023", "4ccb45857c2c", "021bd5e36970"},
      source = TREE_5_4,
      notes = V419_NOTE)
  void txTimerList(StmmacTxQueue txQ) {
    if (!irqPerDir && napiSplit) {
      priv.counters.txTimerFire++;
      Napi napi = priv.channel[txQ.queueIndex].txNapi;
      // If NAPI is already running we can miss some events: rearm and try again
      if (priv.calls.napiSchedulePrep(napi)) {
        priv.calls.napiSchedule(napi);
      } else {
        txQ.txtimerList.modTimer(kernel.cpu().jiffies() + kernel.cpu().usecsToJiffies(10));
      }
      return;
    }
    txTimerBody(txQ);
  }

  private void txTimerBody(StmmacTxQueue txQ) {
    priv.counters.txTimerFire++;
    StmmacChannel ch = priv.channel[txQ.queueIndex];
    Napi napi = txNapi(ch.index);

    if (priv.calls.napiSchedulePrep(napi)) {
      if (irqPerDir) {
        priv.hwif.disableDmaIrq(ch.index, false, true);
      }
      priv.calls.napiSchedule(napi);
    }
  }

  // ------------------------------------------------------------------ completion

  /**
   * stmmac_tx_clean: reclaims descriptors the DMA has written back, up to the NAPI budget
   * (before tx-clean-one-shot) or the ring size; BQL completion; wake above ring/4. Work still
   * pending: nothing (4.19), a 10 us re-arm (napi-split), a tx-usecs re-arm
   * (reschedule-coal-timer: mod_timer, then hrtimer_start, then the arm helper from zero-usecs)
   * or only the report to the poll (arm-after-dma-enable). No AF_XDP pool: XSK completion and
   * zero-copy transmit are not reached; the XDP buffer types are handled as the C does.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_tx_clean",
      versions = "v4.19..v6.18",
      commits = {"4ccb45857c2c", "132c32ee5bc0", "d5a05e69ac6e", "fa60b8163816",
          "a594166387fe"},
      source = TREE_6_18,
      notes = "also read in " + DEBIAN + "; no AF_XDP pool (xsk_pool NULL)")
  int txClean(int budget, int queue) {
    if (cTxClean != null) {
      return cTxClean.txClean(budget, queue);
    }
    StmmacTxQueue txQ = priv.txQueue[queue];
    StmmacXstats.Txq txqStats = priv.xstats.txq[queue];
    DescRing ring = txQ.ring;
    NetdevQueue txq = priv.dev.queue(queue);
    Core core = core();
    int bytesCompl = 0;
    int pktsCompl = 0;
    int count = 0;
    int xmits = 0;
    int txPackets = 0;
    int txErrors = 0;
    int bound = txCleanOneShot ? ring.size() : budget;

    priv.calls.netifTxLockBh(txq);

    txQ.xskFramesDone = 0;

    int entry = ring.dirty;
    // Try to clean all TX complete frame in 1 shot (the budget before tx-clean-one-shot)
    while (entry != ring.cur && Integer.compareUnsigned(count, bound) < 0) {
      Skb skb;
      int type = txQ.bufType[entry];
      boolean xdpf = false;
      if (type == StmmacTxQueue.STMMAC_TXBUF_T_XDP_TX
          || type == StmmacTxQueue.STMMAC_TXBUF_T_XDP_NDO) {
        xdpf = txQ.xdpf[entry];
        skb = null;
      } else if (type == StmmacTxQueue.STMMAC_TXBUF_T_SKB) {
        skb = ring.skb(entry);
      } else {
        skb = null;
      }

      int kind = descKind(txQ);
      int status = priv.hwif.txStatus(txQ, kind, entry);
      // Check if the descriptor is owned by the DMA
      if ((status & TX_DMA_OWN) != 0) {
        break;
      }

      count++;
      core.charge(TX_CLEAN_DESC);

      // Just consider the last segment and verify the status error condition
      if ((status & TX_NOT_LS) == 0) {
        if ((status & TX_ERR) != 0) {
          txErrors++;
          if ((status & TX_ERR_BUMP_TC) != 0) {
            priv.unported.bumpDmaThreshold(queue);
          }
        } else {
          txPackets++;
        }
        if (skb != null) {
          priv.unported.getTxHwtstamp(txQ, kind, entry, skb);
        }
        // (xsk-tx-metadata: XSK TX metadata completion needs an AF_XDP pool: none here)
      }

      if (txQ.dmaBuf[entry] != 0 && type != StmmacTxQueue.STMMAC_TXBUF_T_XDP_TX) {
        if (txQ.mapAsPage[entry]) {
          priv.calls.dmaUnmapPage(txQ.dmaBuf[entry],
              Integer.toUnsignedLong(txQ.dmaLen[entry]));
        } else {
          priv.calls.dmaUnmapSingle(txQ.dmaBuf[entry],
              Integer.toUnsignedLong(txQ.dmaLen[entry]));
        }
        txQ.dmaBuf[entry] = 0;
        txQ.dmaLen[entry] = 0;
        txQ.mapAsPage[entry] = false;
      }

      priv.hwif.cleanDesc3(txQ, kind, entry);

      txQ.lastSegment[entry] = false;
      txQ.isJumbo[entry] = false;

      if (xdpf && txQ.bufType[entry] == StmmacTxQueue.STMMAC_TXBUF_T_XDP_TX) {
        priv.calls.xdpReturnFrameRxNapi(queue, entry);
        txQ.xdpf[entry] = false;
      }

      if (xdpf && txQ.bufType[entry] == StmmacTxQueue.STMMAC_TXBUF_T_XDP_NDO) {
        priv.calls.xdpReturnFrame(queue, entry);
        txQ.xdpf[entry] = false;
      }

      if (txQ.bufType[entry] == StmmacTxQueue.STMMAC_TXBUF_T_XSK_TX) {
        txQ.xskFramesDone++;
      }

      if (txQ.bufType[entry] == StmmacTxQueue.STMMAC_TXBUF_T_SKB) {
        if (skb != null) {
          pktsCompl++;
          bytesCompl += skb.len;
          priv.calls.devConsumeSkbAny(skb);
          ring.setSkb(entry, null);
        }
      }

      priv.hwif.releaseTxDesc(txQ, kind, entry, priv.mode);

      entry = nextEntry(entry);
    }
    ring.dirty = entry;
    txQ.cleanedDesc += count;

    priv.calls.netdevTxCompletedQueue(txq, pktsCompl, bytesCompl);
    if (priv.dim != null) { // the dim what-if's running totals
      priv.dim.tx.packets[queue] += pktsCompl;
      priv.dim.tx.bytes[queue] += Integer.toUnsignedLong(bytesCompl);
    }

    if (priv.calls.netifTxQueueStopped(txq)
        && Integer.compareUnsigned(txAvail(queue), ring.size() / 4) > 0) {
      priv.calls.netifTxWakeQueue(txq);
    }

    // (no AF_XDP pool: no XSK completion and no zero-copy transmit, xmits stays 0)

    if (eeeSwLpi) {
      if (priv.eeeSwTimerEn && !priv.txPathInLpiMode) {
        priv.unported.restartSwLpiTimer();
      }
    } else if (priv.eeeEnabled && !priv.txPathInLpiMode && priv.eeeSwTimerEn) {
      if (priv.unported.enableEeeMode()) {
        priv.unported.modEeeCtrlTimer();
      }
    }

    priv.counters.txCleanCalls++;
    priv.counters.txCleanDesc += count;
    priv.counters.txCleanPkts += pktsCompl;

    // We still have pending packets, let's call for a new scheduling
    if (ring.dirty != ring.cur) {
      if (armAfterDmaEnable) {
        pendingPackets = true;
      } else if (zeroUsecs) {
        txTimerArm(queue);
      } else if (hrtimer) {
        priv.calls.hrtimerStart(txQ.txtimer,
            Integer.toUnsignedLong(priv.txCoalTimer[queue]) * 1000L);
      } else if (rescheduleCoalTimer) {
        long us = Integer.toUnsignedLong(priv.txCoalTimer[queue]);
        txQ.txtimerList.modTimer(kernel.cpu().jiffies() + kernel.cpu().usecsToJiffies(us));
      } else if (napiSplit) {
        txQ.txtimerList.modTimer(kernel.cpu().jiffies() + kernel.cpu().usecsToJiffies(10));
      }
    }

    txqStats.napiTxPackets += txPackets;
    txqStats.napiTxPktN += txPackets;
    txqStats.napiTxClean++;

    priv.xstats.txErrors += txErrors;

    priv.calls.netifTxUnlockBh(txq);

    // Combine decisions from TX clean and XSK TX
    return Math.max(count, xmits);
  }

  /** The "pending_packets" out-argument of tx_clean (6.7+), read by the caller right after. */
  boolean pendingPackets;

  /**
   * stmmac_napi_poll_tx (napi-split on). napi-split: clean the whole ring, complete, ring the
   * doorbell again while work is pending (no IRQ re-enable: TX was never masked).
   * irq-per-dir: clean with the budget, re-enable the TX interrupt on completion. From
   * arm-after-dma-enable the timer is armed after that, when tx_clean reported pending work.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_napi_poll_tx",
      versions = "v5.0..v6.18",
      commits = {"4ccb45857c2c", "021bd5e36970", "132c32ee5bc0", "a594166387fe"},
      source = TREE_6_18,
      notes = "<=5.5 form from " + TREE_5_4)
  int napiPollTx(Napi napi, int budget) {
    StmmacChannel ch = priv.channel[indexOfTxNapi(napi)];
    int chan = ch.index;
    int workDone;
    priv.counters.napiPollTx++;

    if (!irqPerDir) {
      workDone = txClean(priv.txQueue[chan].ring.size(), chan);
      workDone = Math.min(workDone, budget);

      if (workDone < budget) {
        priv.calls.napiCompleteDone(napi, workDone);
      }

      // Force transmission restart
      StmmacTxQueue txQ = priv.txQueue[chan];
      if (txQ.ring.cur != txQ.ring.dirty) {
        priv.hwif.enableDmaTransmission(dmaTxChanArg ? chan : -1);
        priv.hwif.setTxTailPtr(txQ.txTailAddr & 0xFFFF_FFFFL, chan);
      }
      dimTxSample(napi, chan);
      return workDone;
    }

    if (cNapiPollTx != null) {
      // the tree's poll calls stmmac_tx_clean first (after its poll statistic): the model's
      // clean (Java, or its own bridge) runs there, and answers the C's stub
      pendingPackets = false;
      workDone = txClean(budget, chan);
      workDone = cNapiPollTx.napiPollTx(chan, budget, workDone, pendingPackets);
      dimTxSample(napi, chan);
      return workDone;
    }

    priv.xstats.txq[chan].napiPoll++;

    pendingPackets = false;
    workDone = txClean(budget, chan);
    boolean pending = pendingPackets;
    if (txCleanOneShot) {
      workDone = Math.min(workDone, budget);
    }

    if (workDone < budget && priv.calls.napiCompleteDone(napi, workDone)) {
      priv.hwif.enableDmaIrq(chan, false, true);
      // tx-arm-recheck (what-if): an xmit may have queued work after tx_clean unlocked
      if (armRecheck) {
        DescRing ring = priv.txQueue[chan].ring;
        pending |= ring.dirty != ring.cur;
      }
    }

    // TX still has packets to handle: check whether the timer must be armed
    // (no-pending-arm: a deliberately broken what-if that forgets to)
    if (armAfterDmaEnable && pending && !noPendingArm) {
      txTimerArm(chan);
    }

    dimTxSample(napi, chan);
    return workDone;
  }

  /** The dim what-if: a TX sample per poll, events = TX NAPI schedules. */
  private void dimTxSample(Napi napi, int chan) {
    if (priv.dim != null) {
      priv.dim.tx.sample(core(), chan, napi.scheduleCount());
    }
  }

  private int indexOfTxNapi(Napi napi) {
    for (StmmacChannel ch : priv.channel) {
      if (ch.txNapi == napi) {
        return ch.index;
      }
    }
    throw new IllegalStateException("not a TX NAPI of this device: " + napi.name());
  }

  /** Creates a queue's coalesce timer (timer_setup / hrtimer_init / hrtimer_setup). */
  void setupTxTimer(int chan) {
    StmmacTxQueue txQ = priv.txQueue[chan];
    if (hrtimer) {
      if (txQ.txtimer == null) {
        txQ.txtimer = new HrTimer(kernel, "stmmac_tx_timer", t -> txTimer(txQ));
      }
    } else if (txQ.txtimerList == null) {
      txQ.txtimerList = new TimerList(kernel, "stmmac_tx_timer", t -> txTimerList(txQ));
    }
  }

  /** hrtimer_cancel / del_timer_sync of a queue's timer (__stmmac_release). */
  void cancelTxTimer(int chan) {
    StmmacTxQueue txQ = priv.txQueue[chan];
    if (txQ.txtimer != null) {
      priv.calls.hrtimerCancel(txQ.txtimer);
    }
    if (txQ.txtimerList != null && txQ.txtimerList.pending()) {
      txQ.txtimerList.delTimer();
    }
  }
}
