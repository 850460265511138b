package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;

/**
 * {@link KernelCalls} on a simulated host: each call acts on core's kernel model (NAPI state,
 * hrtimers, the netdev queue and BQL, the skb ledger, a kworker for the service work). What the
 * model does not represent (bus addresses, the carrier, RTNL) is a no-op, said at the method.
 */
final class LiveKernelCalls implements KernelCalls {
  /** The bus address every mapping gets: the model has no IOMMU, only "mapped" (non-zero). */
  static final long MAPPED = 1;

  private final Kernel kernel;
  private final NetDevice dev;

  LiveKernelCalls(Kernel kernel, NetDevice dev) {
    this.kernel = kernel;
    this.dev = dev;
  }

  private Core core() {
    return kernel.cpu().requireCurrent();
  }

  @Override
  public boolean napiSchedulePrep(Napi n) {
    return n.schedulePrep();
  }

  @Override
  public void napiSchedule(Napi n) {
    n.schedule();
  }

  @Override
  public boolean napiCompleteDone(Napi n, int workDone) {
    return n.completeDone(workDone);
  }

  @Override
  public boolean napiIsScheduled(Napi n) {
    return n.isScheduled();
  }

  @Override
  public void hrtimerStart(HrTimer t, long ns) {
    t.start(ns);
  }

  @Override
  public int hrtimerTryToCancel(HrTimer t) {
    return t.tryToCancel();
  }

  @Override
  public boolean hrtimerActive(HrTimer t) {
    return t.active();
  }

  @Override
  public int hrtimerCancel(HrTimer t) {
    // hrtimer_cancel waits for a running callback; the model's callbacks run to completion
    // before anything else on this CPU, so only a queued timer is left to cancel
    if (t.active() && !t.callbackRunning()) {
      return t.cancel();
    }
    return 0;
  }

  @Override
  public boolean netifTxQueueStopped(NetdevQueue txq) {
    return txq.stopped();
  }

  @Override
  public void netifTxStopQueue(NetdevQueue txq) {
    txq.stop();
  }

  @Override
  public void netifTxWakeQueue(NetdevQueue txq) {
    txq.wake();
  }

  @Override
  public void netdevTxSentQueue(NetdevQueue txq, int bytes) {
    txq.sentQueue(bytes);
  }

  @Override
  public void netdevTxCompletedQueue(NetdevQueue txq, int pkts, int bytes) {
    txq.completedQueue(pkts, bytes);
  }

  @Override
  public void netifTxLockBh(NetdevQueue txq) {
    txq.xmitLock().lock(core()); // an xmit on another CPU waits for the clean
  }

  @Override
  public void netifTxUnlockBh(NetdevQueue txq) {
    txq.xmitLock().unlock(core());
  }

  @Override
  public boolean netdevXmitMore() {
    return kernel.netdevXmitMore();
  }

  @Override
  public long dmaMapSingle(Skb skb, long len) {
    return MAPPED;
  }

  @Override
  public long skbFragDmaMap(Skb skb, int frag, long len) {
    return MAPPED;
  }

  @Override
  public boolean dmaMappingError(long addr) {
    return false; // the model's mappings never fail
  }

  @Override
  public void dmaUnmapPage(long addr, long len) {
    // no IOMMU in the model: the cleaned descriptor's cost covers the unmap
  }

  @Override
  public void dmaUnmapSingle(long addr, long len) {
    // as dmaUnmapPage
  }

  @Override
  public void devConsumeSkbAny(Skb skb) {
    core().charge(KernelOps.SKB_FREE);
    skb.free();
  }

  @Override
  public void devKfreeSkb(Skb skb) {
    core().charge(KernelOps.SKB_FREE);
    skb.free();
  }

  @Override
  public void skbTxTimestamp(Skb skb) {
    // no software TX timestamping in the model
  }

  @Override
  public int skbChecksumHelp(Skb skb) {
    return 0; // the model's skbs never need it (CHECKSUM_PARTIAL is never set)
  }

  @Override
  public void xdpReturnFrameRxNapi(int queue, int entry) {
    throw new IllegalStateException("stmmac model: an XDP frame on a TX ring");
  }

  @Override
  public void xdpReturnFrame(int queue, int entry) {
    throw new IllegalStateException("stmmac model: an XDP frame on a TX ring");
  }

