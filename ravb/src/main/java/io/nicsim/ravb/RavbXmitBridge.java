package io.nicsim.ravb;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code ravb_start_xmit} (the tree's {@code ravb_tx_free} inside, on a
 * nearly full ring): the tree's ndo_start_xmit in place of {@link RavbXmit#startXmit(Skb, int)},
 * the inverse of its harness in {@link RavbHarnesses}. The record takes the queue, the ring's
 * sizes, indices and statistics, the skb's length, data alignment and ip_summed, the hardware's
 * timestamp choice and ts_skb_tag, the answers of the model's calls (guessed: the checksum
 * offload, padding, both DMA mappings and the ts_skb allocation as the model's host answers
 * them), TCCR and the frame's descriptors at cur_tx as the model holds them, and, only where
 * this frame leaves the ring nearly full (the C's own test, so that its ravb_tx_free runs), the
 * window that walk reads ({@link RavbTxWindow}); a C that walks without it takes it and runs
 * again. The C's calls are replayed in order on the model's {@link RavbKernel}: each answer
 * asked of the model where the C took it (another reruns the C), the Java's xmit charge before
 * the first mapping; at ravb_modify's TCCR read (the model's, charged; another value reruns)
 * and write, the frame's descriptors as the C left them (their type last, as the C orders its
 * writes: the DMAC's view), the skb on the ring, then the doorbell on the live registers and
 * cur_tx; the walk's unmaps and frees as {@link RavbTxWindow} replays them; an error path's
 * unmap and free on the model; the queue stop and, for NETDEV_TX_BUSY, the Java's counter.
 */
final class RavbXmitBridge implements PortBridge {

  @Override
  public String file() {
    return RavbSources.MAIN_C;
  }

