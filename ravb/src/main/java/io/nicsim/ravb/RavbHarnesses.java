package io.nicsim.ravb;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.HarnessKernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code port-check --execute} harnesses for ravb's queue interrupt and TX completion:
 * {@code ravb_queue_interrupt} and {@code ravb_tx_free}, run whole from the tree with
 * register accessors and recording stubs of nicsim's own C ({@code portexec/ravb/common.c}; the
 * record layout at the top of each driver file) beside the ports on {@link RavbPriv} and a
 * recording {@link RavbKernel}. The same text in 6.1.192, 6.12.118 and 6.18.19.
 */
public final class RavbHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/ravb/";
  private static final List<String> SOURCES = List.of(RavbSources.MAIN_C, RavbSources.MAIN_H);
  private static final int DESCS = 16;
  private static final int SKBS = 8;

  /** enum ravb_reg's offsets of the registers the ports write (ravb.h). */
  static int offset(RavbReg reg) {
    return switch (reg) {
      case RIC0 -> 0x0360;
      case RIS0 -> 0x0364;
      case TIC -> 0x0378;
      case TIS -> 0x037C;
      case ISS -> 0x0380;
      case RIE0 -> 0x0460;
      case RID0 -> 0x0464;
      case TIE -> 0x0478;
      case TID -> 0x047c;
      case TCCR -> 0x0304;
    };
  }

  @Override
  public List<PortHarness> harnesses() {
    return List.of(queueInterrupt(), interrupt(), dmaInterrupt(), txFree(), startXmit(), poll(),
        rx(), rxRingRefill(), allocRxBuffer(), rxFunction(false), rxFunction(true));
  }

  /** The patches of release {@code kernel} (a tree's Makefile version, 6.1.192). */
  static PatchSet patches(String kernel) {
    try {
      return RavbPatches.CATALOG.select(KernelVersion.parse("v" + kernel), List.of());
    } catch (BadInputException e) {
      throw new NotRunnable(e.getMessage());
    }
  }

  private static PortHarness.Builder harness(String function) {
    return PortHarness.of(RavbSources.MAIN_C, function).sources(SOURCES)
        .program(PortHarness.resource(RavbHarnesses.class, DIR + "common.c") + "\n"
            + PortHarness.resource(RavbHarnesses.class, DIR + function + ".c"))
        .notes("registers RIS0/RIC0/TIS/TIC from the record, every ravb_write printed;"
            + " NAPI, DMA and skb calls are recording stubs; netdev_warn prints nothing");
  }

  /** The driver's state for one record, on hardware without a simulator. */
  static final class Rig implements RavbKernel {
    final Out out = new Out();
    final HarnessKernel hk = new HarnessKernel();
    final Napi[] napis = {
        new Napi(hk.kernel, "eth0-be", "eth0", (n, b) -> 0, 64),
        new Napi(hk.kernel, "eth0-nc", "eth0", (n, b) -> 0, 64)};
    final boolean[] ansPrep = new boolean[2];
    final Map<Skb, Integer> skbIds = new IdentityHashMap<>();
    final SkbLedger skbs = new SkbLedger();
    RavbPriv priv;

    RavbPriv reset(RavbHwInfo info, int txDescs) {
      return reset(info, txDescs, RavbPatches.CATALOG.forKernel(RavbPatches.OLDEST));
    }

    /** The state for one record, on {@code patches} (the release's era). */
    RavbPriv reset(RavbHwInfo info, int txDescs, PatchSet patches) {
      return reset(info, txDescs, 2, patches);
    }

    /** The state for one record: {@code rxDescs} RX and {@code txDescs} TX descriptors. */
    RavbPriv reset(RavbHwInfo info, int txDescs, int rxDescs, PatchSet patches) {
      out.reset();
      ansPrep[0] = false;
      ansPrep[1] = false;
      skbIds.clear();
      rxSkbs.clear();
      builds = 0;
      rxMaps = 0;
      loopRx = false;
      RavbHw hw = new RavbHw(info, null, null, null, null, rxDescs, txDescs, 0);
      hw.access = (write, reg, value) -> {
        if (write) {
          out.call("ravb_write", offset(reg), Integer.toUnsignedLong(value));
        }
      };
      priv = new RavbPriv(hw, info, patches, null);
      priv.k = this;
      priv.napi[0] = napis[0];
      priv.napi[1] = napis[1];
      return priv;
    }

    /**
     * A record longer than port-check's is the loop's (the interrupt handlers'): each register
     * read is recorded too, {@code ravb_read(reg,value)}, as common.c does there.
     */
    void recordReads(long[] r, int inputs) {
      if (r.length > inputs) {
        priv.hw.access = (write, reg, value) -> out.call(write ? "ravb_write" : "ravb_read",
            offset(reg), Integer.toUnsignedLong(value));
      }
    }

    @Override
    public boolean napiSchedulePrep(Napi n) {
      int q = priv.queueOf(n);
      out.call("napi_schedule_prep", q);
      return ansPrep[q];
    }

    @Override
    public void napiSchedule(Napi n) {
      out.call("__napi_schedule", priv.queueOf(n));
    }

    @Override
    public void getTxTstamp() {
      out.call("ravb_get_tx_tstamp");
    }

    @Override
    public void emacInterruptUnlocked() {
      out.call("ravb_emac_interrupt_unlocked");
    }

    @Override
    public void errorInterrupt() {
      out.call("ravb_error_interrupt");
    }

    @Override
    public void ptpInterrupt() {
      out.call("ravb_ptp_interrupt");
    }

    boolean ansCompleteDone;
    /** info->receive's answers: the packets received (or quota used) and "ran out". */
    int ansRxUsed;
    boolean ansRxRet;

    @Override
    public boolean napiCompleteDone(Napi n, int workDone) {
      out.call("napi_complete_done", priv.queueOf(n), workDone);
      return ansCompleteDone;
    }

    @Override
    public void netifWakeSubqueue(int q) {
      out.call("netif_wake_subqueue", q);
    }

    /** info->receive as a recording stub (ravb_rx_gbeth and ravb_rx_rcar run on their own). */
    RavbRx stubRx() {
      return new RavbRx(priv) {
        @Override
        int rxGbeth(int budget, int q) {
          out.call("receive", budget, q);
          return ansRxUsed;
        }

        @Override
        boolean rxGbethQuota(Quota quota, int q) {
          out.call("receive", quota.value, q);
          quota.value -= ansRxUsed;
          return ansRxRet;
        }
      };
    }

    @Override
    public void netifStopSubqueue(int q) {
      out.call("netif_stop_subqueue", q);
    }

    // ravb_start_xmit's answers, from the record
    boolean ansCsum;
    boolean ansPadtoFails;
    boolean ansKmallocFails;
    int misalign;
    final long[] ansMapAddr = new long[2];
    final boolean[] ansMapErr = new boolean[2];
    int maps;

    @Override
    public boolean canTxCsumGbeth(Skb skb) {
      out.call("ravb_can_tx_csum_gbeth", skbIds.get(skb));
      return ansCsum;
    }

    @Override
    public void skbChecksumHelp(Skb skb) {
      out.call("skb_checksum_help", skbIds.get(skb));
    }

    @Override
    public void netifErr(String text) {
      out.message("netif_err", text);
    }

    @Override
    public int skbPutPadto(Skb skb, int len) {
      return skb.len < len && ansPadtoFails ? RavbPriv.ENOMEM : 0;
    }

    @Override
    public int skbDataMisalign(Skb skb) {
      return misalign;
    }

    @Override
    public int dmaMapTx(boolean alignBuffer, int offset, int len) {
      out.call("dma_map_single", alignBuffer ? 0 : 1, offset, Integer.toUnsignedLong(len));
      return (int) ansMapAddr[maps++ & 1];
    }

    @Override
    public boolean dmaMappingError(int addr) {
      return ansMapErr[(maps - 1) & 1];
    }

    @Override
    public boolean tsSkbAlloc() {
      out.call("kmalloc");
      return !ansKmallocFails;
    }

    @Override
    public void tsSkbQueue(Skb skb, int tag) {
      out.call("skb_get", skbIds.get(skb));
      out.call("list_add_tail", skbIds.get(skb), tag & 0xFFFF);
    }

    @Override
    public void skbTxTimestamp(Skb skb) {
      out.call("skb_tx_timestamp", skbIds.get(skb));
    }

    @Override
    public void dmaUnmapSingle(int addr, int size) {
      out.call("dma_unmap_single", Integer.toUnsignedLong(addr), Integer.toUnsignedLong(size));
    }

    @Override
    public void devKfreeSkbAny(Skb skb) {
      out.call("dev_kfree_skb_any", skbIds.get(skb));
    }

    // the RX buffers: a handle is page << 32 | offset (rx_common.c's pages and answers)
    /** The loop's RX record (rx_skb.c with NICSIM_IN_LOOP): its buffers and eth_type_trans. */
    boolean loopRx;
    long ansAllocFails;
    long ansOffset;
    long ansDmaBase;
    int allocs;

    @Override
    public long allocRxBuffer(int q, int entry) {
      out.call("page_pool_alloc", q, RavbRx.rxBufferSize(priv.info));
      int n = allocs++;
      if (n < 63 && ((ansAllocFails >> n) & 1) != 0) {
        return 0;
      }
      return ((long) ((loopRx ? RavbRxBridge.ALLOC : 100) + n) << 32) | ansOffset;
    }

    @Override
    public long rxBufferDma(long buf) {
      return ansDmaBase + (buf >>> 32) * 0x1000 + (buf & 0xFFFF_FFFFL);
    }

    @Override
    public void dmaSyncRxForDevice(long addr, int size) {
      out.call("dma_sync_single_for_device", addr, Integer.toUnsignedLong(size));
    }

    // the RX functions' skbs (rx_skb.c): a handle is id << 32 | offset; per skb its len,
    // nr_frags, hwtstamp and data address
    long ansSkbFails;
    long ansRxMapErr;
    long ansMisalign;
    long ansMapBase;
    long ansCsumTrim;
    int builds;
    int rxMaps;
    final Map<Long, long[]> rxSkbs = new HashMap<>();

    private static final int LEN = 0;
    private static final int NR_FRAGS = 1;
    private static final int HWTSTAMP = 2;
    private static final int DATA = 3;

    static int id(long handle) {
      return (int) (handle >>> 32);
    }

    /** page_address(page) + offset, or an skb's first data address: id * 0x1000 + offset. */
    static long address(long handle) {
      return (handle >>> 32) * 0x1000 + (handle & 0xFFFF_FFFFL);
    }

    long[] skb(long handle) {
      return rxSkbs.computeIfAbsent(handle, h -> new long[] {0, 0, 0, address(h)});
    }

    /** The next skb of an allocation (ids from {@code base}), or 0 when the record fails it. */
    private long skbAlloc(int base, long data) {
      int n = builds++;
      if (n < 63 && ((ansSkbFails >> n) & 1) != 0) {
        return 0;
      }
      long h = (long) (base + n) << 32;
      rxSkbs.put(h, new long[] {0, 0, 0, data});
      return h;
    }

    @Override
    public long napiBuildSkb(int q, int entry, long buf, int fragSize) {
      long data = address(buf);
      out.call("napi_build_skb", data, Integer.toUnsignedLong(fragSize));
      return skbAlloc(200, data);
    }

    @Override
    public long rxRingSkb(int q, int entry, long buf) {
      return buf;
    }

    @Override
    public void skbPut(long skb, int len) {
      out.call("skb_put", id(skb), Integer.toUnsignedLong(len));
      long[] s = skb(skb);
      s[LEN] = (s[LEN] + len) & 0xFFFF_FFFFL;
    }

    @Override
    public void skbAddRxFrag(long skb, long buf, int len, int truesize) {
      long[] s = skb(skb);
      long i = s[NR_FRAGS];
      out.call("skb_add_rx_frag", id(skb), i, id(buf), buf & 0xFFFF_FFFFL, len,
          Integer.toUnsignedLong(truesize));
      s[NR_FRAGS] = (i + 1) & 0xFF;
      s[LEN] = (s[LEN] + len) & 0xFFFF_FFFFL;
    }

    @Override
    public void pagePoolPutPage(int q, long buf) {
      out.call("page_pool_put_page", q, id(buf), 0, 1);
    }

    @Override
    public void napiGroReceive(Napi napi, long skb) {
      long[] s = skb(skb);
      out.call("napi_gro_receive", priv.queueOf(napi), id(skb), s[LEN], s[HWTSTAMP]);
    }

    @Override
    public int skbLen(long skb) {
      return (int) skb(skb)[LEN];
    }

    @Override
    public void dmaSyncRxForCpu(int addr, int len) {
      out.call("dma_sync_single_for_cpu", Integer.toUnsignedLong(addr), len);
    }

    @Override
    public void skbMarkForRecycle(long skb) {
      out.call("skb_mark_for_recycle", id(skb));
    }

    @Override
    public void ethTypeTrans(long skb) {
      out.call("eth_type_trans", id(skb));
      long[] s = skb(skb);
      if (!loopRx && s[LEN] >= 14) {
        s[LEN] -= 14;
      }
    }

    @Override
    public void rxCsum(long skb, boolean gbeth) {
      out.call(gbeth ? "ravb_rx_csum_gbeth" : "ravb_rx_csum", id(skb));
      long[] s = skb(skb);
      if (s[LEN] >= ansCsumTrim) {
        s[LEN] -= ansCsumTrim;
      }
    }

    @Override
    public void skbRxHwtstamp(long skb, long hwtstamp) {
      skb(skb)[HWTSTAMP] = hwtstamp;
    }

    @Override
    public void skbCopyToLinearDataOffset(long to, int offset, long from, int len) {
      out.call("skb_copy_to_linear_data_offset", id(to), offset, skb(from)[DATA],
          Integer.toUnsignedLong(len));
    }

    @Override
    public void devKfreeSkb(long skb) {
      out.call("dev_kfree_skb", id(skb));
    }

    @Override
    public long netdevAllocSkb(int q, int entry, int len) {
      out.call("netdev_alloc_skb", Integer.toUnsignedLong(len));
      if (loopRx) {
        long id = RavbRxBridge.ALLOC + builds++;
        rxSkbs.put(id << 32, new long[] {0, 0, 0, id * 0x1000});
        return id << 32;
      }
      return skbAlloc(100, (100L + builds) * 0x1000 + ansMisalign);
    }

    @Override
    public int rxSkbDataMisalign(long skb) {
      return (int) skb(skb)[DATA];
    }

    @Override
    public void skbReserve(long skb, int len) {
      out.call("skb_reserve", id(skb), len);
      skb(skb)[DATA] += len;
    }

    @Override
    public long dmaMapRx(long skb, int size) {
      long data = skb(skb)[DATA];
      out.call("dma_map_single", data, Integer.toUnsignedLong(size));
      return ansMapBase + data;
    }

    @Override
    public boolean rxDmaMappingError(long addr) {
      int n = rxMaps++;
      return n < 63 && ((ansRxMapErr >> n) & 1) != 0;
    }
  }

  // ---------------------------------------------------------------- ravb_queue_interrupt

  /**
   * The records of ravb_queue_interrupt and ravb_dma_interrupt, and of ravb_interrupt, in
   * port-check; the loop's are one word longer (its register reads recorded).
   */
  static final int IRQ_Q_INPUTS = 7;
  static final int IRQ_INPUTS = 9;

  private static PortHarness queueInterrupt() {
    long[] bits = {1, 2, 3, 0x100, 0xFFFF_FFFFL, 0xFFFF_FFFEL, 0xFFFF_FFFDL};
    return harness("ravb_queue_interrupt")
        .inputs(List.of(range("q", 0, 1),
            u32("RIS0").withEdges(bits), u32("RIC0").withEdges(bits),
            u32("TIS").withEdges(bits), u32("TIC").withEdges(bits),
            bool("info->irq_en_dis"), bool("napi_schedule_prep")))
        .java(kernel -> {
          Rig rig = new Rig();
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.of(r[5] != 0, true), 2);
            priv.hw.ris0 = (int) r[1];
            priv.hw.ric0 = (int) r[2];
            priv.hw.tis = (int) r[3];
            priv.hw.tic = (int) r[4];
            rig.ansPrep[q] = r[6] != 0;
            rig.recordReads(r, IRQ_Q_INPUTS);
            boolean ret = new RavbNapi(priv, new RavbRx(priv)).queueInterrupt(q);
            return rig.out.put("ret", ret ? 1 : 0).toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- ravb_interrupt

  private static PortHarness interrupt() {
    long[] bits = {1, 2, 3, 0x100, 0xFFFF_FFFFL, 0xFFFF_FFFEL, 0xFFFF_FFFDL};
    long[] issEdges = {0, RavbHw.ISS_FRS, RavbHw.ISS_FTS, RavbHw.ISS_TFUS, 0x40, 0x80, 0x2000,
        0x2000 | 0x80 | 0x40 | 0x1, 0xFFFF_FFFFL, 0xFFFF_DE3AL};
    long[] tis = {1, 2, 3, 0x100, 0x101, 0x102, 0xFFFF_FFFFL, 0xFFFF_FEFFL};
    return harness("ravb_interrupt")
        .inputs(List.of(u32("ISS").withEdges(issEdges),
            u32("RIS0").withEdges(bits), u32("RIC0").withEdges(bits),
            u32("TIS").withEdges(tis), u32("TIC").withEdges(bits),
            bool("info->nc_queues"), bool("info->irq_en_dis"),
            bool("napi_schedule_prep[BE]"), bool("napi_schedule_prep[NC]")))
        .notes("ravb_queue_interrupt and ravb_timestamp_interrupt from the tree; the device"
            + " is runtime-active (pm_runtime_active answers 1); ISS from the record")
        .java(kernel -> {
          Rig rig = new Rig();
          return r -> {
            RavbPriv priv = rig.reset(RavbHwInfo.of(r[6] != 0, r[5] != 0), 2);
            int iss = (int) r[0];
            priv.hw.issSource = () -> iss;
            priv.hw.ris0 = (int) r[1];
            priv.hw.ric0 = (int) r[2];
            priv.hw.tis = (int) r[3];
            priv.hw.tic = (int) r[4];
            rig.ansPrep[0] = r[7] != 0;
            rig.ansPrep[1] = r[8] != 0;
            rig.recordReads(r, IRQ_INPUTS);
            boolean ret = new RavbNapi(priv, new RavbRx(priv)).interrupt(null);
            return rig.out.put("ret", ret ? 1 : 0).toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- ravb_dma_interrupt

  private static PortHarness dmaInterrupt() {
    long[] bits = {1, 2, 3, 0x100, 0xFFFF_FFFFL, 0xFFFF_FFFEL, 0xFFFF_FFFDL};
    return harness("ravb_dma_interrupt")
        .inputs(List.of(range("q", 0, 1),
            u32("RIS0").withEdges(bits), u32("RIC0").withEdges(bits),
            u32("TIS").withEdges(bits), u32("TIC").withEdges(bits),
            bool("info->irq_en_dis"), bool("napi_schedule_prep")))
        .notes("ravb_queue_interrupt from the tree; the device is runtime-active")
        .java(kernel -> {
          Rig rig = new Rig();
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.of(r[5] != 0, true), 2);
            priv.hw.ris0 = (int) r[1];
            priv.hw.ric0 = (int) r[2];
            priv.hw.tis = (int) r[3];
            priv.hw.tic = (int) r[4];
            rig.ansPrep[q] = r[6] != 0;
            rig.recordReads(r, IRQ_Q_INPUTS);
            boolean ret = new RavbNapi(priv, new RavbRx(priv)).dmaInterrupt(null, q);
            return rig.out.put("ret", ret ? 1 : 0).toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- ravb_tx_free

  private static List<InputField> txFreeInputs() {
    List<InputField> in = new ArrayList<>(List.of(range("q", 0, 1), range("num_tx_desc", 1, 2),
        range("num_tx_ring[q]", 1, SKBS), u32("dirty_tx[q]").withEdges(0xFFFF_FFFEL,
            0xFFFF_FFFFL, 0, 1, 7, 8, 15, 16),
        range("cur_tx[q] - dirty_tx[q]", 0, DESCS).withEdges(0, 1, 2, 15, 16),
        bool("free_txed_only"), u64("stats[q].tx_packets"), u64("stats[q].tx_bytes")));
    for (int i = 0; i < DESCS; i++) {
      in.add(range("desc[" + i + "].die_dt", 0, 0xFF).withEdges(RavbHw.DT_FEMPTY,
          RavbHw.DT_EEMPTY, RavbHw.DT_FSINGLE, RavbHw.DT_FSTART, RavbHw.DT_FEND));
      in.add(u16("desc[" + i + "].ds_tagl").withEdges(0x0FFF, 0x1000, 60, 1514));
      in.add(u32("desc[" + i + "].dptr"));
    }
    for (int i = 0; i < SKBS; i++) {
      in.add(bool("tx_skb[" + i + "]"));
    }
    return in;
  }

  private static PortHarness txFree() {
    return harness("ravb_tx_free")
        .inputs(txFreeInputs())
        // cur_tx - dirty_tx never exceeds the ring's descriptors (ravb_start_xmit's stop)
        .admit(r -> {
          long ring = r[1] * r[2];
          r[4] = r[4] % (ring + 1);
          return r;
        })
        .java(kernel -> {
          Rig rig = new Rig();
          return r -> {
            int q = (int) r[0];
            int numTxDesc = (int) r[1];
            RavbPriv priv = rig.reset(RavbHwInfo.of(false, true), DESCS);
            RavbHw hw = priv.hw;
            priv.numTxDesc = numTxDesc;
            priv.numTxRing[q] = (int) r[2];
            priv.dirtyTx[q] = (int) r[3];
            priv.curTx[q] = (int) r[3] + (int) r[4];
            boolean freeTxedOnly = r[5] != 0;
            priv.stats[q].txPackets = r[6];
            priv.stats[q].txBytes = r[7];
            for (int i = 0; i < DESCS; i++) {
              hw.txDieDt[i] = (int) (r[8 + 3 * i] & 0xFF);
              hw.txDsTagl[i] = (int) (r[9 + 3 * i] & 0xFFFF);
              hw.txDptr[i] = (int) r[10 + 3 * i];
            }
            priv.txSkb[q] = new Skb[SKBS];
            for (int i = 0; i < SKBS; i++) {
              if (r[8 + 3 * DESCS + i] != 0) {
                Skb s = rig.skbs.alloc(60, 512);
                rig.skbIds.put(s, i + 1);
                priv.txSkb[q][i] = s;
              }
            }
            int ret = new RavbNapi(priv, new RavbRx(priv)).txFree(q, freeTxedOnly);
            Out out = rig.out.put("ret", ret).u("dirty_tx", Integer.toUnsignedLong(priv.dirtyTx[q]))
                .u("stats.tx_packets", priv.stats[q].txPackets)
                .u("stats.tx_bytes", priv.stats[q].txBytes);
            for (int i = 0; i < DESCS; i++) {
              out.put("die_dt", hw.txDieDt[i]);
            }
            for (int i = 0; i < SKBS; i++) {
              Skb s = priv.txSkb[q][i];
              out.put("tx_skb", s == null ? 0 : rig.skbIds.get(s));
            }
            return out.toString();
          };
        })
        .build();
  }

  /**
   * The loop's TX window (common.c's nicsim_tx_window, after a record's port-check part): its
   * length, then per descriptor from dirty_tx die_dt, ds_tagl and whether its frame's skb is
   * set ({@link #TX_LOOP_SLOT} words), on a ring of at most {@link #TX_LOOP_DESCS}.
   */
  static final int TX_LOOP_SLOT = 3;
  static final int TX_LOOP_DESCS = 1024;

  /**
   * The state of {@code priv} (its ring's sizes, indices and statistics set from port-check's
   * record) on a ring of the live size, with the loop's window at {@code base}, as common.c's
   * nicsim_tx_window sets it: each descriptor's dptr its place in the window.
   */
  static RavbPriv loopTxRing(Rig rig, RavbPriv priv, int q, long[] r, int base) {
    int numTxDesc = priv.numTxDesc;
    int descs = priv.numTxRing[q] * numTxDesc;
    RavbPriv p = rig.reset(priv.info, descs, priv.patches);
    p.numTxDesc = numTxDesc;
    p.numTxRing[q] = priv.numTxRing[q];
    p.dirtyTx[q] = priv.dirtyTx[q];
    p.curTx[q] = priv.curTx[q];
    p.stats[q].txPackets = priv.stats[q].txPackets;
    p.stats[q].txBytes = priv.stats[q].txBytes;
    p.txSkb[q] = new Skb[priv.numTxRing[q]];
    int n = (int) r[base];
    for (int w = 0; w < n; w++) {
      int b = base + 1 + TX_LOOP_SLOT * w;
      int e = Integer.remainderUnsigned(p.dirtyTx[q] + w, descs);
      int slot = e / numTxDesc;
      p.hw.txDieDt[e] = (int) (r[b] & 0xFF);
      p.hw.txDsTagl[e] = (int) (r[b + 1] & 0xFFFF);
      p.hw.txDptr[e] = w;
      if (r[b + 2] == 0) {
        p.txSkb[q][slot] = null;
      } else if (p.txSkb[q][slot] == null) {
        Skb s = rig.skbs.alloc(60, 512);
        rig.skbIds.put(s, slot + 1);
        p.txSkb[q][slot] = s;
      }
    }
    return p;
  }

  /** common.c's nicsim_tx_window_out: per descriptor freed, die_dt and its frame's skb. */
  static void outLoopTxRing(Rig rig, RavbPriv p, int q, int dirty) {
    int descs = p.numTxRing[q] * p.numTxDesc;
    for (int d = dirty; d != p.dirtyTx[q]; d++) {
      int e = Integer.remainderUnsigned(d, descs);
      Skb s = p.txSkb[q][e / p.numTxDesc];
      rig.out.put("die_dt", p.hw.txDieDt[e]).put("tx_skb", s == null ? 0 : rig.skbIds.get(s));
    }
  }

  // ---------------------------------------------------------------- ravb_start_xmit

  /** Port-check's record of ravb_start_xmit; the loop's runs on past it. */
  static final int XMIT_INPUTS = 7 + 3 * DESCS + SKBS + 13;
  /**
   * The loop's record ({@code ravb_start_xmit.c} with NICSIM_IN_LOOP): TCCR at
   * {@link #XMIT_INPUTS}, the frame's descriptors at cur_tx (die_dt, ds_tagl, tagh_tsr, dptr;
   * two places) from {@link #XMIT_FRAME}, ravb_tx_free's window from {@link #XMIT_LOOP}.
   */
  static final int XMIT_FRAME = XMIT_INPUTS + 1;
  static final int XMIT_LOOP = XMIT_FRAME + 8;

  private static PortHarness startXmit() {
    List<InputField> in = new ArrayList<>(List.of(range("q", 0, 1), range("num_tx_desc", 1, 2),
        range("num_tx_ring[q]", 1, SKBS), u32("dirty_tx[q]").withEdges(0xFFFF_FFFEL,
            0xFFFF_FFFFL, 0, 1, 7, 8, 14, 15, 16),
        range("cur_tx[q] - dirty_tx[q]", 0, DESCS).withEdges(0, 1, 2, 13, 14, 15, 16),
        u64("stats[q].tx_packets"), u64("stats[q].tx_bytes")));
    for (int i = 0; i < DESCS; i++) {
      in.add(range("desc[" + i + "].die_dt", 0, 0xFF).withEdges(RavbHw.DT_FEMPTY,
          RavbHw.DT_EEMPTY, RavbHw.DT_FSINGLE, RavbHw.DT_FSTART, RavbHw.DT_FEND));
      in.add(u16("desc[" + i + "].ds_tagl").withEdges(0x0FFF, 0x1000, 60, 1514));
      in.add(u32("desc[" + i + "].dptr"));
    }
    for (int i = 0; i < SKBS; i++) {
      in.add(bool("tx_skb[" + i + "]"));
    }
    in.addAll(List.of(range("skb->len", 1, 1600).withEdges(1, 4, 5, 59, 60, 61, 64, 1514),
        range("skb->data % 4", 0, 3), range("skb->ip_summed", 0, 3),
        bool("ravb_can_tx_csum_gbeth"), bool("skb_put_padto fails"),
        u32("dma_map_single[0]"), bool("dma_mapping_error[0]"),
        u32("dma_map_single[1]"), bool("dma_mapping_error[1]"),
        bool("info->ccc_gac"), bool("kmalloc fails"),
        range("ts_skb_tag", 0, 0x3ff).withEdges(0, 1, 0xF, 0x10, 0x3fe, 0x3ff),
        bool("info->gptp")));
    return harness("ravb_start_xmit")
        .inputs(in)
        // cur_tx - dirty_tx never exceeds the ring's descriptors (the queue stops first), and
        // cur_tx is a multiple of num_tx_desc (ravb_ring_format sets 0, each frame adds
        // num_tx_desc): a frame's descriptors never straddle the ring's end
        .admit(r -> {
          long ring = r[1] * r[2];
          r[4] = r[4] % (ring + 1);
          if (((r[3] + r[4]) & 0xFFFF_FFFFL) % r[1] != 0) {
            r[4] = r[4] > 0 ? r[4] - 1 : 1;
          }
          return r;
        })
        .notes("ravb_tx_free from the tree; skb_put_padto pads in place (fails only when it"
            + " must pad); netif_err prints (the header's, whatever msg_enable); the DMA"
            + " mappings, kmalloc and the ts_skb list are recording stubs")
        .java(kernel -> {
          Rig rig = new Rig();
          PatchSet patches = patches(kernel);
          return r -> {
            int q = (int) r[0];
            int numTxDesc = (int) r[1];
            int x = 7 + 3 * DESCS + SKBS;
            RavbPriv priv = rig.reset(RavbHwInfo.harness(RavbHwInfo.Receive.GBETH, false,
                true, r[x + 9] != 0 || r[x + 12] != 0), DESCS, patches);
            RavbHw hw = priv.hw;
            priv.numTxDesc = numTxDesc;
            priv.numTxRing[q] = (int) r[2];
            priv.dirtyTx[q] = (int) r[3];
            priv.curTx[q] = (int) r[3] + (int) r[4];
            priv.stats[q].txPackets = r[5];
            priv.stats[q].txBytes = r[6];
            for (int i = 0; i < DESCS; i++) {
              hw.txDieDt[i] = (int) (r[7 + 3 * i] & 0xFF);
              hw.txDsTagl[i] = (int) (r[8 + 3 * i] & 0xFFFF);
              hw.txDptr[i] = (int) r[9 + 3 * i];
            }
            priv.txSkb[q] = new Skb[SKBS];
            for (int i = 0; i < SKBS; i++) {
              if (r[7 + 3 * DESCS + i] != 0) {
                Skb s = rig.skbs.alloc(60, 512);
                rig.skbIds.put(s, i + 1);
                priv.txSkb[q][i] = s;
              }
            }
            boolean loop = r.length > XMIT_INPUTS;
            int dirty = priv.dirtyTx[q];
            int entry = 0;
            if (loop) {
              priv = loopTxRing(rig, priv, q, r, XMIT_LOOP);
              rig.recordReads(r, XMIT_INPUTS);
              hw = priv.hw;
              hw.tccr = (int) r[XMIT_INPUTS];
              entry = Integer.remainderUnsigned(priv.curTx[q], priv.numTxRing[q] * numTxDesc);
              for (int i = 0; i < numTxDesc; i++) {
                int b = XMIT_FRAME + 4 * i;
                hw.txDieDt[entry + i] = (int) (r[b] & 0xFF);
                hw.txDsTagl[entry + i] = (int) (r[b + 1] & 0xFFFF);
                hw.txTaghTsr[entry + i] = (int) (r[b + 2] & 0xFF);
                hw.txDptr[entry + i] = (int) r[b + 3];
              }
            }
            Skb skb = rig.skbs.alloc((int) r[x], 2048);
            rig.skbIds.put(skb, loop ? TX_LOOP_DESCS + 1 : SKBS + 1);
            rig.misalign = (int) r[x + 1];
            skb.ipSummed = (int) r[x + 2];
            rig.ansCsum = r[x + 3] != 0;
            rig.ansPadtoFails = r[x + 4] != 0;
            rig.ansMapAddr[0] = r[x + 5];
            rig.ansMapErr[0] = r[x + 6] != 0;
            rig.ansMapAddr[1] = r[x + 7];
            rig.ansMapErr[1] = r[x + 8] != 0;
            rig.maps = 0;
            rig.ansKmallocFails = r[x + 10] != 0;
            priv.tsSkbTag = (int) r[x + 11];
            RavbNapi napi = new RavbNapi(priv, new RavbRx(priv));
            int ret = new RavbXmit(priv, napi).startXmit(skb, q);
            Out out = rig.out.put("ret", ret)
                .u("cur_tx", Integer.toUnsignedLong(priv.curTx[q]))
                .u("dirty_tx", Integer.toUnsignedLong(priv.dirtyTx[q]))
                .u("ts_skb_tag", Integer.toUnsignedLong(priv.tsSkbTag))
                .u("stats.tx_packets", priv.stats[q].txPackets)
                .u("stats.tx_bytes", priv.stats[q].txBytes)
                .put("skb.tx_flags", skb.tstampInProgress ? 4 : 0);
            if (loop) {
              for (int i = 0; i < numTxDesc; i++) {
                out.put("frame.die_dt", hw.txDieDt[entry + i])
                    .put("frame.ds_tagl", hw.txDsTagl[entry + i])
                    .put("frame.tagh_tsr", hw.txTaghTsr[entry + i])
                    .u("frame.dptr", Integer.toUnsignedLong(hw.txDptr[entry + i]));
              }
              outLoopTxRing(rig, priv, q, dirty);
              return out.toString();
            }
            for (int i = 0; i < DESCS; i++) {
              out.put("die_dt", hw.txDieDt[i]).put("ds_tagl", hw.txDsTagl[i])
                  .u("dptr", Integer.toUnsignedLong(hw.txDptr[i]))
                  .put("tagh_tsr", hw.txTaghTsr[i]);
            }
            for (int i = 0; i < SKBS; i++) {
              Skb s = priv.txSkb[q][i];
              out.put("tx_skb", s == null ? 0 : rig.skbIds.get(s));
            }
            return out.toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- the TX ring of a record

  /** The fields of common.c's nicsim_tx_set, at the record's {@code off}. */
  private static List<InputField> txRingInputs() {
    List<InputField> in = new ArrayList<>(List.of(range("num_tx_desc", 1, 2),
        range("num_tx_ring[q]", 1, SKBS), u32("dirty_tx[q]").withEdges(0xFFFF_FFFEL,
            0xFFFF_FFFFL, 0, 1, 7, 8, 15, 16),
        range("cur_tx[q] - dirty_tx[q]", 0, DESCS).withEdges(0, 1, 2, 15, 16),
        u64("stats[q].tx_packets"), u64("stats[q].tx_bytes")));
    for (int i = 0; i < DESCS; i++) {
      in.add(range("desc[" + i + "].die_dt", 0, 0xFF).withEdges(RavbHw.DT_FEMPTY,
          RavbHw.DT_EEMPTY, RavbHw.DT_FSINGLE, RavbHw.DT_FSTART, RavbHw.DT_FEND));
      in.add(u16("desc[" + i + "].ds_tagl").withEdges(0x0FFF, 0x1000, 60, 1514));
      in.add(u32("desc[" + i + "].dptr"));
    }
    for (int i = 0; i < SKBS; i++) {
      in.add(bool("tx_skb[" + i + "]"));
    }
    return in;
  }

  private static final int TX_FIELDS = 6 + 3 * DESCS + SKBS;

  /** cur_tx - dirty_tx within the ring's descriptors (ravb_start_xmit stops the queue first). */
  private static void admitTxRing(long[] r, int off) {
    long ring = r[off] * r[off + 1];
    r[off + 3] = r[off + 3] % (ring + 1);
  }

  private static void setTxRing(Rig rig, RavbPriv priv, int q, long[] r, int off) {
    RavbHw hw = priv.hw;
    priv.numTxDesc = (int) r[off];
    priv.numTxRing[q] = (int) r[off + 1];
    priv.dirtyTx[q] = (int) r[off + 2];
    priv.curTx[q] = (int) r[off + 2] + (int) r[off + 3];
    priv.stats[q].txPackets = r[off + 4];
    priv.stats[q].txBytes = r[off + 5];
    for (int i = 0; i < DESCS; i++) {
      hw.txDieDt[i] = (int) (r[off + 6 + 3 * i] & 0xFF);
      hw.txDsTagl[i] = (int) (r[off + 7 + 3 * i] & 0xFFFF);
      hw.txDptr[i] = (int) r[off + 8 + 3 * i];
    }
    priv.txSkb[q] = new Skb[SKBS];
    for (int i = 0; i < SKBS; i++) {
      if (r[off + 6 + 3 * DESCS + i] != 0) {
        Skb s = rig.skbs.alloc(60, 512);
        rig.skbIds.put(s, i + 1);
        priv.txSkb[q][i] = s;
      }
    }
  }

  private static void outTxRing(Rig rig, RavbPriv priv, int q) {
    Out out = rig.out.u("dirty_tx", Integer.toUnsignedLong(priv.dirtyTx[q]))
        .u("stats.tx_packets", priv.stats[q].txPackets)
        .u("stats.tx_bytes", priv.stats[q].txBytes);
    for (int i = 0; i < DESCS; i++) {
      out.put("die_dt", priv.hw.txDieDt[i]);
    }
    for (int i = 0; i < SKBS; i++) {
      Skb s = priv.txSkb[q][i];
      out.put("tx_skb", s == null ? 0 : rig.skbIds.get(s));
    }
  }

  // ---------------------------------------------------------------- ravb_poll

  /**
   * Where ravb_poll's TX window starts in the loop's record ({@code ravb_poll.c} with
   * NICSIM_IN_LOOP): past port-check's record.
   */
  static final int POLL_LOOP = 16 + 6 + 3 * DESCS + SKBS;

  private static PortHarness poll() {
    long[] bits = {1, 2, 3, 0xFFFF_FFFFL, 0xFFFF_FFFEL, 0xFFFF_FFFDL, 0xFFFC_0000L, 0x0003_FFFFL};
    List<InputField> in = new ArrayList<>(List.of(range("q", 0, 1),
        range("budget", 0, 64).withEdges(0, 1, 2, 63, 64), bool("info->nc_queues"),
        bool("info->irq_en_dis"), u32("RIS0").withEdges(bits), u32("RIC0").withEdges(bits),
        u32("TIS").withEdges(bits), u32("TIC").withEdges(bits),
        range("receive: packets or quota used", 0, 64).withEdges(0, 1, 63, 64),
        bool("receive: ran out (before v6.11)"), bool("napi_complete_done"),
        u64("stats[BE].rx_over_errors").withEdges(0, 1, 0xFFFF_FFFFL, 0x1_0000_0000L),
        u64("stats[NC].rx_over_errors").withEdges(0, 1, 0xFFFF_FFFFL, 0x1_0000_0000L),
        u32("priv->rx_fifo_errors"),
        u64("ndev->stats.rx_over_errors").withEdges(0, 1, 0xFFFF_FFFFL, 0x1_0000_0000L),
        u64("ndev->stats.rx_fifo_errors").withEdges(0, 1, 0xFFFF_FFFFL)));
    in.addAll(txRingInputs());
    return harness("ravb_poll")
        .inputs(in)
        // the RX function receives at most the budget (the quota it was given)
        .admit(r -> {
          r[8] = r[8] % (r[1] + 1);
          admitTxRing(r, 16);
          return r;
        })
        .notes("ravb_rx and ravb_tx_free from the tree; info->receive a recording stub"
            + " answering from the record (the RX functions have harnesses of their own)")
        .java(kernel -> {
          Rig rig = new Rig();
          PatchSet patches = patches(kernel);
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.of(r[3] != 0, r[2] != 0), DESCS, patches);
            setTxRing(rig, priv, q, r, 16);
            boolean loop = r.length > POLL_LOOP;
            if (loop) {
              priv = loopTxRing(rig, priv, q, r, POLL_LOOP);
              rig.recordReads(r, POLL_LOOP);
            }
            priv.hw.ris0 = (int) r[4];
            priv.hw.ric0 = (int) r[5];
            priv.hw.tis = (int) r[6];
            priv.hw.tic = (int) r[7];
            rig.ansRxUsed = (int) r[8];
            rig.ansRxRet = r[9] != 0;
            rig.ansCompleteDone = r[10] != 0;
            priv.stats[0].rxOverErrors = r[11];
            priv.stats[1].rxOverErrors = r[12];
            priv.rxFifoErrors = (int) r[13];
            priv.ndevRxOverErrors = r[14];
            priv.ndevRxFifoErrors = r[15];
            int dirty = priv.dirtyTx[q];
            int ret = new RavbNapi(priv, rig.stubRx()).poll(priv.napi[q], (int) r[1]);
            rig.out.put("ret", ret)
                .u("priv.rx_over_errors", Integer.toUnsignedLong(priv.rxOverErrors))
                .u("ndev.rx_over_errors", priv.ndevRxOverErrors)
                .u("ndev.rx_fifo_errors", priv.ndevRxFifoErrors);
            if (loop) {
              rig.out.u("dirty_tx", Integer.toUnsignedLong(priv.dirtyTx[q]))
                  .u("stats.tx_packets", priv.stats[q].txPackets)
                  .u("stats.tx_bytes", priv.stats[q].txBytes);
              outLoopTxRing(rig, priv, q, dirty);
            } else {
              outTxRing(rig, priv, q);
            }
            return rig.out.toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- ravb_rx

  private static PortHarness rx() {
    return harness("ravb_rx")
        .inputs(List.of(range("q", 0, 1), range("budget or *quota", 0, 64).withEdges(0, 1, 64),
            range("receive: packets or quota used", 0, 64).withEdges(0, 1, 64),
            bool("receive: ran out (before v6.11)")))
        // the RX function receives at most the budget
        .admit(r -> {
          r[2] = r[2] % (r[1] + 1);
          return r;
        })
        .notes("info->receive a recording stub answering from the record")
        .java(kernel -> {
          Rig rig = new Rig();
          PatchSet patches = patches(kernel);
          boolean budgetEra = patches.has(RavbPatches.RX_BUDGET);
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.of(false, true), 2, patches);
            rig.ansRxUsed = (int) r[2];
            rig.ansRxRet = r[3] != 0;
            RavbNapi napi = new RavbNapi(priv, rig.stubRx());
            if (budgetEra) {
              return rig.out.put("ret", napi.receive((int) r[1], q)).toString();
            }
            RavbRx.Quota quota = new RavbRx.Quota((int) r[1]);
            boolean ret = napi.receiveQuota(quota, q);
            return rig.out.put("ret", ret ? 1 : 0).put("quota", quota.value).toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- the RX ring (v6.11+)

  private static final int RX = 8;
  private static final int RX_FIELDS = 1 + 5 * RX + 3;

  private static PortHarness.Builder rxHarness(String function) {
    return PortHarness.of(RavbSources.MAIN_C, function).sources(SOURCES)
        .program(PortHarness.resource(RavbHarnesses.class, DIR + "common.c") + "\n"
            + PortHarness.resource(RavbHarnesses.class, DIR + "rx_common.c") + "\n"
            + PortHarness.resource(RavbHarnesses.class, DIR + function + ".c"));
  }

  /** The fields of rx_common.c's nicsim_rx_set. */
  private static List<InputField> rxRingInputs() {
    List<InputField> in = new ArrayList<>();
    in.add(range("num_rx_ring[q]", 1, RX));
    for (int i = 0; i < RX; i++) {
      in.add(range("rx[" + i + "].die_dt", 0, 0xFF).withEdges(RavbHw.DT_FEMPTY,
          RavbHw.DT_FSINGLE, RavbHw.DT_FSTART, RavbHw.DT_FMID, RavbHw.DT_FEND));
      in.add(u16("rx[" + i + "].ds_cc").withEdges(0, 1, 0x0FFF, 0x1000));
      in.add(u32("rx[" + i + "].dptr"));
      in.add(bool("rx_buffers[" + i + "].page"));
      in.add(range("rx_buffers[" + i + "].offset", 0, 4095));
    }
    in.add(range("page_pool_alloc fails (a bit a call)", 0, 0xFFFF)
        .withEdges(0, 1, 2, 0x80, 0xFF, 0xFFFF));
    in.add(range("page_pool_alloc offset", 0, 4095).withEdges(0, 2048, 4095));
    in.add(u64("page_pool_get_dma_addr base").withEdges(0, 0xFFFF_F000L, 0x1_0000_0000L));
    return in;
  }

  private static void setRxRing(Rig rig, RavbPriv priv, int q, long[] r, int off) {
    RavbHw hw = priv.hw;
    priv.numRxRing[q] = (int) r[off];
    priv.rxBuf[q] = new long[RX];
    for (int i = 0; i < RX; i++) {
      int d = off + 1 + 5 * i;
      hw.rxDieDt[i] = (int) (r[d] & 0xFF);
      hw.rxDsCc[i] = (int) (r[d + 1] & 0xFFFF);
      hw.rxDptr[i] = (int) r[d + 2];
      priv.rxBuf[q][i] = r[d + 3] != 0 ? ((long) (i + 1) << 32) | r[d + 4] : 0;
    }
    rig.ansAllocFails = r[off + 1 + 5 * RX];
    rig.ansOffset = r[off + 2 + 5 * RX];
    rig.ansDmaBase = r[off + 3 + 5 * RX];
    rig.allocs = 0;
  }

  private static void outRxRing(Rig rig, RavbPriv priv, int q) {
    for (int i = 0; i < RX; i++) {
      long buf = priv.rxBuf[q][i];
      rig.out.put("die_dt", priv.hw.rxDieDt[i]).put("ds_cc", priv.hw.rxDsCc[i])
          .u("dptr", Integer.toUnsignedLong(priv.hw.rxDptr[i])).put("page", buf >>> 32);
      if (buf != 0) {
        rig.out.u("offset", buf & 0xFFFF_FFFFL);
      }
    }
  }

  /** An RX-era (v6.11+) harness's Java side refuses the releases before it. */
  private static PatchSet rxEra(String kernel) {
    PatchSet patches = patches(kernel);
    if (!patches.has(RavbPatches.RX_RING_REFILL)) {
      throw new NotRunnable("ravb " + kernel + " has no page-pool RX refill (from v6.11)");
    }
    return patches;
  }

  // ---------------------------------------------------------------- ravb_rx_ring_refill

  private static PortHarness rxRingRefill() {
    List<InputField> in = new ArrayList<>(List.of(range("q", 0, 1), bool("R-Car"),
        u32("dirty_rx[q]").withEdges(0, 1, 7, 8, 0xFFFF_FFFFL, 0xFFFF_FFF8L),
        range("count", 0, 2 * RX).withEdges(0, 1, RX - 1, RX, RX + 1)));
    in.addAll(rxRingInputs());
    return rxHarness("ravb_rx_ring_refill")
        .inputs(in)
        // the callers refill at most the ring: cur_rx - dirty_rx <= num_rx_ring, or the ring;
        // the ring is a power of two (the driver's sizes, BE 1024 and NC 64): with another
        // size, dirty_rx + i wrapping u32 revisits an entry, which the model's DescRing flags
        // as a descriptor handed to the DMAC twice
        .admit(r -> {
          r[4] = Long.highestOneBit(r[4]);
          r[3] = r[3] % (r[4] + 1);
          return r;
        })
        .notes("ravb_alloc_rx_buffer and ravb_rx_get_desc from the tree; page_pool_alloc"
            + " answers from the record; num_rx_ring a power of two (see admit)")
        .java(kernel -> {
          Rig rig = new Rig();
          PatchSet patches = rxEra(kernel);
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.harness(r[1] != 0 ? RavbHwInfo.Receive.RCAR
                : RavbHwInfo.Receive.GBETH, false, true, false), 2, RX, patches);
            setRxRing(rig, priv, q, r, 4);
            priv.dirtyRx[q] = (int) r[2];
            int ret = new RavbRx(priv).rxRingRefill(q, (int) r[3]);
            rig.out.u("ret", Integer.toUnsignedLong(ret));
            outRxRing(rig, priv, q);
            return rig.out.toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- ravb_alloc_rx_buffer

  private static PortHarness allocRxBuffer() {
    List<InputField> in = new ArrayList<>(List.of(range("q", 0, 1), bool("R-Car"),
        range("entry", 0, RX - 1)));
    in.addAll(rxRingInputs());
    return rxHarness("ravb_alloc_rx_buffer")
        .inputs(in)
        .notes("page_pool_alloc answers from the record")
        .java(kernel -> {
          Rig rig = new Rig();
          PatchSet patches = rxEra(kernel);
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.harness(r[1] != 0 ? RavbHwInfo.Receive.RCAR
                : RavbHwInfo.Receive.GBETH, false, true, false), 2, RX, patches);
            setRxRing(rig, priv, q, r, 3);
            int ret = new RavbRx(priv).allocRxBuffer(q, (int) r[2]);
            rig.out.put("ret", ret);
            outRxRing(rig, priv, q);
            return rig.out.toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- ravb_rx_gbeth, ravb_rx_rcar

  static final int RXF_HEAD = 14;
  private static final int RXF_EX = RXF_HEAD + RX_FIELDS;
  /** rx_skb.c's NICSIM_RXF_LOOP: in the loop the live ring's window follows the record. */
  static final int RXF_LOOP = RXF_EX + 4 * RX;

  private static PortHarness rxFunction(boolean rcar) {
    String function = rcar ? "ravb_rx_rcar" : "ravb_rx_gbeth";
    List<InputField> in = new ArrayList<>(List.of(range("q", 0, 1),
        u32("cur_rx[q]").withEdges(0, 1, 7, 8, 0xFFFF_FFFFL, 0xFFFF_FFFEL, 0xFFFF_FFF8L,
            0x8000_0000L),
        range("cur_rx[q] - dirty_rx[q]", 0, RX).withEdges(0, 1, RX - 1, RX),
        range("budget", 0, 64).withEdges(0, 1, 2, 7, 8, 63, 64),
        bool("rx_1st_skb"), range("rx_1st_skb.len", 0, 0xFFFF).withEdges(0, 13, 14, 15, 1514),
        range("rx_1st_skb.nr_frags", 0, 17).withEdges(0, 1, 16, 17),
        bool("ndev->features & NETIF_F_RXCSUM"),
        range("checksum helper: bytes taken off skb->len", 0, 4).withEdges(0, 2, 4),
        u32("tstamp_rx_ctrl").withEdges(0, 2, 4, 6, 0x10, 0x12, 0x14, 0x16, 0xFFFF_FFF9L),
        range("skb allocation fails (a bit a call)", 0, 0xFFFF).withEdges(0, 1, 2, 4, 0xFFFF),
        range("dma_mapping_error (a bit a call)", 0, 0xFFFF).withEdges(0, 1, 2, 0xFFFF),
        range("netdev_alloc_skb data misalignment", 0, 127).withEdges(0, 1, 2, 126, 127),
        u64("dma_map_single base").withEdges(0, 0xFFFF_0000L, 0x1_0000_0000L)));
    in.addAll(rxRingInputs());
    for (int i = 0; i < RX; i++) {
      in.add(range("rx[" + i + "].msc", 0, 0xFF).withEdges(0, RavbRx.MSC_CRC, RavbRx.MSC_RFE,
          RavbRx.MSC_RTSF, RavbRx.MSC_RTLF, RavbRx.MSC_CEEF, RavbRx.MSC_MC, 0x30, 0xFF));
      in.add(u32("rx[" + i + "].ts_n").withEdges(0, 999_999_999L, 0xFFFF_FFFFL));
      in.add(u32("rx[" + i + "].ts_sl").withEdges(0, 0xFFFF_FFFFL, 2_147_483_647L));
      in.add(u16("rx[" + i + "].ts_sh").withEdges(0, 1, 2, 3, 0xFFFF));
    }
    return rxHarness(function)
        .program(PortHarness.resource(RavbHarnesses.class, DIR + "common.c") + "\n"
            + PortHarness.resource(RavbHarnesses.class, DIR + "rx_common.c") + "\n"
            + PortHarness.resource(RavbHarnesses.class, DIR + "rx_skb.c") + "\n"
            + PortHarness.resource(RavbHarnesses.class, DIR + function + ".c"))
        .inputs(in)
        .admit(r -> {
          if (!rcar) {
            r[0] = 0; // GbEth has one RX queue: ravb_poll receives on napi[RAVB_BE] only
          }
          int ring = (int) r[RXF_HEAD];
          // the refill keeps cur_rx - dirty_rx within the ring
          r[2] = r[2] % (ring + 1);
          // a ring of another size than a power of two revisits an entry where cur_rx wraps
          // u32 (0xFFFFFFFF % n then 0 % n): inside one poll the RX loop would meet the entry
          // it has just emptied, still not DT_FEMPTY (before v6.11 its NULL skb is
          // dereferenced). Such a window ends at the wrap instead of crossing it.
          long window = ring - r[2];
          if ((ring & (ring - 1)) != 0 && r[1] + window > 0x1_0000_0000L) {
            r[1] = 0x1_0000_0000L - window;
          }
          // the entries from cur_rx to dirty_rx + num_rx_ring hold buffers: the refill marks
          // a descriptor DT_FEMPTY only once its buffer is in place
          for (long j = 0; j < ring - r[2]; j++) {
            int entry = (int) Long.remainderUnsigned((r[1] + j) & 0xFFFF_FFFFL, ring);
            r[RXF_HEAD + 1 + 5 * entry + 3] = 1;
          }
          return r;
        })
        .notes("ravb_rx_ring_refill, ravb_alloc_rx_buffer and ravb_rx_get_desc (v6.11+) and"
            + " ravb_set_buffer_align (before) from the tree; the skb calls recording stubs"
            + " (rx_skb.c: eth_type_trans pulls ETH_HLEN, the checksum helpers take the"
            + " record's bytes off); before v6.11 rx_1st_skb is always set (the kernel never"
            + " clears it once a frame spanned descriptors, and a DT_FMID/DT_FEND first would"
            + " dereference NULL); num_rx_ring 1..8, any size (ethtool allows 64..2048), a size"
            + " other than a power of two with cur_rx's window ending at the u32 wrap (see admit)")
        .java(kernel -> {
          Rig rig = new Rig();
          PatchSet patches = patches(kernel);
          boolean budgetEra = patches.has(RavbPatches.RX_BUDGET);
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.harness(rcar ? RavbHwInfo.Receive.RCAR
                : RavbHwInfo.Receive.GBETH, false, true, false), 2, RX, patches);
            setRxRing(rig, priv, q, r, RXF_HEAD);
            RavbHw hw = priv.hw;
            for (int i = 0; i < RX; i++) {
              int x = RXF_EX + 4 * i;
              hw.rxMsc[i] = (int) (r[x] & 0xFF);
              hw.rxTsN[i] = (int) r[x + 1];
              hw.rxTsSl[i] = (int) r[x + 2];
              hw.rxTsSh[i] = (int) (r[x + 3] & 0xFFFF);
            }
            priv.curRx[q] = (int) r[1];
            priv.dirtyRx[q] = (int) r[1] - (int) r[2];
            boolean loop = r.length > RXF_LOOP;
            if (loop) {
              priv = loopRxRing(rig, priv, q, r);
            }
            long first = 50L << 32;
            rig.rxSkbs.put(first, new long[] {r[5], r[6], 0, 50 * 0x1000});
            priv.rx1stSkb = r[4] != 0 || !budgetEra ? first : 0;
            priv.ndevRxCsum = r[7] != 0;
            rig.ansCsumTrim = r[8];
            priv.tstampRxCtrl = (int) r[9];
            rig.ansSkbFails = r[10];
            rig.ansRxMapErr = r[11];
            rig.ansMisalign = r[12];
            rig.ansMapBase = r[13];
            RavbRx rx = new RavbRx(priv);
            if (budgetEra) {
              rig.out.put("ret", rcar ? rx.rxRcar((int) r[3], q) : rx.rxGbeth((int) r[3], q));
            } else {
              RavbRx.Quota quota = new RavbRx.Quota((int) r[3]);
              boolean ret = rcar ? rx.rxRcarQuota(quota, q) : rx.rxGbethQuota(quota, q);
              rig.out.put("ret", ret ? 1 : 0).put("quota", quota.value);
            }
            if (loop) {
              outRxHead(rig, priv, q);
              outLoopRxRing(rig, priv, q, r);
              return rig.out.toString();
            }
            outRxFunction(rig, priv, q, budgetEra);
            return rig.out.toString();
          };
        })
        .build();
  }

  private static void outRxFunction(Rig rig, RavbPriv priv, int q, boolean budgetEra) {
    Out out = outRxHead(rig, priv, q);
    for (int i = 0; i < RX; i++) {
      long buf = priv.rxBuf[q][i];
      out.put("die_dt", priv.hw.rxDieDt[i]).put("ds_cc", priv.hw.rxDsCc[i])
          .u("dptr", Integer.toUnsignedLong(priv.hw.rxDptr[i])).put("buf", Rig.id(buf));
      if (buf != 0) {
        out.u("offset", budgetEra ? buf & 0xFFFF_FFFFL
            : rig.skb(buf)[3] - (long) Rig.id(buf) * 0x1000);
      }
    }
  }

  /** rx_skb.c's nicsim_rxf_head_out: the indices, rx_1st_skb and the statistics. */
  private static Out outRxHead(Rig rig, RavbPriv priv, int q) {
    Out out = rig.out.u("cur_rx", Integer.toUnsignedLong(priv.curRx[q]))
        .u("dirty_rx", Integer.toUnsignedLong(priv.dirtyRx[q]))
        .put("rx_1st_skb", Rig.id(priv.rx1stSkb))
        .u("rx_1st_skb.len", priv.rx1stSkb == 0 ? 0 : rig.skb(priv.rx1stSkb)[0]);
    RavbPriv.Stats st = priv.stats[q];
    out.u("rx_packets", st.rxPackets).u("rx_bytes", st.rxBytes).u("rx_errors", st.rxErrors)
        .u("multicast", st.multicast).u("rx_crc_errors", st.rxCrcErrors)
        .u("rx_frame_errors", st.rxFrameErrors).u("rx_length_errors", st.rxLengthErrors)
        .u("rx_missed_errors", st.rxMissedErrors);
    return out;
  }

  /**
   * The state of {@code priv} (its indices and fields set from port-check's record) on a ring
   * of the live size with the loop's window ({@link #RXF_LOOP}), as rx_skb.c's
   * nicsim_rx_window sets it: from dirty_rx, per descriptor die_dt, ds_cc, msc, whether its
   * buffer is set and the timestamp words; its dptr its place in the window, its buffer (page,
   * or skb before v6.11) number place + 1 at offset 0; the descriptor after a window shorter
   * than the ring DT_FEMPTY.
   */
  private static RavbPriv loopRxRing(Rig rig, RavbPriv priv, int q, long[] r) {
    int ring = priv.numRxRing[q];
    RavbPriv p = rig.reset(priv.info, 2, ring, priv.patches);
    rig.loopRx = true;
    p.numRxRing[q] = ring;
    p.rxBuf[q] = new long[ring];
    p.curRx[q] = priv.curRx[q];
    p.dirtyRx[q] = priv.dirtyRx[q];
    int n = (int) r[RXF_LOOP];
    for (int w = 0; w <= n && w < ring; w++) {
      int e = Integer.remainderUnsigned(p.dirtyRx[q] + w, ring);
      int s = RXF_LOOP + 1 + RavbRxBridge.SLOT * w;
      boolean in = w < n;
      p.hw.rxDieDt[e] = in ? (int) (r[s] & 0xFF) : RavbHw.DT_FEMPTY;
      p.hw.rxDsCc[e] = in ? (int) (r[s + 1] & 0xFFFF) : 0;
      p.hw.rxMsc[e] = in ? (int) (r[s + 2] & 0xFF) : 0;
      p.hw.rxDptr[e] = w;
      p.hw.rxTsN[e] = in ? (int) r[s + 4] : 0;
      p.hw.rxTsSl[e] = in ? (int) r[s + 5] : 0;
      p.hw.rxTsSh[e] = in ? (int) (r[s + 6] & 0xFFFF) : 0;
      p.rxBuf[q][e] = in && r[s + 3] != 0 ? (long) (w + 1) << 32 : 0;
    }
    return p;
  }

  /** rx_skb.c's nicsim_rx_window_out: per place of the window, die_dt, ds_cc, its buffer. */
  private static void outLoopRxRing(Rig rig, RavbPriv p, int q, long[] r) {
    int ring = p.numRxRing[q];
    int n = (int) r[RXF_LOOP];
    for (int w = 0; w < n; w++) {
      int e = Integer.remainderUnsigned((int) r[1] - (int) r[2] + w, ring);
      rig.out.put("die_dt", p.hw.rxDieDt[e]).put("ds_cc", p.hw.rxDsCc[e])
          .put("buf", Rig.id(p.rxBuf[q][e]));
    }
  }
}
