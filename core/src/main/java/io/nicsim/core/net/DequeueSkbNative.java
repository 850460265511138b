package io.nicsim.core.net;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * net/sched/sch_generic.c's dequeue_skb as the tree's C on a live qdisc ({@code --ports c};
 * try_bulk_dequeue_skb, its only caller's helper, runs inside): the inverse of its harness in
 * {@code QdiscHarnesses}, whose qdisc hands out the record's skbs. The record holds the TX
 * queue's state and BQL room (dql_avail, 0 on a device without BQL as the model's), whether the
 * qdisc is lockless, its requeued list ({@code q->gso_skb}, at most 3: the C peeks and takes
 * only its head) and, in the loop's layout, the budget, then the skbs the qdisc's ->dequeue will
 * hand out (their lengths, at most {@link #Q_SLOTS}: dev_tx_weight's quota and the skb the bulk
 * starts from, the most one call takes while the bulk stops at the quota). The lengths are the qdisc's own where it can tell ({@link Qdisc#dequeueOrder}:
 * pfifo_fast's bands in order), else a guess; each ->dequeue the C makes is the model's, run
 * where the C makes it, and an answer that differs from the record (another length, nothing, or
 * an skb past the guess) sets the record's and reruns the C, the dequeues already made skipped
 * (the C is deterministic). Then the list the C returns is chained from the model's skbs as the
 * C chained it, its head taken off the requeued list where the C took it from there, the C's
 * packets and validate left for qdisc_restart, the bulk counted as the Java counts it.
 * Outside the record, counted in the run's header as Java: a qdisc without TCQ_F_ONETXQUEUE, a
 * requeued list past 3 skbs, a budget past 64, and before 0345552a653c (a bulk bounded only by
 * BQL) a qdisc holding 65 skbs or more. The bridge that installs it is
 * {@code host.QdiscBridges}.
 */
public final class DequeueSkbNative {
  private static final long DEQUEUE = NativeOut.id("dequeue");
  private static final long CLEAR_MISSED = NativeOut.id("qdisc_maybe_clear_missed");
  private static final long SKB = NativeOut.id("skb");
  private static final long PACKETS = NativeOut.id("packets");
  private static final long VALIDATE = NativeOut.id("validate");
  private static final long GSO_QLEN = NativeOut.id("gso_skb.qlen");
  private static final long QLEN = NativeOut.id("q.qlen");
  /** common.c's requeued slots. */
  static final int GSO_SLOTS = 3;
  /** common.c's queued slots in the loop: a quota's 64 and the bulk's first skb. */
  static final int Q_SLOTS = 65;
  /** The loop's layout (common.c with NICSIM_IN_LOOP). */
  static final int GSO = 4;
  static final int BUDGET = GSO + 1 + GSO_SLOTS;
  static final int QUEUED = BUDGET + 1;
  static final int WORDS = QUEUED + 1 + Q_SLOTS;
  /** An id the C gives a requeued skb: 100 + its slot. */
  private static final int GSO_ID = 100;

  private final NativePort c;
  private final BiConsumer<String, String> asJava;
  private final long[] in = new long[WORDS];
  /** The model's skbs the C's dequeues took, by call. */
  private final Skb[] taken = new Skb[Q_SLOTS];
  private final Skb[] list = new Skb[Q_SLOTS + 2];
  /** The length the last dequeue handed out: the guess for a qdisc that cannot tell. */
  private int lastLen = 60;

  private DequeueSkbNative(NativePort c, BiConsumer<String, String> asJava) {
    this.c = c;
    this.asJava = asJava;
  }

  /**
   * Runs dequeue_skb as {@code c} on every qdisc of {@code dev} from now on; {@code asJava}
   * counts a call run as the Java port: (label, reason).
   */
  public static void install(NetDevice dev, NativePort c, BiConsumer<String, String> asJava) {
    dev.xmit().cDequeue = new DequeueSkbNative(c, asJava);
  }

  /** Whether the record can hold this call; if not, counts the Java run. */
  boolean takes(DevXmit x, Qdisc q, int budget) {
    String why = null;
    if (!q.mayBulk()) {
      why = "a qdisc without TCQ_F_ONETXQUEUE (try_bulk_dequeue_skb_slow's)";
    } else if (budget >= Q_SLOTS) {
      why = "a budget of " + budget + " (the record holds " + Q_SLOTS + " skbs)";
    } else if (!x.kernel.bulkDequeueBudgetEra() && q.qlen() >= Q_SLOTS) {
      why = "a bulk bounded only by BQL past " + Q_SLOTS + " queued skbs";
    } else if (q.requeuedLen() > GSO_SLOTS) {
      why = "a requeued list past " + GSO_SLOTS + " skbs";
    }
    if (why == null) {
      return true;
    }
    asJava.accept(c.label(), why);
    return false;
  }

  /** dequeue_skb(q, &validate, &packets, budget) as the C; the model's ->dequeue where it calls it. */
  Skb run(DevXmit x, Qdisc q, int budget, boolean bql) {
    NetdevQueue txq = q.txq;
    in[0] = txq.state;
    in[1] = bql ? Integer.toUnsignedLong(txq.dql().adjLimit) : 0;
    in[2] = bql ? Integer.toUnsignedLong(txq.dql().numQueued) : 0;
    in[3] = q.lockless() ? 1 : 0;
    int gso = q.requeuedLen();
    in[GSO] = gso;
    int g = 0;
    for (Skb s = q.gsoSkb; s != null; s = s.next) {
      in[GSO + 1 + g++] = s.len;
    }
    for (; g < GSO_SLOTS; g++) {
      in[GSO + 1 + g] = 0;
    }
    in[BUDGET] = budget;
    // on a stopped queue the C returns before ->dequeue and reads no length: the guess spares
    // walking the qdisc (2 calls of 3 a packet in a flood, under a full ring); a C that
    // dequeued there would have each length checked against the model's, as any guess
    int held = txq.xmitFrozenOrStopped() ? -1 : q.dequeueOrder(in, QUEUED + 1, Q_SLOTS);
    if (held < 0) { // the qdisc cannot tell (or need not): its qlen at the last length seen
      held = Math.min(q.qlen(), Q_SLOTS);
      for (int i = 0; i < held; i++) {
        in[QUEUED + 1 + i] = lastLen;
      }
    }
    in[QUEUED] = held;
    int dequeues = 0;
    int applied = 0;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in, WORDS);
      int token = 0;
      boolean rerun = false;
      int n = 0;
      int packets = 1;
      boolean validate = false;
      int gsoLeft = gso;
      while (o.next()) {
        if (token++ < applied) {
          continue; // a call an earlier run applied (the fields come after every call)
        }
        applied = token;
        if (o.isCall(DEQUEUE)) {
          // q->dequeue(q): the model's, once, where the C makes it
          int k = dequeues++;
          if (k >= Q_SLOTS) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          Skb s = q.dequeue();
          taken[k] = s;
          long count = in[QUEUED];
          if (s == null) {
            if (k < count) {
              in[QUEUED] = k;
              rerun = true;
            }
          } else {
            lastLen = s.len;
            if (k >= count) {
              int more = Math.min(q.qlen(), Q_SLOTS - k - 1);
              for (int i = 0; i <= more; i++) {
                in[QUEUED + 1 + k + i] = s.len;
              }
              in[QUEUED] = k + 1 + more;
              rerun = true;
            } else if (in[QUEUED + 1 + k] != s.len) {
              in[QUEUED + 1 + k] = s.len;
              rerun = true;
            }
          }
          if (rerun) {
            break;
          }
        } else if (o.isCall(CLEAR_MISSED)) {
          x.missedClears++; // nicsim's qdiscs keep no MISSED bit: counted, as the Java does
        } else if (o.isField(SKB)) {
          int id = (int) o.value();
          if (id >= 0) {
            list[n++] = id >= GSO_ID ? gsoAt(q, id - GSO_ID) : taken[id];
          }
        } else if (o.isField(PACKETS)) {
          packets = (int) o.value();
        } else if (o.isField(VALIDATE)) {
          validate = o.value() != 0;
        } else if (o.isField(GSO_QLEN)) {
          gsoLeft = (int) o.value();
        } else if (!o.isField(QLEN)) { // the record's count, which the model keeps otherwise
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (rerun) {
        if (runs >= 10_000) {
          throw new NativeFailure(c.label() + ": the model's answers did not settle; "
              + NativeFailure.record(c, in));
        }
        continue;
      }
      if (gsoLeft != gso) { // __skb_dequeue(&q->gso_skb): the head, which the C returned
        Skb head = q.gsoSkb;
        if (gsoLeft != gso - 1 || n != 1 || list[0] != head) {
          throw new NativeFailure(c.label() + ": the C took the requeued list to " + gsoLeft
              + " of " + gso + " returning " + n + " skbs; " + NativeFailure.record(c, in));
        }
        q.gsoSkb = head.next;
      }
      for (int i = 0; i < n; i++) { // the list as the C chained it (skb_mark_not_on_list)
        list[i].next = i + 1 < n ? list[i + 1] : null;
      }
      Skb first = n == 0 ? null : list[0];
      Arrays.fill(list, 0, n, null);
      Arrays.fill(taken, 0, dequeues, null);
      x.dequeued(packets, validate);
      return first;
    }
  }

  /** The requeued list's skb at {@code slot}. */
  private static Skb gsoAt(Qdisc q, int slot) {
    Skb s = q.gsoSkb;
    for (int i = 0; i < slot && s != null; i++) {
      s = s.next;
    }
    return s;
  }
}