  @Override
  public String function() {
    return "ravb_start_xmit";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof RavbDriver d) || !RavbTxWindow.fits(d.priv())) {
      return false;
    }
    d.xmitPorts().cXmit = new Hook(d.priv(), c);
    return true;
  }

  /** The hook {@link RavbXmit#startXmit(Skb, int)} calls first. */
  static final class Hook implements Replay.Tokens {
    private static final int X = 7 + 3 * 16 + 8;
    private static final int CSUM = X + 3;
    private static final int PADTO = X + 4;
    private static final int MAP = X + 5;
    private static final int KMALLOC = X + 10;
    private static final int TCCR = RavbHarnesses.XMIT_INPUTS;
    private static final int FRAME = RavbHarnesses.XMIT_FRAME;
    private static final int LOOP = RavbHarnesses.XMIT_LOOP;
    private static final long SKB_ID = RavbHarnesses.TX_LOOP_DESCS + 1;
    private static final long CAN_CSUM = NativeOut.id("ravb_can_tx_csum_gbeth");
    private static final long CSUM_HELP = NativeOut.id("skb_checksum_help");
    private static final long STOP = NativeOut.id("netif_stop_subqueue");
    private static final long MAP_SINGLE = NativeOut.id("dma_map_single");
    private static final long KMALLOC_CALL = NativeOut.id("kmalloc");
    private static final long SKB_GET = NativeOut.id("skb_get");
    private static final long LIST_ADD = NativeOut.id("list_add_tail");
    private static final long TSTAMP = NativeOut.id("skb_tx_timestamp");
    private static final long READ = NativeOut.id("ravb_read");
    private static final long WRITE = NativeOut.id("ravb_write");
    private static final long CUR_TX = NativeOut.id("cur_tx");
    private static final long TS_TAG = NativeOut.id("ts_skb_tag");
    private static final long TX_FLAGS = NativeOut.id("skb.tx_flags");
    private static final long F_DIE_DT = NativeOut.id("frame.die_dt");
    private static final long F_DS_TAGL = NativeOut.id("frame.ds_tagl");
    private static final long F_TAGH_TSR = NativeOut.id("frame.tagh_tsr");
    private static final long F_DPTR = NativeOut.id("frame.dptr");
    private static final int TCCR_OFFSET = RavbHarnesses.offset(RavbReg.TCCR);

    private final RavbPriv priv;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private final RavbTxWindow tx;
    /** The frame's descriptors as the C left them: die_dt, ds_tagl, tagh_tsr, dptr. */
    private final long[] frame = new long[8];
    private int q;
    private Skb skb;
    private int numTxDesc;
    private int entry;
    /** The C's cur_tx after the call, and whether its ravb_tx_free ran (its own test). */
    private long curOut;
    private boolean walks;
    /** This call's state as the replay goes (kept across the reruns: tokens apply once). */
    private boolean charged;
    private boolean written;
    private boolean framed;
    /** Whether the record holds ravb_tx_free's window. */
    private boolean windowed;
    private int maps;

    Hook(RavbPriv priv, NativePort c) {
      this.priv = priv;
      this.c = c;
      this.in = new long[RavbTxWindow.words(LOOP)];
      this.replay = new Replay(c, in);
      this.tx = new RavbTxWindow(priv, c, in, replay, LOOP);
    }

    /** ravb_start_xmit(skb, ndev) on queue {@code q}: NETDEV_TX_OK or NETDEV_TX_BUSY. */
    int xmit(Skb skb, int q) {
      this.q = q;
      this.skb = skb;
      RavbKernel k = priv.k;
      numTxDesc = priv.numTxDesc;
      int descs = priv.numTxRing[q] * numTxDesc;
      entry = Integer.remainderUnsigned(priv.curTx[q], descs);
      Arrays.fill(in, 0, LOOP, 0);
      in[0] = q;
      in[1] = numTxDesc;
      in[2] = priv.numTxRing[q];
      in[3] = Integer.toUnsignedLong(priv.dirtyTx[q]);
      in[4] = Integer.toUnsignedLong(priv.curTx[q] - priv.dirtyTx[q]);
      in[5] = priv.stats[q].txPackets;
      in[6] = priv.stats[q].txBytes;
      in[X] = skb.len;
      in[X + 1] = k.skbDataMisalign(skb);
      in[X + 2] = skb.ipSummed;
      in[CSUM] = 1; // the model's host offloads (asked where the C asks)
      // skb_put_padto: the model's answer where it must pad (the C's stub reads it there)
      in[PADTO] = skb.len < RavbPriv.ETH_ZLEN && k.skbPutPadto(skb, RavbPriv.ETH_ZLEN) != 0
          ? 1 : 0;
      in[X + 9] = priv.info.txTimestamps ? 1 : 0;
      in[X + 11] = Integer.toUnsignedLong(priv.tsSkbTag);
      in[TCCR] = Integer.toUnsignedLong(priv.hw.tccr);
      RavbHw hw = priv.hw;
      for (int i = 0; i < numTxDesc; i++) {
        int e = entry + i;
        in[FRAME + 4 * i] = hw.txDieDt[e] & 0xFF;
        in[FRAME + 4 * i + 1] = hw.txDsTagl[e] & 0xFFFF;
        in[FRAME + 4 * i + 2] = hw.txTaghTsr[e] & 0xFF;
        in[FRAME + 4 * i + 3] = Integer.toUnsignedLong(hw.txDptr[e]);
      }
      charged = false;
      written = false;
      framed = false;
      maps = 0;
      // the window only where this frame leaves the ring nearly full (ravb_tx_free runs)
      boolean full = Integer.compareUnsigned(priv.curTx[q] - priv.dirtyTx[q],
          (priv.numTxRing[q] - 1) * numTxDesc) > 0;
      boolean nearlyFull = Integer.compareUnsigned(priv.curTx[q] + numTxDesc - priv.dirtyTx[q],
          (priv.numTxRing[q] - 1) * numTxDesc) > 0;
      windowed = !full && nearlyFull;
      int words = windowed ? tx.capture(q, true) : tx.none(q);
      int ret = (int) replay.run(words, this);
      if (!charged && ret != NetdevTx.NETDEV_TX_BUSY) {
        charge(); // the padding failed: the xmit's cost, no mapping
      }
      if (ret == NetdevTx.NETDEV_TX_BUSY) {
        priv.txBusy++;
      }
      return ret;
    }

    @Override
    public void begin(NativeOut o) {
      tx.begin(o);
      int k = 0;
      curOut = (in[3] + in[4]) & 0xFFFF_FFFFL;
      while (o.next()) {
        if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
          continue;
        }
        long n = o.name();
        if (n == CUR_TX) {
          curOut = o.value();
        } else if ((n == F_DIE_DT || n == F_DS_TAGL || n == F_TAGH_TSR || n == F_DPTR)
            && k < frame.length) {
          frame[k++] = o.value();
        }
      }
      o.rewind();
      long curIn = (in[3] + in[4]) & 0xFFFF_FFFFL;
      walks = curOut != curIn && Long.compareUnsigned((curOut - in[3]) & 0xFFFF_FFFFL,
          (long) (priv.numTxRing[q] - 1) * numTxDesc) > 0;
    }

    @Override
    public int apply(NativeOut o) {
      if (walks && !windowed) {
        windowed = true; // the C walked a ring the record did not hold: again with it
        replay.words(tx.capture(q, true));
        return Replay.RETRY;
      }
      long n = o.name();
      if (o.kind() == NativeOut.MESSAGE) {
        priv.k.netifErr(o.message());
        return Replay.NEXT;
      }
      if (o.kind() != NativeOut.CALL) {
        return field(o, n);
      }
      if (written && walks && RavbTxWindow.walkCall(n)) {
        tx.call(o);
        return Replay.NEXT;
      }
      if (written && walks) {
        int step = tx.end();
        if (step != Replay.NEXT) {
          return step;
        }
      }
      RavbKernel k = priv.k;
      if (n == CAN_CSUM) {
        return replay.answer(CSUM, k.canTxCsumGbeth(skb));
      } else if (n == CSUM_HELP) {
        k.skbChecksumHelp(skb);
      } else if (n == MAP_SINGLE) {
        return map(o);
      } else if (n == KMALLOC_CALL) {
        charge();
        return replay.answer(KMALLOC, !k.tsSkbAlloc());
      } else if (n == SKB_GET) {
        checkSkb(o.arg(0), o);
      } else if (n == LIST_ADD) {
        checkSkb(o.arg(0), o);
        k.tsSkbQueue(skb, (int) o.arg(1));
      } else if (n == TSTAMP) {
        checkSkb(o.arg(0), o);
        k.skbTxTimestamp(skb);
      } else if (n == READ) {
        return read(o);
      } else if (n == WRITE) {
        write(o);
      } else if (n == STOP) {
        k.netifStopSubqueue((int) o.arg(0));
      } else if (n == RavbTxWindow.UNMAP && !written) {
        k.dmaUnmapSingle((int) o.arg(0), (int) o.arg(1)); // an error path's
      } else if (n == RavbTxWindow.KFREE && !written) {
        checkSkb(o.arg(0), o);
        k.devKfreeSkbAny(skb);
        priv.txSkb[q][entry / numTxDesc] = null;
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /** A field after the call: the walk's end, its ring back, the frame's, the tag's. */
    private int field(NativeOut o, long n) {
      if (written && walks) {
        int step = tx.end();
        if (step != Replay.NEXT) {
          return step;
        }
      }
      if (n == CUR_TX) {
        if (o.value() != Integer.toUnsignedLong(priv.curTx[q])) {
          throw new NativeFailure("ravb_start_xmit's C left cur_tx " + o.value()
              + " and the model's is " + Integer.toUnsignedLong(priv.curTx[q]) + ": input "
              + PortBridge.record(c, in));
        }
      } else if (n == RavbTxWindow.DIRTY_TX) {
        if (walks) {
          tx.ringBack();
        } else if (o.value() != in[3]) {
          throw PortBridge.cannotApply(c, in, o);
        }
      } else if (n == TS_TAG) {
        priv.tsSkbTag = (int) o.value();
      } else if (n == TX_FLAGS) {
        if ((o.value() & 4) != 0) {
          skb.tstampInProgress = true; // SKBTX_IN_PROGRESS
        }
      } else if (n == F_DIE_DT || n == F_DS_TAGL || n == F_TAGH_TSR || n == F_DPTR) {
        if (!written && !framed) {
          frameFields(); // an error path's: the C's writes, no handover
          framed = true;
        }
      } else if (!RavbTxWindow.field(n)) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /** dma_map_single(buf,offset,len) where the C maps: the model's address and error. */
    private int map(NativeOut o) {
      charge();
      int m = maps++ & 1;
      int addr = priv.k.dmaMapTx(o.arg(0) == 0, (int) o.arg(1), (int) o.arg(2));
      boolean err = priv.k.dmaMappingError(addr);
      int a = replay.answer(MAP + 2 * m, Integer.toUnsignedLong(addr));
      int b = replay.answer(MAP + 2 * m + 1, err);
      return a == Replay.NEXT && b == Replay.NEXT ? Replay.NEXT : Replay.RERUN;
    }

    /** ravb_modify's TCCR read where the C makes it: the model's (charged); another reruns. */
    private int read(NativeOut o) {
      if (o.arg(0) != TCCR_OFFSET) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return replay.answer(TCCR, Integer.toUnsignedLong(priv.read(RavbReg.TCCR)));
    }

    /**
     * ravb_modify's TCCR write, the doorbell: the frame's descriptors and skb handed over first
     * (as the C wrote them before it), then the write, then cur_tx.
     */
    private void write(NativeOut o) {
      if (o.arg(0) != TCCR_OFFSET || written) {
        throw PortBridge.cannotApply(c, in, o);
      }
      frameFields();
      priv.txSkb[q][entry / numTxDesc] = skb;
      RavbHw hw = priv.hw;
      int last = entry + numTxDesc - 1;
      hw.txRing.setSkb(last, skb); // the DMA engine takes the frame from its last descriptor
      for (int i = numTxDesc - 1; i >= 0; i--) {
        hw.setTxDieDt(entry + i, (int) frame[4 * i]); // DT_FEND before DT_FSTART
      }
      priv.write((int) o.arg(1), RavbReg.TCCR);
      written = true;
      int added = (int) (curOut - Integer.toUnsignedLong(priv.curTx[q]));
      priv.curTx[q] = (int) curOut;
      priv.queuedDescs += added;
    }

    /** The frame's descriptors' words as the C left them (not their type). */
    private void frameFields() {
      RavbHw hw = priv.hw;
      for (int i = 0; i < numTxDesc; i++) {
        hw.txDsTagl[entry + i] = (int) (frame[4 * i + 1] & 0xFFFF);
        hw.txTaghTsr[entry + i] = (int) (frame[4 * i + 2] & 0xFF);
        hw.txDptr[entry + i] = (int) frame[4 * i + 3];
      }
    }

    private void checkSkb(long id, NativeOut o) {
      if (id != SKB_ID) {
        throw PortBridge.cannotApply(c, in, o);
      }
    }

    /** The Java's xmit charge (once, before the first mapping). */
    private void charge() {
      if (charged) {
        return;
      }
      charged = true;
      Core core = priv.cpu == null ? null : priv.cpu.current();
      if (core != null) {
        core.charge(RavbOps.XMIT);
      }
    }
  }
}
