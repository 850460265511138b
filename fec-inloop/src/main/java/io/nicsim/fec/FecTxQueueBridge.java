package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_enet_tx_queue} (the tree's {@code fec_enet_get_free_txdesc_num}
 * inside): the tree's reclaim of one TX ring in place of {@link FecNapi#txQueue}, the inverse of
 * its harness in {@link FecDataHarnesses}. The live fep's flags, the ring's dirty_tx and cur,
 * the queue's stopped state and wake threshold become the record, then the window the walk
 * reads ({@code fec_enet_tx_queue.c} in the loop): from dirty_tx + 1, each BD the DMA is done
 * with and the READY one the walk stops at (none where it reaches cur), with its status, buffer,
 * length, skb length and timestamp flag; only those words cross. TDAR, which the C reads where
 * its walk stops short of cur, is the model's register as the call starts, and the model's
 * read (charged) is made where the C reads it; another value reruns the C with it, the calls
 * already applied skipped. The C's calls are replayed in order on the model's
 * {@link FecKernel}: each reaped BD's charge where the Java charges it (before its unmap), the
 * unmaps and the frees of the window's live skbs, a TX timestamp, the queue's wake (its own
 * bridge when installed) and the ERR006358 kick to the live TDAR; then dirty_tx, the reaped
 * BDs' emptied buffers and skbs, and the statistics (as increments), which nothing reads
 * while the call runs. A queue the model holds stopped otherwise than the C left it fails the
 * run.
 */