  /** The model's page pool: every page is the token {@link #MAPPED}; allocations never fail. */
  @Override
  public long pagePoolAllocPages(int queue, int gfp) {
    return MAPPED;
  }

  @Override
  public long pagePoolGetDmaAddr(long page) {
    return page;
  }

  @Override
  public void pagePoolRecycleDirect(int queue, long page) {
    // the model's pages are not counted
  }

  @Override
  public void pagePoolPutPage(int queue, long page, int dmaSyncSize, boolean allowDirect) {
    // as pagePoolRecycleDirect
  }

  @Override
  public void pagePoolReleasePage(int queue, long page) {
    // as pagePoolRecycleDirect
  }

  @Override
  public void dmaSyncSingleForCpu(long addr, long size) {
    // coherent in the model; the received descriptor's cost covers it
  }

  @Override
  public Skb napiAllocSkb(Napi napi, int len) {
    core().charge(KernelOps.SKB_ALLOC);
    return dev.skbs().alloc(0, StmmacRx.RX_TRUESIZE);
  }

  /** The skb takes the page: what the DMA wrote into the entry becomes its data. */
  @Override
  public Skb napiBuildSkb(StmmacRxQueue q, int entry, int fragSize) {
    core().charge(KernelOps.SKB_ALLOC);
    Skb skb = dev.skbs().alloc(0, StmmacRx.RX_TRUESIZE);
    skb.payload = q.ring.payload(entry);
    skb.payloadOffset = q.ring.payloadOffset(entry);
    return skb;
  }

  /** What the DMA wrote into the entry becomes the skb's data. */
  @Override
  public void skbCopyToLinearData(Skb skb, StmmacRxQueue q, int entry, int len) {
    skb.payload = q.ring.payload(entry);
    skb.payloadOffset = q.ring.payloadOffset(entry);
  }

  @Override
  public void skbPut(Skb skb, int len) {
    skb.len += len;
  }

  @Override
  public void skbReserve(Skb skb, int len) {
    // headroom: nothing the model's skbs hold
  }

  @Override
  public void skbAddRxFrag(Skb skb, int i, long page, int off, int size, int truesize) {
    skb.len += size;
  }

  @Override
  public void skbMarkForRecycle(Skb skb) {
    // page-pool recycling is not modelled
  }

  @Override
  public int ethTypeTrans(Skb skb) {
    return 0; // the model's stack does not read skb->protocol
  }

  @Override
  public void skbChecksumNoneAssert(Skb skb) {
  }

  @Override
  public void skbSetHash(Skb skb, int hash, int type) {
    // RSS is not modelled
  }

  @Override
  public void skbRecordRxQueue(Skb skb, int queue) {
    // one RX queue delivers every frame in the model
  }

  @Override
  public void napiGroReceive(Napi napi, Skb skb) {
    dev.receive(napi, skb);
  }

  @Override
  public void warnOn() {
    kernel.printk("WARNING: stmmac " + dev.name() + ": WARN_ON");
  }

  @Override
  public void devErr(String msg) {
    kernel.printk(dev.driverName() + " " + dev.name() + ": " + msg);
  }

  /**
   * A kworker on the CPU that queued the work runs it in process context (the reset's own
   * cost is not charged).
   */
  @Override
  public boolean queueWork(Runnable serviceTask) {
    Core core = kernel.cpu().current() != null ? kernel.cpu().current() : kernel.cpu().core(0);
    Task worker = new Task("kworker/" + core.id() + ":stmmac_wq") {
      @Override
      protected boolean run(Core c) {
        serviceTask.run();
        return false;
      }
    };
    core.attach(worker);
    worker.wake();
    return true;
  }

  @Override
  public void netifCarrierOff() {
    // the model has no carrier state
  }

  @Override
  public void netdevErr(String msg) {
    kernel.printk(dev.driverName() + " " + dev.name() + ": " + msg);
  }

  @Override
  public void rtnlLock() {
    // the work runs atomically in the model: RTNL is implicit
  }

  @Override
  public void rtnlUnlock() {
    // as rtnlLock
  }

  @Override
  public void netifTransUpdate() {
    // the model's dev_open restamps every queue's trans_start
  }

  @Override
  public void devClose() {
    dev.close();
  }

  @Override
  public int devOpen() {
    dev.open();
    return 0;
  }
}
