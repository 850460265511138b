package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * net/core/gro.c's dev_gro_receive and GRO's flush as the tree's C on a live {@link Gro}
 * ({@code --ports c}): each call the inverse of its harness in {@code GroHarnesses}. The record
 * is the whole GRO state, every bucket's held skbs (GRO_HASH_BUCKETS 8 buckets of at most
 * MAX_GRO_SKBS 8, the kernel's own bounds, which the model's GRO never passes: nothing runs as
 * Java for want of room), each skb's age (as jiffies minus it) and segment count, and for
 * dev_gro_receive the skb and the protocol's answer. The protocol's gro_receive
 * (inet_gro_receive, nicsim's TCP offload) is the model's, run where the C calls it; its answer
 * is first guessed as the last call's and a different one sets the record's and runs the C
 * again, the calls applied skipped. Each held skb the C completes goes up through the model's
 * napi_gro_complete where the C completes it, then the buckets are laid out as the C left them
 * (the skb received held at its bucket's head with the C's age, count and gso_size). The
 * skb's age is the model's jiffies where the C holds it (a jiffy passed in the completions
 * before reruns the C with it). The flushes (napi_gro_flush to 6.14, gro_flush from 6.15; their
 * chain walks inside) read jiffies as the call starts. Every NAPI's GRO finds it through its
 * kernel; the bridge that installs it is {@code host.GroBridges}.
 */
public final class GroNative {
  private static final long RET = NativeOut.id("ret");
  private static final long GRO_LIST_PREPARE = NativeOut.id("gro_list_prepare");
  private static final long INET_GRO_RECEIVE = NativeOut.id("inet_gro_receive");
  private static final long COMPLETE = NativeOut.id("complete");
  private static final long SKB_FLUSH = NativeOut.id("skb.flush");
  private static final long SKB_AGE = NativeOut.id("skb.jiffies_minus_age");
  private static final long SKB_COUNT = NativeOut.id("skb.count");
  private static final long SKB_GSO_SIZE = NativeOut.id("skb.gso_size");
  private static final long BITMASK = NativeOut.id("bitmask");
  private static final int BUCKETS = Gro.GRO_HASH_BUCKETS;
  private static final int SLOTS = Gro.MAX_GRO_SKBS;
  /** The state's fields per bucket: its count, then (age delta, count) per held skb. */
  private static final int PER_BUCKET = 1 + 2 * SLOTS;
  /** common.c's GRO state: jiffies, flush_old, buckets in use, the buckets. */
  static final int STATE = 3 + BUCKETS * PER_BUCKET;
  /** dev_gro_receive.c's skb and answer after the state. */
  private static final int HASH = STATE;
  private static final int ELIDE = STATE + 1;
  private static final int OFFLOAD = STATE + 2;
  private static final int LEN = STATE + 3;
  private static final int IN_PROGRESS = STATE + 4;
  private static final int PP = STATE + 5;
  private static final int SAME_FLOW = STATE + 6;
  private static final int FLUSH = STATE + 7;
  private static final int FREE = STATE + 8;
  private static final int DATA_OFFSET = STATE + 9;
  static final int RECEIVE_WORDS = STATE + 10;
  /** The names the C prints the state under. */
  private static final long[] COUNT_NAMES = new long[BUCKETS];
  private static final long[][] ID_NAMES = new long[BUCKETS][SLOTS];

  static {
    for (int b = 0; b < BUCKETS; b++) {
      COUNT_NAMES[b] = NativeOut.id("hash[" + b + "].count");
      for (int i = 0; i < SLOTS; i++) {
        ID_NAMES[b][i] = NativeOut.id("hash[" + b + "][" + i + "]");
      }
    }
  }

  /** dev_gro_receive's C, or null. */
  final NativePort receive;
  /** napi_gro_flush's C (to 6.14; __napi_gro_flush_chain inside), or null. */
  final NativePort napiGroFlush;
  /** gro_flush's C (6.15+; __gro_flush and __gro_flush_chain inside), or null. */
  final NativePort groFlush;
  private final long[] receiveIn = new long[RECEIVE_WORDS];
  private final long[] flushIn = new long[STATE];
  /** The C's state as it printed it: per bucket, its ids head first. */
  private final int[][] ids = new int[BUCKETS][SLOTS];
  private final int[] counts = new int[BUCKETS];
  /** The held skbs by id (bucket * 8 + slot) as the call starts. */
  private final Skb[] byId = new Skb[Gro.FRESH];

  private GroNative(NativePort receive, NativePort napiGroFlush, NativePort groFlush) {
    this.receive = receive;
    this.napiGroFlush = napiGroFlush;
    this.groFlush = groFlush;
    // the protocol's answer first guessed: no held skb, not the same flow, flush (a pure ACK)
    receiveIn[PP] = SLOTS;
    receiveIn[FLUSH] = 1;
  }

  /** No function as C yet. */
  public static GroNative none() {
    return new GroNative(null, null, null);
  }

  /** This with dev_gro_receive as {@code c}. */
  public GroNative withReceive(NativePort c) {
    return new GroNative(c, napiGroFlush, groFlush);
  }

  /** This with napi_gro_flush (to 6.14) as {@code c}. */
  public GroNative withNapiGroFlush(NativePort c) {
    return new GroNative(receive, c, groFlush);
  }

  /** This with gro_flush (6.15+) as {@code c}. */
  public GroNative withGroFlush(NativePort c) {
    return new GroNative(receive, napiGroFlush, c);
  }

  /** GroHarnesses' set, inverted: the live GRO state as the record's first {@link #STATE}. */
  private void capture(Gro g, long[] in, long now, boolean flushOld) {
    in[0] = now;
    in[1] = flushOld ? 1 : 0;
    long mask = 0;
    for (int b = 0; b < BUCKETS; b++) {
      int at = 3 + b * PER_BUCKET;
      int n = g.listCount[b];
      in[at] = n;
      if (n > 0) {
        mask |= 1L << b;
      }
      for (int i = 0; i < n; i++) {
        in[at + 1 + 2 * i] = now - g.age[b][i];
        in[at + 2 + 2 * i] = g.count[b][i];
        byId[b * SLOTS + i] = g.held[b][i];
      }
    }
    in[2] = mask;
  }

  /** The state token {@code o} into {@link #ids}/{@link #counts}; false if it is none. */
  private boolean state(NativeOut o) {
    long name = o.name();
    for (int b = 0; b < BUCKETS; b++) {
      if (name == COUNT_NAMES[b]) {
        counts[b] = (int) o.value();
        return true;
      }
      for (int i = 0; i < SLOTS; i++) {
        if (name == ID_NAMES[b][i]) {
          ids[b][i] = (int) o.value();
          return true;
        }
      }
    }
    return false;
  }

  /** A held skb the C completed: the model's napi_gro_complete on it. */
  private void complete(Gro g, NativePort c, long[] in, NativeOut o, Core core) {
    int id = (int) o.arg(0);
    Skb s = id >= 0 && id < byId.length ? byId[id] : null;
    if (s == null) {
      throw NativeFailure.cannotApply(c, in, o);
    }
    byId[id] = null;
    g.complete(s, core);
  }

  /**
   * dev_gro_receive(gro, skb) as the C; the model's gro_receive where the C calls it.
   *
   * @return the C's enum gro_result
   */
  int receive(Gro g, Skb skb, Core core) {
    long[] in = receiveIn;
    NativePort c = receive;
    long now = g.kernel.cpu().jiffiesAt(core.cursor());
    capture(g, in, now, false);
    int hash = g.offload.hash(skb);
    int bucket = hash & (BUCKETS - 1);
    in[HASH] = Integer.toUnsignedLong(hash);
    in[ELIDE] = g.elide ? 1 : 0;
    in[OFFLOAD] = g.offload.hasOffload(skb) ? 1 : 0;
    in[LEN] = Integer.toUnsignedLong(skb.len);
    int applied = 0;
    long ret = -1;
    long freshAge = now;
    int freshCount = 1;
    int freshGso = -1;
    long mask = -1;
    boolean receivedAnswer = false;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in, RECEIVE_WORDS);
      int token = 0;
      boolean rerun = false;
      while (o.next()) {
        if (token++ < applied) {
          continue; // applied by an earlier run (the C is deterministic up to there)
        }
        applied = token;
        if (o.isCall(GRO_LIST_PREPARE)) {
          if (o.arg(0) != bucket) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          g.offload.listPrepare(bucket, skb);
        } else if (o.isCall(INET_GRO_RECEIVE)) {
          if (o.arg(0) != bucket || receivedAnswer) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          receivedAnswer = true;
          int pp = g.protocolReceive(bucket, skb, core);
          rerun |= set(in, IN_PROGRESS, pp == Gro.EINPROGRESS ? 1 : 0);
          rerun |= set(in, PP, pp >= 0 ? pp : SLOTS);
          rerun |= set(in, SAME_FLOW, g.cbSameFlow ? 1 : 0);
          rerun |= set(in, FLUSH, g.cbFlush ? 1 : 0);
          rerun |= set(in, FREE, g.cbFree);
          rerun |= set(in, DATA_OFFSET, skb.hdrLen);
        } else if (o.isCall(COMPLETE)) {
          complete(g, c, in, o, core);
        } else if (o.isField(RET)) {
          ret = o.value();
        } else if (o.isField(SKB_AGE)) {
          // NAPI_GRO_CB(skb)->age = jiffies, after the completions (whose delivery moves time)
          long at = g.kernel.cpu().jiffiesAt(core.cursor());
          if (at != in[0]) { // the C runs again reading the model's jiffies, from this token
            for (int b = 0; b < BUCKETS; b++) { // the held skbs' ages as they are
              int base = 3 + b * PER_BUCKET;
              for (int i = 0; i < in[base]; i++) {
                in[base + 1 + 2 * i] += at - in[0];
              }
            }
            in[0] = at;
            applied = token - 1;
            rerun = true;
          } else {
            freshAge = in[0] - o.value();
          }
        } else if (o.isField(SKB_COUNT)) {
          freshCount = (int) o.value();
        } else if (o.isField(SKB_GSO_SIZE)) {
          freshGso = (int) o.value();
        } else if (o.isField(BITMASK)) {
          mask = o.value();
        } else if (!o.isField(SKB_FLUSH) && !state(o)) {
          throw NativeFailure.cannotApply(c, in, o);
        }
        if (rerun) {
          break;
        }
      }
      if (!rerun) {
        break;
      }
      if (runs >= 10_000) {
        throw new NativeFailure(c.label() + ": the model's answers did not settle; "
            + NativeFailure.record(c, in));
      }
    }
    int r = (int) ret;
    Skb fresh = null;
    if (r == Gro.GRO_HELD) {
      fresh = skb;
      skb.gsoSize = freshGso;
      g.held0++;
    }
    Arrays.fill(byId, null);
    g.relist(ids, counts, (int) mask, fresh, freshAge, freshCount);
    return r;
  }

  /** Sets a guessed slot of the record; whether it changed (the C runs again). */
  private static boolean set(long[] in, int slot, long v) {
    if (in[slot] == v) {
      return false;
    }
    in[slot] = v;
    return true;
  }

  /** napi_gro_flush or gro_flush ({@code c}) as the C on {@code g}. */
  void flush(NativePort c, Gro g, boolean flushOld, Core core) {
    long[] in = flushIn;
    capture(g, in, g.kernel.cpu().jiffiesAt(core.cursor()), flushOld);
    NativeOut o = c.call(in, STATE);
    long mask = -1;
    while (o.next()) {
      if (o.isCall(COMPLETE)) {
        complete(g, c, in, o, core);
      } else if (o.isField(BITMASK)) {
        mask = o.value();
      } else if (!state(o)) {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    Arrays.fill(byId, null);
    g.relist(ids, counts, (int) mask, null, 0, 0);
  }

}
