package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.Iterator;
import java.util.function.BiConsumer;

/**
 * net/core/dev.c's net_tx_action (the NET_TX softirq) as the tree's C on a CPU's live output
 * queue ({@code --ports c}): the inverse of its harness in {@code NetTxHarnesses}. The record is
 * the output queue (at most four qdiscs, each's TCQ_F_NOLOCK) and, per qdisc, whether its run
 * schedules it again; the C takes the whole queue, and where it calls qdisc_run the model's
 * qdisc runs (the model's __netif_schedule, or its own bridge, putting a qdisc that stops with
 * packets left back on the queue and raising NET_TX). The record first guesses that no run
 * reschedules its qdisc; a run that does reruns the C with it, the calls already applied skipped
 * (the C is deterministic). The C's SCHED bits and the output queue it leaves must be the
 * model's. A longer output queue runs the Java port, counted in the run's header. The bridge
 * that installs it is {@code host.NetTxBridges}.
 */
public final class NetTxActionNative {
  private static final long QDISC_RUN = NativeOut.id("qdisc_run");
  private static final long RAISE_SOFTIRQ = NativeOut.id("raise_softirq");
  private static final long END = NativeOut.id("output_queue_end");
  /** NetTxHarnesses.QDISCS. */
  static final int QDISCS = 4;
  private static final int NET_TX = 2;
  private static final long[] SCHED = new long[QDISCS];
  private static final long[] QUEUE = new long[2 * QDISCS];

  static {
    for (int i = 0; i < QDISCS; i++) {
      SCHED[i] = NativeOut.id("sched[" + i + "]");
    }
    for (int i = 0; i < QUEUE.length; i++) {
      QUEUE[i] = NativeOut.id("output_queue[" + i + "]");
    }
  }

  private final NativePort c;
  private final long[] in;
  private final TxQdisc[] qs = new TxQdisc[QDISCS];
  private final BiConsumer<String, String> asJava;

  /** {@code asJava} counts a call run as the Java port: (label, reason). */
  public NetTxActionNative(NativePort c, BiConsumer<String, String> asJava) {
    this.c = c;
    this.in = new long[c.inputs()];
    this.asJava = asJava;
  }

  /** Whether the C can take {@code sd}'s output queue; if not, counts the Java run. */
  boolean takes(Softnet sd) {
    if (sd.outputQueue.size() <= QDISCS) {
      return true;
    }
    asJava.accept("net/core/dev.c net_tx_action", "more than " + QDISCS
        + " qdiscs on the output queue (the record holds " + QDISCS + ")");
    return false;
  }

  /** net_tx_action on {@code core}'s output queue as the C. */
  void run(Softnet sd) {
    int n = sd.outputQueue.size();
    Arrays.fill(in, 0);
    in[0] = n;
    for (int i = 0; i < n; i++) {
      qs[i] = sd.outputQueue.pollFirst(); // head = sd->output_queue; the queue emptied
      in[1 + 2 * i] = qs[i].lockless() ? 1 : 0;
    }
    int applied = 0;
    int ran = 0;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in);
      int token = 0;
      boolean rerun = false;
      int sched = 0;
      int at = 0;
      Iterator<TxQdisc> queue = sd.outputQueue.iterator();
      while (o.next()) {
        if (token++ < applied) {
          continue;
        }
        applied = token;
        if (o.isCall(QDISC_RUN)) {
          int i = (int) o.arg(0);
          if (i != ran || i >= n) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          ran++;
          TxQdisc q = qs[i];
          q.clearScheduled(); // clear_bit(__QDISC_STATE_SCHED) before qdisc_run
          q.run();
          boolean again = q.isScheduled();
          if ((in[2 + 2 * i] != 0) != again) {
            in[2 + 2 * i] = again ? 1 : 0;
            rerun = true;
            break;
          }
        } else if (o.isCall(RAISE_SOFTIRQ)) {
          // a rescheduled qdisc's __netif_reschedule: the model's run raised it already
          if (o.arg(0) != NET_TX || ran == 0 || in[2 + 2 * (ran - 1)] == 0) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else if (sched < QDISCS && o.isField(SCHED[sched])) {
          boolean model = sched < n && qs[sched].isScheduled();
          if ((o.value() != 0) != model) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          sched++;
        } else if (at < QUEUE.length && o.isField(QUEUE[at])) {
          int i = (int) o.value();
          if (i < 0 || i >= n || !queue.hasNext() || queue.next() != qs[i]) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          at++;
        } else if (o.isField(END)) {
          if (o.value() != at || queue.hasNext() && at < QUEUE.length) {
            throw NativeFailure.cannotApply(c, in, o);
          }
        } else {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (!rerun) {
        if (ran != n) {
          throw new NativeFailure(c.label() + ": the C ran " + ran + " of the " + n
              + " qdiscs on the output queue; " + NativeFailure.record(c, in));
        }
        Arrays.fill(qs, null);
        return;
      }
      if (runs >= 10_000) {
        throw new NativeFailure(c.label() + ": the model's answers did not settle; "
            + NativeFailure.record(c, in));
      }
    }
  }
}
