package io.nicsim.fec;

import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.port.exec.Out;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * {@link FecKernel} and {@link FecPlatform} as the harnesses' C stubs are written
 * ({@code src/main/resources/nicsim/portexec/fec/data.c} and {@code setup.c}): each call that
 * has an effect is printed to the record in the stubs' format, each query answers what the
 * input record set. An skb is numbered in creation order, a page is its number, a CPU address
 * the token the C stubs print for it.
 */
final class FecHarnessKernel implements FecKernel, FecPlatform {
  /** The record's stub calls and fields go here. */
  final Out out = new Out();
  private final SkbLedger ledger = new SkbLedger();
  private final Map<Skb, SkbState> skbs = new IdentityHashMap<>();
  private int nskbs;

  /** Answers, set from a record. */
  boolean ansSchedulePrep;
  boolean ansCompleteDone;
  boolean ansRatelimit;
  int ansClearCsum;
  long ansDmaMap;
  int ansProtocol;
  /** Whether the k-th page allocation / build_skb of the record succeeds. */
  final boolean[] allocOk = new boolean[6];
  final boolean[] buildOk = new boolean[6];
  private int nalloc;
  private int nbuild;
  /** netif_tx_queue_stopped per queue. */
  final boolean[] stopped = new boolean[3];
  /** The VLAN TCI in page n's frame. */
  final int[] pageTci = new int[513];

  /** What the C skb holds besides what {@link Skb} does. */
  private static final class SkbState {
    final int id;
    int dataOff;
    int protocol;
    int vlanPresent;
    int vlanTci;
    long page;

    SkbState(int id) {
      this.id = id;
    }
  }

  /** A new skb as the record gives it: {@code len} bytes, data at {@code dataOff} of its head. */
  Skb skb(int len, int dataOff) {
    Skb skb = ledger.alloc(len, 2048);
    SkbState st = new SkbState(++nskbs);
    st.dataOff = dataOff;
    skbs.put(skb, st);
    return skb;
  }

  /** An skb built on page {@code page} (an RX frame), {@code len} bytes from its start. */
  Skb rxSkb(long page, int len) {
    Skb skb = skb(len, 0);
    skbs.get(skb).page = page;
    return skb;
  }

  /** skb->data - skb->head. */
  int dataOff(Skb skb) {
    return skbs.get(skb).dataOff;
  }

  /** Whether __vlan_hwaccel_put_tag ran, and its tag. */
  int vlanPresent(Skb skb) {
    return skbs.get(skb).vlanPresent;
  }

  int vlanTag(Skb skb) {
    return skbs.get(skb).vlanTci;
  }

  /** The skb's number (1..). */
  int id(Skb skb) {
    return skbs.get(skb).id;
  }

  // ---------------------------------------------------------------- FecKernel

  @Override
  public boolean napiSchedulePrep() {
    out.call("napi_schedule_prep");
    return ansSchedulePrep;
  }

  @Override
  public void napiSchedule() {
    out.call("__napi_schedule");
  }

  @Override
  public boolean napiCompleteDone(int workDone) {
    out.call("napi_complete_done", workDone);
    return ansCompleteDone;
  }

  @Override
  public void napiGroReceive(Skb skb) {
    SkbState st = skbs.get(skb);
    out.call("napi_gro_receive", st.id, Integer.toUnsignedLong(skb.len), st.dataOff,
        skb.ipSummed, skb.queueMapping & 0xFFFF, st.protocol & 0xFFFF, st.vlanPresent,
        st.vlanTci);
  }

  @Override
  public void napiEnable() {
    out.call("napi_enable");
  }

  @Override
  public void napiDisable() {
    out.call("napi_disable");
  }

  @Override
  public Skb buildSkb(long page, int fragSize) {
    int k = nbuild++;
    out.call("build_skb", page * 0x10000, Integer.toUnsignedLong(fragSize));
    if (k < buildOk.length && !buildOk[k]) {
      return null;
    }
    Skb skb = skb(0, 0);
    skbs.get(skb).page = page;
    return skb;
  }

  @Override
  public void napiConsumeSkb(Skb skb, int budget) {
    out.call("napi_consume_skb", id(skb), budget);
  }

  @Override
  public void devKfreeSkbAny(Skb skb) {
    out.call("dev_kfree_skb_any", id(skb));
  }

