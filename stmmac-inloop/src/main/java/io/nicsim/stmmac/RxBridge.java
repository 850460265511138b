package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.exec.NameIds;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code stmmac_rx} (with the tree's {@code stmmac_rx_refill} and
 * {@code stmmac_rx_dirty} inside it): the tree's receive in place of {@link StmmacRx#rx}, the
 * inverse of its harness in {@link StmmacRxHarnesses}. The live queue becomes the RX record
 * with the window the call walks ({@code rx_rx.c} in the loop): every entry from dirty_rx up to
 * cur_rx (consumed, not yet refilled), then from cur_rx the descriptors the DMA has written back,
 * up to the budget's frames, ending at the first one the DMA owns (or a DMA-owned stand-in where
 * the budget ends the walk first, which the C never reads); each with its page, the hardware's
 * status and buffer length as the model's hwif and helpers give them. The C's calls are replayed
 * in order on the same {@link KernelCalls}, {@link StmmacHwif} and {@link UnportedCalls} the
 * Java port calls: the skbs it builds are the model's ({@code napi_alloc_skb} or
 * {@code napi_build_skb} from the entry the DMA wrote) and go to the model's GRO where the C
 * hands them ({@code napi_gro_receive}); the refill's page allocations, descriptor writes, IC
 * decisions and tail pointer go to the live hwif; then the entries' buffers, the queue's indices
 * and state, and the statistics (as increments). Beside them the Java port's own charges (a
 * received descriptor, a refilled one) and counters (frames, RX IC descriptors, the dim
 * what-if's totals). An answer the C took from the record that the model gives otherwise at the
 * replay (a status, a buffer length, the XDP verdict, the RX hash) fails the run, naming both.
 */
final class RxBridge extends StmmacPortBridge {
  RxBridge() {
    super("stmmac_rx");
  }

  @Override
  boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
    // the harness covers rings of at most 1024 descriptors
    if (priv.rxQueue[0].ring.size() > 1024) {
      return false;
    }
    d.rx().cRx = new Hook(d.rx(), c);
    return true;
  }

  /** The hook {@link StmmacRx#rx} calls first. */
  static final class Hook implements Replay.Tokens, StmmacCHooks.Rx {
    private static final int BASE = StmmacRxHarnesses.BASE;
    private static final int SLOT = StmmacRxHarnesses.SLOT;
    private static final int WINDOW = StmmacRxHarnesses.WINDOW;
    private static final int MAX_RING = TxReplay.MAX_RING;
    /** The record's fields (main.c's RX record). */
    private static final int BUDGET = 13;
    private static final int HASH_RET = 26;
    private static final int HAS_IP = 29;
    private static final int STATE_SKB_ID = 3000;
    private static final int NEW_SKB_ID = 2000;
    private static final long RING_PAGES = 0x3000_0000L;
    private static final long SEC_PAGES = 0x4000_0000L;
    private static final long NEW_PAGES = 0x2000_0000L;
    private static final long PAGE_SIZE = 0x1000L;

    /** The record's names, by hash: the calls and fields, and the buffers ("b" + entry). */
    private enum T {
      RX_STATUS("rx_status"), RX_EXTENDED_STATUS("rx_extended_status"),
      RECYCLE_DIRECT("page_pool_recycle_direct"), PUT_PAGE("page_pool_put_page"),
      RELEASE_PAGE("page_pool_release_page"), ALLOC_PAGES("page_pool_alloc_pages"),
      DEV_KFREE_SKB("dev_kfree_skb"), BUF1_LEN("stmmac_rx_buf1_len"),
      BUF2_LEN("stmmac_rx_buf2_len"), DMA_SYNC("dma_sync_single_for_cpu"),
      XDP_RUN_PROG("stmmac_xdp_run_prog"), NAPI_ALLOC_SKB("napi_alloc_skb"),
      NAPI_BUILD_SKB("napi_build_skb"), COPY_TO_LINEAR("skb_copy_to_linear_data"),
      SKB_PUT("skb_put"), SKB_RESERVE("skb_reserve"), ADD_RX_FRAG("skb_add_rx_frag"),
      MARK_FOR_RECYCLE("skb_mark_for_recycle"), RX_HWTSTAMP("stmmac_get_rx_hwtstamp"),
      RX_HW_VLAN("stmmac_rx_hw_vlan"), RX_VLAN("stmmac_rx_vlan"),
      ETH_TYPE_TRANS("eth_type_trans"), HAS_IP_ETHERTYPE("stmmac_has_ip_ethertype"),
      CSUM_NONE_ASSERT("skb_checksum_none_assert"), GET_RX_HASH("get_rx_hash"),
      SET_HASH("skb_set_hash"), RECORD_RX_QUEUE("skb_record_rx_queue"),
      GRO_RECEIVE("napi_gro_receive"), FINALIZE_XDP_RX("stmmac_finalize_xdp_rx"),
      SET_DESC_ADDR("set_desc_addr"), SET_DESC_SEC_ADDR("set_desc_sec_addr"),
      REFILL_DESC3("refill_desc3"), SET_RX_OWNER("set_rx_owner"),
      SET_RX_TAIL_PTR("set_rx_tail_ptr"), ENABLE_DMA_RECEPTION("enable_dma_reception"),
      CUR_RX("cur_rx"), DIRTY_RX("dirty_rx"), RX_COUNT_FRAMES("rx_count_frames"),
      RX_TAIL_ADDR("rx_tail_addr"), STATE_SAVED("state_saved"), STATE_SKB("state.skb"),
      STATE_ERROR("state.error"), STATE_LEN("state.len"), RX_PACKETS("rx_packets"),
      RX_BYTES("rx_bytes"), RX_PKT_N("rx_pkt_n"), NAPI_POLL("napi_poll"),
      RX_DROPPED("rx_dropped"), RX_ERRORS("rx_errors");

      final String cName;

      T(String cName) {
        this.cName = cName;
      }
    }

    private static final T[] TOKENS = T.values();
    private static final long CUR_RX_ID = NativeOut.id("cur_rx");
    private static final int BUFFER = 1 << 16;
    private static final NameIds NAMES = new NameIds(128 + MAX_RING);

    static {
      for (T t : TOKENS) {
        NAMES.put(t.cName, t.ordinal());
      }
      for (int e = 0; e < MAX_RING; e++) {
        NAMES.put("b" + e, BUFFER + e);
      }
    }

    private final StmmacRx rx;
    private final StmmacPriv priv;
    private final NativePort c;
    private final long[] in;
    /** The captured queue's pages, by entry (the C names them by address). */
    private final long[] pages = new long[MAX_RING];
    private final long[] secPages = new long[MAX_RING];
    /** Each entry's status and buffer lengths as captured (the C's answers). */
    private final int[] status = new int[MAX_RING];
    private final int[] buf1 = new int[MAX_RING];
    private final int[] buf2 = new int[MAX_RING];
    /** The replay's new pages and skbs, by the C's allocation number. */
    private final long[] newPages = new long[MAX_RING + 2];
    private final Skb[] newSkbs = new Skb[MAX_RING + 2];
    private int pageAllocs;
    private int skbAllocs;
    private Skb stateSkb;
    /** The call being captured: its limit, queue and descriptor kind. */
    private int limit;
    private int queue;
    private int kind;
    /** The replay across the C's runs: the entry and skb the C is on, the return. */
    private int entry;
    private Skb current;
    private boolean refillCharged;
    private final Replay replay;
    /** The run's queue, ring and the descriptors it consumes (from cur_rx as it was). */
    private StmmacRxQueue rxQ;
    private DescRing ring;
    private int mask;
    private int curBefore;
    private int taken;

    Hook(StmmacRx rx, NativePort c) {
      this.rx = rx;
      this.priv = rx.priv;
      this.c = c;
      this.in = new long[Math.max(c.inputs(), BASE + (MAX_RING + 1) * SLOT)];
      this.replay = new Replay(c, in);
    }

    /** stmmac_rx(priv, limit, queue): the frames counted. */
    @Override
    public int rx(int limit, int queue) {
      int words = capture(limit, queue);
      pageAllocs = 0;
      skbAllocs = 0;
      entry = -1;
      current = null;
      refillCharged = false;
      return (int) replay.run(words, this);
    }

    /** A descriptor the record gave the C as the DMA's that the DMA has written back since. */
    private static final class Written extends RuntimeException {
      final int k;

      Written(int k) {
        super(null, null, false, false);
        this.k = k;
      }
    }

    /** The RX record and the window the call walks; the record's length in words. */
    private int capture(int limit, int queue) {
      StmmacRxQueue rxQ = priv.rxQueue[queue];
      DescRing ring = rxQ.ring;
      int size = ring.size();
      Arrays.fill(in, 0, BASE, 0);
      in[0] = queue;
      in[1] = priv.plat.rxQueuesToUse();
      in[2] = Integer.numberOfTrailingZeros(size);
      in[3] = ring.cur;
      in[4] = ring.dirty;
      in[5] = Integer.toUnsignedLong(rxQ.rxCountFrames);
      in[6] = Integer.toUnsignedLong(priv.rxCoalFrames[queue]);
      in[7] = priv.useRiwt ? 1 : 0;
      in[8] = priv.extendDesc ? 1 : 0;
      in[9] = priv.sph ? 1 : 0;
      in[10] = priv.dmaCapHostDmaWidth;
      in[11] = rxQ.dmaRxPhy;
      in[12] = 0; // the model's page pool never runs dry
      in[BUDGET] = limit;
      in[15] = 1;
      in[16] = priv.hwtsRxEn ? 1 : 0;
      in[17] = priv.rxCsum;
      in[18] = priv.hwVlanEn ? 1 : 0;
      in[19] = Integer.toUnsignedLong(priv.dmaBufSz);
      in[20] = Integer.toUnsignedLong(rxQ.napiSkbFragSize);
      in[21] = rxQ.stateSaved ? 1 : 0;
      in[22] = rxQ.stateSkb != null ? 1 : 0;
      in[23] = Integer.toUnsignedLong(rxQ.stateError);
      in[24] = Integer.toUnsignedLong(rxQ.stateLen);
      in[25] = 0; // nor do the model's skb allocations fail
      int kind = priv.extendDesc ? TxDesc.EXTENDED : TxDesc.BASIC;
      int[] hash = new int[2];
      in[HASH_RET] = priv.hwif.getRxHash(rxQ, kind, ring.cur, hash);
      in[27] = Integer.toUnsignedLong(hash[0]);
      in[28] = hash[1];
      in[HAS_IP] = 1; // the model's frames are IPv4 (checked against the model at the replay)
      stateSkb = rxQ.stateSkb;
      this.limit = limit;
      this.queue = queue;
      this.kind = kind;
      return window(0);
    }

    /**
     * The record's window from its {@code k}-th entry on (the ones before as they are): the
     * descriptors the DMA has written back, up to the budget's frames, to the first one it owns;
     * at least port-check's 24 slots. The record's length in words.
     */
    private int window(int from) {
      StmmacRxQueue rxQ = priv.rxQueue[queue];
      DescRing ring = rxQ.ring;
      int size = ring.size();
      int dirty = (int) in[4];
      int consumed = (int) ((in[3] - in[4]) & (size - 1));
      int frames = 0;
      for (int j = consumed; j < from; j++) {
        if ((in[BASE + j * SLOT + 3] & StmmacHwif.DMA_OWN) == 0) {
          frames++;
        }
      }
      int k = from;
      while (k < size) {
        int e = (dirty + k) & (size - 1);
        int w = BASE + k * SLOT;
        if (k >= consumed && frames >= limit) {
          // the budget ends the walk: a stand-in the C never reads, owned by the DMA
          slot(rxQ, e, w, StmmacHwif.DMA_OWN, kind);
          k++;
          break;
        }
        int st = priv.hwif.rxStatus(rxQ, kind, e);
        slot(rxQ, e, w, st, kind);
        k++;
        if (k > consumed) {
          if ((st & StmmacHwif.DMA_OWN) != 0) {
            break;
          }
          frames++;
        }
      }
      // port-check's 24 slots at least: the ones past the window as they are, owned by the DMA
      for (; k < WINDOW && k < size; k++) {
        slot(rxQ, (dirty + k) & (size - 1), BASE + k * SLOT, StmmacHwif.DMA_OWN, kind);
      }
      return BASE + k * SLOT;
    }

    private void slot(StmmacRxQueue rxQ, int e, int w, int st, int kind) {
      in[w] = rxQ.page[e] != 0 ? 1 : 0;
      in[w + 1] = rxQ.secPage[e] != 0 ? 1 : 0;
      in[w + 2] = Integer.toUnsignedLong(rxQ.pageOffset[e]);
      in[w + 3] = st;
      pages[e] = rxQ.page[e];
      secPages[e] = rxQ.secPage[e];
      status[e] = st;
      if ((st & StmmacHwif.DMA_OWN) == 0) {
        buf1[e] = priv.unported.rxBuf1Len(rxQ, kind, e, st, 0);
        buf2[e] = priv.unported.rxBuf2Len(rxQ, kind, e, st, 0);
      } else {
        buf1[e] = 0;
        buf2[e] = 0;
      }
      in[w + 4] = Integer.toUnsignedLong(buf1[e]);
      in[w + 5] = Integer.toUnsignedLong(buf2[e]);
      in[w + 6] = 0; // the model runs no XDP program (checked at the replay)
    }

    /** The live page (or bus address) of an address the C named. */
    private long page(long a) {
      if (a == 0) {
        return 0;
      }
      long off = a & (PAGE_SIZE - 1);
      long base = a - off;
      if (base >= RING_PAGES && base < RING_PAGES + MAX_RING * PAGE_SIZE) {
        return pages[(int) ((base - RING_PAGES) / PAGE_SIZE)] + off;
      }
      if (base >= SEC_PAGES && base < SEC_PAGES + MAX_RING * PAGE_SIZE) {
        return secPages[(int) ((base - SEC_PAGES) / PAGE_SIZE)] + off;
      }
      if (base >= NEW_PAGES && base < NEW_PAGES + (MAX_RING + 2) * PAGE_SIZE) {
        return newPages[(int) ((base - NEW_PAGES) / PAGE_SIZE)] + off;
      }
      throw new NativeFailure("stmmac_rx's C named page 0x" + Long.toHexString(a)
          + ", which the record did not hold: input " + PortBridge.record(c, in));
    }

    private Skb skb(long id) {
      if (id == -1) {
        return null;
      }
      if (id == STATE_SKB_ID && stateSkb != null) {
        return stateSkb;
      }
      int k = (int) (id - NEW_SKB_ID);
      if (k >= 1 && k <= skbAllocs && newSkbs[k] != null) {
        return newSkbs[k];
      }
      throw new NativeFailure("stmmac_rx's C named skb " + id + ", which the record did not"
          + " hold: input " + PortBridge.record(c, in));
    }

    private Napi napi(long id) {
      StmmacChannel ch = priv.channel[(int) id / 4];
      return switch ((int) id % 4) {
        case 0 -> ch.rxNapi;
        case 1 -> ch.txNapi;
        default -> ch.napi;
      };
    }

    private NativeFailure answered(String what, long c0, long model) {
      return new NativeFailure("stmmac_rx's C was given " + what + " " + c0 + " and the model"
          + " answers " + model + " at " + priv.kernel.cpu().requireCurrent().cursor()
          + " ns: input " + PortBridge.record(c, in));
    }

    /**
     * The run's view of the call: the descriptors it consumed, from cur_rx to the cur_rx the C
     * leaves.
     */
    @Override
    public void begin(NativeOut o) {
      rxQ = priv.rxQueue[queue];
      ring = rxQ.ring;
      mask = ring.size() - 1;
      curBefore = ring.cur;
      long curAfter = o.rewind().field(CUR_RX_ID);
      taken = (int) ((curAfter - curBefore) & mask);
      o.rewind();
    }

    @Override
    public int apply(NativeOut o) {
      try {
        applyToken(o);
        return Replay.NEXT;
      } catch (Written w) {
        // the DMA wrote the descriptor back while the call ran (the model's time moves with
        // the charges): the window from it as the model has it now, and the C again; the
        // calls already applied are skipped (the same record up to there gives the same calls)
        replay.words(window(w.k));
        return Replay.RETRY;
      }
    }

    private void applyToken(NativeOut o) {
      StmmacXstats.Rxq st = priv.xstats.rxq[queue];
      KernelCalls k = priv.calls;
      StmmacHwif h = priv.hwif;
      UnportedCalls u = priv.unported;
      Core core = priv.kernel.cpu().requireCurrent();
      int number = NAMES.get(o.name());
      if (number >= BUFFER) {
        int e = number - BUFFER;
        rxQ.page[e] = page(o.arg(0));
        rxQ.secPage[e] = page(o.arg(1));
        rxQ.addr[e] = page(o.arg(2));
        rxQ.secAddr[e] = page(o.arg(3));
        rxQ.pageOffset[e] = (int) o.arg(4);
        return;
      }
      if (number < 0 || number >= TOKENS.length) {
        throw PortBridge.cannotApply(c, in, o);
      }
      T t = TOKENS[number];
      if (o.kind() != NativeOut.CALL) {
        long v = o.value();
        switch (t) {
          case CUR_RX -> ring.cur = (int) v;
          case DIRTY_RX -> ring.dirty = (int) v;
          case RX_COUNT_FRAMES -> rxQ.rxCountFrames = (int) v;
          case RX_TAIL_ADDR -> rxQ.rxTailAddr = (int) v;
          case STATE_SAVED -> rxQ.stateSaved = v != 0;
          case STATE_SKB -> rxQ.stateSkb = skb(v);
          case STATE_ERROR -> rxQ.stateError = (int) v;
          case STATE_LEN -> rxQ.stateLen = (int) v;
          case RX_PACKETS -> st.rxPackets += v;
          case RX_BYTES -> st.rxBytes += v;
          case RX_PKT_N -> st.rxPktN += v;
          case NAPI_POLL -> st.napiPoll += v;
          case RX_DROPPED -> priv.xstats.rxDropped += v;
          case RX_ERRORS -> priv.xstats.rxErrors += v;
          default -> throw PortBridge.cannotApply(c, in, o);
        }
        return;
      }
      switch (t) {
        case RX_STATUS -> {
          int e = (int) o.arg(1);
          int model = h.rxStatus(rxQ, (int) o.arg(0), e);
          if (model != status[e & mask]) {
            int at = (int) ((e - in[4]) & mask);
            if ((status[e & mask] & StmmacHwif.DMA_OWN) != 0 && (model & StmmacHwif.DMA_OWN) == 0
                && BASE + (at + 1) * SLOT <= in.length) {
              throw new Written(at);
            }
            throw answered("rx_status of entry " + e, status[e & mask], model);
          }
          entry = e;
          if (((entry - curBefore) & mask) < taken) {
            core.charge(StmmacRx.RX_DESC); // a descriptor the call consumes
          }
        }
        case RX_EXTENDED_STATUS -> h.rxExtendedStatus(rxQ, (int) o.arg(0));
        case RECYCLE_DIRECT -> k.pagePoolRecycleDirect((int) o.arg(0), page(o.arg(1)));
        case PUT_PAGE -> k.pagePoolPutPage((int) o.arg(0), page(o.arg(1)), (int) o.arg(2),
            o.arg(3) != 0);
        case RELEASE_PAGE -> k.pagePoolReleasePage((int) o.arg(0), page(o.arg(1)));
        case DEV_KFREE_SKB -> k.devKfreeSkb(skb(o.arg(0)));
        case BUF1_LEN, BUF2_LEN -> {
          int e = (int) o.arg(1);
          int model = t == T.BUF1_LEN
              ? u.rxBuf1Len(rxQ, (int) o.arg(0), e, (int) o.arg(2), (int) o.arg(3))
              : u.rxBuf2Len(rxQ, (int) o.arg(0), e, (int) o.arg(2), (int) o.arg(3));
          int given = t == T.BUF1_LEN ? buf1[e & mask] : buf2[e & mask];
          if (model != given) {
            throw answered(t.cName + " of entry " + e, given, model);
          }
        }
        case DMA_SYNC -> k.dmaSyncSingleForCpu(page(o.arg(0)), o.arg(1));
        case XDP_RUN_PROG -> {
          int model = u.xdpRunProg(rxQ, (int) o.arg(0));
          if (model != 0) {
            throw answered("the XDP verdict of entry " + o.arg(0), 0, model);
          }
        }
        case NAPI_ALLOC_SKB -> {
          current = k.napiAllocSkb(napi(o.arg(0)), (int) o.arg(1));
          newSkbs[++skbAllocs] = current;
        }
        case NAPI_BUILD_SKB -> {
          current = k.napiBuildSkb(rxQ, entry, (int) o.arg(0));
          newSkbs[++skbAllocs] = current;
        }
        case COPY_TO_LINEAR -> k.skbCopyToLinearData(skb(o.arg(0)), rxQ, entry,
            (int) o.arg(1));
        case SKB_PUT -> k.skbPut(skb(o.arg(0)), (int) o.arg(1));
        case SKB_RESERVE -> k.skbReserve(skb(o.arg(0)), (int) o.arg(1));
        case ADD_RX_FRAG -> {
          current = skb(o.arg(0));
          k.skbAddRxFrag(current, (int) o.arg(1), page(o.arg(2)), (int) o.arg(3),
              (int) o.arg(4), (int) o.arg(5));
        }
        case MARK_FOR_RECYCLE -> k.skbMarkForRecycle(skb(o.arg(0)));
        case RX_HWTSTAMP -> {
          current = skb(o.arg(3));
          u.getRxHwtstamp(rxQ, (int) o.arg(0), (int) o.arg(1), (int) o.arg(2), current);
        }
        case RX_HW_VLAN -> u.rxHwVlan(rxQ, (int) o.arg(0), (int) o.arg(1), skb(o.arg(2)));
        case RX_VLAN -> u.rxVlan(skb(o.arg(0)));
        case ETH_TYPE_TRANS -> {
          current = skb(o.arg(0));
          k.ethTypeTrans(current);
        }
        case HAS_IP_ETHERTYPE -> {
          boolean model = u.hasIpEthertype(current);
          if (model != (in[HAS_IP] != 0)) {
            throw answered("stmmac_has_ip_ethertype", in[HAS_IP], model ? 1 : 0);
          }
        }
        case CSUM_NONE_ASSERT -> k.skbChecksumNoneAssert(skb(o.arg(0)));
        case GET_RX_HASH -> {
          int[] hash = new int[2];
          int model = h.getRxHash(rxQ, (int) o.arg(0), (int) o.arg(1), hash);
          if (model != in[HASH_RET]) {
            throw answered("get_rx_hash of entry " + o.arg(1), in[HASH_RET], model);
          }
        }
        case SET_HASH -> k.skbSetHash(skb(o.arg(0)), (int) o.arg(1), (int) o.arg(2));
        case RECORD_RX_QUEUE -> k.skbRecordRxQueue(skb(o.arg(0)), (int) o.arg(1));
        case GRO_RECEIVE -> {
          Skb skb = skb(o.arg(1));
          // the C sets CHECKSUM_UNNECESSARY inline (no call): its skb's ip_summed
          skb.ipSummed = (int) o.arg(3);
          k.napiGroReceive(napi(o.arg(0)), skb);
          priv.counters.rxFrames++;
          if (priv.dim != null) { // the dim what-if's running totals
            priv.dim.rx.packets[queue]++;
            priv.dim.rx.bytes[queue] += o.arg(2);
          }
          current = null;
        }
        case FINALIZE_XDP_RX -> u.finalizeXdpRx((int) o.arg(0));
        case ALLOC_PAGES -> {
          if (!refillCharged) {
            core.charge(StmmacRx.RX_REFILL_DESC); // a descriptor the refill hands back
            refillCharged = true;
          }
          newPages[++pageAllocs] = k.pagePoolAllocPages((int) o.arg(0), (int) o.arg(1));
        }
        case SET_DESC_ADDR -> {
          if (!refillCharged) {
            core.charge(StmmacRx.RX_REFILL_DESC);
            refillCharged = true;
          }
          h.setRxDescAddr(rxQ, (int) o.arg(0), (int) o.arg(1), page(o.arg(2)));
        }
        case SET_DESC_SEC_ADDR -> h.setDescSecAddr(rxQ, (int) o.arg(0), (int) o.arg(1),
            page(o.arg(2)), o.arg(3) != 0);
        case REFILL_DESC3 -> h.refillDesc3(rxQ, (int) o.arg(0), (int) o.arg(1));
        case SET_RX_OWNER -> {
          boolean useRxWd = o.arg(2) != 0;
          h.setRxOwner(rxQ, (int) o.arg(0), (int) o.arg(1), useRxWd);
          if (!useRxWd) {
            priv.counters.rxIcDesc++;
          }
          refillCharged = false;
        }
        case SET_RX_TAIL_PTR -> h.setRxTailPtr(o.arg(0), (int) o.arg(1));
        case ENABLE_DMA_RECEPTION -> h.enableDmaReception((int) o.arg(0));
        default -> throw PortBridge.cannotApply(c, in, o);
      }
    }
  }
}
