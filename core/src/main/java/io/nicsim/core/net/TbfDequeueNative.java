package io.nicsim.core.net;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * net/sched/sch_tbf.c's tbf_dequeue as the tree's C on a path's token bucket
 * ({@code --ports c}): the inverse of its harness in {@code TbfHarnesses}. The record is the
 * frame at the head's length, the time, and the bucket's q->t_c, tokens, buffer and rate
 * (mult, shift); the C's {@code qdisc_dequeue_peeked} lets the frame leave, its
 * {@code qdisc_watchdog_schedule_ns} sets when the bucket is asked again
 * ({@link TbfBucket#leave}), and t_c, tokens and ptokens come back where the C dequeued (a
 * refusal leaves them, as in the kernel). A bucket finds the C through the kernel it was given
 * ({@code Kernel.inLoop}); the bridge that installs it is {@code host.QdiscBridges}.
 */
public final class TbfDequeueNative {
  private static final long DEQUEUE_PEEKED = NativeOut.id("qdisc_dequeue_peeked");
  private static final long WATCHDOG = NativeOut.id("qdisc_watchdog_schedule_ns");
  private static final long SKB = NativeOut.id("skb");
  private static final long T_C = NativeOut.id("t_c");
  private static final long TOKENS = NativeOut.id("tokens");
  private static final long PTOKENS = NativeOut.id("ptokens");

  private final NativePort c;
  private final long[] in = new long[7];

  public TbfDequeueNative(NativePort c) {
    this.c = c;
  }

  /** tbf_dequeue of a head frame of {@code len} bytes at {@code now} as the C. */
  boolean dequeue(TbfBucket b, long now, int len) {
    in[0] = Integer.toUnsignedLong(len);
    in[1] = now;
    in[2] = b.tC;
    in[3] = b.tokens;
    in[4] = b.buffer();
    in[5] = b.mult();
    in[6] = b.shift();
    NativeOut o = c.call(in);
    int peeked = 0;
    int watchdogs = 0;
    long watchdog = 0;
    boolean sent = false;
    long tC = b.tC;
    long tokens = b.tokens;
    long ptokens = b.ptokens;
    while (o.next()) {
      if (o.isCall(DEQUEUE_PEEKED)) {
        peeked++;
      } else if (o.isCall(WATCHDOG)) {
        watchdogs++;
        watchdog = o.arg(0);
      } else if (o.isField(SKB)) {
        sent = o.value() != 0;
      } else if (o.isField(T_C)) {
        tC = o.value();
      } else if (o.isField(TOKENS)) {
        tokens = o.value();
      } else if (o.isField(PTOKENS)) {
        ptokens = o.value();
      } else {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    if (sent ? peeked != 1 || watchdogs != 0 : peeked != 0 || watchdogs != 1) {
      throw new NativeFailure(c.label() + ": the C " + (sent ? "dequeued" : "kept") + " the"
          + " frame with " + peeked + " qdisc_dequeue_peeked and " + watchdogs
          + " qdisc_watchdog_schedule_ns calls; " + NativeFailure.record(c, in));
    }
    if (sent) {
      b.tC = tC;
      b.tokens = tokens;
      b.ptokens = ptokens;
    } else {
      b.watchdogNs = watchdog;
    }
    return sent;
  }
}
