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
 * {@code --ports c} for {@code fec_enet_rx_queue} (with the tree's {@code fec_enet_update_cbd}
 * and, from v6.17, {@code fec_enet_rx_vlan} inside): the tree's receive of one ring in place of
 * {@link FecNapi#rxQueue}, the inverse of its harness in {@link FecDataHarnesses}. The live fep's
 * flags and the ring's cur become the record, then the window the walk reads
 * ({@code fec_enet_rx_queue.c} in the loop): from cur, each BD with a frame up to the budget's,
 * and the BD the walk stops at (status, datlen, esc, ts, bufaddr; only those words cross). The
 * C's calls are replayed in order on the model's {@link FecKernel}: each frame's RXF
 * acknowledgement to the live IEVENT (with the Java's per-BD charge before it), the page
 * allocation (the dim what-if's frame count before it, where the Java counts it), the sync, the
 * skb built on the BD's live page and handed to the model's GRO where the C hands it (its
 * length, headroom, VLAN tag and checksum as the C left them, the frame the DMA wrote as its
 * payload), then each BD's words, page and buffer address written back where the C kicks
 * R_DES_ACTIVE after it (the BD goes back to the DMA there, as in the Java); cur, the
 * statistics (as increments) and the build_skb message flag after. The C's page numbers and
 * bus addresses are the record's: the ring's own pages by BD, the ones the C allocated by the
 * model's allocation of the same number. A BD the record gave as the walk's stop that the DMA
 * has written back by the time the C reads it (the model's time moves with the charges) grows
 * the window by it, and the C runs again, the calls already applied skipped.
 */
final class FecRxQueueBridge implements PortBridge {
  /** data.c's NICSIM_REAL_PAGES: the ring's pages the harness has memory for. */
  static final int MAX_RING = 512;
  /** data.c's nicsim_stats_put: the fields, in its order (fec_enet_tx_queue's too). */
  static final long[] STATS = {NativeOut.id("rx_packets"), NativeOut.id("rx_bytes"),
      NativeOut.id("rx_errors"), NativeOut.id("rx_fifo_errors"),
      NativeOut.id("rx_length_errors"), NativeOut.id("rx_crc_errors"),
      NativeOut.id("rx_frame_errors"), NativeOut.id("rx_dropped"), NativeOut.id("tx_packets"),
      NativeOut.id("tx_bytes"), NativeOut.id("tx_errors"), NativeOut.id("tx_heartbeat_errors"),
      NativeOut.id("tx_window_errors"), NativeOut.id("tx_aborted_errors"),
      NativeOut.id("tx_fifo_errors"), NativeOut.id("tx_carrier_errors"),
      NativeOut.id("collisions")};

  /** Whether {@code n} names one of {@link #STATS}. */
  static boolean isStat(long n) {
    for (long s : STATS) {
      if (s == n) {
        return true;
      }
    }
    return false;
  }

  /** The statistics the C printed (it starts them at 0): increments of the live fep's. */
  static void addStats(FecEnetPrivate fep, long[] stats) {
    fep.rxPackets += stats[0];
    fep.rxBytes += stats[1];
    fep.rxErrors += stats[2];
    fep.rxFifoErrors += stats[3];
    fep.rxLengthErrors += stats[4];
    fep.rxCrcErrors += stats[5];
    fep.rxFrameErrors += stats[6];
    fep.rxDropped += stats[7];
    fep.txPackets += stats[8];
    fep.txBytes += stats[9];
    fep.txErrors += stats[10];
    fep.txHeartbeatErrors += stats[11];
    fep.txWindowErrors += stats[12];
    fep.txAbortedErrors += stats[13];
    fep.txFifoErrors += stats[14];
    fep.txCarrierErrors += stats[15];
    fep.collisions += stats[16];
  }

  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_rx_queue";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    FecEnetPrivate fep = d.fep();
    for (int q = 0; q < fep.numRxQueues; q++) {
      if (fep.rxQueue[q] == null || fep.rxQueue[q].ringSize > MAX_RING) {
        return false;
      }
    }
    d.napiPorts().cRxQueue = new Hook(fep, c);
    return true;
  }

  /** The hook {@link FecNapi#rxQueue} calls first. */
  static final class Hook implements Replay.Tokens, FecCHooks.RxQueue {
    private static final int LOOP = FecDataHarnesses.RXQ_LOOP;
    private static final int SLOT = FecDataHarnesses.RXQ_LOOP_SLOT;
    private static final long WRITEL = NativeOut.id("writel");
    private static final long ALLOC = NativeOut.id("page_pool_dev_alloc_pages");
    private static final long SYNC = NativeOut.id("dma_sync_single_for_cpu");
    private static final long BUILD = NativeOut.id("build_skb");
    private static final long SWAP = NativeOut.id("swap_buffer");
    private static final long HWTSTAMP = NativeOut.id("fec_enet_hwtstamp");
    private static final long GRO = NativeOut.id("napi_gro_receive");
    private static final long RECYCLE = NativeOut.id("page_pool_recycle_direct");
    private static final long WARN_ON = NativeOut.id("WARN_ON");
    private static final long RET = NativeOut.id("ret");
    private static final long CUR = NativeOut.id("cur");
    private static final long SC = NativeOut.id("sc");
    private static final long BUFADDR = NativeOut.id("bufaddr");
    private static final long ESC = NativeOut.id("esc");
    private static final long PROT = NativeOut.id("prot");
    private static final long BDU = NativeOut.id("bdu");
    private static final long PAGE = NativeOut.id("page");
    private static final long OFFSET = NativeOut.id("offset");
    private static final long ERR_ONCE = NativeOut.id("err_once");
    /** data.c: a page's DMA address, and the first page the C's pool hands out. */
    private static final long PAGE_DMA = 0x8000_0000L;
    private static final int NEW_PAGE = 1001;

    private final FecEnetPrivate fep;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    /** The window's BD indices and their frames' lengths, in the walk's order. */
    private final int[] bd = new int[MAX_RING];
    /** The C's output per BD it received (read before the walk). */
    private final long[] sc = new long[MAX_RING];
    private final long[] bufaddr = new long[MAX_RING];
    private final long[] esc = new long[MAX_RING];
    private final long[] prot = new long[MAX_RING];
    private final long[] bdu = new long[MAX_RING];
    private final long[] page = new long[MAX_RING];
    private final long[] offset = new long[MAX_RING];
    private final long[] stats = new long[STATS.length];
    /** The model's pages and skbs of this call, by the C's numbers. */
    private final long[] newPages = new long[MAX_RING + 1];
    private final Skb[] skbs = new Skb[MAX_RING + 1];
    private int nalloc;
    private int nskb;
    private FecRxq rxq;
    private int queue;
    private int budget;
    private int window;
    /** Frames the replay has started (their RXF acknowledged) and written back. */
    private int started;
    private int written;
    /** The frames the C's walk took (its return, read before the walk). */
    private int taken;
    private Skb current;

    Hook(FecEnetPrivate fep, NativePort c) {
      this.fep = fep;
      this.c = c;
      this.in = new long[Math.max(c.inputs(), LOOP + SLOT * (MAX_RING + 1))];
      this.replay = new Replay(c, in);
    }

    /** fec_enet_rx_queue(ndev, queue_id, budget): the frames taken. */
    @Override
    public int rxQueue(int queueId, int budget) {
      FecRxq rxq = fep.rxQueue[queueId];
      int size = rxq.bd.size();
      Arrays.fill(in, 0, LOOP, 0);
      in[0] = Integer.toUnsignedLong(fep.quirks);
      in[1] = fep.bufdescEx ? 1 : 0;
      in[2] = fep.hwtsRxEn ? 1 : 0;
      in[3] = (fep.csumFlags & FecBds.FLAG_RX_CSUM_ENABLED) != 0 ? 1 : 0;
      in[4] = (fep.features & FecNapi.NETIF_F_HW_VLAN_CTAG_RX) != 0 ? 1 : 0;
      in[5] = fep.pagepoolOrder;
      in[6] = fep.buildSkbErrPrinted ? 1 : 0;
      in[7] = queueId;
      in[8] = budget;
      in[9] = Integer.numberOfTrailingZeros(size);
      in[10] = rxq.bd.cur;
      in[11] = 0x0008; // the model's eth_type_trans: htons(ETH_P_IP)
      this.rxq = rxq;
      this.queue = queueId;
      this.budget = budget;
      bd[0] = rxq.bd.cur;
      window(0);
      nalloc = 0;
      nskb = 0;
      started = 0;
      written = 0;
      current = null;
      int ret = (int) replay.run(LOOP + SLOT * window, this);
      Arrays.fill(skbs, 0, nskb + 1, null);
      return ret;
    }

    /**
     * The record's window from slot {@code from} on (the slots before it hold frames): from its
     * BD, each holding a frame up to the budget's, and the BD the walk stops at.
     */
    private void window(int from) {
      int size = rxq.bd.size();
      int frames = from;
      int i = bd[from];
      int s = from;
      while (s < size) {
        int st = rxq.bds.status(i);
        int w = LOOP + s * SLOT;
        bd[s] = i;
        in[w] = st;
        in[w + 1] = rxq.bd.bufLen(i) & 0xFFFF;
        in[w + 2] = Integer.toUnsignedLong(rxq.bds.esc[i]);
        in[w + 3] = Integer.toUnsignedLong(rxq.bds.ts[i]);
        in[w + 4] = Integer.toUnsignedLong(rxq.bds.bufaddr[i]);
        s++;
        if ((st & FecBds.BD_ENET_RX_EMPTY) != 0 || frames == budget) {
          break; // the BD the walk stops at
        }
        frames++;
        i = rxq.bd.next(i);
      }
      in[12] = frames;
      window = s;
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
        if (n == RET) {
          taken = (int) o.value();
        } else if (stat < STATS.length && n == STATS[stat]) {
          stats[stat++] = o.value();
        } else if (n == SC) {
          sc[++k] = o.value();
        } else if (k >= 0) {
          if (n == BUFADDR) {
            bufaddr[k] = o.value();
          } else if (n == ESC) {
            esc[k] = o.value();
          } else if (n == PROT) {
            prot[k] = o.value();
          } else if (n == BDU) {
            bdu[k] = o.value();
          } else if (n == PAGE) {
            page[k] = o.value();
          } else if (n == OFFSET) {
            offset[k] = o.value();
          }
        }
      }
      o.rewind();
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() == NativeOut.MESSAGE) {
        fep.k.netdevErr(o.message());
        return Replay.NEXT;
      }
      if (o.kind() != NativeOut.CALL) {
        if (n == CUR) {
          rxq.bd.cur = (int) o.value();
        } else if (n == ERR_ONCE) {
          fep.buildSkbErrPrinted = o.value() != 0;
        } else if (n == STATS[STATS.length - 1]) {
          addStats(fep, stats);
        } else if (!isSlotOrStat(n)) {
          throw PortBridge.cannotApply(c, in, o);
        }
        return Replay.NEXT;
      }
      if (n == WRITEL) {
        int off = (int) o.arg(0);
        if (off == FecRegisters.FEC_IEVENT) {
          // a frame the walk takes: the Java's charge of the BD, then its RXF acknowledged
          started++;
          fep.charge(FecOps.RX_BD);
        } else if (off == FecRegisters.rDesActive(queue)) {
          writeBack(written++);
          fep.writel((int) o.arg(1), off);
          return written == taken ? end() : Replay.NEXT;
        }
        fep.writel((int) o.arg(1), off);
      } else if (n == ALLOC) {
        if (fep.dim != null) {
          fep.dim.countFrame(queue, (int) in[LOOP + (started - 1) * SLOT + 1]);
        }
        newPages[++nalloc] = fep.k.pagePoolDevAllocPages((int) o.arg(0));
      } else if (n == SYNC) {
        fep.k.dmaSyncSingleForCpu(o.arg(0), (int) o.arg(1), (int) o.arg(2));
      } else if (n == BUILD) {
        current = fep.k.buildSkb(livePage(o.arg(0) >>> 16, o), (int) o.arg(1));
        skbs[++nskb] = current;
      } else if (n == SWAP) {
        fep.k.swapBuffer(livePage(o.arg(0) >>> 16, o), (int) (o.arg(0) & 0xFFFF),
            (int) o.arg(1));
      } else if (n == HWTSTAMP) {
        fep.k.rxHwtstamp(current, (int) o.arg(0));
      } else if (n == GRO) {
        receive(o);
      } else if (n == RECYCLE) {
        fep.k.pagePoolRecycleDirect((int) o.arg(0), livePage(o.arg(1), o));
      } else if (n == WARN_ON) {
        fep.k.warnOn();
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    private static boolean isSlotOrStat(long n) {
      return n == SC || n == BUFADDR || n == ESC || n == PROT || n == BDU || n == PAGE
          || n == OFFSET || isStat(n);
    }

    /**
     * The skb the C hands to GRO, as the Java builds it: its headroom and length as the C left
     * them (eth_type_trans's pull and a popped VLAN tag put back: the model's skb counts from
     * the Ethernet header), the frame the DMA wrote, the tag, the checksum and the queue.
     */
    private void receive(NativeOut o) {
      Skb skb = skb(o.arg(0), o);
      boolean vlan = o.arg(6) != 0;
      int hdr = 14 + (vlan ? 4 : 0); // ETH_HLEN, VLAN_HLEN
      int i = bd[started - 1];
      fep.k.skbReserve(skb, (int) o.arg(2) - hdr);
      fep.k.skbPut(skb, (int) o.arg(1) + hdr);
      skb.payload = rxq.bd.payload(i);
      skb.payloadOffset = rxq.bd.payloadOffset(i);
      if (vlan) {
        int tci = fep.k.vlanTci(skb);
        if (tci != o.arg(7)) {
          throw new NativeFailure("fec_enet_rx_queue's C read VLAN TCI " + o.arg(7)
              + " and the model's frame holds " + tci + ": input " + PortBridge.record(c, in));
        }
        fep.k.vlanPop(skb);
        fep.k.vlanHwaccelPutTag(skb, FecNapi.ETH_P_8021Q, tci);
      }
      fep.k.ethTypeTrans(skb);
      if (o.arg(3) != 0) {
        skb.ipSummed = (int) o.arg(3);
      }
      skb.queueMapping = (int) o.arg(4);
      fep.k.napiGroReceive(skb);
      current = null;
    }

    /** BD {@code k} of the walk as the C left it, back to the DMA (the Java's rx_processing_done). */
    private void writeBack(int k) {
      int i = bd[k];
      FecBds bds = rxq.bds;
      long p = page[k];
      long live = livePage(p, null);
      if (live != rxq.page[i]) {
        rxq.page[i] = live;
        bds.bufaddr[i] = (int) (fep.k.pagePoolGetDmaAddr(live)
            + (bufaddr[k] - (PAGE_DMA + p * 4096)));
      } else if ((bufaddr[k] & 0xFFFF_FFFFL) != in[LOOP + k * SLOT + 4]) {
        throw new NativeFailure("fec_enet_rx_queue's C moved BD " + i + "'s buffer without"
            + " a new page: input " + PortBridge.record(c, in));
      }
      rxq.pageOffset[i] = (int) offset[k];
      if (fep.bufdescEx) {
        bds.setEsc(i, (int) esc[k]);
        bds.prot[i] = (int) prot[k];
        bds.bdu[i] = (int) bdu[k];
      }
      bds.setStatus(i, (int) sc[k]);
    }

    /**
     * Where the C's walk ended (after the kick of the last BD it took, before it prints
     * anything): the BD it stopped at as the model has it now, where the Java reads it. One the
     * DMA has written back since the record was taken (the kick lets the RX DMA catch up) is a
     * frame the walk takes: the window from it as the model has it now, and the C again, the
     * calls already applied skipped.
     */
    private int end() {
      int k = started;
      if (k < window && k < budget && rxq.bds.status(bd[k]) != in[LOOP + k * SLOT]) {
        window(k);
        return Replay.RERUN;
      }
      return Replay.NEXT;
    }

    /** The model's page of a page number the C named (0: none). */
    private long livePage(long p, NativeOut o) {
      if (p == 0) {
        return 0;
      }
      if (p >= NEW_PAGE && p - NEW_PAGE < nalloc) {
        return newPages[(int) (p - NEW_PAGE) + 1];
      }
      if (p >= 1 && p <= rxq.bd.size()) {
        return rxq.page[(int) p - 1];
      }
      throw new NativeFailure("fec_enet_rx_queue's C named page " + p + ", which the record"
          + " did not hold: input " + PortBridge.record(c, in));
    }

    private Skb skb(long id, NativeOut o) {
      if (id < 1 || id > nskb) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return skbs[(int) id];
    }
  }
}
