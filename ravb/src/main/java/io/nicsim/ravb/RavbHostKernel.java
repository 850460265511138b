package io.nicsim.ravb;

import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;

/**
 * {@link RavbKernel} on the simulated host: core's NAPI and the device's queues. RX buffers
 * are handles that never fail; the frame behind an RX descriptor is what the model's DMAC
 * wrote there, handed up as the model's skb when the RX path builds one (one frame in hand at
 * a time: the model's frames fit one buffer, so each skb goes up before the next is built).
 */
final class RavbHostKernel implements RavbKernel {
  private final RavbPriv priv;
  private long nextBuf;
  private long pendingHandle;
  private Skb pending;

  RavbHostKernel(RavbPriv priv) {
    this.priv = priv;
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
  public void netifWakeSubqueue(int q) {
    priv.dev.queue(q).wake();
  }

  @Override
  public void netifStopSubqueue(int q) {
    if (!priv.dev.queue(q).stopped()) {
      priv.queueStops++;
    }
    priv.dev.queue(q).stop();
  }

  @Override
  public void dmaUnmapSingle(int addr, int size) {
    // the model keeps no DMA mappings
  }

  @Override
  public void devKfreeSkbAny(Skb skb) {
    priv.core().charge(KernelOps.SKB_FREE);
    skb.free();
  }

  @Override
  public long allocRxBuffer(int q, int entry) {
    return ++nextBuf;
  }

  @Override
  public long napiBuildSkb(int q, int entry, long buf, int fragSize) {
    return build(entry, buf);
  }

  @Override
  public long rxRingSkb(int q, int entry, long buf) {
    return build(entry, buf);
  }

  /** The skb around the frame the model's DMAC wrote into descriptor {@code entry}. */
  private long build(int entry, long buf) {
    Skb s = priv.dev.skbs().alloc(0, RavbRx.rxBufferSize(priv.info));
    s.payload = priv.hw.rxRing.payload(entry);
    s.payloadOffset = priv.hw.rxRing.payloadOffset(entry);
    pending = s;
    pendingHandle = buf;
    return buf;
  }

  @Override
  public void skbPut(long skb, int len) {
    held(skb).len += len;
  }

  @Override
  public void skbAddRxFrag(long skb, long buf, int len, int truesize) {
    throw new IllegalStateException("the model's frames fit one RX buffer");
  }

  @Override
  public void pagePoolPutPage(int q, long buf) {}

  private Skb held(long skb) {
    if (skb != pendingHandle || pending == null) {
      throw new IllegalStateException("RX skb " + skb + " was not built");
    }
    return pending;
  }

  @Override
  public void napiGroReceive(Napi napi, long skb) {
    Skb s = held(skb);
    pending = null;
    priv.dev.receive(napi, s);
  }

  @Override
  public int skbLen(long skb) {
    return held(skb).len;
  }
}
