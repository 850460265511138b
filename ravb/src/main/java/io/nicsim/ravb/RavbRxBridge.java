package io.nicsim.ravb;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for the RX functions {@code ravb_rx_gbeth} (RZ/G2L) and {@code ravb_rx_rcar}
 * (R-Car), both eras (the budget and page pool from v6.11, with the tree's
 * {@code ravb_rx_ring_refill} and {@code ravb_alloc_rx_buffer} inside; the quota and the inline
 * skb refill before): the tree's C in place of {@link RavbRx}'s, wherever the model calls them
 * (the Java poll, or the bridged poll's {@code info->receive}). The record is the RX harness's
 * ({@code rx_skb.c}: q, the ring indices, the budget or quota, rx_1st_skb, NETIF_F_RXCSUM,
 * tstamp_rx_ctrl, the ring's size; the answers as the model's host gives them: no allocation or
 * mapping fails, nothing misaligned, no checksum bytes taken off), then the live ring's window
 * ({@code nicsim_rx_window}): from dirty_rx, the descriptors awaiting refill, then from cur_rx
 * each the walk reads up to the first the DMAC has not written (included), as the budget or
 * quota bounds it; per descriptor die_dt, ds_cc, msc, whether it holds a buffer and the
 * timestamp words. In the C a descriptor's dptr and buffer name its place in the window. The
 * C's calls are replayed in order on the model's {@link RavbKernel}: the Java's per-frame charge
 * where the C first touches a frame's buffer (its sync, or before v6.11 its unmap), the skb the
 * model builds around the frame the DMAC wrote there (napi_build_skb, or the ring's skb), its
 * put, eth_type_trans and checksum, {@code napi_gro_receive} to the model's NAPI, a dropped
 * buffer back to the pool; where the walk ended on a descriptor the DMAC has written since (the
 * model's time moves with the charges), the window from there and the C again, the calls
 * applied skipped; the refill's allocations and mappings by the model. Then the refilled
 * descriptors (ds_cc, the model's DMA address, die_dt through the hardware's descriptor, which
 * hands them to the DMAC, in the refill's order), the buffers as the C left them, the indices,
 * rx_1st_skb and the statistics as increments.
 */
final class RavbRxBridge implements PortBridge {
  private final boolean rcar;

  RavbRxBridge(boolean rcar) {
    this.rcar = rcar;
  }

  @Override
  public String file() {
    return RavbSources.MAIN_C;
  }

  @Override
  public String function() {
    return rcar ? "ravb_rx_rcar" : "ravb_rx_gbeth";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof RavbDriver d)
        || (d.priv().info.receive == RavbHwInfo.Receive.RCAR) != rcar) {
      return false;
    }
    for (int q = 0; q < RavbPriv.NUM_RX_QUEUE; q++) {
      if (d.priv().numRxRing[q] > MAX) {
        return false;
      }
    }
    d.napiPorts().rx().cRx = new Hook(d.priv(), c, rcar);
    return true;
  }

  /** rx_skb.c's NICSIM_RXF_LOOP: where the loop's window starts in the record. */
  static final int LOOP = RavbHarnesses.RXF_LOOP;
  /** Words a descriptor takes in the window (NICSIM_LOOP_RX_SLOT). */
  static final int SLOT = 7;
  /** The loop's largest ring (NICSIM_LOOP_RX). */
  static final int MAX = 2048;
  /** The first number of a buffer the C's refill allocates (NICSIM_LOOP_ALLOC). */
  static final int ALLOC = 0x10000;

  /** The hook {@link RavbRx}'s four RX methods call first. */
  static final class Hook implements Replay.Tokens {
    private static final long SYNC_CPU = NativeOut.id("dma_sync_single_for_cpu");
    private static final long BUILD = NativeOut.id("napi_build_skb");
    private static final long RECYCLE = NativeOut.id("skb_mark_for_recycle");
    private static final long PUT = NativeOut.id("skb_put");
    private static final long ETH = NativeOut.id("eth_type_trans");
    private static final long CSUM_GBETH = NativeOut.id("ravb_rx_csum_gbeth");
    private static final long CSUM = NativeOut.id("ravb_rx_csum");
    private static final long GRO = NativeOut.id("napi_gro_receive");
    private static final long PUT_PAGE = NativeOut.id("page_pool_put_page");
    private static final long ADD_FRAG = NativeOut.id("skb_add_rx_frag");
    private static final long UNMAP = NativeOut.id("dma_unmap_single");
    private static final long COPY = NativeOut.id("skb_copy_to_linear_data_offset");
    private static final long KFREE = NativeOut.id("dev_kfree_skb");
    private static final long POOL_ALLOC = NativeOut.id("page_pool_alloc");
    private static final long SYNC_DEV = NativeOut.id("dma_sync_single_for_device");
    private static final long ALLOC_SKB = NativeOut.id("netdev_alloc_skb");
    private static final long RESERVE = NativeOut.id("skb_reserve");
    private static final long MAP = NativeOut.id("dma_map_single");
    private static final long QUOTA = NativeOut.id("quota");
    private static final long CUR_RX = NativeOut.id("cur_rx");
    private static final long DIRTY_RX = NativeOut.id("dirty_rx");
    private static final long FIRST = NativeOut.id("rx_1st_skb");
    private static final long DIE_DT = NativeOut.id("die_dt");
    private static final long DS_CC = NativeOut.id("ds_cc");
    private static final long BUF = NativeOut.id("buf");
    private static final long[] STATS = {NativeOut.id("rx_packets"), NativeOut.id("rx_bytes"),
        NativeOut.id("rx_errors"), NativeOut.id("multicast"), NativeOut.id("rx_crc_errors"),
        NativeOut.id("rx_frame_errors"), NativeOut.id("rx_length_errors"),
        NativeOut.id("rx_missed_errors")};
    /** rx_skb.c: the record's rx_1st_skb is skb 50; napi_build_skb's k-th skb is 200 + k. */
    private static final int FIRST_ID = 50;
    private static final int BUILT_ID = 200;

    private final RavbPriv priv;
    private final NativePort c;
    private final boolean rcar;
    private final boolean budgetEra;
    private final long[] in;
    private final Replay replay;
    /** The live buffers of the window's places, as the call starts. */
    private final long[] buf = new long[MAX];
    /** The C's output per place (read before the walk's replay). */
    private final int[] dieDt = new int[MAX];
    private final int[] dsCc = new int[MAX];
    private final int[] bufOut = new int[MAX];
    /** Per refill allocation (n): its place, the model's buffer and DMA address. */
    private final int[] allocPlace = new int[MAX];
    private final long[] allocBuf = new long[MAX];
    private final long[] allocDma = new long[MAX];
    /** The model's skbs of the C's skb numbers built this call (200 + k). */
    private long[] built = new long[16];
    private final long[] stats = new long[STATS.length];
    private int q;
    private int ring;
    private int from;
    private int window;
    private int builds;
    private int allocs;
    private int places;
    private long curOut;
    private long dirtyOut;
    private long quotaOut;
    private long firstOut;
    private boolean ended;
    private boolean back;

    Hook(RavbPriv priv, NativePort c, boolean rcar) {
      this.priv = priv;
      this.c = c;
      this.rcar = rcar;
      this.budgetEra = priv.patches.has(RavbPatches.RX_BUDGET);
      this.in = new long[Math.max(c.inputs(), LOOP + 1 + SLOT * MAX)];
      this.replay = new Replay(c, in);
    }

    /** ravb_rx_gbeth / ravb_rx_rcar from v6.11: the packets received. */
    int rx(int budget, int q) {
      return (int) replay.run(capture(budget, q), this);
    }

    /** ravb_rx_gbeth / ravb_rx_rcar before v6.11: whether the quota ran out. */
    boolean rxQuota(RavbRx.Quota quota, int q) {
      boolean ret = replay.run(capture(quota.value, q), this) != 0;
      quota.value = (int) quotaOut;
      return ret;
    }

    private int capture(int budget, int q) {
      this.q = q;
      this.ring = priv.numRxRing[q];
      this.from = priv.dirtyRx[q];
      Arrays.fill(in, 0, LOOP, 0);
      in[0] = q;
      in[1] = Integer.toUnsignedLong(priv.curRx[q]);
      in[2] = Integer.toUnsignedLong(priv.curRx[q] - priv.dirtyRx[q]);
      in[3] = budget;
      in[4] = priv.rx1stSkb != 0 ? 1 : 0;
      in[5] = priv.rx1stSkb != 0 ? priv.k.skbLen(priv.rx1stSkb) : 0;
      in[7] = priv.ndevRxCsum ? 1 : 0;
      in[9] = Integer.toUnsignedLong(priv.tstampRxCtrl);
      in[RavbHarnesses.RXF_HEAD] = ring;
      builds = 0;
      allocs = 0;
      ended = false;
      back = false;
      window(0, budget);
      return LOOP + 1 + SLOT * window;
    }

    /**
     * The window from place {@code at} on (the places before it as captured): the descriptors
     * awaiting refill (dirty_rx to cur_rx), then from cur_rx each the walk reads, ending at the
     * first the DMAC has not written (included), at the ring's limit, or where the descriptors
     * with a length reach the budget or quota and one more.
     */
    private void window(int at, int budget) {
      RavbHw hw = priv.hw;
      int pending = priv.curRx[q] - priv.dirtyRx[q];
      int frames = 0;
      for (int w = pending; w < at; w++) {
        frames += (hw.rxDsCc[entry(w)] & RavbPriv.RX_DS) != 0 ? 1 : 0;
      }
      int n = at;
      while (n < ring) {
        int e = entry(n);
        int s = LOOP + 1 + SLOT * n;
        in[s] = hw.rxDieDt[e] & 0xFF;
        in[s + 1] = hw.rxDsCc[e] & 0xFFFF;
        in[s + 2] = hw.rxMsc[e] & 0xFF;
        buf[n] = priv.rxBuf[q][e];
        in[s + 3] = buf[n] != 0 ? 1 : 0;
        in[s + 4] = Integer.toUnsignedLong(hw.rxTsN[e]);
        in[s + 5] = Integer.toUnsignedLong(hw.rxTsSl[e]);
        in[s + 6] = hw.rxTsSh[e] & 0xFFFF;
        n++;
        if (Integer.compareUnsigned(n - 1, pending) >= 0) {
          if (hw.rxDieDt[e] == RavbHw.DT_FEMPTY) {
            break;
          }
          if ((hw.rxDsCc[e] & RavbPriv.RX_DS) != 0 && ++frames > budget) {
            break;
          }
        }
      }
      window = n;
      in[LOOP] = n;
      replay.words(LOOP + 1 + SLOT * n);
    }

    private int entry(int place) {
      return Integer.remainderUnsigned(from + place, ring);
    }

    @Override
    public void begin(NativeOut o) {
      int w = -1;
      Arrays.fill(stats, 0);
      while (o.next()) {
        if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
          continue;
        }
        long n = o.name();
        if (n == QUOTA) {
          quotaOut = o.value();
        } else if (n == CUR_RX) {
          curOut = o.value();
        } else if (n == DIRTY_RX) {
          dirtyOut = o.value();
        } else if (n == FIRST) {
          firstOut = o.value();
        } else if (n == DIE_DT) {
          dieDt[++w] = (int) o.value();
        } else if (n == DS_CC && w >= 0) {
          dsCc[w] = (int) o.value();
        } else if (n == BUF && w >= 0) {
          bufOut[w] = (int) o.value();
          if (bufOut[w] >= ALLOC && bufOut[w] - ALLOC < MAX) {
            allocPlace[bufOut[w] - ALLOC] = w;
          }
        } else {
          for (int i = 0; i < STATS.length; i++) {
            if (n == STATS[i]) {
              stats[i] = o.value();
            }
          }
        }
      }
      places = w + 1;
      o.rewind();
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        int step = walkEnd();
        if (step == Replay.NEXT && !back) {
          ringBack();
        }
        return step;
      }
      if (n == POOL_ALLOC || n == SYNC_DEV || n == ALLOC_SKB || n == RESERVE || n == MAP) {
        int step = walkEnd();
        return step != Replay.NEXT ? step : refill(o);
      }
      RavbKernel k = priv.k;
      if (n == SYNC_CPU) {
        int e = entry(place(o.arg(0), o));
        charge();
        k.dmaSyncRxForCpu(priv.hw.rxDptr[e], (int) o.arg(1));
      } else if (n == UNMAP) {
        int w = place(o.arg(0), o);
        int e = entry(w);
        charge();
        long skb = k.rxRingSkb(q, e, buf[w]);
        bind(w + 1, skb);
        k.dmaUnmapSingle(priv.hw.rxDptr[e], (int) o.arg(1));
      } else if (n == BUILD) {
        int w = place((o.arg(0) >>> 12) - 1, o);
        long skb = k.napiBuildSkb(q, entry(w), buf[w], (int) o.arg(1));
        if (skb == 0) {
          throw new NativeFailure(c.function() + ": the model's napi_build_skb failed, which"
              + " the loop's record does not hold: input " + PortBridge.record(c, in));
        }
        bind(BUILT_ID + builds++, skb);
      } else if (n == RECYCLE) {
        k.skbMarkForRecycle(skb(o.arg(0), o));
      } else if (n == PUT) {
        k.skbPut(skb(o.arg(0), o), (int) o.arg(1));
      } else if (n == ETH) {
        k.ethTypeTrans(skb(o.arg(0), o));
      } else if (n == CSUM_GBETH || n == CSUM) {
        k.rxCsum(skb(o.arg(0), o), n == CSUM_GBETH);
      } else if (n == GRO) {
        long skb = skb(o.arg(1), o);
        if (o.arg(3) != 0) {
          k.skbRxHwtstamp(skb, o.arg(3));
        }
        k.napiGroReceive(napi((int) o.arg(0), o), skb);
      } else if (n == PUT_PAGE) {
        k.pagePoolPutPage((int) o.arg(0), buf[place(o.arg(1) - 1, o)]);
      } else if (n == ADD_FRAG) {
        k.skbAddRxFrag(skb(o.arg(0), o), buf[place(o.arg(2) - 1, o)], (int) o.arg(4),
            (int) o.arg(5));
      } else if (n == COPY) {
        k.skbCopyToLinearDataOffset(skb(o.arg(0), o), (int) o.arg(1),
            skb((o.arg(2) >>> 12), o), (int) o.arg(3));
      } else if (n == KFREE) {
        k.devKfreeSkb(skb(o.arg(0), o));
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /** A refill's call: the model allocates and maps where the C does. */
    private int refill(NativeOut o) {
      RavbKernel k = priv.k;
      long n = o.name();
      if (n == POOL_ALLOC || n == ALLOC_SKB) {
        if (allocs >= places || allocs >= MAX) {
          throw PortBridge.cannotApply(c, in, o);
        }
        int e = entry(allocPlace[allocs]);
        long b = n == POOL_ALLOC ? k.allocRxBuffer(q, e)
            : k.netdevAllocSkb(q, e, (int) o.arg(0));
        if (b == 0) {
          throw new NativeFailure(c.function() + ": the model's RX buffer allocation failed,"
              + " which the loop's record does not hold: input " + PortBridge.record(c, in));
        }
        allocBuf[allocs] = b;
        allocDma[allocs] = n == POOL_ALLOC ? k.rxBufferDma(b) : 0;
        allocs++;
      } else if (allocs == 0) {
        throw PortBridge.cannotApply(c, in, o);
      } else if (n == SYNC_DEV) {
        k.dmaSyncRxForDevice(allocDma[allocs - 1], (int) o.arg(1));
      } else if (n == RESERVE) {
        k.skbReserve(allocBuf[allocs - 1], (int) o.arg(1));
      } else {
        allocDma[allocs - 1] = k.dmaMapRx(allocBuf[allocs - 1], (int) o.arg(1));
      }
      return Replay.NEXT;
    }

    /**
     * Where the C's walk ended (its first token after the frames): a walk that stopped on a
     * descriptor the record holds as not written, which the DMAC has written since, takes the
     * window from there and runs again ({@link Replay#RETRY}).
     */
    private int walkEnd() {
      if (ended) {
        return Replay.NEXT;
      }
      int stop = (int) (curOut - Integer.toUnsignedLong(from));
      int pending = priv.curRx[q] - priv.dirtyRx[q];
      if (stop >= pending && stop < ring
          && (stop >= window || in[LOOP + 1 + SLOT * stop] == RavbHw.DT_FEMPTY)
          && priv.hw.rxDieDt[entry(stop)] != RavbHw.DT_FEMPTY) {
        window(Math.min(stop, window), (int) in[3]);
        return Replay.RETRY;
      }
      ended = true;
      return Replay.NEXT;
    }

    /** The ring as the C left it: the refilled descriptors in order, buffers, indices, stats. */
    private void ringBack() {
      back = true;
      RavbHw hw = priv.hw;
      int refilled = (int) (dirtyOut - Integer.toUnsignedLong(from));
      if (refilled < 0 || refilled > places || places != window) {
        throw new NativeFailure(c.function() + "'s C left dirty_rx " + dirtyOut + " on a window"
            + " of " + window + " from " + Integer.toUnsignedString(from) + ": input "
            + PortBridge.record(c, in));
      }
      for (int w = 0; w < places; w++) {
        int e = entry(w);
        int id = bufOut[w];
        long b = id == 0 ? 0 : id >= ALLOC ? allocBuf[id - ALLOC] : buf[id - 1];
        priv.rxBuf[q][e] = b;
        if (id >= ALLOC) {
          hw.rxDptr[e] = (int) allocDma[id - ALLOC];
        }
        int s = LOOP + 1 + SLOT * w;
        if (w < refilled || dsCc[w] != in[s + 1]) {
          hw.rxDsCc[e] = dsCc[w];
        }
        if (w < refilled || dieDt[w] != in[s]) {
          hw.setRxDieDt(e, dieDt[w]);
        }
      }
      priv.curRx[q] = (int) curOut;
      priv.dirtyRx[q] = (int) dirtyOut;
      if (firstOut != FIRST_ID) {
        priv.rx1stSkb = firstOut == 0 ? 0 : skbOf((int) firstOut);
      }
      RavbPriv.Stats st = priv.stats[q];
      st.rxPackets += stats[0];
      st.rxBytes += stats[1];
      st.rxErrors += stats[2];
      st.multicast += stats[3];
      st.rxCrcErrors += stats[4];
      st.rxFrameErrors += stats[5];
      st.rxLengthErrors += stats[6];
      st.rxMissedErrors += stats[7];
    }

    /** The Java's per-frame charge ({@link RavbRx}'s). */
    private void charge() {
      Core core = priv.cpu == null ? null : priv.cpu.current();
      if (core != null) {
        core.charge(KernelOps.SKB_ALLOC);
        core.charge(RavbOps.RX_DESC);
      }
    }

    private int place(long w, NativeOut o) {
      if (w < 0 || w >= window) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return (int) w;
    }

    private Napi napi(int qn, NativeOut o) {
      if (qn < 0 || qn >= RavbPriv.NUM_RX_QUEUE || priv.napi[qn] == null) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return priv.napi[qn];
    }

    /** The C's skb number {@code id} is the model's skb {@code skb} from here on. */
    private void bind(int id, long skb) {
      int i = slot(id);
      if (i >= built.length) {
        built = Arrays.copyOf(built, Math.max(i + 1, 2 * built.length));
      }
      built[i] = skb;
    }

    private long skb(long id, NativeOut o) {
      long s = id == FIRST_ID ? priv.rx1stSkb : skbOf((int) id);
      if (s == 0) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return s;
    }

    private long skbOf(int id) {
      int i = slot(id);
      return i >= 0 && i < built.length ? built[i] : 0;
    }

    /** The C's skbs: before v6.11 the ring's (place + 1), from v6.11 the built ones (200 + k). */
    private int slot(int id) {
      return budgetEra ? (id >= BUILT_ID ? id - BUILT_ID : -1) : id - 1;
    }
  }
}