final class FecTxQueueBridge implements PortBridge {
  /** data.c's NICSIM_MAX_RING. */
  static final int MAX_RING = 1024;

  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_tx_queue";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    if (!harnessHolds(d.fep())) {
      return false;
    }
    d.napiPorts().cTxQueue = new Hook(d.fep(), c);
    return true;
  }

  /** Whether every TX ring fits the harnesses' (the release's TX_RING_SIZE, data.c's BDs). */
  static boolean harnessHolds(FecEnetPrivate fep) {
    for (int q = 0; q < fep.numTxQueues; q++) {
      if (fep.txQueue[q] == null || fep.txQueue[q].ringSize > MAX_RING
          || fep.txQueue[q].ringSize > FecDataHarnesses.txRingSize(fep)) {
        return false;
      }
    }
    return true;
  }

  /** The hook {@link FecNapi#txQueue} calls first. */
  static final class Hook implements Replay.Tokens, FecCHooks.TxQueue {
    private static final int LOOP = FecDataHarnesses.TXQ_LOOP;
    private static final int SLOT = FecDataHarnesses.TXQ_LOOP_SLOT;
    private static final int TDAR = 10;
    private static final long WRITEL = NativeOut.id("writel");
    private static final long UNMAP = NativeOut.id("dma_unmap_single");
    private static final long KFREE = NativeOut.id("dev_kfree_skb_any");
    private static final long CONSUME = NativeOut.id("napi_consume_skb");
    private static final long HWTSTAMP = NativeOut.id("fec_enet_hwtstamp");
    private static final long TSTAMP = NativeOut.id("skb_tstamp_tx");
    private static final long WAKE = NativeOut.id("netif_tx_wake_queue");
    private static final long DIRTY_TX = NativeOut.id("dirty_tx");
    private static final long BUFADDR = NativeOut.id("bufaddr");
    private static final long TYPE = NativeOut.id("type");
    private static final long SKB = NativeOut.id("skb");
    private static final long STOPPED = NativeOut.id("stopped");
    private static final long[] STATS = FecRxQueueBridge.STATS;

    private final FecEnetPrivate fep;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    /** The window's BDs, their live skbs (by the C's skb number) and that number's slot. */
    private final int[] bd = new int[MAX_RING];
    private final Skb[] skbs = new Skb[MAX_RING + 1];
    private final int[] skbSlot = new int[MAX_RING + 1];
    /** The C's output per reaped BD (read before the walk). */
    private final long[] bufaddr = new long[MAX_RING];
    private final long[] type = new long[MAX_RING];
    private final long[] skbOut = new long[MAX_RING];
    private final long[] stats = new long[STATS.length];
    private long dirtyOut;
    private FecTxq txq;
    private int queue;
    private int window;
    private int nskb;
    private int reaped;
    /** BDs charged so far (TX_BD, in the walk's order). */
    private int charged;
    private boolean ended;
    /** TDAR as the model's read gave it where the C read it, or -1. */
    private long tdar;
    private int ts;

    Hook(FecEnetPrivate fep, NativePort c) {
      this.fep = fep;
      this.c = c;
      this.in = new long[Math.max(c.inputs(), LOOP + SLOT * MAX_RING)];
      this.replay = new Replay(c, in);
    }

    /** fec_enet_tx_queue(ndev, queue_id, budget). */
    @Override
    public void txQueue(int queueId, int budget) {
      FecTxq txq = fep.txQueue[queueId];
      int size = txq.bd.size();
      Arrays.fill(in, 0, LOOP, 0);
      in[0] = fep.bufdescEx ? 1 : 0;
      in[1] = fep.hwtsTxEn ? 1 : 0;
      in[2] = budget;
      in[3] = queueId;
      in[4] = Integer.numberOfTrailingZeros(size);
      in[5] = txq.dirtyTx;
      in[6] = txq.bd.cur;
      in[7] = fep.k.netifTxQueueStopped(queueId) ? 1 : 0;
      in[8] = txq.txWakeThreshold;
      in[9] = txq.tsoHdrsDma & 0xFFFF_FFFFL;
      // the register as it is now (not charged): the model's read where the C reads it decides
      in[TDAR] = Integer.toUnsignedLong(fep.hwp.readl(FecRegisters.xDesActive(queueId)));
      this.txq = txq;
      this.queue = queueId;
      nskb = 0;
      bd[0] = txq.bd.next(txq.dirtyTx);
      window(0);
      charged = 0;
      ended = false;
      tdar = -1;
      replay.run(LOOP + SLOT * window, this);
      Arrays.fill(skbs, 0, nskb + 1, null);
    }

    /**
     * The record's window from slot {@code from} on (the slots before it the DMA is done with):
     * from its BD to cur, ending at the first READY one.
     */
    private void window(int from) {
      int size = txq.bd.size();
      int n = from;
      for (int i = bd[from]; i != txq.bd.cur && n < size; i = txq.bd.next(i)) {
        int st = txq.bds.status(i);
        int w = LOOP + n * SLOT;
        Skb skb = txq.bd.skb(i);
        bd[n] = i;
        in[w] = st;
        in[w + 1] = Integer.toUnsignedLong(txq.bds.bufaddr[i]);
        in[w + 2] = txq.bd.bufLen(i) & 0xFFFF;
        if (skb != null) {
          skbs[++nskb] = skb;
          skbSlot[nskb] = n;
          in[w + 3] = Integer.toUnsignedLong(skb.len) + 1;
          in[w + 4] = skb.tstampInProgress ? 1 : 0;
        } else {
          in[w + 3] = 0;
          in[w + 4] = 0;
        }
        in[w + 5] = Integer.toUnsignedLong(txq.bds.ts[i]);
        n++;
        if ((st & FecBds.BD_ENET_TX_READY) != 0) {
          break; // the BD the walk stops at
        }
      }
      in[11] = n;
      window = n;
      replay.words(LOOP + SLOT * window);
    }

    @Override
    public void begin(NativeOut o) {
      int k = -1;
      int stat = 0;
      while (o.next()) {
        if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
          continue;
        }
        long n = o.name();
        if (n == DIRTY_TX) {
          dirtyOut = o.value();
        } else if (n == BUFADDR) {
          bufaddr[++k] = o.value();
        } else if (n == TYPE && k >= 0) {
          type[k] = o.value();
        } else if (n == SKB && k >= 0) {
          skbOut[k] = o.value();
        } else if (stat < STATS.length && n == STATS[stat]) {
          stats[stat++] = o.value();
        }
      }
      reaped = k + 1;
      o.rewind();
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        int step = end();
        if (step != Replay.NEXT) {
          return step;
        }
        if (n == DIRTY_TX) {
          ringBack();
        } else if (n == STOPPED) {
          if ((o.value() != 0) != fep.k.netifTxQueueStopped(queue)) {
            throw new NativeFailure("fec_enet_tx_queue's C left queue " + queue
                + (o.value() != 0 ? " stopped" : " running") + " and the model's is not:"
                + " input " + PortBridge.record(c, in));
          }
        } else if (n == STATS[STATS.length - 1]) {
          FecRxQueueBridge.addStats(fep, stats);
        } else if (n != BUFADDR && n != TYPE && n != SKB && !FecRxQueueBridge.isStat(n)) {
          throw PortBridge.cannotApply(c, in, o);
        }
        return Replay.NEXT;
      }
      if (n == UNMAP) {
        chargeThrough(slotOfBuffer(o.arg(0), o));
        fep.k.dmaUnmapSingle(o.arg(0), (int) o.arg(1), (int) o.arg(2));
      } else if (n == KFREE || n == CONSUME) {
        int id = skbNumber(o.arg(0), o);
        chargeThrough(skbSlot[id]);
        if (n == KFREE) {
          fep.k.devKfreeSkbAny(skbs[id]);
        } else {
          fep.k.napiConsumeSkb(skbs[id], (int) o.arg(1));
        }
      } else if (n == HWTSTAMP) {
        ts = (int) o.arg(0);
      } else if (n == TSTAMP) {
        int id = skbNumber(o.arg(0), o);
        chargeThrough(skbSlot[id]);
        fep.k.skbTstampTx(skbs[id], ts);
      } else if (n == WAKE) {
        fep.k.netifTxWakeQueue((int) o.arg(0));
      } else if (n == WRITEL) {
        int off = (int) o.arg(0);
        if (off == FecRegisters.xDesActive(queue)) {
          int step = end();
          if (step != Replay.NEXT) {
            return step;
          }
        }
        fep.writel((int) o.arg(1), off);
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /**
     * Where the C's walk ended (its kick, or the first field after its calls): the charges of
     * the BDs it reaped without a call, and TDAR read where the C read it (its walk stopped
     * short of cur); a value other than the record's reruns the C with it.
     */
    private int end() {
      if (!ended) {
        chargeThrough(reaped - 1);
        int k = reaped;
        if (k < window && (txq.bds.status(bd[k]) & FecBds.BD_ENET_TX_READY) == 0) {
          // the DMA sent the BD the walk stopped at while the call ran (the model's time moves
          // with the charges): the Java reaps it; the window from it, and the C again
          nskb = skbNumberOfSlot(k);
          window(k);
          return Replay.RETRY;
        }
        ended = true;
      }
      if (txq.bd.next((int) dirtyOut) == txq.bd.cur) {
        return Replay.NEXT; // the walk reached cur: no read
      }
      if (tdar < 0) {
        tdar = Integer.toUnsignedLong(fep.readl(FecRegisters.xDesActive(queue)));
      }
      if (in[TDAR] != tdar) {
        in[TDAR] = tdar;
        return Replay.RETRY;
      }
      return Replay.NEXT;
    }

    /** The skbs the window's slots before {@code k} hold. */
    private int skbNumberOfSlot(int k) {
      int n = 0;
      for (int id = 1; id <= nskb && skbSlot[id] < k; id++) {
        n = id;
      }
      return n;
    }

    /** The Java's per-BD charge, through window slot {@code k}, in the walk's order. */
    private void chargeThrough(int k) {
      for (; charged <= k; charged++) {
        fep.charge(FecOps.TX_BD);
      }
    }

    /** The reaped BDs as the C left them, their counters as the Java's. */
    private void ringBack() {
      for (int k = 0; k < reaped; k++) {
        int i = bd[k];
        txq.bds.bufaddr[i] = (int) bufaddr[k];
        txq.txBufType[i] = (int) type[k];
        if (skbOut[k] == 0) {
          txq.bd.setSkb(i, null);
        } else if (skbs[(int) skbOut[k]] != txq.bd.skb(i)) {
          throw new NativeFailure("fec_enet_tx_queue's C left skb " + skbOut[k] + " on BD " + i
              + ": input " + PortBridge.record(c, in));
        }
      }
      txq.dirtyTx = (int) dirtyOut;
      fep.txCleaned += reaped;
      txq.cleaned += reaped;
    }

    private int slotOfBuffer(long addr, NativeOut o) {
      for (int k = Math.max(charged - 1, 0); k < window; k++) {
        if (in[LOOP + k * SLOT + 1] == (addr & 0xFFFF_FFFFL)) {
          return k;
        }
      }
      throw PortBridge.cannotApply(c, in, o);
    }

    private int skbNumber(long id, NativeOut o) {
      if (id < 1 || id > nskb) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return (int) id;
    }

  }
}
