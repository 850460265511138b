package io.nicsim.bcmgenet;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * {@code --ports c} for {@code bcmgenet_init_tx_ring} (the open's TX ring set-up, once per
 * open): the tree's C in place of {@link BcmgenetDriver#initTxRing}, the inverse of its harness
 * in {@link GenetRingHarnesses} (index, size, start and end pointer, words per BD). Every TDMA
 * ring register write the C makes goes through the live accessor the Java calls ({@link
 * BcmgenetPriv#tdmaRingWritel}, which charges the MMIO and moves the hardware), in order; its
 * {@code netif_napi_add_tx} adds the live ring's TX NAPI; the ring's fields come back to the
 * live ring (its control blocks as the offset into {@code tx_cbs}).
 */
final class GenetInitTxRingBridge implements PortBridge {
  @Override
  public String file() {
    return GenetSources.MAIN_C;
  }

  @Override
  public String function() {
    return "bcmgenet_init_tx_ring";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof BcmgenetDriver d)) {
      return false;
    }
    d.cInitTxRing = new Hook(c);
    return true;
  }

  /** The hook the driver's open calls in place of {@link BcmgenetDriver#initTxRing}. */
  static final class Hook {
    private static final String WRITEL = "tdma_ring_writel:";
    private static final long NAPI_ADD = NativeOut.id("netif_napi_add_tx");
    private static final long[] REGS = new long[13];
    private static final long[] FIELDS = new long[10];
    private static final String[] FIELD_NAMES = {"index", "cbs", "size", "clean_ptr", "c_index",
        "free_bds", "write_ptr", "cb_ptr", "end_ptr", "prod_index"};

    static {
      for (int r = 0; r < REGS.length; r++) {
        REGS[r] = NativeOut.id(WRITEL + GenetDmaRingReg.tdmaName(r));
      }
      for (int i = 0; i < FIELDS.length; i++) {
        FIELDS[i] = NativeOut.id(FIELD_NAMES[i]);
      }
    }

    private final NativePort c;
    private final long[] in;

    Hook(NativePort c) {
      this.c = c;
      this.in = new long[c.inputs()];
    }

    void initTxRing(BcmgenetPriv priv, int index, int size, int startPtr, int endPtr) {
      in[0] = Integer.toUnsignedLong(index);
      in[1] = Integer.toUnsignedLong(size);
      in[2] = Integer.toUnsignedLong(startPtr);
      in[3] = Integer.toUnsignedLong(endPtr);
      in[4] = Integer.toUnsignedLong(priv.wordsPerBd);
      BcmgenetPriv.TxRing ring = priv.tx;
      NativeOut o = c.call(in);
      // the ring's fields first, as the C sets them before its first register write (the
      // writes and the NAPI's add read the live ring)
      while (o.next()) {
        if (o.kind() == NativeOut.CALL) {
          continue;
        }
        int v = (int) o.value();
        switch (indexOf(FIELDS, o.name())) {
          case 0 -> ring.index = v;
          case 1 -> ring.cbs = v;
          case 2 -> ring.size = v;
          case 3 -> ring.cleanPtr = v;
          case 4 -> ring.cIndex = v;
          case 5 -> ring.freeBds = v;
          case 6 -> ring.writePtr = v;
          case 7 -> ring.cbPtr = v;
          case 8 -> ring.endPtr = v;
          case 9 -> ring.prodIndex = v;
          default -> throw PortBridge.cannotApply(c, in, o);
        }
      }
      o.rewind();
      while (o.next()) {
        if (o.kind() != NativeOut.CALL) {
          continue;
        }
        long n = o.name();
        int reg = indexOf(REGS, n);
        if (reg >= 0 && o.args() == 2) {
          priv.tdmaRingWritel((int) o.arg(0), (int) o.arg(1), reg);
        } else if (n == NAPI_ADD && o.args() == 1 && o.arg(0) == ring.index) {
          priv.k.netifNapiAddTx(ring);
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
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
