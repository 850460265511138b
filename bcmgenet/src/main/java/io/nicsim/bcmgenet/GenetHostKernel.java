package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import java.util.function.Supplier;

/** {@link GenetKernel} on the simulated host: core's NAPI, the device's queues and net_dim. */
final class GenetHostKernel implements GenetKernel {
  private final BcmgenetPriv priv;
  /** The TX NAPI netif_napi_add_tx registers (bcmgenet_tx_poll on the driver's ports). */
  Supplier<Napi> txNapi;
  /** The RX NAPI netif_napi_add registers (bcmgenet_rx_poll on the driver's ports). */
  Supplier<Napi> rxNapi;

  GenetHostKernel(BcmgenetPriv priv) {
    this.priv = priv;
  }

  @Override
  public boolean napiSchedulePrep(Napi n) {
    return n.schedulePrep();
  }

  @Override
  public void napiScheduleIrqoff(Napi n) {
    n.schedule();
  }

  @Override
  public boolean napiCompleteDone(Napi n, int workDone) {
    return n.completeDone(workDone);
  }

  @Override
  public void dmaUnmapSingle(int cb) {
    // the model keeps no DMA mappings
  }

  @Override
  public void devConsumeSkbAny(Skb skb) {
    priv.core().charge(KernelOps.SKB_FREE);
    skb.free();
  }

  @Override
  public void netdevTxCompletedQueue(int index, int pkts, int bytes) {
    priv.dev.queue(index).completedQueue(pkts, bytes);
  }

  @Override
  public void netifTxWakeQueue(int index) {
    priv.dev.queue(index).wake();
  }

  @Override
  public void netifNapiAdd(BcmgenetPriv.RxRing ring) {
    if (ring.napi == null) {
      ring.napi = rxNapi.get();
    }
  }

  @Override
  public void netifNapiAddTx(BcmgenetPriv.TxRing ring) {
    if (ring.napi == null) {
      ring.napi = txNapi.get();
    }
  }

  @Override
  public void netDim(Dim dim, DimSample sample) {
    priv.netDim.netDim(dim, sample);
  }

  @Override
  public long ktimeGet() {
    return priv.core().cursor();
  }

  // ---- RX buffers. The model's RDMA writes a frame into a BD; the buffer behind a BD is a
  // handle (allocations never fail, mappings never err). Unmapping a filled buffer takes its
  // frame out of the BD; dmadesc_set_addr gives the BD its new buffer and back to the RDMA;
  // napi_gro_receive hands the frame up as the model's skb. desc_rx handles one buffer at a time,
  // so one frame in hand suffices.

  private long nextRxSkb;
  private int heldLen;
  private Object heldPayload;
  private long heldPayloadOffset;

  @Override
  public long netdevAllocSkb(int length) {
    return ++nextRxSkb;
  }

  @Override
  public long dmaMapSingleFromDevice(long skb, int size) {
    return skb;
  }

  @Override
  public boolean dmaMappingError(long mapping) {
    return false;
  }

  @Override
  public void dmaUnmapSingleFromDevice(int cb, long addr, int len) {
    DescRing bd = priv.hw.rxRing;
    heldLen = bd.bufLen(cb); // the frame behind the 64-byte RSB and 2 alignment bytes
    heldPayload = bd.payload(cb);
    heldPayloadOffset = bd.payloadOffset(cb);
  }

  @Override
  public void rxBdWritel(int bd, int off, int value) {
    if (off == GenetRxCb.DMA_DESC_ADDRESS_LO) { // the refilled buffer goes back to the RDMA
      priv.hw.rxRing.reset(bd);
      priv.hw.rxRing.setOwn(bd);
    }
  }

  @Override
  public int rsbLengthStatus(long skb) {
    return lengthStatus(heldLen);
  }

  /**
   * What {@link #rsbLengthStatus} will answer for the buffer of control block {@code cb} once it
   * is unmapped (a bridge's guess of the RDMA's status blocks before the C reads them).
   */
  int rsbLengthStatusOf(int cb) {
    return lengthStatus(priv.hw.rxRing.bufLen(cb));
  }

  /** The RDMA's status: the frame with its RSB and alignment, one buffer (SOP and EOP), good. */
  private static int lengthStatus(int len) {
    return ((len + BcmgenetPriv.RSB_AND_ALIGN) << BcmgenetNapi.DMA_BUFLENGTH_SHIFT)
        | BcmgenetNapi.DMA_SOP | BcmgenetNapi.DMA_EOP;
  }

  @Override
  public int rsbRxCsum(long skb) {
    return 0; // checksum offload is not modelled
  }

  @Override
  public void devKfreeSkbAny(long skb) {
    heldPayload = null;
  }

  @Override
  public void devConsumeSkbAny(long skb) {
    heldPayload = null;
  }

  @Override
  public void skbPut(long skb, int len) {}

  @Override
  public void skbPull(long skb, int len) {}

  @Override
  public void skbTrim(long skb, int len) {}

  @Override
  public void ethTypeTrans(long skb) {}

  @Override
  public void napiGroReceive(Napi napi, long skb, int csum, int ipSummed) {
    Skb s = priv.dev.skbs().alloc(heldLen, BcmgenetPriv.RX_BUF_LENGTH + 512);
    s.payload = heldPayload;
    s.payloadOffset = heldPayloadOffset;
    heldPayload = null;
    priv.dev.receive(napi, s);
  }

  @Override
  public void netifErr(String text) {}
}