  @Override
  public long skbData(Skb skb) {
    SkbState st = skbs.get(skb);
    return 0x2000_0000L + st.id * 0x1000L + st.dataOff;
  }

  @Override
  public void skbTxTimestamp(Skb skb) {
    out.call("skb_tx_timestamp", id(skb));
  }

  @Override
  public void skbTstampTx(Skb skb, int ts) {
    out.call("fec_enet_hwtstamp", Integer.toUnsignedLong(ts));
    out.call("skb_tstamp_tx", id(skb));
  }

  @Override
  public void rxHwtstamp(Skb skb, int ts) {
    out.call("fec_enet_hwtstamp", Integer.toUnsignedLong(ts));
  }

  @Override
  public void skbReserve(Skb skb, int len) {
    skbs.get(skb).dataOff += len;
  }

  @Override
  public void skbPut(Skb skb, int len) {
    skb.len += len;
  }

  @Override
  public int vlanTci(Skb skb) {
    return pageTci[(int) skbs.get(skb).page];
  }

  @Override
  public void vlanPop(Skb skb) {
    skb.len -= 4; // skb_pull(skb, VLAN_HLEN)
    skbs.get(skb).dataOff += 4;
  }

  @Override
  public void vlanHwaccelPutTag(Skb skb, int proto, int tci) {
    SkbState st = skbs.get(skb);
    st.vlanPresent = 1;
    st.vlanTci = tci & 0xFFFF;
  }

  @Override
  public int ethTypeTrans(Skb skb) {
    SkbState st = skbs.get(skb);
    skb.len -= 14; // skb_pull(skb, ETH_HLEN)
    st.dataOff += 14;
    st.protocol = ansProtocol;
    return ansProtocol;
  }

  @Override
  public int clearCsum(Skb skb) {
    out.call("fec_enet_clear_csum", id(skb));
    return ansClearCsum;
  }

  @Override
  public void swapBuffer(long page, int offset, int len) {
    out.call("swap_buffer", page * 0x10000 + offset, len);
  }

  @Override
  public void swapTxBuffer(long cpuAddr, int len) {
    out.call("swap_buffer", cpuAddr, len);
  }

  @Override
  public void copyToBounce(int index, Skb skb, int len) {}

  @Override
  public long pagePoolDevAllocPages(int queue) {
    int k = nalloc++;
    out.call("page_pool_dev_alloc_pages", queue);
    return k < allocOk.length && !allocOk[k] ? 0 : 1001 + k;
  }

  @Override
  public long pagePoolGetDmaAddr(long page) {
    return 0x8000_0000L + page * 4096;
  }

  @Override
  public void pagePoolRecycleDirect(int queue, long page) {
    out.call("page_pool_recycle_direct", queue, page);
  }

  @Override
  public long dmaMapSingle(long cpuAddr, int len, int dir) {
    out.call("dma_map_single", cpuAddr, Integer.toUnsignedLong(len), dir);
    return ansDmaMap;
  }

  @Override
  public boolean dmaMappingError(long addr) {
    return addr == -1L;
  }

  @Override
  public void dmaUnmapSingle(long addr, int len, int dir) {
    out.call("dma_unmap_single", addr, Integer.toUnsignedLong(len), dir);
  }

  @Override
  public void dmaSyncSingleForCpu(long addr, int len, int dir) {
    out.call("dma_sync_single_for_cpu", addr, Integer.toUnsignedLong(len), dir);
  }

  @Override
  public boolean netifTxQueueStopped(int queue) {
    return stopped[queue];
  }

  @Override
  public void netifTxWakeQueue(int queue) {
    out.call("netif_tx_wake_queue", queue);
    stopped[queue] = false;
  }

  @Override
  public void netifTxStopQueue(int queue) {
    out.call("netif_tx_stop_queue", queue);
    stopped[queue] = true;
  }

  @Override
  public boolean netRatelimit() {
    return ansRatelimit;
  }

  @Override
  public void netdevErr(String text) {
    out.message("netdev_err", text);
  }

  @Override
  public void warnOn() {
    out.call("WARN_ON");
  }

  // ---------------------------------------------------------------- FecPlatform

