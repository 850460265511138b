package io.nicsim.bcmgenet;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code bcmgenet_init_rx_ring} (the open's RX ring set-up, once per
 * open; the tree's {@code bcmgenet_alloc_rx_buffers}, {@code bcmgenet_rx_refill},
 * {@code bcmgenet_free_rx_cb} and {@code dmadesc_set_addr} inside): the tree's C in place of
 * {@link BcmgenetDriver#initRxRing}, the inverse of its harness in {@link GenetRxHarnesses} (RX
 * ring 0's place, features, every slot empty: the ring as the open finds it). The ring's fields
 * come back first (the C sets them before its first call), then the C's calls are applied in
 * its order: each refill's allocation and mapping by the model (a model allocation or mapping
 * that fails where the C's succeeded fails the run), the control block given its buffer and the
 * BD its address (which hands the BD to the RDMA) where the C's {@code dmadesc_set_addr} writes
 * it, {@code bcmgenet_init_dim} and {@code bcmgenet_init_rx_coalesce} to the open's (their own
 * bridges, or the Java), {@code netif_napi_add} to the live ring, every RDMA ring register write
 * through the live accessor (charged) in the C's order; then the control blocks as the C left
 * them and its MIB counts (as increments). A ring that already holds a buffer (no open leaves
 * one: the close frees them) or lies past the harness's 256 control blocks runs as Java,
 * counted in the run's header.
 */
final class GenetInitRxRingBridge implements PortBridge {
  @Override
  public String file() {
    return GenetSources.MAIN_C;
  }

