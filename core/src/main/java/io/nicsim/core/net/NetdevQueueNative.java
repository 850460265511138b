package io.nicsim.core.net;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * A TX queue's BQL wrappers and wake-up as the tree's C on a live {@link NetdevQueue}
 * ({@code --ports c}): include/linux/netdevice.h's netdev_tx_sent_queue and
 * netdev_tx_completed_queue (dql_queued, dql_completed, netif_schedule_queue and
 * __netif_schedule run inside), net/core/dev.c's netif_tx_wake_queue (__netif_schedule
 * inside). Each call is the inverse of its harness in {@code BqlHarnesses}: the queue's state,
 * trans_start, its qdisc's scheduled bit, jiffies and struct dql in; the state, trans_start and
 * dql fields the C leaves back into the queue, and a qdisc the C scheduled (its raise of
 * NET_TX) scheduled on the model's output queue ({@code Kernel.netifSchedule}). The bridge that
 * installs it is {@code host.BqlBridges}.
 */
public final class NetdevQueueNative {
  private static final long RAISE_SOFTIRQ = NativeOut.id("raise_softirq");
  private static final long STATE = NativeOut.id("state");
  private static final long TRANS_START = NativeOut.id("trans_start_age");
  private static final long QDISC_SCHEDULED = NativeOut.id("qdisc_scheduled");
  private static final long ON_OUTPUT_QUEUE = NativeOut.id("on_output_queue");
  private static final long SLACK_START = NativeOut.id("slack_start_age");
  /** NET_TX_SOFTIRQ. */
  private static final int NET_TX = 2;
  /** BqlHarnesses.QUEUE's length: the arguments follow. */
  private static final int ARGS = 17;

  private NetdevQueueNative() {
  }

  /** Runs {@code function} as {@code c} on {@code q} from now on. */
  public static void install(NetdevQueue q, String function, NativePort c) {
    Call call = new Call(c);
    switch (function) {
      case "netdev_tx_sent_queue" -> q.cSent = call;
      case "netdev_tx_completed_queue" -> q.cCompleted = call;
      case "netif_tx_wake_queue" -> q.cWake = call;
      default -> throw new IllegalArgumentException(function);
    }
  }

  /** One function's call on a queue. */
  static final class Call {
    private final NativePort c;
    private final long[] in;

    Call(NativePort c) {
      this.c = c;
      this.in = new long[c.inputs()];
    }

    /** BqlHarnesses.run's set, inverted: the queue, its qdisc, the time and its dql. */
    private long capture(NetdevQueue q) {
      long now = q.kernel().cpu().jiffies();
      Dql d = q.dql();
      in[0] = q.state;
      in[1] = now - q.transStart;
      in[2] = q.qdisc.isScheduled() ? 1 : 0;
      in[3] = now;
      DqlNative.fields(d, in, 4, now - d.slackStartTime);
      return now;
    }

    /**
     * BqlHarnesses.run's put, inverted: the fields back into the queue; a qdisc the C put on the
     * output queue (raising NET_TX) scheduled through the model's __netif_schedule.
     */
    private void apply(NetdevQueue q, NativeOut o, long now) {
      boolean was = in[2] != 0;
      boolean scheduled = was;
      int raises = 0;
      Dql d = q.dql();
      while (o.next()) {
        long n = o.name();
        long v = o.value();
        if (o.isCall(RAISE_SOFTIRQ)) {
          if (o.arg(0) != NET_TX) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          raises++;
        } else if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
          throw NativeFailure.cannotApply(c, in, o);
        } else if (n == STATE) {
          q.state = (int) v;
        } else if (n == TRANS_START) {
          q.transStart = now - v;
        } else if (n == QDISC_SCHEDULED) {
          scheduled = v != 0;
        } else if (n == ON_OUTPUT_QUEUE) {
          if ((v != 0) != scheduled) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else if (n == SLACK_START) {
          d.slackStartTime = now - v;
        } else if (!DqlNative.field(d, n, v)) { // else one of struct dql's fields
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (scheduled == was) {
        if (raises != 0) {
          throw new NativeFailure(c.label() + ": NET_TX raised for a qdisc not newly scheduled; "
              + NativeFailure.record(c, in));
        }
        return;
      }
      if (!scheduled || raises != 1) {
        throw new NativeFailure(c.label() + ": the qdisc's scheduled bit went " + was + " -> "
            + scheduled + " with " + raises + " NET_TX raises; " + NativeFailure.record(c, in));
      }
      // __netif_reschedule (the C's __netif_schedule ran inside): the output queue, NET_TX
      q.kernel().scheduledAsC(q.qdisc);
    }

    /** netdev_tx_sent_queue(txq, bytes). */
    void sent(NetdevQueue q, int bytes) {
      long now = capture(q);
      in[ARGS] = Integer.toUnsignedLong(bytes);
      apply(q, c.call(in), now);
    }

    /** netdev_tx_completed_queue(txq, pkts, bytes). */
    void completed(NetdevQueue q, int pkts, int bytes) {
      long now = capture(q);
      in[ARGS] = Integer.toUnsignedLong(pkts);
      in[ARGS + 1] = Integer.toUnsignedLong(bytes);
      apply(q, c.call(in), now);
    }

    /** netif_tx_wake_queue(txq). */
    void wake(NetdevQueue q) {
      long now = capture(q);
      apply(q, c.call(in), now);
    }
  }
}
