package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.Kernel;
import java.util.ArrayDeque;

/**
 * pfifo_fast (net/sched/sch_generic.c): three FIFO bands by priority, each holding up to
 * tx_queue_len packets; an empty qdisc can be bypassed.
 */
public final class PfifoFast extends Qdisc {
  /** prio2band: TC_PRIO_* → band. */
  private static final int[] PRIO2BAND = {1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};

  private final ArrayDeque<Skb>[] bands;
  private final int limit;
  private int qlen;

  @SuppressWarnings("unchecked")
  public PfifoFast(Kernel kernel, int txQueueLen) {
    super(kernel);
    this.limit = txQueueLen;
    this.bands = new ArrayDeque[] {new ArrayDeque<>(), new ArrayDeque<>(), new ArrayDeque<>()};
  }

  /** pfifo_fast is lockless (TCQ_F_NOLOCK) since 4.16. */
  @Override
  public boolean lockless() {
    return true;
  }

  @Override
  public int enqueue(Skb skb) {
    Core core = kernel.cpu().current();
    if (core != null) {
      core.charge(KernelOps.QDISC_ENQUEUE);
    }
    ArrayDeque<Skb> band = bands[PRIO2BAND[skb.priority & 15]];
    if (band.size() >= limit) {
      drops++;
      skb.free();
      return NetdevTx.NET_XMIT_DROP;
    }
    band.addLast(skb);
    qlen++;
    return NetdevTx.NET_XMIT_SUCCESS;
  }

  @Override
  public Skb dequeue() {
    for (ArrayDeque<Skb> band : bands) {
      Skb skb = band.pollFirst();
      if (skb != null) {
        Core core = kernel.cpu().current();
        if (core != null) {
          core.charge(KernelOps.QDISC_DEQUEUE);
        }
        qlen--;
        return skb;
      }
    }
    return null;
  }

  @Override
  public int qlen() {
    return qlen;
  }

  /** The bands in order, each from its head: what {@link #dequeue} hands out next. */
  @Override
  int dequeueOrder(long[] lens, int at, int max) {
    int n = 0;
    for (ArrayDeque<Skb> band : bands) {
      for (Skb skb : band) {
        if (n == max) {
          return n;
        }
        lens[at + n++] = skb.len;
      }
    }
    return n;
  }

  @Override
  public boolean canBypass() {
    return true;
  }
}
