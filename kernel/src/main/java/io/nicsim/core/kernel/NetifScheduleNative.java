package io.nicsim.core.kernel;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * net/core/dev.c's __netif_schedule as the tree's C where the model schedules a qdisc on its
 * own ({@code --ports c}; the BQL wrappers' C runs its own inside them): the inverse of its
 * harness in {@code BqlHarnesses}, whose record is a TX queue's. __netif_schedule reads only
 * its qdisc, so the record holds the qdisc's scheduled bit and jiffies, the queue's and dql's
 * words zero; the C's SCHED bit and its raise of NET_TX put the qdisc on this CPU's output
 * queue ({@link Kernel#outputQueue}). Any other word the C changes fails the run. The bridge
 * that installs it is {@code host.BqlBridges}.
 */
public final class NetifScheduleNative {
  private static final long RAISE_SOFTIRQ = NativeOut.id("raise_softirq");
  private static final long QDISC_SCHEDULED = NativeOut.id("qdisc_scheduled");
  private static final long ON_OUTPUT_QUEUE = NativeOut.id("on_output_queue");
  /** NET_TX_SOFTIRQ. */
  private static final int NET_TX = 2;
  /** BqlHarnesses.QUEUE: the qdisc's scheduled bit and jiffies. */
  private static final int SCHEDULED = 2;
  private static final int JIFFIES = 3;

  private final NativePort c;
  private final long[] in;

  public NetifScheduleNative(NativePort c) {
    this.c = c;
    this.in = new long[c.inputs()];
  }

  /** __netif_schedule(q) as the C, on {@code kernel}. */
  void schedule(Kernel kernel, TxQdisc q) {
    Arrays.fill(in, 0);
    boolean was = q.isScheduled();
    in[SCHEDULED] = was ? 1 : 0;
    in[JIFFIES] = kernel.cpu().jiffies();
    NativeOut o = c.call(in);
    boolean scheduled = was;
    boolean onOutput = was;
    int raises = 0;
    while (o.next()) {
      if (o.isCall(RAISE_SOFTIRQ)) {
        if (o.arg(0) != NET_TX) {
          throw NativeFailure.cannotApply(c, in, o);
        }
        raises++;
      } else if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
        throw NativeFailure.cannotApply(c, in, o);
      } else if (o.isField(QDISC_SCHEDULED)) {
        scheduled = o.value() != 0;
      } else if (o.isField(ON_OUTPUT_QUEUE)) {
        onOutput = o.value() != 0;
      } else if (o.value() != 0) { // the queue's and dql's words: untouched
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    if (scheduled == was && raises == 0 && onOutput == was) {
      return; // already scheduled: nothing
    }
    if (was || !scheduled || !onOutput || raises != 1) {
      throw new NativeFailure(c.label() + ": the qdisc's scheduled bit went " + was + " -> "
          + scheduled + ", on the output queue " + onOutput + ", with " + raises
          + " NET_TX raises; " + NativeFailure.record(c, in));
    }
    kernel.scheduledAsC(q);
  }
}
