package io.nicsim.stmmac;

import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.port.exec.Out;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The Java side of the stmmac_main.c harnesses' stubs: every kernel function, hwif callback and
 * unported driver helper the ports call is recorded into the output record, in the C stubs'
 * format, and answered from the same small state the C stubs keep (a NAPI's SCHED bit, a
 * queue's DRV_XOFF, a timer's active flag, which DMA mapping fails, the record's answers). The
 * two must stay a mirror of {@code src/main/resources/nicsim/portexec/stmmac/main.c}.
 */
final class HarnessCalls implements KernelCalls, StmmacHwif, UnportedCalls {
  final Out out = new Out();
  private final boolean eeeSwLpi;

  // state the record sets
  final Map<Napi, Integer> napiIds = new IdentityHashMap<>();
  final Map<Napi, Boolean> napiSched = new IdentityHashMap<>();
  final Map<Napi, Boolean> napiCompleteRet = new IdentityHashMap<>();
  /** napi_complete_done clears SCHED though it returns false (deferred interrupts). */
  final Map<Napi, Boolean> napiCompleteClears = new IdentityHashMap<>();
  final Map<HrTimer, Integer> timerQueue = new IdentityHashMap<>();
  final Map<HrTimer, Boolean> timerActive = new IdentityHashMap<>();
  final Map<HrTimer, Integer> timerTryRet = new IdentityHashMap<>();
  final boolean[] queueStopped = new boolean[StmmacPlat.MTL_MAX_QUEUES];
  final Map<Skb, Integer> skbIds = new IdentityHashMap<>();
  boolean xmitMore;
  int mapErrAt;
  int maps;
  int csumRet;
  boolean csumLinearize;
  boolean vlanInsert;
  boolean hasIpEthertype;
  boolean vlanPushOk;
  boolean isJumbo;
  int jumboEntry;
  boolean enableEeeMode;
  boolean safetyFeat;
  boolean queueWorkRet;
  final int[] txStatus = new int[1024];
  // RX answers, per ring entry
  final int[] rxStatus = new int[1024];
  final int[] buf1Len = new int[1024];
  final int[] buf2Len = new int[1024];
  final int[] xdpVerdict = new int[1024];
  int pageAllocFailAt;
  int pageAllocs;
  int skbAllocFailAt;
  int skbAllocs;
  int rxHashRet;
  int rxHash;
  int rxHashType;
  /** Descriptor words written directly ("kind,entry" to des0..des3), printed at the end. */
  final Map<String, int[]> descWords = new HashMap<>();

  /**
   * The loop's record (main.c under NICSIM_IN_LOOP): the core whose dwmac callbacks run (0
   * dwmac1000, 1 GMAC4, 2 XGMAC as GMAC4), or -1 for port-check's record, whose DMA ops are
   * recording stubs answered from the record. In the loop the ports of the tree's callbacks run
   * on {@link #hwIo}, the record's register file, as main.c's ops tables run the tree's.
   */
  int hwCore = -1;
  /** The register file the loop's record gives the callbacks; reads and writes recorded. */
  final HarnessDwmacIo hwIo = new HarnessDwmacIo(out, true);
  /** The era's dwmac forms: the channel's status register (dma-tx-chan-arg), RWT outside AIS. */
  boolean hwChanStatus;
  boolean hwRwtOutsideAis;
  private final StmmacXstats hwXstats = new StmmacXstats();

  HarnessCalls(boolean eeeSwLpi) {
    this.eeeSwLpi = eeeSwLpi;
  }

  /**
   * The loop's tail of a record from {@code at}: the core, then (where {@code regs}) a count and
   * that many (offset, value) pairs of the register file; port-check's record has none.
   */
  void hwFrom(long[] r, int at, boolean regs) {
    hwIo.reset();
    if (r.length <= at) {
      hwCore = -1;
      return;
    }
    hwCore = (int) r[at];
    if (regs && r.length > at + 1) {
      int n = (int) Math.max(0, Math.min(32, r[at + 1]));
      for (int i = 0; i < n && at + 3 + 2 * i < r.length; i++) {
        hwIo.set((int) r[at + 2 + 2 * i], (int) r[at + 3 + 2 * i]);
      }
    }
  }

  /** Forget the previous record's calls and answers. */
  void reset() {
    out.reset();
    napiSched.replaceAll((n, v) -> false);
    napiCompleteRet.replaceAll((n, v) -> false);
    napiCompleteClears.clear();
    timerActive.replaceAll((t, v) -> false);
    timerTryRet.replaceAll((t, v) -> 0);
    Arrays.fill(queueStopped, false);
    Arrays.fill(txStatus, 0);
    skbIds.clear();
    descWords.clear();
    maps = 0;
    pageAllocs = 0;
    skbAllocs = 0;
    Arrays.fill(rxStatus, 0);
  }

  private int id(Skb skb) {
    if (skb == null) {
      return -1;
    }
    Integer i = skbIds.get(skb);
    if (i == null) {
      throw new IllegalStateException("an skb the record did not build");
    }
    return i;
  }

  private static long b(boolean v) {
    return v ? 1 : 0;
  }

  // ---- KernelCalls

  @Override
  public boolean napiSchedulePrep(Napi n) {
    boolean ok = !napiSched.get(n);
    out.call("napi_schedule_prep", napiIds.get(n));
    napiSched.put(n, true);
    return ok;
  }

  @Override
  public void napiSchedule(Napi n) {
    out.call("__napi_schedule", napiIds.get(n));
  }

  @Override
  public boolean napiCompleteDone(Napi n, int workDone) {
    out.call("napi_complete_done", napiIds.get(n), workDone);
    boolean ret = napiCompleteRet.get(n);
    if (ret || napiCompleteClears.getOrDefault(n, false)) {
      napiSched.put(n, false);
    }
    return ret;
  }

  @Override
  public boolean napiIsScheduled(Napi n) {
    out.call("napi_is_scheduled", napiIds.get(n));
    return napiSched.get(n);
  }

  @Override
  public void hrtimerStart(HrTimer t, long ns) {
    out.call("hrtimer_start", timerQueue.get(t), ns, 1 /* HRTIMER_MODE_REL */);
    timerActive.put(t, true);
  }

  @Override
  public int hrtimerTryToCancel(HrTimer t) {
    out.call("hrtimer_try_to_cancel", timerQueue.get(t));
    timerActive.put(t, false);
    return timerTryRet.get(t);
  }

  @Override
  public boolean hrtimerActive(HrTimer t) {
    out.call("hrtimer_active", timerQueue.get(t));
    return timerActive.get(t);
  }

  @Override
  public int hrtimerCancel(HrTimer t) {
    boolean was = timerActive.get(t);
    out.call("hrtimer_cancel", timerQueue.get(t));
    timerActive.put(t, false);
    return was ? 1 : 0;
  }

  @Override
  public boolean netifTxQueueStopped(NetdevQueue txq) {
    out.call("netif_tx_queue_stopped", txq.index());
    return queueStopped[txq.index()];
  }

  @Override
  public void netifTxStopQueue(NetdevQueue txq) {
    out.call("netif_tx_stop_queue", txq.index());
    queueStopped[txq.index()] = true;
  }

  @Override
  public void netifTxWakeQueue(NetdevQueue txq) {
    out.call("netif_tx_wake_queue", txq.index());
    queueStopped[txq.index()] = false;
  }

  @Override
  public void netdevTxSentQueue(NetdevQueue txq, int bytes) {
    out.call("netdev_tx_sent_queue", txq.index(), Integer.toUnsignedLong(bytes));
  }

  @Override
  public void netdevTxCompletedQueue(NetdevQueue txq, int pkts, int bytes) {
    out.call("netdev_tx_completed_queue", txq.index(), Integer.toUnsignedLong(pkts),
        Integer.toUnsignedLong(bytes));
  }

  @Override
  public void netifTxLockBh(NetdevQueue txq) {
    out.call("__netif_tx_lock_bh", txq.index());
  }

  @Override
  public void netifTxUnlockBh(NetdevQueue txq) {
    out.call("__netif_tx_unlock_bh", txq.index());
  }

  @Override
  public boolean netdevXmitMore() {
    out.call("netdev_xmit_more");
    return xmitMore;
  }

  /** The k-th mapping of a record gets 0x10000000 + k * 0x1000. */
  private long map() {
    maps++;
    return 0x1000_0000L + (long) maps * 0x1000;
  }

  @Override
  public long dmaMapSingle(Skb skb, long len) {
    out.call("dma_map_single", len);
    return map();
  }

  @Override
  public long skbFragDmaMap(Skb skb, int frag, long len) {
    out.call("skb_frag_dma_map", len);
    return map();
  }

  @Override
  public boolean dmaMappingError(long addr) {
    out.call("dma_mapping_error", addr);
    return mapErrAt > 0 && addr == 0x1000_0000L + (long) mapErrAt * 0x1000;
  }

  @Override
  public void dmaUnmapPage(long addr, long len) {
    out.call("dma_unmap_page", addr, len);
  }

  @Override
  public void dmaUnmapSingle(long addr, long len) {
    out.call("dma_unmap_single", addr, len);
  }

  @Override
  public void devConsumeSkbAny(Skb skb) {
    out.call("dev_consume_skb_any", id(skb));
  }

  @Override
  public void devKfreeSkb(Skb skb) {
    out.call("dev_kfree_skb", id(skb));
  }

  @Override
  public void skbTxTimestamp(Skb skb) {
    out.call("skb_tx_timestamp", id(skb));
  }

  @Override
  public int skbChecksumHelp(Skb skb) {
    out.call("skb_checksum_help", id(skb));
    if (csumRet == 0 && csumLinearize) {
      skb.nrFrags = 0; // data_len 0; the fragments' sizes stay in shinfo, as in the C stub
    }
    return csumRet;
  }

  @Override
  public void xdpReturnFrameRxNapi(int queue, int entry) {
    out.call("xdp_return_frame_rx_napi");
  }

  @Override
  public void xdpReturnFrame(int queue, int entry) {
    out.call("xdp_return_frame");
  }

  // ---- RX path

  @Override
  public long pagePoolAllocPages(int queue, int gfp) {
    pageAllocs++;
    out.call("page_pool_alloc_pages", queue, gfp);
    return pageAllocs == pageAllocFailAt ? 0 : 0x2000_0000L + (long) pageAllocs * 0x1000;
  }

  @Override
  public long pagePoolGetDmaAddr(long page) {
    return page;
  }

  @Override
  public void pagePoolRecycleDirect(int queue, long page) {
    out.call("page_pool_recycle_direct", queue, page);
  }

  @Override
  public void pagePoolPutPage(int queue, long page, int dmaSyncSize, boolean allowDirect) {
    out.call("page_pool_put_page", queue, page, dmaSyncSize, b(allowDirect));
  }

  @Override
  public void pagePoolReleasePage(int queue, long page) {
    out.call("page_pool_release_page", queue, page);
  }

  @Override
  public void dmaSyncSingleForCpu(long addr, long size) {
    out.call("dma_sync_single_for_cpu", addr, size);
  }

  private Skb newSkb() {
    skbAllocs++;
    if (skbAllocs == skbAllocFailAt) {
      return null;
    }
    Skb skb = ledger.alloc(0, 2048);
    skbIds.put(skb, 2000 + skbAllocs);
    return skb;
  }

  /** The skbs the RX harness's napi_alloc_skb / napi_build_skb hand out. */
  SkbLedger ledger;

  @Override
  public Skb napiAllocSkb(Napi n, int len) {
    out.call("napi_alloc_skb", napiIds.get(n), Integer.toUnsignedLong(len));
    return newSkb();
  }

  @Override
  public Skb napiBuildSkb(StmmacRxQueue q, int entry, int fragSize) {
    out.call("napi_build_skb", Integer.toUnsignedLong(fragSize));
    return newSkb();
  }

  @Override
  public void skbCopyToLinearData(Skb skb, StmmacRxQueue q, int entry, int len) {
    out.call("skb_copy_to_linear_data", id(skb), Integer.toUnsignedLong(len));
  }

  @Override
  public void skbPut(Skb skb, int len) {
    out.call("skb_put", id(skb), Integer.toUnsignedLong(len));
    skb.len += len;
  }

  @Override
  public void skbReserve(Skb skb, int len) {
    out.call("skb_reserve", id(skb), len);
  }

  @Override
  public void skbAddRxFrag(Skb skb, int i, long page, int off, int size, int truesize) {
    out.call("skb_add_rx_frag", id(skb), i, page, Integer.toUnsignedLong(off),
        Integer.toUnsignedLong(size), Integer.toUnsignedLong(truesize));
    skb.nrFrags++;
    skb.len += size;
  }

  @Override
  public void skbMarkForRecycle(Skb skb) {
    out.call("skb_mark_for_recycle", id(skb));
  }

  @Override
  public int ethTypeTrans(Skb skb) {
    out.call("eth_type_trans", id(skb));
    return 8;
  }

  @Override
  public void skbChecksumNoneAssert(Skb skb) {
    out.call("skb_checksum_none_assert", id(skb));
  }

  @Override
  public void skbSetHash(Skb skb, int hash, int type) {
    out.call("skb_set_hash", id(skb), Integer.toUnsignedLong(hash), type);
  }

  @Override
  public void skbRecordRxQueue(Skb skb, int queue) {
    out.call("skb_record_rx_queue", id(skb), queue);
  }

  @Override
  public void napiGroReceive(Napi n, Skb skb) {
    out.call("napi_gro_receive", napiIds.get(n), id(skb), Integer.toUnsignedLong(skb.len),
        skb.ipSummed, skb.nrFrags);
  }

  @Override
  public int rxStatus(StmmacRxQueue q, int kind, int entry) {
    out.call("rx_status", kind, entry);
    return rxStatus[entry];
  }

  @Override
  public void rxExtendedStatus(StmmacRxQueue q, int entry) {
    out.call("rx_extended_status", entry);
  }

  @Override
  public void setRxDescAddr(StmmacRxQueue q, int kind, int entry, long addr) {
    out.call("set_desc_addr", kind, entry, addr);
  }

  @Override
  public void setDescSecAddr(StmmacRxQueue q, int kind, int entry, long addr,
      boolean bufValid) {
    out.call("set_desc_sec_addr", kind, entry, addr, b(bufValid));
  }

  @Override
  public void setRxOwner(StmmacRxQueue q, int kind, int entry, boolean disableRxIc) {
    out.call("set_rx_owner", kind, entry, b(disableRxIc));
  }

  @Override
  public int getRxHash(StmmacRxQueue q, int kind, int entry, int[] hashOut) {
    out.call("get_rx_hash", kind, entry);
    if (rxHashRet == 0) {
      hashOut[0] = rxHash;
      hashOut[1] = rxHashType;
    }
    return rxHashRet;
  }

  @Override
  public void refillDesc3(StmmacRxQueue q, int kind, int entry) {
    out.call("refill_desc3", kind, entry);
  }

  @Override
  public void setRxTailPtr(long tailPtr, int chan) {
    out.call("set_rx_tail_ptr", tailPtr, chan);
  }

  @Override
  public void enableDmaReception(int chan) {
    out.call("enable_dma_reception", chan);
  }

  @Override
  public int rxBuf1Len(StmmacRxQueue q, int kind, int entry, int status, int len) {
    out.call("stmmac_rx_buf1_len", kind, entry, status, Integer.toUnsignedLong(len));
    return buf1Len[entry];
  }

  @Override
  public int rxBuf2Len(StmmacRxQueue q, int kind, int entry, int status, int len) {
    out.call("stmmac_rx_buf2_len", kind, entry, status, Integer.toUnsignedLong(len));
    return buf2Len[entry];
  }

  @Override
  public int xdpRunProg(StmmacRxQueue q, int entry) {
    out.call("stmmac_xdp_run_prog", entry);
    return xdpVerdict[entry];
  }

  @Override
  public void getRxHwtstamp(StmmacRxQueue q, int kind, int entry, int nextEntry, Skb skb) {
    out.call("stmmac_get_rx_hwtstamp", kind, entry, nextEntry, id(skb));
  }

  @Override
  public void rxVlan(Skb skb) {
    out.call("stmmac_rx_vlan", id(skb));
  }

  @Override
  public void rxHwVlan(StmmacRxQueue q, int kind, int entry, Skb skb) {
    out.call("stmmac_rx_hw_vlan", kind, entry, id(skb));
  }

  @Override
  public void finalizeXdpRx(int xdpStatus) {
    out.call("stmmac_finalize_xdp_rx", xdpStatus);
  }

  @Override
  public void warnOn() {
    out.call("WARN_ON");
  }

  @Override
  public void devErr(String msg) {
    out.message("dev_err", msg);
  }

  @Override
  public void netdevErr(String msg) {
    out.message("netdev_err", msg);
  }

  @Override
  public boolean queueWork(Runnable serviceTask) {
    out.call("queue_work");
    return queueWorkRet;
  }

  @Override
  public void netifCarrierOff() {
    out.call("netif_carrier_off");
  }

  @Override
  public void rtnlLock() {
    out.call("rtnl_lock");
  }

  @Override
  public void rtnlUnlock() {
    out.call("rtnl_unlock");
  }

  @Override
  public void netifTransUpdate() {
    out.call("netif_trans_update");
  }

  @Override
  public void devClose() {
    out.call("dev_close");
  }

  @Override
  public int devOpen() {
    out.call("dev_open");
    return 0;
  }

  // ---- StmmacHwif

  @Override
  public void prepareTxDesc(StmmacTxQueue q, int kind, int entry, boolean isFs, int len,
      boolean csumFlag, int mode, boolean txOwn, boolean ls, int totPktLen) {
    out.call("prepare_tx_desc", kind, entry, b(isFs), len, b(csumFlag), mode, b(txOwn), b(ls),
        Integer.toUnsignedLong(totPktLen));
  }

  @Override
  public void prepareTsoTxDesc(StmmacTxQueue q, int kind, int entry, boolean isFs, int len1,
      int len2, boolean txOwn, boolean ls, int tcpHdrLen, int tcpPayloadLen) {
    out.call("prepare_tso_tx_desc", kind, entry, b(isFs), len1, len2, b(txOwn), b(ls),
        Integer.toUnsignedLong(tcpHdrLen), Integer.toUnsignedLong(tcpPayloadLen));
  }

  @Override
  public void setTxOwner(StmmacTxQueue q, int kind, int entry) {
    out.call("set_tx_owner", kind, entry);
  }

  @Override
  public void setTxIc(StmmacTxQueue q, int kind, int entry) {
    out.call("set_tx_ic", kind, entry);
  }

  @Override
  public void setDescAddr(StmmacTxQueue q, int kind, int entry, long addr) {
    out.call("set_desc_addr", kind, entry, addr);
  }

  @Override
  public void writeDes0(StmmacTxQueue q, int kind, int entry, int value) {
    descWords.computeIfAbsent(descKey(kind, entry), k -> new int[4])[0] = value;
  }

  @Override
  public void writeDes1(StmmacTxQueue q, int kind, int entry, int value) {
    descWords.computeIfAbsent(descKey(kind, entry), k -> new int[4])[1] = value;
  }

  static String descKey(int kind, int entry) {
    return kind + "," + entry;
  }

  @Override
  public void setMss(StmmacTxQueue q, int kind, int entry, int mss) {
    out.call("set_mss", kind, entry, Integer.toUnsignedLong(mss));
  }

  @Override
  public void enableTxTimestamp(StmmacTxQueue q, int kind, int entry) {
    out.call("enable_tx_timestamp", kind, entry);
  }

  @Override
  public void setDescVlan(StmmacTxQueue q, int kind, int entry, int type) {
    out.call("set_desc_vlan", kind, entry, type);
  }

  @Override
  public void setDescSarc(StmmacTxQueue q, int kind, int entry, int sarcType) {
    out.call("set_desc_sarc", kind, entry, sarcType);
  }

  @Override
  public void setDescTbs(StmmacTxQueue q, int entry, long sec, long nsec) {
    out.call("set_desc_tbs", entry, sec, nsec);
  }

  @Override
  public int txStatus(StmmacTxQueue q, int kind, int entry) {
    out.call("tx_status", kind, entry);
    return txStatus[entry];
  }

  @Override
  public void releaseTxDesc(StmmacTxQueue q, int kind, int entry, int mode) {
    out.call("release_tx_desc", kind, entry, mode);
  }

  @Override
  public boolean isJumboFrm(int len, boolean enhDesc) {
    out.call("is_jumbo_frm", len, b(enhDesc));
    return isJumbo;
  }

  @Override
  public int jumboFrm(StmmacTxQueue q, Skb skb, boolean csum) {
    out.call("jumbo_frm", b(csum));
    return jumboEntry;
  }

  @Override
  public void cleanDesc3(StmmacTxQueue q, int kind, int entry) {
    out.call("clean_desc3", kind, entry);
  }

  @Override
  public void enableDmaTransmission(int chan) {
    out.call("enable_dma_transmission", chan);
    if (hwCore == 0) {
      Dwmac1000Hw.enableDmaTransmission(hwIo, Math.max(chan, 0), chan >= 0);
    }
  }

  @Override
  public void setTxTailPtr(long tailPtr, int chan) {
    out.call("set_tx_tail_ptr", tailPtr, chan);
    if (hwCore > 0) {
      Dwmac4Hw.setTxTailPtr(hwIo, null, (int) tailPtr, chan);
    }
  }

  int[] dmaStatus = new int[StmmacPlat.MTL_MAX_QUEUES * 4];

  @Override
  public int dmaInterruptStatus(int chan, DmaDir dir) {
    int d = dir == DmaDir.RX ? 1 : dir == DmaDir.TX ? 2 : 3;
    out.call("dma_interrupt", chan, d);
    if (hwCore < 0) {
      return dmaStatus[chan * 4 + d];
    }
    int ret = hwCore == 0
        ? Dwmac1000Hw.dmaInterrupt(hwIo, hwXstats, chan, d, hwChanStatus,
            w -> out.message("pr_warn", w))
        : Dwmac4Hw.dmaInterrupt(hwIo, null, hwXstats, chan, d, hwRwtOutsideAis);
    out.call("dma_status", ret);
    return ret;
  }

  @Override
  public void enableDmaIrq(int chan, boolean rx, boolean tx) {
    out.call("enable_dma_irq", chan, b(rx), b(tx));
  }

  @Override
  public void disableDmaIrq(int chan, boolean rx, boolean tx) {
    out.call("disable_dma_irq", chan, b(rx), b(tx));
  }

  // ---- UnportedCalls

  @Override
  public void stopSwLpi() {
    out.call(eeeSwLpi ? "stmmac_stop_sw_lpi" : "stmmac_disable_eee_mode");
  }

  @Override
  public boolean enableEeeMode() {
    out.call("stmmac_enable_eee_mode");
    return enableEeeMode;
  }

  @Override
  public void modEeeCtrlTimer() {
    out.call("mod_timer_eee_ctrl");
  }

  @Override
  public void restartSwLpiTimer() {
    out.call("stmmac_restart_sw_lpi_timer");
  }

  @Override
  public boolean vlanInsert(Skb skb, StmmacTxQueue q) {
    out.call("stmmac_vlan_insert");
    return vlanInsert;
  }

  @Override
  public boolean vlanHwaccelPushInside(Skb skb) {
    out.call("__vlan_hwaccel_push_inside", id(skb));
    if (!vlanPushOk) {
      return false;
    }
    skb.vlanTagPresent = false;
    skb.len += StmmacTx.VLAN_HLEN;
    return true;
  }

  @Override
  public boolean hasIpEthertype(Skb skb) {
    out.call("stmmac_has_ip_ethertype");
    return hasIpEthertype;
  }

  @Override
  public void getTxHwtstamp(StmmacTxQueue q, int kind, int entry, Skb skb) {
    out.call("stmmac_get_tx_hwtstamp", kind, entry, id(skb));
  }

  @Override
  public void bumpDmaThreshold(int chan) {
    out.call("stmmac_bump_dma_threshold", chan);
  }

  @Override
  public void txErr(int chan) {
    out.call("stmmac_tx_err", chan);
  }

  @Override
  public boolean safetyFeatInterrupt() {
    out.call("stmmac_safety_feat_interrupt");
    return safetyFeat;
  }

  @Override
  public void commonInterrupt() {
    out.call("stmmac_common_interrupt");
  }

  @Override
  public void freeTxBuffer(int queue, int entry) {
    out.call("stmmac_free_tx_buffer", queue, entry);
  }
}