  @Override
  public String function() {
    return "bcmgenet_init_rx_ring";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof BcmgenetDriver d)) {
      return false;
    }
    d.cInitRxRing = new Hook(c, site.host().kernel());
    return true;
  }

  /** The hook the driver's open calls in place of {@link BcmgenetDriver#initRxRing}. */
  static final class Hook {
    private static final int CBS = GenetTxPollBridge.CBS;
    /** The record's index field, after rx.c's common part. */
    private static final int INDEX = GenetHarnessKernel.RX_FIELDS
        + GenetHarnessKernel.RX_SLOT * GenetHarnessKernel.RX_SLOTS;
    private static final String RDMA = "rdma_ring_writel:";
    private static final long[] REGS = new long[13];
    private static final long WRITEL = NativeOut.id("writel");
    private static final long ALLOC = NativeOut.id("__netdev_alloc_skb");
    private static final long MAP = NativeOut.id("dma_map_single");
    private static final long INIT_DIM = NativeOut.id("bcmgenet_init_dim");
    private static final long INIT_COAL = NativeOut.id("bcmgenet_init_rx_coalesce");
    private static final long NAPI_ADD = NativeOut.id("netif_napi_add");
    private static final long CB = NativeOut.id("cb");
    private static final long FRESH = GenetHarnessKernel.FRESH;
    private static final String[] FIELD_NAMES = {"ret", "index", "cbs", "size", "c_index",
        "read_ptr", "cb_ptr", "end_ptr", "mib.alloc_rx_buff_failed", "mib.rx_dma_failed"};
    private static final long[] FIELDS = new long[FIELD_NAMES.length];

    static {
      for (int r = 0; r < REGS.length; r++) {
        REGS[r] = NativeOut.id(RDMA + GenetDmaRingReg.rdmaName(r));
      }
      for (int i = 0; i < FIELDS.length; i++) {
        FIELDS[i] = NativeOut.id(FIELD_NAMES[i]);
      }
    }

    private final NativePort c;
    private final Kernel kernel;
    private final long[] in;
    /** The model's buffers and mappings of this call, by the C's allocation number (from 1). */
    private final long[] fresh = new long[CBS + 1];
    private final long[] mapping = new long[CBS + 1];

    Hook(NativePort c, Kernel kernel) {
      this.c = c;
      this.kernel = kernel;
      this.in = new long[c.inputs()];
    }

    int initRxRing(BcmgenetPriv priv, BcmgenetDriver.RxRingCoalesce coal, int index, int size,
        int startPtr, int endPtr) {
      if (!fits(priv, index, size, startPtr, endPtr)) {
        InLoopPorts ports = kernel.inLoop(InLoopPorts.class);
        if (ports != null) {
          ports.ranAsJava(new GenetInitRxRingBridge().label(),
              "a ring holding buffers, or past the harness's 256 control blocks");
        }
        return BcmgenetDriver.initRxRing(priv, coal, index, size, startPtr, endPtr);
      }
      Arrays.fill(in, 0);
      in[0] = startPtr;
      in[1] = size;
      in[2] = 0; // read_ptr - cb_ptr: the C sets read_ptr itself
      in[3] = priv.rxCsum ? 1 : 0;
      in[4] = priv.crcFwdEn ? 1 : 0;
      in[5] = priv.has40bits ? 1 : 0;
      in[INDEX] = index;
      BcmgenetPriv.RxRing ring = priv.rx;
      NativeOut o = c.call(in);
      // the ring's fields first, as the C sets them before its first call (the refills, the
      // coalescing and the NAPI's add read the live ring)
      int ret = 0;
      while (o.next()) {
        if (o.kind() == NativeOut.CALL) {
          continue;
        }
        int v = (int) o.value();
        switch (indexOf(FIELDS, o.name())) {
          case 0 -> ret = v;
          case 1 -> ring.index = v;
          case 2 -> ring.cbs = v;
          case 3 -> ring.size = v;
          case 4 -> ring.cIndex = v;
          case 5 -> ring.readPtr = v;
          case 6 -> ring.cbPtr = v;
          case 7 -> ring.endPtr = v;
          case 8 -> priv.allocRxBuffFailed += v;
          case 9 -> priv.rxDmaFailed += v;
          default -> throw PortBridge.cannotApply(c, in, o);
        }
      }
      o.rewind();
      int allocs = 0;
      while (o.next()) {
        if (o.kind() != NativeOut.CALL) {
          continue;
        }
        long n = o.name();
        int reg = indexOf(REGS, n);
        if (n == ALLOC && o.args() == 1) {
          long skb = priv.k.netdevAllocSkb((int) o.arg(0));
          if (skb == 0) {
            throw new NativeFailure("bcmgenet_init_rx_ring: the model's allocation failed"
                + " where the C's succeeded: input " + PortBridge.record(c, in));
          }
          fresh[++allocs] = skb;
        } else if (n == MAP && o.args() == 2 && o.arg(0) == FRESH + allocs - 1) {
          long m = priv.k.dmaMapSingleFromDevice(fresh[allocs], (int) o.arg(1));
          if (priv.k.dmaMappingError(m)) {
            throw new NativeFailure("bcmgenet_init_rx_ring: the model's mapping failed where"
                + " the C's succeeded: input " + PortBridge.record(c, in));
          }
          mapping[allocs] = m;
        } else if (n == WRITEL && o.args() == 2 && o.arg(0) >= GenetHarnessKernel.RX_BDS) {
          // dmadesc_set_addr on the refilled control block's BD: the C put the new buffer on
          // the control block just before
          long off = o.arg(0) - GenetHarnessKernel.RX_BDS;
          int bd = (int) (off / (4 * priv.wordsPerBd));
          int word = (int) (off % (4 * priv.wordsPerBd));
          long m = mapping[allocs];
          if (word == GenetRxCb.DMA_DESC_ADDRESS_LO) {
            priv.rxCbSkb[bd] = fresh[allocs];
            priv.rxCbDmaAddr[bd] = m;
            priv.rxCbDmaLen[bd] = priv.rxBufLen;
          }
          priv.k.rxBdWritel(bd, word,
              word == GenetRxCb.DMA_DESC_ADDRESS_LO ? (int) m : (int) (m >>> 32));
        } else if (n == INIT_DIM && o.args() == 1 && o.arg(0) == ring.index) {
          coal.initDim(ring);
        } else if (n == INIT_COAL && o.args() == 1 && o.arg(0) == ring.index) {
          coal.initRxCoalesce(ring);
        } else if (n == NAPI_ADD && o.args() == 1 && o.arg(0) == ring.index) {
          priv.k.netifNapiAdd(ring);
        } else if (reg >= 0 && o.args() == 2) {
          priv.rdmaRingWritel((int) o.arg(0), (int) o.arg(1), reg);
        } else if (n == CB && o.args() == 4) {
          // a control block as the C left it (rx.c prints the ones that changed, last)
          int cb = (int) o.arg(0);
          long id = o.arg(1);
          long a = o.arg(2);
          priv.rxCbSkb[cb] = id == 0 ? 0 : fresh[fresh(id, allocs, o)];
          priv.rxCbDmaAddr[cb] = a == 0 ? 0 : mapping[fresh(a >>> 32, allocs, o)];
          priv.rxCbDmaLen[cb] = (int) o.arg(3);
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      return ret;
    }

    /** The C's allocation number (from 1) of a fresh buffer it named. */
    private int fresh(long id, int allocs, NativeOut o) {
      if (id >= FRESH && id - FRESH < allocs) {
        return (int) (id - FRESH) + 1;
      }
      throw PortBridge.cannotApply(c, in, o);
    }

    /** The ring lies in the harness's control blocks and holds no buffer (rx.c's empty slots). */
    private static boolean fits(BcmgenetPriv priv, int index, int size, int startPtr,
        int endPtr) {
      if (index < 0 || index > 4 || size < 1 || startPtr < 0 || endPtr != startPtr + size
          || endPtr > CBS || endPtr > priv.rxCbSkb.length) {
        return false;
      }
      for (int i = startPtr; i < endPtr; i++) {
        if (priv.rxCbSkb[i] != 0 || priv.rxCbDmaAddr[i] != 0) {
          return false;
        }
      }
      return true;
    }

    private static int indexOf(long[] ids, long id) {
      for (int i = 0; i < ids.length; i++) {
        if (ids[i] == id) {
          return i;
        }
      }
      return -1;
    }
  }
}