  /** Answers of the bring-up queries. */
  int[] devAddr = new int[6];
  int mtu = 1500;
  boolean hasPhydev;
  int phySpeed;
  boolean phyPause;
  boolean netifRunning;
  boolean netifDevicePresent;
  int phyLink;
  int phyDuplex;
  int phyTxLpiTimer;
  boolean phyEnableTxLpi;
  int ansCreatePagePool;
  /** Whether eee_mode_set has its tx_lpi_timer argument (eee-lpi-timer). */
  boolean eeeTimerArg;

  /** fec_enet_alloc_queue: the k-th kzalloc and the k-th TSO area that fail (0: none). */
  int kzallocFailAt;
  int tsoAllocFailAt;
  private int kzallocs;
  private int tsoAllocs;

  /** A fresh count of allocations for the next record. */
  void resetAllocs(int kzallocFail, int tsoFail) {
    kzallocFailAt = kzallocFail;
    tsoAllocFailAt = tsoFail;
    kzallocs = 0;
    tsoAllocs = 0;
  }

  @Override
  public boolean kzalloc(boolean rx, int i) {
    out.call("kzalloc", rx ? 1 : 0, i);
    return ++kzallocs != kzallocFailAt;
  }

  @Override
  public long tsoHdrsAlloc(int size) {
    out.call("tso_hdrs_alloc", Integer.toUnsignedLong(size));
    int k = ++tsoAllocs;
    return k == tsoAllocFailAt ? 0 : 0x2000_0000L + (long) (k - 1) * 0x10_0000;
  }

  @Override
  public void freeQueue() {
    out.call("fec_enet_free_queue");
  }

  @Override
  public void ptpSaveState() {
    out.call("fec_ptp_save_state");
  }

  @Override
  public void ptpRestoreState() {
    out.call("fec_ptp_restore_state");
  }

  @Override
  public void ptpStartCyclecounter() {
    out.call("fec_ptp_start_cyclecounter");
  }

  @Override
  public void setMulticastList() {
    out.call("set_multicast_list");
  }

  @Override
  public void resetSkb() {
    out.call("fec_enet_reset_skb");
  }

  @Override
  public int createPagePool(int queue, int size) {
    out.call("fec_enet_create_page_pool", queue, size);
    return ansCreatePagePool;
  }

  @Override
  public void freeBuffers() {
    out.call("fec_enet_free_buffers");
  }

  @Override
  public void udelay(int us) {
    out.call("udelay", us);
  }

  @Override
  public int devAddr(int i) {
    return devAddr[i];
  }

  @Override
  public int mtu() {
    return mtu;
  }

  @Override
  public boolean hasPhydev() {
    return hasPhydev;
  }

  @Override
  public int phySpeed() {
    return phySpeed;
  }

  @Override
  public boolean phyPause() {
    return phyPause;
  }

  @Override
  public boolean netifRunning() {
    return netifRunning;
  }

  @Override
  public boolean netifDevicePresent() {
    return netifDevicePresent;
  }

  @Override
  public void netifStopQueue() {
    out.call("netif_stop_queue");
  }

  @Override
  public void netifTxLockBh() {
    out.call("netif_tx_lock_bh");
  }

  @Override
  public void netifTxUnlockBh() {
    out.call("netif_tx_unlock_bh");
  }

  @Override
  public void netifTxWakeAllQueues() {
    out.call("netif_tx_wake_all_queues");
  }

  @Override
  public void netifTxStartAllQueues() {
    out.call("netif_tx_start_all_queues");
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
  public void fecStop() {
    out.call("fec_stop");
  }

  @Override
  public void fecDump() {
    out.call("fec_dump");
  }

  @Override
  public void scheduleTimeoutWork() {
    out.call("schedule_work");
  }

  @Override
  public void eeeModeSet(int txLpiTimer, boolean enable) {
    if (eeeTimerArg) {
      out.call("fec_enet_eee_mode_set", Integer.toUnsignedLong(txLpiTimer), enable ? 1 : 0);
    } else {
      out.call("fec_enet_eee_mode_set", enable ? 1 : 0);
    }
  }

  @Override
  public void phyPrintStatus() {
    out.call("phy_print_status");
  }

  @Override
  public int phyLink() {
    return phyLink;
  }

  @Override
  public int phyDuplex() {
    return phyDuplex;
  }

  @Override
  public int phyTxLpiTimer() {
    return phyTxLpiTimer;
  }

  @Override
  public boolean phyEnableTxLpi() {
    return phyEnableTxLpi;
  }
}
