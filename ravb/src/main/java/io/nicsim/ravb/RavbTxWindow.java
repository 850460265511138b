package io.nicsim.ravb;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * The live TX ring as the loop's record holds it for a C that runs {@code ravb_tx_free} inside
 * (the poll's): the window the walk reads, from dirty_tx, each
 * descriptor up to cur_tx with its die_dt, ds_tagl and whether its frame's skb is set, ending
 * at the first one the DMAC has not sent where only sent ones are freed ({@code common.c}'s
 * {@code nicsim_tx_window}); each descriptor's dptr in the C is its place in the window (the
 * model maps nothing, its dptr is 0), so each unmap names its descriptor. The walk's calls go
 * to the model's {@link RavbKernel}: each freed descriptor's charge where the Java charges it
 * (before its unmap), the unmaps with the live dptr, the frees of the live skbs (the slot
 * emptied there); where the walk ended, a descriptor the DMAC sent while the call ran (the
 * model's time moves with the charges) after the one it stopped at extends the window and
 * reruns the C; else, there (before the calls after the walk, as the Java's walk updates the
 * ring before its caller goes on), dirty_tx, the freed descriptors' die_dt (through the hardware's
 * descriptor, as the Java's) and the statistics back.
 */
final class RavbTxWindow {
  static final int SLOT = RavbHarnesses.TX_LOOP_SLOT;
  static final int MAX = RavbHarnesses.TX_LOOP_DESCS;
  static final long UNMAP = NativeOut.id("dma_unmap_single");
  static final long KFREE = NativeOut.id("dev_kfree_skb_any");
  static final long DIRTY_TX = NativeOut.id("dirty_tx");
  static final long TX_PACKETS = NativeOut.id("stats.tx_packets");
  static final long TX_BYTES = NativeOut.id("stats.tx_bytes");
  static final long DIE_DT = NativeOut.id("die_dt");
  static final long TX_SKB = NativeOut.id("tx_skb");

  private final RavbPriv priv;
  private final NativePort c;
  private final long[] in;
  private final Replay replay;
  /** Where the window starts in the record (its length, then the descriptors). */
  private final int base;
  /** The C's output per freed descriptor (read before the walk). */
  private final long[] dieDt = new long[MAX];
  private final long[] txSkb = new long[MAX];
  private int q;
  private boolean txedOnly;
  private int descs;
  private int window;
  private int freed;
  private long dirtyOut;
  private long packets;
  private long bytes;
  /** Descriptors charged so far (TX_DESC, in the walk's order). */
  private int charged;
  private boolean ended;
  /** Whether {@link #ringBack} was applied this call. */
  private boolean backed;

  RavbTxWindow(RavbPriv priv, NativePort c, long[] in, Replay replay, int base) {
    this.priv = priv;
    this.c = c;
    this.in = in;
    this.replay = replay;
    this.base = base;
  }

  /** Words the record needs for a window of the whole ring. */
  static int words(int base) {
    return base + 1 + SLOT * MAX;
  }

  /** Whether every TX ring of {@code priv} fits the loop's record. */
  static boolean fits(RavbPriv priv) {
    for (int q = 0; q < RavbPriv.NUM_TX_QUEUE; q++) {
      if (priv.numTxRing[q] * priv.numTxDesc > MAX) {
        return false;
      }
    }
    return true;
  }

  /** The window of queue {@code q} as the call starts; the record's length with it. */
  int capture(int q, boolean txedOnly) {
    this.q = q;
    this.txedOnly = txedOnly;
    this.descs = priv.numTxRing[q] * priv.numTxDesc;
    window(0);
    charged = 0;
    ended = false;
    backed = false;
    freed = 0;
    return base + 1 + SLOT * window;
  }

  /**
   * The window taken again from the live ring, before the C's walk (the call's other state
   * kept): the record's length. Where the ring has not changed the record is as it was.
   */
  int rewindow() {
    window(0);
    return base + 1 + SLOT * window;
  }

  /** No window of queue {@code q} (the C does not walk the ring): the record's length. */
  int none(int q) {
    this.q = q;
    this.txedOnly = true;
    this.descs = priv.numTxRing[q] * priv.numTxDesc;
    in[base] = 0;
    window = 0;
    charged = 0;
    ended = false;
    backed = false;
    freed = 0;
    return base + 1;
  }

  /**
   * The record's window from place {@code from} on (the places before it sent): from its
   * descriptor to cur_tx, ending at the first one not sent where only sent ones are freed.
   */
  private void window(int from) {
    RavbHw hw = priv.hw;
    int n = from;
    int count = priv.curTx[q] - priv.dirtyTx[q];
    while (Integer.compareUnsigned(n, count) < 0 && n < descs) {
      int e = entry(n);
      int w = base + 1 + n * SLOT;
      in[w] = hw.txDieDt[e] & 0xFF;
      in[w + 1] = hw.txDsTagl[e] & 0xFFFF;
      in[w + 2] = priv.txSkb[q][e / priv.numTxDesc] != null ? 1 : 0;
      n++;
      if (txedOnly && hw.txDieDt[e] != RavbHw.DT_FEMPTY) {
        break; // the descriptor the walk stops at
      }
    }
    in[base] = n;
    window = n;
    replay.words(base + 1 + SLOT * window);
  }

  /** Reads the C's output of the walk (a bridge's {@code begin}, before its own reading). */
  void begin(NativeOut o) {
    int k = -1;
    while (o.next()) {
      if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
        continue;
      }
      long n = o.name();
      if (n == DIRTY_TX) {
        dirtyOut = o.value();
      } else if (n == TX_PACKETS) {
        packets = o.value();
      } else if (n == TX_BYTES) {
        bytes = o.value();
      } else if (n == DIE_DT) {
        dieDt[++k] = o.value();
      } else if (n == TX_SKB && k >= 0) {
        txSkb[k] = o.value();
      }
    }
    freed = k + 1;
    o.rewind();
  }

  /** Whether {@code o} is one of the walk's calls. */
  static boolean walkCall(long name) {
    return name == UNMAP || name == KFREE;
  }

  /** Whether {@code o} is one of the fields {@link #ringBack} applies. */
  static boolean field(long name) {
    return name == DIRTY_TX || name == TX_PACKETS || name == TX_BYTES || name == DIE_DT
        || name == TX_SKB;
  }

  /** One of the walk's calls ({@link #walkCall}). */
  void call(NativeOut o) {
    if (o.name() == UNMAP) {
      long addr = o.arg(0);
      if (addr < charged - 1 || addr >= window) {
        throw PortBridge.cannotApply(c, in, o);
      }
      int k = Math.max((int) addr, 0);
      chargeThrough(k);
      int e = entry(k);
      if ((o.arg(1) & 0xFFFF_FFFFL) != (priv.hw.txDsTagl[e] & RavbPriv.TX_DS)) {
        throw PortBridge.cannotApply(c, in, o);
      }
      priv.k.dmaUnmapSingle(priv.hw.txDptr[e], (int) o.arg(1));
    } else {
      int slot = (int) o.arg(0) - 1;
      Skb[] ring = priv.txSkb[q];
      if (slot < 0 || slot >= ring.length || ring[slot] == null) {
        throw PortBridge.cannotApply(c, in, o);
      }
      priv.k.devKfreeSkbAny(ring[slot]);
      ring[slot] = null;
    }
  }

  /**
   * Where the C's walk ended (the first token after its calls): the charges of the
   * descriptors it freed without an unmap; where it stopped at a descriptor the DMAC has sent
   * since, the window from there and {@link Replay#RETRY} (the C again, as the Java's walk
   * would go on); else the ring back ({@link #ringBack}) there.
   */
  int end() {
    if (ended) {
      return Replay.NEXT;
    }
    chargeThrough(freed - 1);
    if (freed < window && txedOnly && priv.hw.txDieDt[entry(freed)] == RavbHw.DT_FEMPTY) {
      window(freed);
      return Replay.RETRY;
    }
    ended = true;
    // the walk's ring back where the walk ends, as the Java's: the calls after it (a wake that
    // sends at once, a stop) see the freed descriptors
    ringBack();
    return Replay.NEXT;
  }

  /** The Java's per-descriptor charge, through window place {@code k}, in the walk's order. */
  private void chargeThrough(int k) {
    Core core = priv.cpu == null ? null : priv.cpu.current();
    for (; charged <= k; charged++) {
      if (core != null) {
        core.charge(RavbOps.TX_DESC);
      }
    }
  }

  /**
   * The freed descriptors as the C left them, the indices and statistics: where the walk ends
   * ({@link #end}), once a call (its dirty_tx field then finds it applied).
   */
  void ringBack() {
    if (backed) {
      return;
    }
    backed = true;
    for (int k = 0; k < freed; k++) {
      int e = entry(k);
      Skb s = priv.txSkb[q][e / priv.numTxDesc];
      if ((txSkb[k] == 0) != (s == null)) {
        throw new NativeFailure(c.function() + "'s C left tx_skb " + txSkb[k]
            + " on descriptor " + e + " and the model's is " + (s == null ? "NULL" : "set")
            + ": input " + PortBridge.record(c, in));
      }
      priv.hw.setTxDieDt(e, (int) dieDt[k]);
    }
    if (Integer.toUnsignedLong(priv.dirtyTx[q] + freed) != dirtyOut) {
      throw new NativeFailure(c.function() + "'s C left dirty_tx " + dirtyOut + " after freeing "
          + freed + " descriptors: input " + PortBridge.record(c, in));
    }
    priv.dirtyTx[q] = (int) dirtyOut;
    priv.cleanedDescs += freed;
    priv.stats[q].txPackets = packets;
    priv.stats[q].txBytes = bytes;
  }

  private int entry(int k) {
    return Integer.remainderUnsigned(priv.dirtyTx[q] + k, descs);
  }
}
