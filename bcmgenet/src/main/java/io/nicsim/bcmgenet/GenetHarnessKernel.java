package io.nicsim.bcmgenet;

import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.Out;

/**
 * {@link GenetKernel} as the harnesses' C stubs behave ({@code portexec/bcmgenet/data.c}): each
 * call is recorded with its arguments, answers come from the record.
 */
final class GenetHarnessKernel implements GenetKernel {
  final Out out;
  Napi rxNapi;
  Napi txNapi;
  final boolean[] ansPrep = new boolean[2];
  boolean ansComplete;
  /** An skb's number in the record (the C's nicsim_id), by its id. */
  final java.util.Map<Long, Integer> skbNumber = new java.util.HashMap<>();

  GenetHarnessKernel(Out out) {
    this.out = out;
  }

  /** 0 for RX ring 0's NAPI, 1 for TX ring 0's (the C's nicsim_napi). */
  private int napi(Napi n) {
    if (n == rxNapi) {
      return 0;
    }
    if (n == txNapi) {
      return 1;
    }
    throw new IllegalStateException("a NAPI the harness did not make: " + n);
  }

  @Override
  public boolean napiSchedulePrep(Napi n) {
    int i = napi(n);
    out.call("napi_schedule_prep", i);
    return ansPrep[i];
  }

  @Override
  public void napiScheduleIrqoff(Napi n) {
    out.call("__napi_schedule_irqoff", napi(n));
  }

  @Override
  public boolean napiCompleteDone(Napi n, int workDone) {
    out.call("napi_complete_done", napi(n), workDone);
    return ansComplete;
  }

  @Override
  public void dmaUnmapSingle(int cb) {
    out.call("dma_unmap_single", cb);
  }

  @Override
  public void devConsumeSkbAny(Skb skb) {
    out.call("dev_consume_skb_any", skbNumber.get(skb.id()));
  }

  @Override
  public void netdevTxCompletedQueue(int index, int pkts, int bytes) {
    out.call("netdev_tx_completed_queue", index, Integer.toUnsignedLong(pkts),
        Integer.toUnsignedLong(bytes));
  }

  @Override
  public void netifTxWakeQueue(int index) {
    out.call("netif_tx_wake_queue", index);
  }

  @Override
  public void netifNapiAddTx(BcmgenetPriv.TxRing ring) {
    out.call("netif_napi_add_tx", Integer.toUnsignedLong(ring.index));
  }

  @Override
  public void netDim(Dim dim, DimSample sample) {
    out.call("net_dim", sample.eventCtr & 0xFFFF, Integer.toUnsignedLong(sample.pktCtr),
        Integer.toUnsignedLong(sample.byteCtr));
  }
}
