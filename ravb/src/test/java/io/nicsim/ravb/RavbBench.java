package io.nicsim.ravb;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import java.util.ArrayList;
import java.util.List;

/**
 * The driver's state and registers without a simulator, with a recording kernel: for the
 * suite's tests of the RX, poll and xmit decisions on rings set up by hand.
 */
final class RavbBench implements RavbKernel {
  final RavbPriv priv;
  final RavbRx rx;
  final RavbNapi napi;
  final RavbXmit xmit;
  final List<String> calls = new ArrayList<>();
  boolean completeDoneAnswer = true;
  private long nextBuf;

  RavbBench(RavbHwInfo info, String kernel, String... patches) {
    PatchSet ps = RavbPatches.CATALOG.select(KernelVersion.parse(kernel), List.of(patches));
    int numTxDesc = info.alignedTx ? 2 : 1;
    RavbHw hw = new RavbHw(info, null, null, null, null, RavbPriv.BE_RX_RING_SIZE,
        RavbPriv.BE_TX_RING_SIZE * numTxDesc, 0);
    priv = new RavbPriv(hw, info, ps, null);
    priv.k = this;
    priv.numRxRing[0] = RavbPriv.BE_RX_RING_SIZE;
    priv.numTxRing[0] = RavbPriv.BE_TX_RING_SIZE;
    priv.numTxDesc = numTxDesc;
    priv.rxBuf[0] = new long[RavbPriv.BE_RX_RING_SIZE];
    priv.txSkb[0] = new Skb[RavbPriv.BE_TX_RING_SIZE];
    for (int i = 0; i < RavbPriv.BE_RX_RING_SIZE; i++) {
      priv.rxBuf[0][i] = ++nextBuf;
      hw.rxDsCc[i] = 2000;
      hw.setRxDieDt(i, RavbHw.DT_FEMPTY);
    }
    rx = new RavbRx(priv);
    napi = new RavbNapi(priv, rx);
    xmit = new RavbXmit(priv, napi);
  }

  /** The DMAC fills the next {@code n} descriptors from cur_rx with good single frames. */
  void frames(int n, int len) {
    RavbHw hw = priv.hw;
    for (int k = 0; k < n; k++) {
      int i = Integer.remainderUnsigned(priv.curRx[0] + k, priv.numRxRing[0]);
      hw.rxRing.releaseOwn(i);
      hw.rxDieDt[i] = RavbHw.DT_FSINGLE;
      hw.rxDsCc[i] = len;
      hw.rxMsc[i] = 0;
    }
    hw.ris0 |= RavbHw.RIS0_FRF0;
  }

  @Override
  public boolean napiSchedulePrep(Napi n) {
    calls.add("napi_schedule_prep");
    return true;
  }

  @Override
  public void napiSchedule(Napi n) {
    calls.add("__napi_schedule");
  }

  @Override
  public boolean napiCompleteDone(Napi n, int workDone) {
    calls.add("napi_complete_done(" + workDone + ")");
    return completeDoneAnswer;
  }

  @Override
  public void netifWakeSubqueue(int q) {
    calls.add("netif_wake_subqueue(" + q + ")");
  }

  @Override
  public void netifStopSubqueue(int q) {
    calls.add("netif_stop_subqueue(" + q + ")");
  }

  @Override
  public void dmaUnmapSingle(int addr, int size) {
    calls.add("dma_unmap_single");
  }

  @Override
  public void devKfreeSkbAny(Skb skb) {
    calls.add("dev_kfree_skb_any");
  }

  @Override
  public long allocRxBuffer(int q, int entry) {
    return ++nextBuf;
  }

  @Override
  public long napiBuildSkb(int q, int entry, long buf, int fragSize) {
    return buf;
  }

  @Override
  public long rxRingSkb(int q, int entry, long buf) {
    return buf;
  }

  /** dma_mapping_error's answer and dma_map_single's address for a new quota-era RX skb. */
  boolean rxMapError;
  long rxMapAddr;

  @Override
  public long dmaMapRx(long skb, int size) {
    calls.add("dma_map_single(" + size + ")");
    return rxMapAddr;
  }

  @Override
  public boolean rxDmaMappingError(long addr) {
    return rxMapError;
  }

  @Override
  public void skbRxHwtstamp(long skb, long hwtstamp) {
    calls.add("hwtstamp(" + hwtstamp + ")");
  }

  @Override
  public void skbPut(long skb, int len) {}

  @Override
  public void skbAddRxFrag(long skb, long buf, int len, int truesize) {
    calls.add("skb_add_rx_frag");
  }

  @Override
  public void pagePoolPutPage(int q, long buf) {
    calls.add("page_pool_put_page");
  }

  @Override
  public void napiGroReceive(Napi napi, long skb) {
    calls.add("napi_gro_receive");
  }

  @Override
  public int skbLen(long skb) {
    return 1442;
  }

  @Override
  public void getTxTstamp() {
    calls.add("ravb_get_tx_tstamp");
  }

  @Override
  public void emacInterruptUnlocked() {
    calls.add("ravb_emac_interrupt_unlocked");
  }

  @Override
  public void errorInterrupt() {
    calls.add("ravb_error_interrupt");
  }

  @Override
  public void ptpInterrupt() {
    calls.add("ravb_ptp_interrupt");
  }

  @Override
  public boolean canTxCsumGbeth(Skb skb) {
    calls.add("ravb_can_tx_csum_gbeth");
    return false;
  }

  @Override
  public void skbChecksumHelp(Skb skb) {
    calls.add("skb_checksum_help");
  }

  long dmaAddr;

  @Override
  public long rxBufferDma(long buf) {
    return dmaAddr;
  }

  @Override
  public void dmaSyncRxForDevice(long addr, int size) {
    calls.add("dma_sync_single_for_device(" + addr + "," + size + ")");
  }

  long count(String call) {
    return calls.stream().filter(call::equals).count();
  }
}
