package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;

/** {@link GenetKernel} on the simulated host: core's NAPI, the device's queues and net_dim. */
final class GenetHostKernel implements GenetKernel {
  private final BcmgenetPriv priv;
  /** The TX NAPI netif_napi_add_tx registers (bcmgenet_tx_poll on the driver's ports). */
  java.util.function.Supplier<Napi> txNapi;

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
  public void netifNapiAddTx(BcmgenetPriv.TxRing ring) {
    if (ring.napi == null) {
      ring.napi = txNapi.get();
    }
  }

  @Override
  public void netDim(Dim dim, DimSample sample) {
    priv.netDim.netDim(dim, sample);
  }
}
