package io.nicsim.fec;

import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.net.Skb;

/**
 * {@link FecKernel} on the simulated host: fep's NAPI and netdev, the skb ledger, CPU costs.
 * What the model leaves out answers as a board without it would: the DMA API maps every buffer
 * (64-byte aligned skb data, so no bounce copy), the page pool always has a page, no XDP, no
 * hardware timestamps, no checksum to clear.
 */
final class FecHostKernel implements FecKernel {
  /** DMA_MAPPING_ERROR. */
  static final long DMA_MAPPING_ERROR = -1L;
  private final FecEnetPrivate fep;
  private long pages;
  private int mappings;

  FecHostKernel(FecEnetPrivate fep) {
    this.fep = fep;
  }

  @Override
  public boolean napiSchedulePrep() {
    return fep.napi.schedulePrep();
  }

  @Override
  public void napiSchedule() {
    fep.napi.schedule();
  }

  @Override
  public boolean napiCompleteDone(int workDone) {
    return fep.napi.completeDone(workDone);
  }

  @Override
  public void napiGroReceive(Skb skb) {
    fep.netdev.receive(fep.napi, skb);
  }

  @Override
  public void napiEnable() {
    fep.napi.enable();
  }

  @Override
  public void napiDisable() {
    fep.napi.disable();
  }

  @Override
  public Skb buildSkb(long page, int fragSize) {
    fep.charge(KernelOps.SKB_ALLOC);
    return fep.netdev.skbs().alloc(0, fragSize);
  }

  @Override
  public void napiConsumeSkb(Skb skb, int budget) {
    fep.charge(KernelOps.SKB_FREE);
    skb.free();
  }

  @Override
  public void devKfreeSkbAny(Skb skb) {
    fep.charge(KernelOps.SKB_FREE);
    skb.free();
  }

  @Override
  public long skbData(Skb skb) {
    return 0; // aligned: the model's skbs need no bounce buffer
  }

  @Override
  public void skbTxTimestamp(Skb skb) {}

  @Override
  public void skbTstampTx(Skb skb, int ts) {}

  @Override
  public void rxHwtstamp(Skb skb, int ts) {}

  @Override
  public void skbReserve(Skb skb, int len) {}

  @Override
  public void skbPut(Skb skb, int len) {
    skb.len += len;
  }

  @Override
  public int vlanTci(Skb skb) {
    return 0;
  }

  @Override
  public void vlanPop(Skb skb) {}

  @Override
  public void vlanHwaccelPutTag(Skb skb, int proto, int tci) {}

  /** The model's skb length counts from the Ethernet header: eth_type_trans leaves it. */
  @Override
  public int ethTypeTrans(Skb skb) {
    return 0x0008; // htons(ETH_P_IP)
  }

  @Override
  public int clearCsum(Skb skb) {
    return 0;
  }

  @Override
  public void swapBuffer(long page, int offset, int len) {}

  @Override
  public void swapTxBuffer(long cpuAddr, int len) {}

  @Override
  public void copyToBounce(int index, Skb skb, int len) {}

  @Override
  public long pagePoolDevAllocPages(int queue) {
    return ++pages;
  }

  @Override
  public long pagePoolGetDmaAddr(long page) {
    return 0x4000_0000L + ((page & 0x3FFFF) << 12);
  }

  @Override
  public void pagePoolRecycleDirect(int queue, long page) {}

  /** Mapped TX buffers get addresses above the TSO header areas (never 0). */
  @Override
  public long dmaMapSingle(long cpuAddr, int len, int dir) {
    mappings = (mappings + 1) & 0x3FFFF;
    return 0x8000_0000L + ((long) mappings << 11);
  }

  @Override
  public boolean dmaMappingError(long addr) {
    return addr == DMA_MAPPING_ERROR;
  }

  @Override
  public void dmaUnmapSingle(long addr, int len, int dir) {}

  @Override
  public void dmaSyncSingleForCpu(long addr, int len, int dir) {}

  @Override
  public boolean netifTxQueueStopped(int queue) {
    return fep.netdev.queue(queue).stopped();
  }

  @Override
  public void netifTxWakeQueue(int queue) {
    fep.netdev.queue(queue).wake();
  }

  @Override
  public void netifTxStopQueue(int queue) {
    if (!fep.netdev.queue(queue).stopped()) {
      fep.queueStops++;
    }
    fep.netdev.queue(queue).stop();
  }

  @Override
  public boolean netRatelimit() {
    return true;
  }

  @Override
  public void netdevErr(String text) {}

  @Override
  public void warnOn() {}
}
