package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code bcmgenet_desc_rx} (the tree's {@code bcmgenet_rx_refill},
 * {@code bcmgenet_free_rx_cb} and {@code dmadesc_set_addr} inside): the tree's receive of RX
 * ring 0 in place of {@link BcmgenetNapi#descRx}, the inverse of its harness in
 * {@link GenetRxHarnesses}. The ring's place, features, budget, c_index, old_discards and the
 * RDMA's producer index as the model has it go in, then the window the walk takes (from
 * read_ptr, one control block per frame the RDMA produced since c_index, at most the budget):
 * whether it holds a buffer, whether it is mapped, and the receive status block the model will
 * give for it (only those words cross; {@code bcmgenet_desc_rx.c} reads them in the loop,
 * port-check's record keeps its 8 slots). The C's calls are replayed in order: the INTRL2 clear
 * through the live accessor and the RDMA_PROD_INDEX read (charged) after it, a value other than
 * the record's rerunning the C; per frame the Java's charges (an skb allocation and a control
 * block) where the refill allocates, the model's allocation, mapping and unmapping of the
 * control block's buffer, the BD's address writes (which give it back to the RDMA), the status
 * block the model gives checked against the record's where the C reads it (another reruns the
 * C), the skb calls and the hand-off to the model's GRO on the model's buffer handles, the
 * consumer index to the live RDMA; then the ring's indices, DIM counts and statistics (as
 * increments) and the control blocks as the C left them. Not under the what-if
 * dim-running-counters, which the tree does not have; a model allocation or mapping that fails
 * where the C's succeeded fails the run.
 */
final class GenetDescRxBridge implements PortBridge {
  @Override
  public String file() {
    return GenetSources.MAIN_C;
  }

