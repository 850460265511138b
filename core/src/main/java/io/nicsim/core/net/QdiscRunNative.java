package io.nicsim.core.net;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * net/sched/sch_generic.c's __qdisc_run as the tree's C on a live qdisc ({@code --ports c}):
 * the inverse of its harness in {@code QdiscHarnesses}, whose qdisc_restart is a stub answering
 * from the record. Here each qdisc_restart the C makes is the model's
 * ({@link DevXmit#restart}: dequeue_skb, its bulk dequeue and sch_direct_xmit to the driver's
 * xmit, the Java ports or their own bridges), run where the C calls it with the budget the C
 * passes; the record first guesses that every restart sends one packet (at most dev_tx_weight,
 * 64, restarts in a quota: the in-loop record's 64 answer slots), and a restart the model
 * answers otherwise (nothing sent, or a bulk of several packets) sets the record's answer and
 * reruns the C, the restarts already made skipped (the C is deterministic). The C's
 * __netif_schedule (its quota spent under the qdisc lock) is the model's, its MISSED bit (a
 * lockless qdisc's quota spent) the qdisc's, which qdisc_run_end reads. A kernel whose
 * dev_tx_weight is not 64 (the harness C's) runs the Java port, counted in the run's header.
 * The bridge that installs it is {@code host.QdiscBridges}.
 */
public final class QdiscRunNative {
  private static final long RESTART = NativeOut.id("qdisc_restart");
  private static final long NETIF_SCHEDULE = NativeOut.id("__netif_schedule");
  private static final long MISSED = NativeOut.id("MISSED");
  /** __qdisc_run.c's answer slots in the loop: dev_tx_weight's restarts. */
  static final int ANSWERS = 64;
  /** lockless, answers, packets per answer. */
  private static final int WORDS = 2 + ANSWERS;

  private final NativePort c;
  private final long[] in = new long[WORDS];
  private final BiConsumer<String, String> asJava;

  private QdiscRunNative(NativePort c, BiConsumer<String, String> asJava) {
    this.c = c;
    this.asJava = asJava;
    in[1] = ANSWERS; // the first guess: every restart sends, one packet each
    Arrays.fill(in, 2, WORDS, 1);
  }

  /**
   * Runs __qdisc_run as {@code c} on every qdisc of {@code dev} from now on; {@code asJava}
   * counts a call run as the Java port: (label, reason).
   */
  public static void install(NetDevice dev, NativePort c, BiConsumer<String, String> asJava) {
    dev.xmit().cRun = new QdiscRunNative(c, asJava);
  }

  /** Whether the C can take this kernel's quota; if not, counts the Java run. */
  boolean takes(DevXmit x) {
    if (x.kernel.config().devTxWeight() == ANSWERS) {
      return true;
    }
    asJava.accept(c.label(), "dev_tx_weight " + x.kernel.config().devTxWeight()
        + " (the harness C's is " + ANSWERS + ")");
    return false;
  }

  /**
   * __qdisc_run(q) as the C, the model's qdisc_restart where the C calls it. The record's
   * answers start as the last call's (a flood's runs repeat: under a ring the completions
   * refill one descriptor at a time, each run sends one packet and finds the queue stopped);
   * a restart the model answers otherwise takes the model's answer, guesses that the restarts
   * after it answer alike (a bulk dequeue's size; all of the quota sending when more sent than
   * guessed), and reruns the C. The guess changes only how often the C runs: each restart is
   * the model's, once, and the C reads a restart's answer only when it makes that restart, so
   * the run it settles on is the same whatever was guessed.
   */
  void run(DevXmit x, Qdisc q) {
    in[0] = q.lockless() ? 1 : 0;
    int applied = 0;
    int restarts = 0;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in, WORDS);
      int token = 0;
      boolean rerun = false;
      while (o.next()) {
        if (token++ < applied) {
          continue;
        }
        applied = token;
        if (o.isCall(RESTART)) {
          int k = restarts++;
          if (k >= ANSWERS) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          // qdisc_restart(q, &packets, budget): the model's, once, where the C makes it
          if (x.restart.restart(q, (int) o.arg(0))) {
            long packets = x.dequeuedPackets();
            if (k >= in[1] || in[2 + k] != packets) {
              in[1] = k >= in[1] ? ANSWERS : in[1];
              Arrays.fill(in, 2 + k, WORDS, packets);
              rerun = true;
            }
          } else if (in[1] != k) {
            in[1] = k;
            rerun = true;
          }
          if (rerun) {
            break;
          }
        } else if (o.isCall(NETIF_SCHEDULE)) {
          x.kernel.netifSchedule(q); // the quota spent under the qdisc lock
        } else if (o.isField(MISSED)) {
          if (o.value() != 0) {
            q.missed = true; // set_bit(__QDISC_STATE_MISSED): qdisc_run_end reschedules
          }
        } else {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (!rerun) {
        return;
      }
      if (runs >= 10_000) {
        throw new NativeFailure(c.label() + ": the model's answers did not settle; "
            + NativeFailure.record(c, in));
      }
    }
  }
}
