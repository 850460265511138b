package io.nicsim.stmmac;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s64;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.kernel.HarnessKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java side of the transmit-side harnesses: a {@link StmmacPriv} with eight TX queues,
 * their channels' NAPIs and timers, and a {@link HarnessCalls} recorder, set from one input
 * record ({@link #set}) and printed back ({@link #put}) exactly as {@code main.c}'s
 * {@code nicsim_tx_set}/{@code nicsim_tx_put} do. The record layout is documented there.
 */
class TxHarnessRig {
  static final int QUEUE = 0;
  static final int TX_CNT = 1;
  static final int RING_ORDER = 2;
  static final int CUR_TX = 3;
  static final int DIRTY_TX = 4;
  static final int STALE_ENTRY = 31;
  static final int MAP_ERR_AT = 32;
  static final int SKB_LEN = 40;
  static final int NR_FRAGS = 41;
  static final int FRAG0 = 42;
  static final int GSO_SIZE = 59;
  static final int MSS = 6;
  static final int BUDGET = 67;
  static final int CLEAN_RET = 69;
  static final int CLEAN_PENDING = 70;
  /** Fields of the base record. */
  static final int FIELDS = 74;
  /** napi_complete_done clears SCHED though it returns false (deferred interrupts). */
  static final int COMPLETE_CLEARS = 73;
  /** tx_clean's window of entries from dirty_tx, and the fields of each. */
  static final int WINDOW = 24;
  static final int SLOT = 8;

  /** The frame counter and tx-frames meet at these (modulo and "more than" tests). */
  private static final long[] COAL = {0, 1, 2, 24, 25, 26, 255, 256, 257};

  static final List<InputField> TX_FIELDS;

  static {
    List<InputField> f = new ArrayList<>();
    f.add(range("queue", 0, 7));
    f.add(range("tx_queues_to_use", 1, 8));
    f.add(range("ring_order", 6, 10));
    f.add(u32("cur_tx").withEdges(0, 1, 63, 64, 1023));
    f.add(u32("dirty_tx").withEdges(0, 1, 63, 64, 1023));
    f.add(u32("tx_count_frames").withEdges(COAL));
    f.add(u32("mss").withEdges(0, 536, 1448, 1460));
    f.add(range("tbs", 0, 3));
    f.add(bool("extend_desc"));
    f.add(u32("dma_tx_phy").withEdges(0x1000, 0xFFFF_F000L));
    f.add(u32("tx_coal_frames").withEdges(COAL));
    f.add(u32("tx_coal_timer").withEdges(0, 1, 1000, 5000, 4_294_967));
    f.add(bool("hwts_tx_en"));
    f.add(range("sarc_type", 0, 7));
    f.add(bool("tx_path_in_lpi_mode"));
    f.add(bool("eee_sw_timer_en"));
    f.add(bool("eee_enabled"));
    f.add(bool("tso"));
    // 0 dwmac1000 (GMAC), 1 GMAC4, 2 XGMAC: has_gmac4/has_xgmac, 6.18's core_type
    f.add(range("core", 0, 2));
    f.add(bool("est"));
    f.add(bool("est.enable"));
    f.add(u32("est.max_sdu").withEdges(1514, 1518, 64));
    f.add(bool("dma_cap.vlins"));
    f.add(range("dma_cap.addr64", 0, 64).withEdges(32, 33, 40, 64));
    f.add(bool("coe_unsupported"));
    f.add(bool("enh_desc"));
    f.add(range("mode", 1, 2));
    f.add(bool("queue stopped"));
    f.add(bool("tx_napi scheduled"));
    f.add(bool("txtimer active"));
    f.add(bool("netdev_xmit_more"));
    f.add(range("stale tx_skbuff entry", -1, 1023));
    f.add(range("failing mapping", 0, 40).withEdges(1, 2, 3, 18, 19));
    f.add(bool("stmmac_vlan_insert"));
    f.add(bool("stmmac_has_ip_ethertype"));
    f.add(bool("__vlan_hwaccel_push_inside ok"));
    f.add(range("skb_checksum_help ret", -12, 0));
    f.add(bool("skb_checksum_help linearizes"));
    f.add(bool("is_jumbo_frm"));
    f.add(range("jumbo_frm ret", -12, 1023));
    // at most GSO_MAX_SIZE-sized skbs (BIG TCP's 512 KiB left out), fragments of one page
    // group: the record's skb lies within what the stack hands a driver
    f.add(range("skb.len", 0, 262_144).withEdges(60, 64, 1514, 16383, 16384, 65535, 65536,
        65600));
    f.add(range("nr_frags", 0, 17));
    for (int i = 0; i < 17; i++) {
      f.add(range("frag[" + i + "]", 0, 65536).withEdges(16382, 16383, 16384, 32768));
    }
    f.add(u16("gso_size").withEdges(536, 1448, 1460));
    f.add(u32("gso_type").withEdges(Skb.SKB_GSO_TCPV4, Skb.SKB_GSO_TCPV6, Skb.SKB_GSO_UDP_L4,
        Skb.SKB_GSO_TCPV4 | Skb.SKB_GSO_UDP_L4));
    f.add(bool("SKBTX_HW_TSTAMP"));
    f.add(range("ip_summed", 0, 3));
    f.add(bool("skb_vlan_tag_present"));
    f.add(range("skb_transport_offset", 0, 255).withEdges(34, 54));
    f.add(range("tcp_hdrlen", 0, 255).withEdges(20, 32, 60));
    f.add(s64("skb->tstamp").withEdges(1_000_000_000L, 999_999_999L, -1_000_000_000L));
    f.add(range("budget", 0, 1024).withEdges(64, 63, 65, 256));
    f.add(bool("napi_complete_done ret"));
    f.add(range("stmmac_tx_clean ret", 0, 1100).withEdges(63, 64, 65));
    f.add(bool("stmmac_tx_clean pending"));
    f.add(range("hrtimer_try_to_cancel ret", -1, 1));
    f.add(bool("stmmac_enable_eee_mode ret"));
    f.add(bool("napi_complete_done clears SCHED"));
    TX_FIELDS = List.copyOf(f);
    if (TX_FIELDS.size() != FIELDS) {
      throw new IllegalStateException("TX record has " + TX_FIELDS.size() + " fields");
    }
  }

  /** tx_clean's record: the base, then per window entry its status and tx_skbuff_dma. */
  static List<InputField> cleanFields() {
    List<InputField> f = new ArrayList<>(TX_FIELDS);
    for (int i = 0; i < WINDOW; i++) {
      String e = "w" + i + ".";
      f.add(range(e + "tx_status", 0, 15));
      f.add(u32(e + "buf").withEdges(0x1000_0000L));
      f.add(bool(e + "map_as_page"));
      f.add(u32(e + "len").withEdges(1514, 66));
      f.add(bool(e + "last_segment"));
      f.add(bool(e + "is_jumbo"));
      f.add(range(e + "buf_type", 0, 0));
      f.add(u32(e + "skb len").withEdges(0, 1514, 66));
    }
    return f;
  }

  /**
   * A record brought into the callers' domain: the queue is one of the device's
   * (skb_get_queue_mapping < real_num_tx_queues), ring indices lie in the ring, skb->len covers
   * its fragments, and a quarter of the records keep the MSS already programmed.
   */
  static long[] admit(long[] r) {
    r[QUEUE] = r[QUEUE] % r[TX_CNT];
    long size = 1L << r[RING_ORDER];
    r[CUR_TX] = r[CUR_TX] & (size - 1);
    r[DIRTY_TX] = r[DIRTY_TX] & (size - 1);
    if (r[STALE_ENTRY] >= 0) {
      r[STALE_ENTRY] = r[STALE_ENTRY] & (size - 1);
    }
    if (r[39] >= 0) {
      r[39] = r[39] & (size - 1);
    }
    long data = 0;
    for (int i = 0; i < r[NR_FRAGS]; i++) {
      data += r[FRAG0 + i];
    }
    if (r[SKB_LEN] < data) {
      r[SKB_LEN] = data + (r[SKB_LEN] & 0xFFF);
    }
    if ((r[MSS] & 3) == 0) {
      r[MSS] = r[GSO_SIZE];
    }
    return r;
  }

  final PatchSet patches;
  final HarnessKernel hk = new HarnessKernel(StmmacTx.XMIT.name(), StmmacTx.XMIT_DESC.name(),
      StmmacTx.TX_CLEAN_DESC.name(), StmmacTx.HRTIMER_ACTIVE.name(),
      StmmacRx.RX_DESC.name(), StmmacRx.RX_REFILL_DESC.name());
  final HarnessCalls calls;
  final NetDevice dev;
  final SkbLedger ledger = new SkbLedger();
  final Napi[] rxNapi = new Napi[8];
  final Napi[] txNapi = new Napi[8];
  final Napi[] napi = new Napi[8];
  final HrTimer[] timers = new HrTimer[8];
  StmmacPriv priv;
  StmmacTx tx;
  Skb skb;

  TxHarnessRig(PatchSet patches) {
    this.patches = patches;
    this.calls = new HarnessCalls(patches.has(StmmacPatches.EEE_SW_LPI));
    calls.hwChanStatus = patches.has(StmmacPatches.DMA_TX_CHAN_ARG);
    calls.hwRwtOutsideAis = patches.has(StmmacPatches.DWMAC4_RWT_OUTSIDE_AIS);
    this.dev = new NetDevice(hk.kernel, "eth0", 8, ledger);
    calls.ledger = ledger;
    for (int q = 0; q < 8; q++) {
      rxNapi[q] = new Napi(hk.kernel, "rx" + q, "eth0", (n, b) -> 0, 64);
      txNapi[q] = new Napi(hk.kernel, "tx" + q, "eth0", (n, b) -> 0, 64);
      napi[q] = new Napi(hk.kernel, "rxtx" + q, "eth0", (n, b) -> 0, 64);
      calls.napiIds.put(rxNapi[q], q * 4);
      calls.napiIds.put(txNapi[q], q * 4 + 1);
      calls.napiIds.put(napi[q], q * 4 + 3);
      timers[q] = new HrTimer(hk.kernel, "stmmac_tx_timer", t -> HrTimer.Restart.NORESTART);
      calls.timerQueue.put(timers[q], q);
    }
  }

  /** The record's core field (main.c's in[18]) as the model's core. */
  static DwmacCore core(long field) {
    return field == 2 ? DwmacCore.XGMAC : field == 1 ? DwmacCore.GMAC4 : DwmacCore.GMAC;
  }

  /** {@link #core(long)}'s inverse. */
  static long coreField(DwmacCore core) {
    return core == DwmacCore.XGMAC ? 2 : core == DwmacCore.GMAC4 ? 1 : 0;
  }

  /** A device with txCnt/rxCnt queues of 2^order descriptors, idle (nicsim_priv_reset). */
  void reset(int txCnt, int rxCnt, int order, DwmacCore core, boolean tso) {
    calls.reset();
    for (int q = 0; q < 8; q++) {
      calls.napiSched.put(rxNapi[q], false);
      calls.napiSched.put(txNapi[q], false);
      calls.napiSched.put(napi[q], false);
      calls.napiCompleteRet.put(rxNapi[q], false);
      calls.napiCompleteRet.put(txNapi[q], false);
      calls.napiCompleteRet.put(napi[q], false);
      calls.timerActive.put(timers[q], false);
      calls.timerTryRet.put(timers[q], 0);
    }
    StmmacPlat plat = new StmmacPlat(core, 0x51, txCnt,
        rxCnt, 0, 0, false, false, tso, 64);
    priv = new StmmacPriv(plat, patches);
    priv.kernel = hk.kernel;
    priv.dev = dev;
    priv.calls = calls;
    priv.hwif = calls;
    priv.unported = calls;
    int size = 1 << order;
    priv.txQueue = new StmmacTxQueue[8];
    priv.rxQueue = new StmmacRxQueue[8];
    priv.channel = new StmmacChannel[8];
    for (int q = 0; q < 8; q++) {
      priv.rxQueue[q] = new StmmacRxQueue(q, new DescRing("rx" + q, size));
      StmmacTxQueue t = new StmmacTxQueue(q, new DescRing("tx" + q, size));
      t.txtimer = timers[q];
      priv.txQueue[q] = t;
      StmmacChannel ch = new StmmacChannel(q);
      ch.rxNapi = rxNapi[q];
      ch.txNapi = txNapi[q];
      ch.napi = napi[q];
      priv.channel[q] = ch;
    }
  }

  /** The record's device state (nicsim_tx_set) and skb (nicsim_skb_set). */
  void set(long[] r) {
    int queue = (int) r[QUEUE];
    int txCnt = (int) r[TX_CNT];
    reset(txCnt, txCnt, (int) r[RING_ORDER], core(r[18]), r[17] != 0);
    StmmacTxQueue txQ = priv.txQueue[queue];
    txQ.ring.cur = (int) r[CUR_TX];
    txQ.ring.dirty = (int) r[DIRTY_TX];
    txQ.txCountFrames = (int) r[5];
    txQ.mss = (int) r[MSS];
    txQ.tbs = (int) r[7];
    priv.extendDesc = r[8] != 0;
    txQ.dmaTxPhy = r[9];
    priv.txCoalFrames[queue] = (int) r[10];
    priv.txCoalTimer[queue] = (int) r[11];
    priv.hwtsTxEn = r[12] != 0;
    priv.sarcType = (int) r[13];
    priv.txPathInLpiMode = r[14] != 0;
    priv.eeeSwTimerEn = r[15] != 0;
    priv.eeeEnabled = r[16] != 0;
    priv.tso = r[17] != 0;
    if (r[19] != 0) {
      priv.est = new StmmacPriv.Est();
      priv.est.enable = r[20] != 0;
      priv.est.maxSdu[queue] = (int) r[21];
    }
    priv.dmaCapVlins = r[22] != 0;
    priv.dmaCapAddr64 = (int) r[23];
    priv.txCoeUnsupported[queue] = r[24] != 0;
    priv.enhDesc = r[25] != 0;
    priv.mode = (int) r[26];
    calls.queueStopped[queue] = r[27] != 0;
    calls.napiSched.put(txNapi[queue], r[28] != 0);
    calls.timerActive.put(timers[queue], r[29] != 0);
    calls.xmitMore = r[30] != 0;
    // the loop's record is longer (a marker word, or tx_clean's window): the core's own dwmac
    // callbacks run there, as main.c's ops tables run the tree's
    calls.hwIo.reset();
    calls.hwCore = r.length > FIELDS ? (int) r[18] : -1;
    if (r[STALE_ENTRY] >= 0) {
      Skb stale = ledger.alloc(0, 256);
      calls.skbIds.put(stale, 999);
      txQ.ring.setSkb((int) r[STALE_ENTRY], stale);
    }
    calls.mapErrAt = (int) r[MAP_ERR_AT];
    calls.vlanInsert = r[33] != 0;
    calls.hasIpEthertype = r[34] != 0;
    calls.vlanPushOk = r[35] != 0;
    calls.csumRet = (int) r[36];
    calls.csumLinearize = r[37] != 0;
    calls.isJumbo = r[38] != 0;
    calls.jumboEntry = (int) r[39];
    calls.napiCompleteRet.put(txNapi[queue], r[68] != 0);
    calls.napiCompleteClears.put(txNapi[queue], r[COMPLETE_CLEARS] != 0);
    calls.timerTryRet.put(timers[queue], (int) r[71]);
    calls.enableEeeMode = r[72] != 0;

    skb = ledger.alloc((int) r[SKB_LEN], 2048);
    calls.skbIds.put(skb, 1000);
    skb.nrFrags = (int) r[NR_FRAGS];
    skb.fragSizes = new int[17];
    for (int i = 0; i < 17; i++) {
      skb.fragSizes[i] = (int) r[FRAG0 + i];
    }
    skb.gsoSize = (int) r[GSO_SIZE];
    skb.gsoType = (int) r[60];
    skb.hwTstamp = r[61] != 0;
    skb.ipSummed = (int) r[62];
    skb.vlanTagPresent = r[63] != 0;
    skb.transportOffset = (int) r[64];
    skb.hdrLen = (int) r[64] + (int) r[65];
    skb.tstamp = r[66];
    skb.queueMapping = queue;
    tx = newTx();
  }

  /** The TX port for this record's priv (a harness may stub its callees by overriding). */
  StmmacTx newTx() {
    return new StmmacTx(priv);
  }

  /**
   * Runs {@code body} as CPU work on the harness kernel (the ports charge their costs); an
   * exception it throws is rethrown after the task has ended, leaving the kernel usable.
   */
  void run(Runnable body) {
    RuntimeException[] thrown = new RuntimeException[1];
    hk.inTask(() -> {
      try {
        body.run();
      } catch (RuntimeException e) {
        thrown[0] = e;
      }
    });
    if (thrown[0] != null) {
      throw thrown[0];
    }
  }

  /** What a TX function leaves behind (nicsim_tx_put). */
  Out put(int queue) {
    Out o = calls.out;
    StmmacTxQueue txQ = priv.txQueue[queue];
    StmmacXstats.Txq st = priv.xstats.txq[queue];
    DescRing ring = txQ.ring;
    o.u32("cur_tx", ring.cur).u32("dirty_tx", ring.dirty).u32("tx_count_frames",
        txQ.txCountFrames).u32("mss", txQ.mss).u("tx_tail_addr", txQ.txTailAddr)
        .u32("xsk_frames_done", txQ.xskFramesDone);
    for (int e = 0; e < ring.size(); e++) {
      Skb s = ring.skb(e);
      if (txQ.dmaBuf[e] != 0 || txQ.dmaLen[e] != 0 || txQ.mapAsPage[e] || txQ.lastSegment[e]
          || txQ.isJumbo[e] || txQ.bufType[e] != 0 || s != null) {
        o.call("e" + e, txQ.dmaBuf[e], Integer.toUnsignedLong(txQ.dmaLen[e]),
            b(txQ.mapAsPage[e]), b(txQ.lastSegment[e]), b(txQ.isJumbo[e]), txQ.bufType[e],
            s == null ? -1 : calls.skbIds.get(s));
      }
      for (int k = 0; k < 3; k++) {
        int[] w = calls.descWords.get(HarnessCalls.descKey(k, e));
        if (w != null && (w[0] | w[1] | w[2] | w[3]) != 0) {
          o.call("d" + k + "," + e, Integer.toUnsignedLong(w[0]), Integer.toUnsignedLong(w[1]),
              Integer.toUnsignedLong(w[2]), Integer.toUnsignedLong(w[3]));
        }
      }
    }
    o.u("tx_bytes", st.txBytes).u("tx_set_ic_bit", st.txSetIcBit)
        .u("tx_tso_frames", st.txTsoFrames).u("tx_tso_nfrags", st.txTsoNfrags)
        .u("napi_poll", st.napiPoll).u("napi_tx_clean", st.napiTxClean)
        .u("napi_tx_packets", st.napiTxPackets).u("napi_tx_pkt_n", st.napiTxPktN)
        .u("tx_dropped", priv.xstats.txDropped).u("tx_errors", priv.xstats.txErrors)
        .u("max_sdu_txq_drop", priv.xstats.maxSduTxqDrop[queue])
        .put("queue_stopped", calls.queueStopped[queue]);
    return o;
  }

  /** The skb's fields a TX function writes (nicsim_skb_put). */
  Out putSkb() {
    return calls.out.u32("skb.len", skb.len).put("skb.in_progress", skb.tstampInProgress)
        .put("skb.vlan_present", skb.vlanTagPresent);
  }

  private static long b(boolean v) {
    return v ? 1 : 0;
  }
}
