package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code bcmgenet_tx_poll}: the tree's TX NAPI poll, with its
 * {@code __bcmgenet_tx_reclaim} (the only caller) and {@code bcmgenet_free_tx_cb} inside, in
 * place of {@link BcmgenetNapi#txPoll}: the inverse of its harness in {@link GenetDataHarnesses}.
 * TX ring 0's fields and the TDMA's consumer index go in, then the window the reclaim walks
 * (from clean_ptr, one slot per BD the TDMA sent since c_index: whether its control block holds
 * an skb, and that skb's length, the GENET_CB bytes_sent the xmit stored). The C's calls are
 * replayed in order: the INTRL2 clear through the live accessor and then the MMIO read of
 * TDMA_CONS_INDEX it makes next (the harness's accessor prints nothing), each reclaimed control
 * block's cost charged where the Java charges it (before its unmap), the unmaps and skb frees on
 * the model's kernel (the window's live skbs), the BQL completion and queue wake on the model's
 * queue (their own bridges when installed), napi_complete and the TX interrupt's mask-clear.
 * The ring's fields (free_bds, c_index, clean_ptr, the stats) and the control blocks the C
 * emptied come back where the reclaim sets them, before its BQL completion: the C's output
 * holds them after the calls, and the poll sets none after its reclaim. Not under the what-if
 * lost-tx-irq-reenable, which the tree does not have; a ring past the harness's 256 control
 * blocks, or more BDs ready than the ring holds, runs the Java (counted in the run's header).
 */
final class GenetTxPollBridge implements PortBridge {
  /** data.c's NICSIM_CBS: the control blocks the harness has. */
  static final int CBS = 256;

  @Override
  public String file() {
    return GenetSources.MAIN_C;
  }

  @Override
  public String function() {
    return "bcmgenet_tx_poll";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof BcmgenetDriver d)
        || d.priv().patches.has(GenetPatches.LOST_TX_IRQ_REENABLE)) {
      return false;
    }
    d.napiPorts().cTxPoll = new Hook(d.priv(), c, site.host().kernel());
    return true;
  }

  /** The hook {@link BcmgenetNapi#txPoll} calls first. */
  static final class Hook implements Replay.Tokens {
    private static final long WRITEL = NativeOut.id("writel");
    private static final long UNMAP = NativeOut.id("dma_unmap_single");
    private static final long CONSUME = NativeOut.id("dev_consume_skb_any");
    private static final long COMPLETED = NativeOut.id("netdev_tx_completed_queue");
    private static final long WAKE = NativeOut.id("netif_tx_wake_queue");
    private static final long COMPLETE = NativeOut.id("napi_complete_done");
    private static final long FREE_BDS = NativeOut.id("free_bds");
    private static final long C_INDEX = NativeOut.id("c_index");
    private static final long CLEAN_PTR = NativeOut.id("clean_ptr");
    private static final long PACKETS = NativeOut.id("stats64.packets");
    private static final long BYTES = NativeOut.id("stats64.bytes");
    private static final long CB_SKB = NativeOut.id("cb.skb");
    /** INTRL2_1's registers in the harness's register file (data.c). */
    private static final long CLEAR =
        GenetDataHarnesses.INTRL2_1_OFF + GenetDataHarnesses.intrl2Offset("INTRL2_CPU_CLEAR");
    private static final long MASK_CLEAR =
        GenetDataHarnesses.INTRL2_1_OFF + GenetDataHarnesses.intrl2Offset("INTRL2_CPU_MASK_CLEAR");
    private static final int W = GenetDataHarnesses.TX_LOOP_WINDOW;

    private final BcmgenetPriv priv;
    private final NativePort c;
    private final Kernel kernel;
    private final long[] in;
    private final Replay replay;
    /** The window's control blocks and their live skbs, in the walk's order. */
    private final int[] cbs = new int[CBS];
    private final Skb[] skbs = new Skb[CBS];
    /** The C's ring fields and the window's cb.skb, read from its output before the walk. */
    private final long[] cbSkb = new long[CBS];
    private long freeBds;
    private long cIndex;
    private long cleanPtr;
    private long packets;
    private long bytes;
    private int window;
    /** Control blocks charged so far (TX_CB, in the walk's order). */
    private int charged;
    private boolean ringBack;
    private Napi napi;

    Hook(BcmgenetPriv priv, NativePort c, Kernel kernel) {
      this.priv = priv;
      this.c = c;
      this.kernel = kernel;
      this.in = new long[Math.max(c.inputs(), W + 2 * CBS)];
      this.replay = new Replay(c, in);
    }

    /** bcmgenet_tx_poll(napi, budget), or -1 where the live ring outgrows the record. */
    int txPoll(Napi napi, int budget) {
      BcmgenetPriv.TxRing ring = priv.tx;
      DescRing bd = priv.hw.txRing;
      int size = ring.endPtr - ring.cbPtr + 1;
      int ready = (priv.hw.tdmaConsIndex - ring.cIndex) & BcmgenetPriv.DMA_INDEX_MASK;
      if (ring.cbPtr < 0 || ring.endPtr >= CBS || size < 1 || ready > size) {
        InLoopPorts ports = kernel.inLoop(InLoopPorts.class);
        if (ports != null) {
          ports.ranAsJava(new GenetTxPollBridge().label(), ready > size
              ? "more BDs ready than the ring holds" : "a ring past the harness's 256 control blocks");
        }
        return -1;
      }
      Arrays.fill(in, 0, W + 2 * window, 0);
      in[0] = Integer.toUnsignedLong(priv.hw.tdmaConsIndex);
      in[1] = Integer.toUnsignedLong(ring.cIndex);
      in[2] = Integer.toUnsignedLong(ring.freeBds);
      in[3] = ring.cbPtr;
      in[4] = size;
      in[5] = ring.cleanPtr - ring.cbPtr;
      in[6] = ring.packets;
      in[7] = ring.bytes;
      in[GenetDataHarnesses.TX_BUDGET] = budget;
      window = ready;
      int cb = ring.cleanPtr;
      for (int k = 0; k < window; k++) {
        Skb skb = bd.skb(cb);
        cbs[k] = cb;
        skbs[k] = skb;
        in[W + 2 * k] = skb != null ? 1 : 0;
        in[W + 2 * k + 1] = skb != null ? Integer.toUnsignedLong(skb.len) : 0;
        cb = cb < ring.endPtr ? cb + 1 : ring.cbPtr;
      }
      this.napi = napi;
      charged = 0;
      ringBack = false;
      int ret = (int) replay.run(W + 2 * window, this);
      Arrays.fill(skbs, 0, window, null);
      return ret;
    }

    @Override
    public void begin(NativeOut o) {
      int k = 0;
      while (o.next()) {
        if (o.kind() == NativeOut.CALL) {
          continue;
        }
        long n = o.name();
        if (n == FREE_BDS) {
          freeBds = o.value();
        } else if (n == C_INDEX) {
          cIndex = o.value();
        } else if (n == CLEAN_PTR) {
          cleanPtr = o.value();
        } else if (n == PACKETS) {
          packets = o.value();
        } else if (n == BYTES) {
          bytes = o.value();
        } else if (n == CB_SKB && k < window) {
          cbSkb[k++] = o.value();
        }
      }
      o.rewind();
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        if (n == FREE_BDS || n == C_INDEX || n == CLEAN_PTR || n == PACKETS || n == BYTES
            || n == CB_SKB) {
          ringBack(); // where the tree completes nothing to BQL: after the calls
          return Replay.NEXT;
        }
        throw PortBridge.cannotApply(c, in, o);
      }
      if (n == WRITEL && o.arg(0) == CLEAR) {
        priv.intrl2ClearWritel((int) o.arg(1));
        priv.chargeRead(); // the reclaim's next statement reads TDMA_CONS_INDEX
      } else if (n == UNMAP) {
        int k = slot((int) o.arg(0), o);
        chargeThrough(k);
        priv.k.dmaUnmapSingle(cbs[k]);
      } else if (n == CONSUME) {
        int k = (int) o.arg(0) - 1;
        if (k < 0 || k >= window || skbs[k] == null) {
          throw PortBridge.cannotApply(c, in, o);
        }
        priv.k.devConsumeSkbAny(skbs[k]);
      } else if (n == COMPLETED) {
        chargeThrough(window - 1);
        ringBack();
        priv.k.netdevTxCompletedQueue((int) o.arg(0), (int) o.arg(1), (int) o.arg(2));
      } else if (n == WAKE) {
        priv.k.netifTxWakeQueue((int) o.arg(0));
      } else if (n == COMPLETE) {
        if (o.arg(0) != 1) {
          throw PortBridge.cannotApply(c, in, o);
        }
        priv.k.napiCompleteDone(napi, (int) o.arg(1)); // napi_complete: its answer unused
      } else if (n == WRITEL && o.arg(0) == MASK_CLEAR) {
        priv.intrl2MaskClearWritel((int) o.arg(1)); // bcmgenet_tx_ring_int_enable
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /** The window slot of control block {@code cb}, at or after the last one charged. */
    private int slot(int cb, NativeOut o) {
      for (int k = Math.max(charged - 1, 0); k < window; k++) {
        if (cbs[k] == cb) {
          return k;
        }
      }
      throw PortBridge.cannotApply(c, in, o);
    }

    /** Charges the reclaim's per-control-block cost up to slot {@code k}, as the Java walks. */
    private void chargeThrough(int k) {
      Core core = priv.core();
      for (; charged <= k; charged++) {
        core.charge(GenetOps.TX_CB);
      }
    }

    /** The ring as the C left it; the control blocks it emptied, emptied on the live ring. */
    private void ringBack() {
      if (ringBack) {
        return;
      }
      ringBack = true;
      BcmgenetPriv.TxRing ring = priv.tx;
      DescRing bd = priv.hw.txRing;
      int processed = ((int) cIndex - ring.cIndex) & BcmgenetPriv.DMA_INDEX_MASK;
      for (int k = 0; k < window; k++) {
        if (cbSkb[k] == 0) {
          bd.reset(cbs[k]);
        }
      }
      ring.freeBds = (int) freeBds;
      ring.cIndex = (int) cIndex;
      ring.cleanPtr = (int) cleanPtr;
      ring.packets = packets;
      ring.bytes = bytes;
      ring.cleanedBds += processed; // the liveness check's count, as the Java's
    }
  }
}
