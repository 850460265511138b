package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
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
 * The transmit half of stmmac_main.c: xmit and tso_xmit (descriptor fill, the set_ic decision,
 * queue stop, BQL, doorbell, timer arm), the TX coalesce timer, tx_clean and the TX NAPI poll,
 * for every era the patch catalog knows. Patch flags are read once here.
 */
public class StmmacTx {
  static final String FILE = StmmacLifecycle.FILE;
  /** Newest tree read. */
  static final String S1 = StmmacLifecycle.S1;
  /** The 6.6/6.7 boundary (2d1a42cf7f77). */
  static final String S2 = "torvalds/linux@2d1a42cf7f77cda54dbbee18d00b1200e7bc22aa";
  /** A v5.2..v5.4 tree. */
  static final String S3 = "torvalds/linux@0060c8783330ab60deb96f9d6bb7abfe4664765d";
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
  /** The "pending_packets" out-argument of tx_clean (6.7+), read by the caller right after. */
  private boolean pendingPackets;

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
  }

  private Core core() {
    return kernel.cpu().requireCurrent();
  }

  /** stmmac_tx_avail: free descriptors, one slot always kept empty. */
  @KernelPort(file = FILE, function = "stmmac_tx_avail", versions = "v4.19..v6.18", source = S1)
  int txAvail(int queue) {
    DescRing ring = priv.txQueue[queue].ring;
    int avail;
    if (ring.dirty > ring.cur) {
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

  // ------------------------------------------------------------------ xmit

  /**
   * stmmac_xmit. Descriptors: the skb head in the first, one per fragment after it; the skb
   * pointer and, when chosen, IC on the last. The first descriptor's OWN is set last, then BQL,
   * the doorbell and (from arm-at-end) the timer arm.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_xmit",
      versions = "v4.19..v6.18",
      commits = {"8fce33317023", "d0bb82fd6018", "c2837423cb54", "4772f26db8d1",
          "d21a374995df"},
      source = S1,
      notes = "jumbo, VLAN insertion, checksum fallback, EST, TBS and DMA mapping errors are not"
          + " modelled; fragments are equal shares of the payload; the <=5.4 order is that of "
          + S3)
  public int xmit(Skb skb, NetdevQueue txq) {
    int queue = txq.index();
    int nfrags = skb.nrFrags;
    StmmacTxQueue txQ = priv.txQueue[queue];
    DescRing ring = txQ.ring;
    int firstTx = ring.cur;

    // Manage oversized TCP frames for GMAC4 device
    if (skb.isGso() && priv.plat.tso()) {
      return tsoXmit(skb, txq);
    }

    if (txAvail(queue) < nfrags + 1) {
      if (!txq.stopped()) {
        txq.stop();
      }
      priv.counters.txBusy++;
      return NetdevTx.NETDEV_TX_BUSY;
    }

    Core core = core();
    core.charge(XMIT);
    priv.counters.xmit++;
    int entry = ring.cur;
    int firstEntry = entry;
    int fragLen = nfrags == 0 ? 0 : skb.payloadLen / nfrags;
    int nopagedLen = skb.len - fragLen * nfrags;

    for (int i = 0; i < nfrags; i++) {
      boolean lastSegment = i == nfrags - 1;

      entry = ring.next(entry);
      core.charge(XMIT_DESC);
      ring.setBufLen(entry, fragLen);
      if (lastSegment) {
        ring.set(entry, DescRing.LS);
      }
      // Prepare the descriptor and set the own bit too
      ring.setOwn(entry);
    }

    // Only the last descriptor gets to point to the skb.
    ring.setSkb(entry, skb);

    boolean hwTstamp = skb.hwTstamp && priv.hwtsTxEn;
    boolean setIc;
    if (setIcModulo) {
      int txPackets = TxMitigation.txPackets(entry, firstTx);
      txQ.txCountFrames += txPackets;

      setIc = TxMitigation.setIc(hwTstamp, priv.txCoalFrames[queue], txPackets,
          txQ.txCountFrames, kernel.netdevXmitMore(), burstEndIc, icBurstEndOnly);

      if (setIc) {
        txQ.txCountFrames = 0;
        priv.hw.setTxIc(ring, entry);
        priv.counters.txIcSet++;
      } else if (!armAtEnd) {
        // c2837423cb54 alone: the timer is armed only for skbs without IC
        txTimerArm(queue);
      }

      entry = ring.next(entry);
      ring.cur = entry;

      if (txAvail(queue) <= MAX_SKB_FRAGS + 1) {
        txq.stop();
      }
    } else {
      // up to 5.4: advance and stop first, then the threshold test that arms the timer
      entry = ring.next(entry);
      int lastEntry = ring.wrap(entry - 1);
      ring.cur = entry;

      if (txAvail(queue) <= MAX_SKB_FRAGS + 1) {
        txq.stop();
      }

      txQ.txCountFrames += nfrags + 1;
      setIc = TxMitigation.setIcLegacy(priv.txCoalFrames[queue], txQ.txCountFrames,
          tstampIc && priv.plat.synopsysId() >= StmmacPlat.DWMAC_CORE_4_00 && hwTstamp);
      if (!setIc) {
        txTimerArm(queue);
      } else {
        txQ.txCountFrames = 0;
        priv.hw.setTxIc(ring, lastEntry);
        priv.counters.txIcSet++;
      }
    }

    // the first descriptor: head of the skb, OWN last of all
    core.charge(XMIT_DESC);
    ring.setBufLen(firstEntry, nopagedLen);
    ring.set(firstEntry, nfrags == 0 ? DescRing.FS | DescRing.LS : DescRing.FS);
    if (hwTstamp) {
      ring.set(firstEntry, DescRing.TSTAMP);
    }
    ring.setOwn(firstEntry);

    txq.sentQueue(skb.len);
    txQ.queuedDesc += (ring.cur - firstTx) & (ring.size() - 1);

    priv.hw.enableDmaTransmission(queue);
    flushTxDescriptors(queue);
    if (armAtEnd) {
      txTimerArm(queue);
    }

    return NetdevTx.NETDEV_TX_OK;
  }

  /**
   * stmmac_tso_xmit (GMAC4/XGMAC): an MSS context descriptor when the MSS changes, the header
   * in the first descriptor, the payload in TSO_MAX_BUFF_SIZE pieces. Same set_ic chain as
   * xmit; no poll-demand doorbell, the tail pointer starts the DMA.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_tso_xmit",
      versions = "v5.5..v6.18",
      commits = {"c2837423cb54", "4772f26db8d1", "d21a374995df"},
      source = S1,
      notes = "VLAN push, USO header variants and DMA mapping errors are not modelled;"
          + " fragments are equal shares of the payload")
  public int tsoXmit(Skb skb, NetdevQueue txq) {
    int queue = txq.index();
    int nfrags = skb.nrFrags;
    StmmacTxQueue txQ = priv.txQueue[queue];
    DescRing ring = txQ.ring;
    int firstTx = ring.cur;
    int protoHdrLen = skb.hdrLen;

    // Desc availability based on threshold should be enough safe
    if (txAvail(queue) < (skb.len - protoHdrLen) / TSO_MAX_BUFF_SIZE + 1) {
      if (!txq.stopped()) {
        txq.stop();
      }
      priv.counters.txBusy++;
      return NetdevTx.NETDEV_TX_BUSY;
    }

    Core core = core();
    core.charge(XMIT);
    priv.counters.xmit++;
    int fragLen = nfrags == 0 ? 0 : skb.payloadLen / nfrags;
    int payLen = skb.len - protoHdrLen - fragLen * nfrags;
    int mss = skb.gsoSize;
    int mssDesc = -1;

    // set new MSS value if needed
    if (mss != txQ.mss) {
      mssDesc = ring.cur;
      core.charge(XMIT_DESC);
      ring.set(mssDesc, DescRing.CTX);
      txQ.mss = mss;
      ring.cur = ring.next(ring.cur);
    }

    int firstEntry = ring.cur;
    ring.setBufLen(firstEntry, protoHdrLen);
    tsoAllocator(core, ring, payLen, nfrags == 0);
    for (int i = 0; i < nfrags; i++) {
      tsoAllocator(core, ring, fragLen, i == nfrags - 1);
    }
    // Only the last descriptor gets to point to the skb.
    ring.setSkb(ring.cur, skb);

    // Manage tx mitigation
    int txPackets = TxMitigation.txPackets(ring.cur, firstTx);
    txQ.txCountFrames += txPackets;
    boolean hwTstamp = skb.hwTstamp && priv.hwtsTxEn;
    boolean setIc = TxMitigation.setIc(hwTstamp, priv.txCoalFrames[queue], txPackets,
        txQ.txCountFrames, kernel.netdevXmitMore(), burstEndIc, icBurstEndOnly);

    if (setIc) {
      txQ.txCountFrames = 0;
      priv.hw.setTxIc(ring, ring.cur);
      priv.counters.txIcSet++;
    } else if (!armAtEnd) {
      txTimerArm(queue);
    }

    ring.cur = ring.next(ring.cur);

    if (txAvail(queue) <= MAX_SKB_FRAGS + 1) {
      txq.stop();
    }

    // is_last_segment: the first descriptor is the only one
    boolean isLastSegment = ((ring.cur - firstEntry) & (ring.size() - 1)) == 1;
    // Complete the first descriptor before granting the DMA
    core.charge(XMIT_DESC);
    ring.set(firstEntry, isLastSegment ? DescRing.FS | DescRing.LS : DescRing.FS);
    ring.setOwn(firstEntry);
    if (mssDesc >= 0) {
      ring.setOwn(mssDesc);
    }

    txq.sentQueue(skb.len);
    txQ.queuedDesc += (ring.cur - firstTx) & (ring.size() - 1);

    flushTxDescriptors(queue);
    if (armAtEnd) {
      txTimerArm(queue);
    }

    return NetdevTx.NETDEV_TX_OK;
  }

  /** stmmac_tso_allocator: TSO_MAX_BUFF_SIZE pieces, each in a fresh descriptor. */
  @KernelPort(file = FILE, function = "stmmac_tso_allocator", versions = "v4.19..v6.18",
      source = S1)
  private void tsoAllocator(Core core, DescRing ring, int totalLen, boolean lastSegment) {
    int tmpLen = totalLen;

    while (tmpLen > 0) {
      ring.cur = ring.next(ring.cur);
      core.charge(XMIT_DESC);
      int buffSize = Math.min(tmpLen, TSO_MAX_BUFF_SIZE);
      ring.setBufLen(ring.cur, buffSize);
      if (lastSegment && tmpLen <= TSO_MAX_BUFF_SIZE) {
        ring.set(ring.cur, DescRing.LS);
      }
      ring.setOwn(ring.cur);
      tmpLen -= TSO_MAX_BUFF_SIZE;
    }
  }

  /**
   * stmmac_flush_tx_descriptors: wmb, then the tail pointer moves to cur_tx (the GMAC4/XGMAC
   * doorbell; a no-op register on dwmac1000).
   */
  @KernelPort(file = FILE, function = "stmmac_flush_tx_descriptors", versions = "v5.10..v6.18",
      source = S1, notes = "inline in xmit before v5.10; same effect")
  void flushTxDescriptors(int queue) {
    priv.hw.setTxTailPtr(queue, priv.txQueue[queue].ring.cur);
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
      source = S1,
      notes = "edceeba4af3d as posted in its v3 (seed 002); jiffies form from " + S3)
  public void txTimerArm(int queue) {
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
      txQ.txtimer.start(Integer.toUnsignedLong(txCoalTimer) * 1000L);
      return;
    }

    Napi napi = txNapi(txQ.queueIndex);

    // Arm timer only if napi is not already scheduled, else try to cancel it
    if (!napi.isScheduled()) {
      if (hrtimerActive) {
        core().charge(HRTIMER_ACTIVE);
        priv.counters.hrtimerActiveChecks++;
        if (!txQ.txtimer.active()) {
          txQ.txtimer.start(Integer.toUnsignedLong(txCoalTimer) * 1000L);
        }
      } else {
        txQ.txtimer.start(Integer.toUnsignedLong(txCoalTimer) * 1000L);
      }
    } else if (armRecheck && napi.completionInFlight()) {
      // tx-arm-recheck (what-if): the poll finishing on another CPU re-checks dirty_tx !=
      // cur_tx after napi_complete_done, and the full barrier here (after cur_tx is published,
      // before napi_is_scheduled is read) guarantees it sees this descriptor, so it arms. The
      // model ran that poll at its start, before this xmit; its re-check takes effect here.
      txQ.txtimer.start(Integer.toUnsignedLong(txCoalTimer) * 1000L);
    } else {
      txQ.txtimer.tryToCancel();
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
      source = S1)
  HrTimer.Restart txTimer(StmmacTxQueue txQ) {
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
      source = S3,
      notes = V419_NOTE)
  void txTimerList(StmmacTxQueue txQ) {
    if (!irqPerDir && napiSplit) {
      priv.counters.txTimerFire++;
      Napi napi = priv.channel[txQ.queueIndex].txNapi;
      // If NAPI is already running we can miss some events: rearm and try again
      if (napi.schedulePrep()) {
        napi.schedule();
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

    if (napi.schedulePrep()) {
      if (irqPerDir) {
        priv.hw.disableDmaIrq(ch.index, false, true);
      }
      napi.schedule();
    }
  }

  // ------------------------------------------------------------------ completion

  /**
   * stmmac_tx_clean: reclaims descriptors the DMA has written back, up to the NAPI budget
   * (before tx-clean-one-shot) or the ring size; BQL completion; wake above ring/4. Work still
   * pending: nothing (4.19), a 10 us re-arm (napi-split), a tx-usecs re-arm
   * (reschedule-coal-timer: mod_timer, then hrtimer_start, then the arm helper from zero-usecs)
   * or only the report to the poll (arm-after-dma-enable).
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_tx_clean",
      versions = "v4.19..v6.18",
      commits = {"4ccb45857c2c", "132c32ee5bc0", "d5a05e69ac6e", "fa60b8163816",
          "a594166387fe"},
      source = S1,
      notes = "XDP/XSK buffers, timestamps, EEE and error statistics are not modelled")
  int txClean(int budget, int queue) {
    StmmacTxQueue txQ = priv.txQueue[queue];
    DescRing ring = txQ.ring;
    NetdevQueue txq = priv.dev.queue(queue);
    Core core = core();
    int bytesCompl = 0;
    int pktsCompl = 0;
    int count = 0;
    int bound = txCleanOneShot ? ring.size() : budget;

    txq.xmitLock().lock(core); // __netif_tx_lock_bh: an xmit on another CPU waits for the clean

    int entry = ring.dirty;
    while (entry != ring.cur && count < bound) {
      // Check if the descriptor is owned by the DMA
      if (ring.own(entry)) {
        break;
      }

      count++;
      core.charge(TX_CLEAN_DESC);

      Skb skb = ring.skb(entry);
      if (skb != null) {
        pktsCompl++;
        bytesCompl += skb.len;
        core.charge(KernelOps.SKB_FREE);
        skb.free();
      }

      ring.reset(entry);
      entry = ring.next(entry);
    }
    ring.dirty = entry;
    txQ.cleanedDesc += count;

    txq.completedQueue(pktsCompl, bytesCompl);
    if (priv.dim != null) { // the dim what-if's running totals
      priv.dim.tx.packets[queue] += pktsCompl;
      priv.dim.tx.bytes[queue] += bytesCompl;
    }

    if (txq.stopped() && txAvail(queue) > ring.size() / 4) {
      txq.wake();
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
        txQ.txtimer.start(Integer.toUnsignedLong(priv.txCoalTimer[queue]) * 1000L);
      } else if (rescheduleCoalTimer) {
        long us = Integer.toUnsignedLong(priv.txCoalTimer[queue]);
        txQ.txtimerList.modTimer(kernel.cpu().jiffies() + kernel.cpu().usecsToJiffies(us));
      } else if (napiSplit) {
        txQ.txtimerList.modTimer(kernel.cpu().jiffies() + kernel.cpu().usecsToJiffies(10));
      }
    }

    txq.xmitLock().unlock(core); // __netif_tx_unlock_bh
    return count;
  }

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
      source = S1,
      notes = "<=5.5 form from " + S3)
  int napiPollTx(Napi napi, int budget) {
    StmmacChannel ch = priv.channel[indexOfTxNapi(napi)];
    int chan = ch.index;
    int workDone;
    priv.counters.napiPollTx++;

    if (!irqPerDir) {
      workDone = txClean(priv.txQueue[chan].ring.size(), chan);
      workDone = Math.min(workDone, budget);

      if (workDone < budget) {
        napi.completeDone(workDone);
      }

      // Force transmission restart
      StmmacTxQueue txQ = priv.txQueue[chan];
      if (txQ.ring.cur != txQ.ring.dirty) {
        priv.hw.enableDmaTransmission(chan);
        priv.hw.setTxTailPtr(chan, txQ.ring.cur);
      }
      dimTxSample(napi, chan);
      return workDone;
    }

    pendingPackets = false;
    workDone = txClean(budget, chan);
    boolean pending = pendingPackets;
    if (txCleanOneShot) {
      workDone = Math.min(workDone, budget);
    }

    if (workDone < budget && napi.completeDone(workDone)) {
      priv.hw.enableDmaIrq(chan, false, true);
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
    if (txQ.txtimer != null && txQ.txtimer.active() && !txQ.txtimer.callbackRunning()) {
      txQ.txtimer.cancel();
    }
    if (txQ.txtimerList != null && txQ.txtimerList.pending()) {
      txQ.txtimerList.delTimer();
    }
  }
}
