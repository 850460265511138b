package io.nicsim.bcmgenet;

import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.Out;
import java.util.HashMap;
import java.util.Map;

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
  final Map<Long, Integer> skbNumber = new HashMap<>();

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
  public void netifNapiAdd(BcmgenetPriv.RxRing ring) {
    out.call("netif_napi_add", Integer.toUnsignedLong(ring.index));
  }

  @Override
  public void netifNapiAddTx(BcmgenetPriv.TxRing ring) {
    out.call("netif_napi_add_tx", Integer.toUnsignedLong(ring.index));
  }

  @Override
  public void netDim(Dim dim, DimSample sample) {
    out.call("net_dim", sample.eventCtr & 0xFFFF, Integer.toUnsignedLong(sample.pktCtr),
        Integer.toUnsignedLong(sample.byteCtr), sample.time);
  }

  /** ktime_get()'s answer, from the record (0 where a harness has none, as data.c's). */
  long ansKtime;

  @Override
  public long ktimeGet() {
    return ansKtime;
  }

  // ---- the RX path, as rx.c's stubs behave: skbs by number (held ones 1.., fresh ones from
  // FRESH), the record's answers per allocation (slot k % RX_SLOTS) and per held skb

  static final int RX_FIELDS = 6;
  static final int RX_SLOT = 6;
  static final int RX_SLOTS = 8;
  static final long FRESH = 1000;
  private static final int FRESH_MAX = 512;
  static final int RX_BDS = 0x4000;
  /** The record (rx.c's common part first) and the allocations so far in this call. */
  long[] rx;
  int allocs;
  int wordsPerBd = 3;

  private long slot(long s, int field) {
    return rx[RX_FIELDS + RX_SLOT * (int) (s % RX_SLOTS) + field];
  }

  static long heldDma(int cb) {
    return 0x1000_0000L + cb * 0x1000L;
  }

  static long freshDma(long n) {
    return (n << 32) | (n * 0x1000);
  }

  @Override
  public long netdevAllocSkb(int length) {
    out.call("__netdev_alloc_skb", Integer.toUnsignedLong(length));
    int k = allocs++;
    if (slot(k, 4) != 0 || k >= FRESH_MAX) {
      return 0;
    }
    return FRESH + k;
  }

  @Override
  public long dmaMapSingleFromDevice(long skb, int size) {
    out.call("dma_map_single", skb, Integer.toUnsignedLong(size));
    return freshDma(skb);
  }

  @Override
  public boolean dmaMappingError(long mapping) {
    return slot(allocs - 1, 5) != 0;
  }

  @Override
  public void dmaUnmapSingleFromDevice(int cb, long addr, int len) {
    out.call("dma_unmap_single", addr, Integer.toUnsignedLong(len));
  }

  @Override
  public void rxBdWritel(int bd, int off, int value) {
    out.call("writel", RX_BDS + (long) bd * 4 * wordsPerBd + off, Integer.toUnsignedLong(value));
  }

  /**
   * The loop's record (bcmgenet_desc_rx.c with NICSIM_IN_LOOP): each held skb's status block by
   * its number, from the window; null in port-check's.
   */
  long[] heldLengthStatus;
  long[] heldRxCsum;
  /** The loop's control blocks as the call starts (what rx.c's cb outputs compare with). */
  long[] cbSkb0;
  long[] cbDma0;
  int[] cbLen0;

  @Override
  public int rsbLengthStatus(long skb) {
    if (heldLengthStatus != null) {
      return skb >= FRESH ? 0 : (int) heldLengthStatus[(int) skb];
    }
    return skb >= FRESH ? 0 : (int) slot(skb - 1, 2);
  }

  @Override
  public int rsbRxCsum(long skb) {
    if (heldRxCsum != null) {
      return skb >= FRESH ? 0 : (int) heldRxCsum[(int) skb];
    }
    return skb >= FRESH ? 0 : (int) slot(skb - 1, 3);
  }

  @Override
  public void devKfreeSkbAny(long skb) {
    out.call("dev_kfree_skb_any", skb);
  }

  @Override
  public void devConsumeSkbAny(long skb) {
    out.call("dev_consume_skb_any", skb);
  }

  @Override
  public void skbPut(long skb, int len) {
    out.call("skb_put", skb, Integer.toUnsignedLong(len));
  }

  @Override
  public void skbPull(long skb, int len) {
    out.call("skb_pull", skb, Integer.toUnsignedLong(len));
  }

  @Override
  public void skbTrim(long skb, int len) {
    out.call("skb_trim", skb, Integer.toUnsignedLong(len));
  }

  @Override
  public void ethTypeTrans(long skb) {
    out.call("eth_type_trans", skb);
  }

  @Override
  public void napiGroReceive(Napi napi, long skb, int csum, int ipSummed) {
    out.call("napi_gro_receive", skb, Integer.toUnsignedLong(csum), ipSummed);
  }

  @Override
  public void netifErr(String text) {
    out.message("netif_err", text);
  }
}
