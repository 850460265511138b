package io.nicsim.stmmac;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * {@code port-check --execute} harnesses for stmmac_main.c's receive side, each function run
 * whole from the tree: stmmac_rx (with the tree's stmmac_rx_refill and stmmac_rx_dirty
 * inside), stmmac_rx_refill, stmmac_rx_dirty and the RX NAPI poll (with stmmac_rx stubbed).
 * The record is main.c's RX record; the page-pool, skb, GRO, hwif and XDP calls are recording
 * stubs answered from it.
 */
public final class StmmacRxHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/stmmac/";
  private static final String MAIN_C = StmmacTx.FILE;
  static final int BASE = 30;
  static final int WINDOW = 24;
  static final int SLOT = 7;

  /** The RX record: layout in main.c's nicsim_rx_set. */
  static final List<InputField> RX_FIELDS;

  static {
    List<InputField> f = new ArrayList<>(List.of(
        range("queue", 0, 7), range("rx_queues_to_use", 1, 8), range("ring_order", 6, 10),
        u32("cur_rx").withEdges(0, 1, 63, 64, 1023), u32("dirty_rx").withEdges(0, 1, 63),
        u32("rx_count_frames").withEdges(0, 1, 24, 25, 26, 255, 256),
        u32("rx_coal_frames").withEdges(0, 1, 25, 256), bool("use_riwt"),
        bool("extend_desc"), bool("sph"), range("host_dma_width", 0, 64).withEdges(32, 33, 40),
        u32("dma_rx_phy").withEdges(0x1000), range("failing page allocation", 0, 30),
        range("budget", 0, 1024).withEdges(64, 63, 65),
        range("stmmac_rx ret", 0, 1100).withEdges(63, 64, 65),
        bool("napi_complete_done ret"), bool("hwts_rx_en"), range("rx_csum", 0, 2),
        bool("hw_vlan_en"), range("dma_buf_sz", 0, 16384).withEdges(1536, 2048, 4096, 8192),
        u32("napi_skb_frag_size").withEdges(2048, 4096), bool("state_saved"),
        bool("state.skb"), range("state.error", 0, 1), u32("state.len").withEdges(1514, 64),
        range("failing skb allocation", 0, 30), range("get_rx_hash ret", -22, 0),
        u32("hash"), range("hash type", 0, 3), bool("stmmac_has_ip_ethertype")));
    for (int k = 0; k < WINDOW; k++) {
      String e = "w" + k + ".";
      f.add(bool(e + "page"));
      f.add(bool(e + "sec_page"));
      f.add(range(e + "page_offset", 0, 4095).withEdges(256));
      // good_frame 0, discard_frame 1, csum_none 2, llc_snap 4, dma_own 8, rx_not_ls 0x10
      f.add(range(e + "rx_status", 0, 31).withEdges(0, 1, 2, 8, 0x10, 0x11, 0x12));
      f.add(range(e + "buf1_len", 0, 16384).withEdges(1518, 4, 0, 3));
      f.add(range(e + "buf2_len", 0, 16384).withEdges(0, 4, 3, 1518));
      f.add(range(e + "xdp verdict", 0, 7).withEdges(0, 1, 2, 4));
    }
    RX_FIELDS = List.copyOf(f);
  }

  /**
   * A record in the driver's domain: the queue is one of the device's, the ring indices lie in
   * it with cur_rx within the window from dirty_rx, and every descriptor from cur_rx on (handed
   * to the DMA by a refill) has its page.
   */
  static long[] admit(long[] r) {
    r[0] = r[0] % r[1];
    long size = 1L << r[2];
    r[4] = r[4] & (size - 1);
    long dist = ((r[3] - r[4]) & (size - 1)) % Math.min(WINDOW, size);
    r[3] = (r[4] + dist) & (size - 1);
    for (int k = (int) dist; k < WINDOW; k++) {
      r[BASE + k * SLOT] = 1;
    }
    return r;
  }

  static final String NOTES = "no AF_XDP pool; the XDP verdict, buffer lengths, timestamps,"
      + " VLAN stripping, RX hash, page pool and skb calls are recording stubs answered from the"
      + " record (entry e's page at 0x30000000 + e * 0x1000, the k-th new page at 0x20000000 +"
      + " k * 0x1000)";

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(rx("stmmac_rx_dirty", "rx_dirty.c", false, (rig, r) ->
        rig.calls.out.u32("ret", new StmmacRx(rig.priv).rxDirty(queue(r)))));
    out.add(rx("stmmac_rx_refill", "rx_refill.c", false, (rig, r) -> {
      StmmacRx rx = new StmmacRx(rig.priv);
      rig.run(() -> rx.rxRefill(queue(r)));
      putRx(rig, r);
    }));
    out.add(rx("stmmac_rx", "rx_rx.c", false, (rig, r) -> {
      int shown = loopWindow(rig, r);
      StmmacRx rx = new StmmacRx(rig.priv);
      long[] ret = new long[1];
      rig.run(() -> ret[0] = rx.rx((int) r[13], queue(r)));
      rig.calls.out.put("ret", ret[0]);
      putRx(rig, r, shown);
    }));
    out.add(rx("stmmac_napi_poll_rx", "rx_napi_poll.c", true, (rig, r) -> {
      StmmacRx rx = new StmmacRx(rig.priv) {
        @Override
        int rx(int limit, int queue) {
          rig.calls.out.call("stmmac_rx", limit, queue);
          return (int) r[14];
        }
      };
      long[] ret = new long[1];
      rig.run(() -> ret[0] = rx.napiPollRx(rig.rxNapi[queue(r)], (int) r[13]));
      rig.calls.out.put("ret", ret[0]);
      putRx(rig, r);
    }));
    return out;
  }

  private static int queue(long[] r) {
    return (int) r[0];
  }

  private static PortHarness rx(String function, String driver, boolean stubbedRx,
      BiConsumer<TxHarnessRig, long[]> port) {
    return StmmacTxHarnesses.hwUnits(PortHarness.of(MAIN_C, function))
        .sources(StmmacTxHarnesses.SOURCES)
        .program(PortHarness.resource(StmmacRxHarnesses.class, DIR + "main.c") + "\n"
            + PortHarness.resource(StmmacRxHarnesses.class, DIR + driver) + "\n")
        .inputs(RX_FIELDS)
        .admit(StmmacRxHarnesses::admit)
        .notes(stubbedRx ? NOTES + "; stmmac_rx is a stub (executed by its own harness)" : NOTES)
        .java(kernel -> {
          TxHarnessRig rig = new TxHarnessRig(StmmacTxHarnesses.patches(kernel));
          return r -> {
            setRx(rig, r);
            port.accept(rig, r);
            return rig.calls.out.toString();
          };
        })
        .build();
  }

  /** The record's RX queue (main.c's nicsim_rx_set). */
  static void setRx(TxHarnessRig rig, long[] r) {
    int queue = queue(r);
    rig.reset(1, (int) r[1], (int) r[2], DwmacCore.GMAC4, false);
    HarnessCalls c = rig.calls;
    StmmacPriv priv = rig.priv;
    StmmacRxQueue rxQ = priv.rxQueue[queue];
    DescRing ring = rxQ.ring;
    int size = ring.size();
    ring.cur = (int) r[3];
    ring.dirty = (int) r[4];
    rxQ.rxCountFrames = (int) r[5];
    priv.rxCoalFrames[queue] = (int) r[6];
    priv.useRiwt = r[7] != 0;
    priv.extendDesc = r[8] != 0;
    priv.sph = r[9] != 0;
    priv.dmaCapHostDmaWidth = (int) r[10];
    rxQ.dmaRxPhy = r[11];
    c.pageAllocFailAt = (int) r[12];
    c.napiCompleteRet.put(rig.rxNapi[queue], r[15] != 0);
    priv.hwtsRxEn = r[16] != 0;
    priv.rxCsum = (int) r[17];
    priv.hwVlanEn = r[18] != 0;
    priv.dmaBufSz = (int) r[19];
    rxQ.napiSkbFragSize = (int) r[20];
    rxQ.stateSaved = r[21] != 0;
    if (r[22] != 0) {
      Skb s = rig.ledger.alloc((int) r[24], 2048);
      c.skbIds.put(s, 3000);
      rxQ.stateSkb = s;
    }
    rxQ.stateError = (int) r[23];
    rxQ.stateLen = (int) r[24];
    c.skbAllocFailAt = (int) r[25];
    c.rxHashRet = (int) r[26];
    c.rxHash = (int) r[27];
    c.rxHashType = (int) r[28];
    c.hasIpEthertype = r[29] != 0;
    for (int e = 0; e < size; e++) {
      rxQ.page[e] = 0x3000_0000L + (long) e * 0x1000;
      rxQ.addr[e] = rxQ.page[e];
      c.rxStatus[e] = StmmacHwif.DMA_OWN;
    }
    for (int k = 0; k < WINDOW && k < size; k++) {
      int w = BASE + k * SLOT;
      int e = (ring.dirty + k) & (size - 1);
      rxQ.page[e] = r[w] != 0 ? 0x3000_0000L + (long) e * 0x1000 : 0;
      rxQ.secPage[e] = r[w + 1] != 0 ? 0x4000_0000L + (long) e * 0x1000 : 0;
      rxQ.pageOffset[e] = (int) r[w + 2];
      rxQ.addr[e] = rxQ.page[e] != 0 ? rxQ.page[e] + r[w + 2] : 0;
      rxQ.secAddr[e] = rxQ.secPage[e];
      c.rxStatus[e] = (int) r[w + 3];
      c.buf1Len[e] = (int) r[w + 4];
      c.buf2Len[e] = (int) r[w + 5];
      c.xdpVerdict[e] = (int) r[w + 6];
    }
  }

  /**
   * stmmac_rx's window in the loop ({@code rx_rx.c} with NICSIM_IN_LOOP), a record longer than
   * port-check's: past the 24 entries {@link #setRx} took, every entry from dirty_rx up to cur_rx,
   * then up to the first one the DMA owns (included), as long as the ring. The entries
   * nicsim_rx_put then prints: port-check's 24, or the loop's window when longer.
   */
  static int loopWindow(TxHarnessRig rig, long[] r) {
    if (r.length <= BASE + WINDOW * SLOT) {
      return WINDOW;
    }
    StmmacRxQueue rxQ = rig.priv.rxQueue[queue(r)];
    DescRing ring = rxQ.ring;
    int size = ring.size();
    int consumed = (ring.cur - ring.dirty) & (size - 1);
    HarnessCalls c = rig.calls;
    int k;
    for (k = 0; k < size; k++) {
      int w = BASE + k * SLOT;
      if (k >= WINDOW) {
        int e = (ring.dirty + k) & (size - 1);
        rxQ.page[e] = r[w] != 0 ? 0x3000_0000L + (long) e * 0x1000 : 0;
        rxQ.secPage[e] = r[w + 1] != 0 ? 0x4000_0000L + (long) e * 0x1000 : 0;
        rxQ.pageOffset[e] = (int) r[w + 2];
        rxQ.addr[e] = rxQ.page[e] != 0 ? rxQ.page[e] + r[w + 2] : 0;
        rxQ.secAddr[e] = rxQ.secPage[e];
        c.rxStatus[e] = (int) r[w + 3];
        c.buf1Len[e] = (int) r[w + 4];
        c.buf2Len[e] = (int) r[w + 5];
        c.xdpVerdict[e] = (int) r[w + 6];
      }
      if (k >= consumed && (r[w + 3] & StmmacHwif.DMA_OWN) != 0) {
        break;
      }
    }
    return Math.max(WINDOW, k + 1);
  }

  /** What an RX function leaves behind (main.c's nicsim_rx_put). */
  static Out putRx(TxHarnessRig rig, long[] r) {
    return putRx(rig, r, WINDOW);
  }

  /** The same, with {@code shown} buffer entries from dirty_rx. */
  static Out putRx(TxHarnessRig rig, long[] r, int shown) {
    int queue = queue(r);
    Out o = rig.calls.out;
    StmmacRxQueue rxQ = rig.priv.rxQueue[queue];
    StmmacXstats.Rxq st = rig.priv.xstats.rxq[queue];
    DescRing ring = rxQ.ring;
    o.u32("cur_rx", ring.cur).u32("dirty_rx", ring.dirty)
        .u32("rx_count_frames", rxQ.rxCountFrames).u32("rx_tail_addr", rxQ.rxTailAddr)
        .put("state_saved", rxQ.stateSaved)
        .put("state.skb", rxQ.stateSkb == null ? -1 : rig.calls.skbIds.get(rxQ.stateSkb))
        .u32("state.error", rxQ.stateError).u32("state.len", rxQ.stateLen);
    int size = ring.size();
    for (int k = 0; k < shown && k < size; k++) {
      int e = (int) ((r[4] + k) & (size - 1));
      o.call("b" + e, rxQ.page[e], rxQ.secPage[e], rxQ.addr[e], rxQ.secAddr[e],
          Integer.toUnsignedLong(rxQ.pageOffset[e]));
    }
    return o.u("rx_packets", st.rxPackets).u("rx_bytes", st.rxBytes).u("rx_pkt_n", st.rxPktN)
        .u("napi_poll", st.napiPoll).u("rx_dropped", rig.priv.xstats.rxDropped)
        .u("rx_errors", rig.priv.xstats.rxErrors);
  }
}