  @Override
  public String function() {
    return "bcmgenet_desc_rx";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof BcmgenetDriver d)
        || d.priv().patches.has(GenetPatches.DIM_RUNNING_COUNTERS)
        || d.priv().rx.endPtr >= GenetTxPollBridge.CBS) {
      return false;
    }
    d.napiPorts().cDescRx = new Hook(d.priv(), c);
    return true;
  }

  /** The hook {@link BcmgenetNapi#descRx} calls first. */
  static final class Hook implements Replay.Tokens {
    private static final int CBS = GenetTxPollBridge.CBS;
    private static final int N = GenetRxHarnesses.RX_LOOP - 4;
    private static final int LOOP = GenetRxHarnesses.RX_LOOP;
    private static final int SLOT = GenetRxHarnesses.RX_LOOP_SLOT;
    private static final long WRITEL = NativeOut.id("writel");
    private static final long PROD_WRITE = NativeOut.id("rdma_ring_writel:RDMA_PROD_INDEX");
    private static final long CONS_WRITE = NativeOut.id("rdma_ring_writel:RDMA_CONS_INDEX");
    private static final long ALLOC = NativeOut.id("__netdev_alloc_skb");
    private static final long MAP = NativeOut.id("dma_map_single");
    private static final long UNMAP = NativeOut.id("dma_unmap_single");
    private static final long KFREE = NativeOut.id("dev_kfree_skb_any");
    private static final long CONSUME = NativeOut.id("dev_consume_skb_any");
    private static final long PUT = NativeOut.id("skb_put");
    private static final long PULL = NativeOut.id("skb_pull");
    private static final long TRIM = NativeOut.id("skb_trim");
    private static final long ETH = NativeOut.id("eth_type_trans");
    private static final long GRO = NativeOut.id("napi_gro_receive");
    private static final long CB = NativeOut.id("cb");
    private static final long CLEAR =
        GenetDataHarnesses.INTRL2_1_OFF + GenetDataHarnesses.intrl2Offset("INTRL2_CPU_CLEAR");
    /** rx.c's names: held buffers by control block, fresh ones from 1000, their addresses. */
    private static final long FRESH = GenetHarnessKernel.FRESH;
    private static final long HELD_DMA = 0x1000_0000L;
    /** The fields the C prints after the calls, in order. */
    private static final long[] FIELDS = {NativeOut.id("read_ptr"), NativeOut.id("c_index"),
        NativeOut.id("old_discards"), NativeOut.id("dim.bytes"), NativeOut.id("dim.packets"),
        NativeOut.id("bytes"), NativeOut.id("packets"), NativeOut.id("errors"),
        NativeOut.id("dropped"), NativeOut.id("multicast"), NativeOut.id("length_errors"),
        NativeOut.id("over_errors"), NativeOut.id("crc_errors"), NativeOut.id("frame_errors"),
        NativeOut.id("missed"), NativeOut.id("broadcast"), NativeOut.id("fragmented_errors"),
        NativeOut.id("mib.alloc_rx_buff_failed"), NativeOut.id("mib.rx_dma_failed")};
    private static final long LAST = FIELDS[FIELDS.length - 1];

    private final BcmgenetPriv priv;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    /** The ring's buffer handles as the call starts, by control block. */
    private final long[] held = new long[CBS];
    private final long[] heldDma = new long[CBS];
    /** The model's buffers and mappings of this call, by the C's allocation number. */
    private final long[] fresh = new long[CBS + 1];
    private final long[] mapping = new long[CBS + 1];
    private final long[] out = new long[FIELDS.length];
    private BcmgenetPriv.RxRing ring;
    private int window;
    /** Frames started (their allocation applied), and the BD writes of the last one seen. */
    private int frames;
    private int allocs;
    private int cb;
    private boolean bdWritten;
    private boolean statusChecked;

    Hook(BcmgenetPriv priv, NativePort c) {
      this.priv = priv;
      this.c = c;
      this.in = new long[Math.max(c.inputs(), LOOP + SLOT * CBS)];
      this.replay = new Replay(c, in);
    }

    /** bcmgenet_desc_rx(ring, budget): the frames processed. */
    int descRx(BcmgenetPriv.RxRing ring, int budget) {
      Arrays.fill(in, 0, LOOP, 0);
      in[0] = ring.cbPtr;
      in[1] = ring.size;
      in[2] = ring.readPtr - ring.cbPtr;
      in[3] = priv.rxCsum ? 1 : 0;
      in[4] = priv.crcFwdEn ? 1 : 0;
      in[5] = priv.has40bits ? 1 : 0;
      in[N] = budget;
      // the producer index as the RDMA has it (not charged: the read is charged where the C makes it)
      in[N + 1] = Integer.toUnsignedLong(priv.hw.readRdmaProdIndex());
      in[N + 2] = ring.cIndex;
      in[N + 3] = Integer.toUnsignedLong(ring.oldDiscards);
      this.ring = ring;
      for (int i = ring.cbPtr; i <= ring.endPtr; i++) {
        held[i] = priv.rxCbSkb[i];
        heldDma[i] = priv.rxCbDmaAddr[i];
      }
      window();
      frames = 0;
      allocs = 0;
      cb = -1;
      bdWritten = false;
      statusChecked = true;
      return (int) replay.run(LOOP + SLOT * window, this);
    }

    /** The window from read_ptr: one control block per frame the walk takes. */
    private void window() {
      int budget = (int) in[N];
      window = Math.min(Math.min((int) (in[N + 1] - ring.cIndex) & BcmgenetPriv.DMA_INDEX_MASK,
          budget), ring.size);
      int cbi = ring.readPtr;
      for (int k = 0; k < window; k++) {
        int w = LOOP + SLOT * k;
        in[w] = held[cbi] != 0 ? 1 : 0;
        in[w + 1] = heldDma[cbi] != 0 ? 1 : 0;
        in[w + 2] = priv.k instanceof GenetHostKernel h
            ? Integer.toUnsignedLong(h.rsbLengthStatusOf(cbi)) : 0;
        in[w + 3] = 0; // the model has no checksum offload (checked where the C reads it)
        cbi = cbi < ring.endPtr ? cbi + 1 : ring.cbPtr;
      }
      replay.words(LOOP + SLOT * window);
    }

    @Override
    public void begin(NativeOut o) {
      int f = 0;
      while (o.next()) {
        if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
          continue;
        }
        long n = o.name();
        for (int k = f; k < FIELDS.length; k++) {
          if (FIELDS[k] == n) {
            out[k] = o.value();
            f = k + 1;
            break;
          }
        }
      }
      o.rewind();
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() == NativeOut.MESSAGE) {
        int step = checkStatus();
        if (step != Replay.NEXT) {
          return step;
        }
        priv.k.netifErr(o.message());
        return Replay.NEXT;
      }
      if (o.kind() != NativeOut.CALL) {
        if (n == LAST) {
          ringBack();
        }
        return Replay.NEXT;
      }
      if (n == WRITEL && o.arg(0) >= GenetHarnessKernel.RX_BDS) {
        long off = o.arg(0) - GenetHarnessKernel.RX_BDS;
        int bd = (int) (off / (4 * priv.wordsPerBd));
        int reg = (int) (off % (4 * priv.wordsPerBd));
        long m = mapping[allocs];
        int v = reg == GenetRxCb.DMA_DESC_ADDRESS_LO ? (int) m : (int) (m >>> 32);
        priv.k.rxBdWritel(bd, reg, v);
        bdWritten = true;
        statusChecked = false;
        return Replay.NEXT;
      }
      if (n == CB) {
        // a control block as the C left it (rx.c prints the ones that changed, after the walk)
        int i = (int) o.arg(0);
        priv.rxCbSkb[i] = o.arg(1) == 0 ? 0 : handle(o.arg(1), o);
        priv.rxCbDmaAddr[i] = o.arg(2) == 0 ? 0 : address(o.arg(2), o);
        priv.rxCbDmaLen[i] = (int) o.arg(3);
        return Replay.NEXT;
      }
      int step = checkStatus();
      if (step != Replay.NEXT) {
        return step;
      }
      if (n == WRITEL && o.arg(0) == CLEAR) {
        priv.intrl2ClearWritel((int) o.arg(1));
        // the C's next statement reads RDMA_PROD_INDEX: the model's read, charged, there
        long model = Integer.toUnsignedLong(priv.rdmaProdIndexReadl(ring.index));
        if (model != in[N + 1]) {
          in[N + 1] = model;
          window();
          return Replay.RERUN;
        }
      } else if (n == PROD_WRITE) {
        priv.rdmaRingWritel((int) o.arg(0), (int) o.arg(1), GenetDmaRingReg.RDMA_PROD_INDEX);
      } else if (n == CONS_WRITE) {
        priv.rdmaRingWritel((int) o.arg(0), (int) o.arg(1), GenetDmaRingReg.RDMA_CONS_INDEX);
      } else if (n == ALLOC) {
        // a frame the walk takes: the Java's charges, then the refill's allocation
        Core core = priv.core();
        core.charge(KernelOps.SKB_ALLOC);
        core.charge(GenetOps.RX_CB);
        cb = cbOf(frames++);
        bdWritten = false;
        long skb = priv.k.netdevAllocSkb((int) o.arg(0));
        if (skb == 0) {
          throw new NativeFailure("bcmgenet_desc_rx: the model's allocation failed where the"
              + " C's succeeded: input " + PortBridge.record(c, in));
        }
        fresh[++allocs] = skb;
      } else if (n == MAP) {
        long m = priv.k.dmaMapSingleFromDevice(handle(o.arg(0), o), (int) o.arg(1));
        if (priv.k.dmaMappingError(m)) {
          throw new NativeFailure("bcmgenet_desc_rx: the model's mapping failed where the"
              + " C's succeeded: input " + PortBridge.record(c, in));
        }
        mapping[allocs] = m;
      } else if (n == UNMAP) {
        priv.k.dmaUnmapSingleFromDevice(cb, address(o.arg(0), o), (int) o.arg(1));
      } else if (n == KFREE) {
        priv.k.devKfreeSkbAny(handle(o.arg(0), o));
      } else if (n == CONSUME) {
        priv.k.devConsumeSkbAny(handle(o.arg(0), o));
      } else if (n == PUT) {
        priv.k.skbPut(handle(o.arg(0), o), (int) o.arg(1));
      } else if (n == PULL) {
        priv.k.skbPull(handle(o.arg(0), o), (int) o.arg(1));
      } else if (n == TRIM) {
        priv.k.skbTrim(handle(o.arg(0), o), (int) o.arg(1));
      } else if (n == ETH) {
        priv.k.ethTypeTrans(handle(o.arg(0), o));
      } else if (n == GRO) {
        priv.k.napiGroReceive(ring.napi, handle(o.arg(0), o), (int) o.arg(1), (int) o.arg(2));
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /**
     * After a refill the C reads the old buffer's status block (no call): the model's, where the
     * Java reads it, must be the record's; another reruns the C with it.
     */
    private int checkStatus() {
      if (statusChecked || !bdWritten) {
        return Replay.NEXT;
      }
      statusChecked = true;
      int k = frames - 1;
      long skb = held[cb];
      if (skb == 0) {
        return Replay.NEXT;
      }
      int w = LOOP + SLOT * k;
      long ls = Integer.toUnsignedLong(priv.k.rsbLengthStatus(skb));
      long csum = priv.rxCsum ? Integer.toUnsignedLong(priv.k.rsbRxCsum(skb)) : in[w + 3];
      if (ls != in[w + 2] || csum != in[w + 3]) {
        in[w + 2] = ls;
        in[w + 3] = csum;
        return Replay.RETRY;
      }
      return Replay.NEXT;
    }

    private int cbOf(int k) {
      int x = ring.readPtr - ring.cbPtr + k;
      return ring.cbPtr + x % ring.size;
    }

    /** The model's buffer of a number the C named: a held one by control block, or fresh. */
    private long handle(long id, NativeOut o) {
      if (id >= FRESH && id - FRESH < allocs) {
        return fresh[(int) (id - FRESH) + 1];
      }
      if (id >= 1 && id <= ring.size) {
        return held[ring.cbPtr + (int) id - 1];
      }
      throw PortBridge.cannotApply(c, in, o);
    }

    /** The model's mapping of an address the C named. */
    private long address(long a, NativeOut o) {
      if (a >= HELD_DMA && a < HELD_DMA + (long) CBS * 0x1000 && (a - HELD_DMA) % 0x1000 == 0) {
        return heldDma[(int) ((a - HELD_DMA) / 0x1000)];
      }
      long n = a >>> 32;
      if (n >= FRESH && n - FRESH < allocs && a == ((n << 32) | (n * 0x1000))) {
        return mapping[(int) (n - FRESH) + 1];
      }
      throw PortBridge.cannotApply(c, in, o);
    }

    /** The ring and its control blocks as the C left them. */
    private void ringBack() {
      ring.readPtr = (int) out[0];
      ring.cIndex = (int) out[1];
      ring.oldDiscards = (int) out[2];
      ring.dim.bytes = out[3];
      ring.dim.packets = out[4];
      ring.bytes += out[5];
      ring.packets += out[6];
      ring.errors += out[7];
      ring.dropped += out[8];
      ring.multicast += out[9];
      ring.lengthErrors += out[10];
      ring.overErrors += out[11];
      ring.crcErrors += out[12];
      ring.frameErrors += out[13];
      ring.missed += out[14];
      ring.broadcast += out[15];
      ring.fragmentedErrors += out[16];
      priv.allocRxBuffFailed += out[17];
      priv.rxDmaFailed += out[18];
    }
  }
}
