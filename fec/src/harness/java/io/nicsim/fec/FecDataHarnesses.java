package io.nicsim.fec;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for fec's data path: the interrupt handler, the NAPI
 * poll and its RX/TX loops, the RX and TX rings processed whole (BDs with every status, error
 * and extended word the functions read), and the transmit path. The C drivers are
 * {@code src/main/resources/nicsim/portexec/fec/} ({@code data.c} plus one file per function);
 * {@link FecHarnessKernel} is the Java side of their stubs.
 */
public final class FecDataHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/fec/";
  static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(FecSources.MAIN_C, FecSources.FEC_H,
        "include/linux/phy.h", "include/uapi/linux/ethtool.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  /** The i.MX8QM entry's quirks and the bits the data path tests. */
  static final long[] QUIRK_EDGES = {0, FecQuirk.HAS_RACC, FecQuirk.SWAP_FRAME,
      FecQuirk.HAS_RACC | FecQuirk.SWAP_FRAME, FecQuirk.ERR007885, FecQuirk.HAS_AVB,
      FecDevinfo.IMX8QM.quirks(), FecDevinfo.IMX28.quirks(), FecDevinfo.IMX6Q.quirks()};

  /** RX BD status words: a good frame (LAST), each error, WRAP. */
  static final long[] RX_STATUS_EDGES = {0x0800, 0x0000, 0x2800, 0x0802, 0x0820, 0x0808,
      0x0804, 0x0810, 0x0801, 0x0100, 0x1800, 0x0822, 0x0813};

  @Override
  public List<PortHarness> harnesses() {
    return List.of(collectEvents(), interrupt(), rxNapi(), rx(), tx(), rxQueue(), updateCbd(),
        rxVlan(), txQueue(), freeTxdescNum(), submitSkb(), startXmit(), timeout(),
        timeoutWork());
  }

  private static PortHarness.Builder harness(String function, String driver) {
    return PortHarness.of(FecSources.MAIN_C, function).sources(SOURCES).program(program(driver));
  }

  // ---------------------------------------------------------------- interrupt and NAPI

  /** IEVENT values: each ring's RXF/TXF, MII alone, everything. */
  static final long[] IEVENT_EDGES = {0, FecRegisters.FEC_ENET_MII, FecRegisters.FEC_ENET_RXF_0,
      FecRegisters.FEC_ENET_TXF_0, FecRegisters.FEC_ENET_RXF_0 | FecRegisters.FEC_ENET_MII,
      FecRegisters.FEC_ENET_RXF_2, 0xFFFF_FFFFL};

  private static PortHarness collectEvents() {
    return harness("fec_enet_collect_events", "fec_enet_collect_events.c")
        .input(u32("IEVENT").withEdges(IEVENT_EDGES))
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, false);
          rig.mmio.set(FecRegisters.FEC_IEVENT, (int) r[0]);
          return rig.out().put("ret", new FecNapi(rig.fep).collectEvents()).toString();
        })
        .build();
  }

  private static PortHarness interrupt() {
    return harness("fec_enet_interrupt", "fec_enet_interrupt.c")
        .inputs(List.of(u32("IEVENT").withEdges(IEVENT_EDGES), range("link", 0, 1),
            bool("napi_schedule_prep")))
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, false);
          rig.mmio.set(FecRegisters.FEC_IEVENT, (int) r[0]);
          rig.fep.link = (int) r[1];
          rig.k.ansSchedulePrep = r[2] != 0;
          return rig.out().put("ret", new FecNapi(rig.fep).enetInterrupt(null)).toString();
        })
        .build();
  }

  private static PortHarness rxNapi() {
    List<InputField> in = new ArrayList<>(List.of(range("budget", 0, 64).withEdges(1, 63),
        bool("napi_complete_done")));
    for (int k = 0; k < 4; k++) {
      in.add(range("fec_enet_rx[" + k + "]", 0, 64).withEdges(0, 1, 63, 64));
      in.add(u32("IEVENT_after[" + k + "]").withEdges(IEVENT_EDGES));
    }
    return harness("fec_enet_rx_napi", "fec_enet_rx_napi.c")
        .inputs(in)
        .notes("fec_enet_rx and fec_enet_tx are recording stubs (each executed on its own);"
            + " pass k's fec_enet_rx returns its answer reduced into 0..budget and leaves IEVENT"
            + " as the record says, 0 from the fifth pass on")
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, false);
          rig.k.ansCompleteDone = r[1] != 0;
          boolean txBudget = rig.fep.patches.has(FecPatches.XDP_TX_BUF);
          // a record longer than port-check's is the loop's (fec_enet_rx_napi.c's NICSIM_PASSES)
          int passes = (r.length - 2) / 2;
          FecNapi napi = new FecNapi(rig.fep) {
            private int pass;

            @Override
            int rx(int budget) {
              int k = pass++;
              rig.out().call("fec_enet_rx", budget);
              long done = k < passes ? r[2 + 2 * k] % (budget + 1L) : 0;
              rig.mmio.set(FecRegisters.FEC_IEVENT, k < passes ? (int) r[3 + 2 * k] : 0);
              return (int) done;
            }

            @Override
            void tx(int budget) {
              if (txBudget) {
                rig.out().call("fec_enet_tx", budget);
              } else {
                rig.out().call("fec_enet_tx");
              }
            }
          };
          return rig.out().put("ret", napi.rxNapi(null, (int) r[0])).toString();
        })
        .build();
  }

  private static PortHarness rx() {
    return harness("fec_enet_rx", "fec_enet_rx.c")
        .inputs(List.of(range("num_rx_queues", 1, 3), range("budget", 0, 64).withEdges(1),
            range("fec_enet_rx_queue[0]", 0, 64), range("fec_enet_rx_queue[1]", 0, 64),
            range("fec_enet_rx_queue[2]", 0, 64)))
        .notes("fec_enet_rx_queue is a recording stub returning its answer reduced into"
            + " 0..budget")
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, false);
          rig.fep.numRxQueues = (int) r[0];
          FecNapi napi = new FecNapi(rig.fep) {
            @Override
            int rxQueue(int queueId, int budget) {
              rig.out().call("fec_enet_rx_queue", queueId, budget);
              return budget < 0 ? 0 : (int) (r[2 + queueId] % (budget + 1L));
            }
          };
          return rig.out().put("ret", napi.rx((int) r[1])).toString();
        })
        .build();
  }

  private static PortHarness tx() {
    return harness("fec_enet_tx", "fec_enet_tx.c")
        .inputs(List.of(range("num_tx_queues", 1, 3), range("budget", 0, 64)))
        .notes("fec_enet_tx_queue is a recording stub")
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, false);
          rig.fep.numTxQueues = (int) r[0];
          boolean txBudget = rig.fep.patches.has(FecPatches.XDP_TX_BUF);
          FecNapi napi = new FecNapi(rig.fep) {
            @Override
            void txQueue(int queueId, int budget) {
              if (txBudget) {
                rig.out().call("fec_enet_tx_queue", queueId, budget);
              } else {
                rig.out().call("fec_enet_tx_queue", queueId);
              }
            }
          };
          napi.tx((int) r[1]);
          return rig.out().toString();
        })
        .build();
  }

  // ---------------------------------------------------------------- RX helpers

  private static PortHarness updateCbd() {
    return harness("fec_enet_update_cbd", "fec_enet_update_cbd.c")
        .inputs(List.of(range("ring_log2", 2, 8), range("index", 0, 255),
            bool("page_pool_dev_alloc_pages.ok")))
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, true);
          int size = 1 << r[0];
          int i = (int) (r[1] % size);
          FecRxq rxq = new FecRxq(0);
          rxq.ring(size);
          rig.fep.rxQueue[0] = rxq;
          rxq.page[i] = i + 1;
          rxq.pageOffset[i] = 7;
          rxq.bds.bufaddr[i] = 0x1234;
          rig.k.allocOk[0] = r[2] != 0;
          Out out = rig.out();
          out.put("ret", new FecNapi(rig.fep).updateCbd(rxq, i, i));
          return out.put("page", rxq.page[i]).put("offset", rxq.pageOffset[i])
              .u32("bufaddr", rxq.bds.bufaddr[i]).toString();
        })
        .build();
  }

  private static PortHarness rxVlan() {
    return harness("fec_enet_rx_vlan", "fec_enet_rx_vlan.c")
        .inputs(List.of(bool("features&HW_VLAN_CTAG_RX"),
            range("skb.len", 0, 2048).withEdges(3, 4, 5, 18), u16("vlan_tci")))
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, true);
          rig.fep.features = r[0] != 0 ? FecNapi.NETIF_F_HW_VLAN_CTAG_RX : 0;
          rig.k.pageTci[1] = (int) r[2];
          Skb skb = rig.k.rxSkb(1, (int) r[1]);
          new FecNapi(rig.fep).rxVlan(skb);
          return rig.out().u("len", Integer.toUnsignedLong(skb.len))
              .put("data", rig.k.dataOff(skb)).put("vlan_present", rig.k.vlanPresent(skb))
              .put("vlan_tci", rig.k.vlanTag(skb)).toString();
        })
        .build();
  }

  // ---------------------------------------------------------------- TX

  /** TX BD status words: done, each error, deferred, WRAP. */
  static final long[] TX_STATUS_EDGES = {0x0000, 0x0c00, 0x1c00, 0x0100, 0x0080, 0x0040,
      0x0002, 0x0001, 0x0200, 0x2000, 0x0201, 0x01c3};

  private static final int TXQ_HEAD = 12;
  private static final int TXQ_SLOT = 7;
  /**
   * Where fec_enet_tx_queue's window starts in the loop's record ({@code fec_enet_tx_queue.c}
   * with NICSIM_IN_LOOP): a record longer than port-check's holds, per BD from dirty_tx + 1,
   * status (READY as it is), bufaddr, datlen, the skb (0, or its length + 1), in_progress, ts.
   */
  static final int TXQ_LOOP = TXQ_HEAD + 6 * TXQ_SLOT;
  static final int TXQ_LOOP_SLOT = 6;

  private static PortHarness txQueue() {
    List<InputField> in = new ArrayList<>(List.of(bool("bufdesc_ex"), bool("hwts_tx_en"),
        range("budget", 0, 64), range("queue_id", 0, 2), range("ring_log2", 2, 10),
        range("dirty_tx", 0, 1023).withEdges(3, 7, 1022, 1023), range("cur", 0, 1023)
            .withEdges(0, 1, 2, 4, 7, 8),
        bool("netif_tx_queue_stopped"), u16("tx_wake_threshold").withEdges(0, 1, 2, 3, 4, 251),
        u32("tso_hdrs_dma").withEdges(0x1000, 0xFFFF_F000L), u32("TDAR").withEdges(0, 1),
        range("sent", 0, SLOTS)));
    for (int s = 0; s < SLOTS; s++) {
      String p = "bd[dirty_tx+1+" + s + "].";
      in.add(u16(p + "cbd_sc").withEdges(TX_STATUS_EDGES));
      in.add(u32(p + "cbd_bufaddr").withEdges(0, 0x1000, 0x1100, 0x4FFF));
      in.add(u16(p + "cbd_datlen"));
      in.add(bool(p + "skb").withEdges(1));
      in.add(range(p + "skb.len", 0, 2048));
      in.add(bool(p + "SKBTX_IN_PROGRESS"));
      in.add(u32(p + "ts"));
    }
    return harness("fec_enet_tx_queue", "fec_enet_tx_queue.c")
        .inputs(in)
        .admit(FecDataHarnesses::admitTxQueue)
        .notes("the ring whole (4..1024 BDs, 6 BDs after dirty_tx described, the rest still"
            + " READY); every buffer an skb (FEC_TXBUF_T_SKB: XDP needs a program); cur = dirty_tx"
            + " + 1 + (cur mod 8) mostly, so the walk meets it")
        .java(kernel -> r -> runTxQueue(kernel, r))
        .build();
  }

  /**
   * cur lies a few BDs past dirty_tx (the BDs queued and not yet reaped, which the walk visits)
   * unless the record's cur is a multiple of 5; a BD address inside the TSO header area one
   * time in three.
   */
  private static long[] admitTxQueue(long[] r) {
    int size = 1 << r[4];
    if (r[6] % 5 != 0) {
      r[6] = Math.floorMod(r[5] + 1 + r[6] % 8, size);
    }
    for (int s = 0; s < SLOTS; s++) {
      int b = TXQ_HEAD + s * TXQ_SLOT;
      if (Math.floorMod(r[b + 2], 3) == 0) {
        r[b + 1] = (r[9] + Math.floorMod(r[b + 1], size * 256L + 8)) & 0xFFFF_FFFFL;
      }
    }
    return r;
  }

  private static String runTxQueue(String kernel, long[] r) {
    Rig rig = new Rig(kernel, 0, r[0] != 0);
    FecEnetPrivate fep = rig.fep;
    FecHarnessKernel k = rig.k;
    fep.hwtsTxEn = r[1] != 0;
    int budget = (int) r[2];
    int q = (int) r[3];
    int size = Math.min(1 << r[4], txRingSize(fep));
    int dirty = (int) (r[5] % size);
    int cur = (int) (r[6] % size);
    int sent = (int) r[11];
    FecTxq txq = new FecTxq(q);
    txq.ring(size);
    fep.numTxQueues = FecConsts.FEC_ENET_MAX_TX_QS;
    fep.txQueue[q] = txq;
    txq.dirtyTx = dirty;
    txq.bd.cur = cur;
    k.stopped[q] = r[7] != 0;
    txq.txWakeThreshold = (int) r[8];
    txq.tsoHdrsDma = r[9];
    rig.mmio.set(FecRegisters.xDesActive(q), (int) r[10]);
    for (int i = 0; i < size; i++) {
      txq.bds.setStatus(i, FecBds.BD_ENET_TX_READY);
    }
    boolean loop = r.length > TXQ_LOOP;
    for (int s = 0; loop && s < sent && s < size; s++) {
      int b = TXQ_LOOP + s * TXQ_LOOP_SLOT;
      int i = (dirty + 1 + s) % size;
      txq.bds.setStatus(i, (int) r[b] & 0xFFFF);
      txq.bds.bufaddr[i] = (int) r[b + 1];
      txq.bd.setBufLen(i, (int) r[b + 2]);
      if (fep.bufdescEx) {
        txq.bds.ts[i] = (int) r[b + 5];
      }
      if (r[b + 3] != 0) {
        Skb skb = k.skb((int) (r[b + 3] - 1), 0);
        skb.tstampInProgress = r[b + 4] != 0;
        txq.bd.setSkb(i, skb);
      }
    }
    for (int s = 0; !loop && s < SLOTS && s < size; s++) {
      int b = TXQ_HEAD + s * TXQ_SLOT;
      int i = (dirty + 1 + s) % size;
      int status = (int) r[b] & 0xFFFF & ~FecBds.BD_ENET_TX_READY;
      txq.bds.setStatus(i, s < sent ? status : status | FecBds.BD_ENET_TX_READY);
      txq.bds.bufaddr[i] = (int) r[b + 1];
      txq.bd.setBufLen(i, (int) r[b + 2]);
      if (fep.bufdescEx) {
        txq.bds.ts[i] = (int) r[b + 6];
      }
      if (r[b + 3] != 0) {
        Skb skb = k.skb((int) r[b + 4], 0);
        skb.tstampInProgress = r[b + 5] != 0;
        txq.bd.setSkb(i, skb);
      }
    }
    new FecNapi(fep).txQueue(q, budget);
    Out out = rig.out();
    out.put("dirty_tx", txq.dirtyTx);
    int slots = loop ? Math.floorMod(txq.dirtyTx - dirty, size) : SLOTS;
    for (int s = 0; s < slots && s < size; s++) {
      int i = (dirty + 1 + s) % size;
      out.u32("bufaddr", txq.bds.bufaddr[i]).put("type", txq.txBufType[i]);
      out.put("skb", txq.bd.skb(i) == null ? 0 : k.id(txq.bd.skb(i)));
    }
    out.put("stopped", k.stopped[q]);
    rig.putStats();
    return out.toString();
  }

  /** TX_RING_SIZE of the release: a harness's ring is at most that long. */
  static int txRingSize(FecEnetPrivate fep) {
    return fep.patches.has(FecPatches.TX_RING_1024) ? FecConsts.TX_RING_SIZE_NEW
        : FecConsts.TX_RING_SIZE_OLD;
  }

  private static PortHarness freeTxdescNum() {
    return harness("fec_enet_get_free_txdesc_num", "fec_enet_get_free_txdesc_num.c")
        .inputs(List.of(bool("bufdesc_ex"), range("ring_log2", 2, 10),
            range("dirty_tx", 0, 1023).withEdges(0, 1, 511, 512, 1023),
            range("cur", 0, 1023).withEdges(0, 1, 511, 512, 1023)))
        .java(kernel -> r -> {
          int size = 1 << r[1];
          FecTxq txq = new FecTxq(0);
          txq.ring(size);
          txq.dirtyTx = (int) (r[2] % size);
          txq.bd.cur = (int) (r[3] % size);
          return new Out().put("ret", FecXmit.getFreeTxdescNum(txq)).toString();
        })
        .build();
  }

  /** fec_enet_txq_submit_skb's record in port-check; the loop's has one word more. */
  static final int SUBMIT_INPUTS = 18;

  private static PortHarness submitSkb() {
    return harness("fec_enet_txq_submit_skb", "fec_enet_txq_submit_skb.c")
        .inputs(List.of(u32("quirks").withEdges(QUIRK_EDGES), bool("bufdesc_ex"),
            bool("hwts_tx_en"), range("tx_align", 0, 63).withEdges(0, 0x3, 0xf, 0x3f),
            range("queue", 0, 2), range("ring_log2", 2, 10),
            range("cur", 0, 1023).withEdges(0, 1, 1023), range("dirty_tx", 0, 1023)
                .withEdges(0, 17, 18, 19, 1023),
            u16("bd[cur].cbd_sc").withEdges(0x2000, 0x0fff, 0xffff), range("skb.len", 0, 2048),
            range("skb.data&63", 0, 63), bool("SKBTX_HW_TSTAMP"), range("ip_summed", 0, 3),
            range("fec_enet_clear_csum", -1, 1), bool("dma_mapping_error"),
            u32("dma_map_single"), bool("net_ratelimit"), u32("TDAR").withEdges(0, 1)))
        .notes("a linear skb (nr_frags 0: the model's stack hands fec no fragments)")
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, (int) r[0], r[1] != 0);
          FecEnetPrivate fep = rig.fep;
          FecHarnessKernel k = rig.k;
          fep.hwtsTxEn = r[2] != 0;
          fep.txAlign = (int) r[3];
          int q = (int) r[4];
          int size = Math.min(1 << r[5], txRingSize(fep));
          int cur = (int) (r[6] % size);
          k.ansClearCsum = (int) r[13];
          k.ansDmaMap = r[14] != 0 ? -1L : r[15];
          k.ansRatelimit = r[16] != 0;
          FecTxq txq = new FecTxq(q);
          txq.ring(size);
          fep.numTxQueues = FecConsts.FEC_ENET_MAX_TX_QS;
          fep.txQueue[q] = txq;
          txq.bd.cur = cur;
          txq.dirtyTx = (int) (r[7] % size);
          txq.bds.setStatus(cur, (int) r[8]);
          rig.mmio.set(FecRegisters.xDesActive(q), (int) r[17]);
          // a record one word longer is the loop's: its register reads are recorded
          rig.mmio.recordReads = r.length > SUBMIT_INPUTS;
          Skb skb = k.skb((int) r[9], (int) r[10]);
          skb.hwTstamp = r[11] != 0;
          skb.ipSummed = (int) r[12];
          skb.queueMapping = q;
          Out out = rig.out();
          out.put("ret", new FecXmit(fep).txqSubmitSkb(txq, skb));
          out.put("cur", txq.bd.cur);
          out.put("sc", txq.bds.status(cur)).put("datlen", txq.bd.bufLen(cur) & 0xFFFF)
              .u32("bufaddr", txq.bds.bufaddr[cur]);
          if (fep.bufdescEx) {
            out.u32("esc", txq.bds.esc[cur]).u32("bdu", txq.bds.bdu[cur]);
          }
          out.put("skb", txq.bd.skb(cur) == null ? 0 : k.id(txq.bd.skb(cur)));
          return out.put("in_progress", skb.tstampInProgress).toString();
        })
        .build();
  }

  private static PortHarness startXmit() {
    return harness("fec_enet_start_xmit", "fec_enet_start_xmit.c")
        .inputs(List.of(range("queue_mapping", 0, 2), bool("skb_is_gso"),
            range("submit.ret", 0, 1), range("submit.bds", 0, 3), range("ring_log2", 2, 10),
            range("dirty_tx", 0, 1023), range("cur", 0, 1023),
            u16("tx_stop_threshold").withEdges(0, 1, 2, 3, 217, 1022, 1023)))
        .admit(r -> {
          r[2] = r[2] != 0 ? 0x10 : 0; // NETDEV_TX_OK or NETDEV_TX_BUSY
          return r;
        })
        .notes("fec_enet_txq_submit_skb and fec_enet_txq_submit_tso are recording stubs that"
            + " take submit.bds BDs and return submit.ret (NETDEV_TX_OK or _BUSY); submit_tso is"
            + " not ported (TSO off in the model)")
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, true);
          FecHarnessKernel k = rig.k;
          int q = (int) r[0];
          int size = 1 << r[4];
          FecTxq txq = new FecTxq(q);
          txq.ring(size);
          rig.fep.numTxQueues = FecConsts.FEC_ENET_MAX_TX_QS;
          rig.fep.txQueue[q] = txq;
          txq.dirtyTx = (int) (r[5] % size);
          txq.bd.cur = (int) (r[6] % size);
          txq.txStopThreshold = (int) r[7];
          FecXmit xmit = new FecXmit(rig.fep) {
            private int submit(String name, FecTxq t, Skb skb) {
              rig.out().call(name, t.qid, k.id(skb));
              t.bd.cur = (int) ((t.bd.cur + r[3]) % t.ringSize);
              return (int) r[2];
            }

            @Override
            public int txqSubmitSkb(FecTxq t, Skb skb) {
              return submit("fec_enet_txq_submit_skb", t, skb);
            }

            @Override
            int txqSubmitTso(FecTxq t, Skb skb) {
              return submit("fec_enet_txq_submit_tso", t, skb);
            }
          };
          Skb skb = k.skb(0, 0);
          skb.queueMapping = q;
          skb.gsoSegs = r[1] != 0 ? 2 : 1;
          Out out = rig.out();
          out.put("ret", xmit.startXmit(skb, null));
          return out.put("stopped", k.stopped[q]).toString();
        })
        .build();
  }

  // ---------------------------------------------------------------- TX timeout

  private static PortHarness timeout() {
    return harness("fec_timeout", "fec_timeout.c")
        .input(u32("stats.tx_errors").withEdges(0xFFFF_FFFFL))
        .notes("fec_dump and schedule_work are recording stubs")
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, true);
          rig.fep.txErrors = r[0];
          new FecTimeout(rig.fep, null).timeout(0);
          return rig.out().u("tx_errors", rig.fep.txErrors).toString();
        })
        .build();
  }

  private static PortHarness timeoutWork() {
    return harness("fec_enet_timeout_work", "fec_enet_timeout_work.c")
        .inputs(List.of(bool("netif_device_present"), bool("netif_running")))
        .notes("fec_restart is a recording stub (executed on its own)")
        .java(kernel -> r -> {
          Rig rig = new Rig(kernel, 0, true);
          rig.k.netifDevicePresent = r[0] != 0;
          rig.k.netifRunning = r[1] != 0;
          new FecTimeout(rig.fep, null) {
            @Override
            void restart() {
              rig.out().call("fec_restart");
            }
          }.timeoutWork();
          return rig.out().toString();
        })
        .build();
  }

  static String program(String driver) {
    return PortHarness.resource(FecDataHarnesses.class, DIR + "data.c") + "\n"
        + PortHarness.resource(FecDataHarnesses.class, DIR + driver);
  }

  /** A fep as the data path's harnesses set it up: its registers and stubs record to one Out. */
  static final class Rig {
    final FecHarnessKernel k = new FecHarnessKernel();
    final FecHarnessMmio mmio = new FecHarnessMmio(k.out);
    final FecEnetPrivate fep;

    Rig(String kernel, int quirks, boolean ex) {
      fep = new FecEnetPrivate(mmio, FecHarnesses.patches(kernel));
      fep.k = k;
      fep.plat = k;
      fep.quirks = quirks;
      fep.bufdescEx = ex;
    }

    Out out() {
      return k.out;
    }

    /** The stats the C prints with nicsim_stats_put, in its order. */
    void putStats() {
      k.out.u("rx_packets", fep.rxPackets).u("rx_bytes", fep.rxBytes)
          .u("rx_errors", fep.rxErrors).u("rx_fifo_errors", fep.rxFifoErrors)
          .u("rx_length_errors", fep.rxLengthErrors).u("rx_crc_errors", fep.rxCrcErrors)
          .u("rx_frame_errors", fep.rxFrameErrors).u("rx_dropped", fep.rxDropped)
          .u("tx_packets", fep.txPackets).u("tx_bytes", fep.txBytes)
          .u("tx_errors", fep.txErrors).u("tx_heartbeat_errors", fep.txHeartbeatErrors)
          .u("tx_window_errors", fep.txWindowErrors).u("tx_aborted_errors", fep.txAbortedErrors)
          .u("tx_fifo_errors", fep.txFifoErrors).u("tx_carrier_errors", fep.txCarrierErrors)
          .u("collisions", fep.collisions);
    }
  }

  // ---------------------------------------------------------------- fec_enet_rx_queue

  private static final int RXQ_HEAD = 13;
  private static final int RXQ_SLOT = 8;
  private static final int SLOTS = 6;
  /**
   * Where fec_enet_rx_queue's window starts in the loop's record ({@code fec_enet_rx_queue.c}
   * with NICSIM_IN_LOOP): a record longer than port-check's holds, per BD from cur, status
   * (EMPTY as it is), datlen, esc, ts, bufaddr: the n_full BDs with frames and the one the walk
   * stops at, at most the ring.
   */
  static final int RXQ_LOOP = RXQ_HEAD + SLOTS * RXQ_SLOT;
  static final int RXQ_LOOP_SLOT = 5;

  private static List<InputField> rxQueueInputs() {
    List<InputField> in = new ArrayList<>(List.of(
        u32("quirks").withEdges(QUIRK_EDGES), bool("bufdesc_ex"), bool("hwts_rx_en"),
        bool("csum_flags&FLAG_RX_CSUM_ENABLED"), bool("features&HW_VLAN_CTAG_RX"),
        range("pagepool_order", 0, 2), bool("netdev_err_once.printed"), range("queue_id", 0, 2),
        range("budget", 0, 64).withEdges(1, 2, 5, 6, 7, 63), range("ring_log2", 2, 8),
        range("cur", 0, 255).withEdges(3, 7, 15, 254), u16("eth_type_trans"),
        range("frames", 0, SLOTS)));
    for (int s = 0; s < SLOTS; s++) {
      String p = "bd[cur+" + s + "].";
      in.add(u16(p + "cbd_sc").withEdges(RX_STATUS_EDGES));
      in.add(u16(p + "cbd_datlen").withEdges(0, 1, 4, 5, 6, 7, 18, 64, 1522, 1524));
      in.add(u32(p + "cbd_esc").withEdges(0, FecBds.BD_ENET_RX_VLAN, FecBds.FLAG_RX_CSUM_ERROR,
          0x10, 0x20, FecBds.BD_ENET_RX_VLAN | 0x10));
      in.add(u32(p + "ts"));
      in.add(u32(p + "cbd_bufaddr"));
      in.add(bool("page_pool_dev_alloc_pages[" + s + "].ok").withEdges(1));
      in.add(bool("build_skb[" + s + "].ok").withEdges(1));
      in.add(u16(p + "vlan_tci"));
    }
    return in;
  }

  private static PortHarness rxQueue() {
    return harness("fec_enet_rx_queue", "fec_enet_rx_queue.c")
        .inputs(rxQueueInputs())
        .admit(FecDataHarnesses::admitRxQueue)
        .notes("the ring whole (4..256 BDs, 6 BDs from cur described, the rest empty); no XDP"
            + " program (ndo_bpf is not ported); every BD has its page, as"
            + " fec_enet_alloc_rxq_buffers leaves it")
        .java(kernel -> r -> runRxQueue(kernel, r))
        .build();
  }

  /** Most records hold frames: a slot's allocation and build fail one time in four. */
  private static long[] admitRxQueue(long[] r) {
    for (int s = 0; s < SLOTS; s++) {
      int b = RXQ_HEAD + s * RXQ_SLOT;
      if (Math.floorMod(r[b + 3], 4) != 0) {
        r[b + 5] = 1;
      }
      if (Math.floorMod(r[b + 3] >> 2, 4) != 0) {
        r[b + 6] = 1;
      }
    }
    return r;
  }

  private static String runRxQueue(String kernel, long[] r) {
    Rig rig = new Rig(kernel, (int) r[0], r[1] != 0);
    FecEnetPrivate fep = rig.fep;
    FecHarnessKernel k = rig.k;
    boolean ex = fep.bufdescEx;
    fep.hwtsRxEn = r[2] != 0;
    fep.csumFlags = r[3] != 0 ? FecBds.FLAG_RX_CSUM_ENABLED : 0;
    fep.features = r[4] != 0 ? FecNapi.NETIF_F_HW_VLAN_CTAG_RX : 0;
    fep.pagepoolOrder = (int) r[5];
    fep.buildSkbErrPrinted = r[6] != 0;
    int q = (int) r[7];
    int budget = (int) r[8];
    int size = 1 << r[9];
    int cur = (int) (r[10] % size);
    k.ansProtocol = (int) r[11];
    int full = (int) r[12];

    FecRxq rxq = new FecRxq(q);
    rxq.ring(size);
    rxq.bds.ex = ex;
    rxq.bd.cur = cur;
    fep.numRxQueues = FecConsts.FEC_ENET_MAX_RX_QS;
    fep.rxQueue[q] = rxq;
    for (int i = 0; i < size; i++) {
      rxq.bds.setStatus(i, FecBds.BD_ENET_RX_EMPTY);
      rxq.page[i] = i + 1;
      rxq.pageOffset[i] = FecNapi.FEC_ENET_XDP_HEADROOM;
    }
    boolean loop = r.length > RXQ_LOOP;
    if (loop) { // the model's page pool and skbs never run dry
      Arrays.fill(k.allocOk, true);
      Arrays.fill(k.buildOk, true);
    }
    for (int s = 0; loop && s < Math.min(full + 1, size); s++) {
      int b = RXQ_LOOP + s * RXQ_LOOP_SLOT;
      int i = (cur + s) % size;
      rxq.bds.setStatus(i, (int) r[b] & 0xFFFF);
      rxq.bd.setBufLen(i, (int) r[b + 1]);
      rxq.bds.bufaddr[i] = (int) r[b + 4];
      if (ex) {
        rxq.bds.setEsc(i, (int) r[b + 2]);
        rxq.bds.ts[i] = (int) r[b + 3];
      }
    }
    for (int s = 0; !loop && s < SLOTS; s++) {
      int b = RXQ_HEAD + s * RXQ_SLOT;
      k.allocOk[s] = r[b + 5] != 0;
      k.buildOk[s] = r[b + 6] != 0;
      if (s >= size) {
        continue;
      }
      int i = (cur + s) % size;
      int status = (int) r[b] & 0xFFFF & ~FecBds.BD_ENET_RX_EMPTY;
      rxq.bds.setStatus(i, s < full ? status : status | FecBds.BD_ENET_RX_EMPTY);
      rxq.bd.setBufLen(i, (int) r[b + 1]);
      rxq.bds.bufaddr[i] = (int) r[b + 4];
      if (ex) {
        rxq.bds.setEsc(i, (int) r[b + 2]);
        rxq.bds.ts[i] = (int) r[b + 3];
      }
      k.pageTci[i + 1] = (int) r[b + 7];
    }

    Out out = rig.out();
    int ret = new FecNapi(fep).rxQueue(q, budget);
    out.put("ret", ret);
    out.put("cur", rxq.bd.cur);
    for (int s = 0; s < (loop ? ret : SLOTS) && s < size; s++) {
      int i = (cur + s) % size;
      out.put("sc", rxq.bds.status(i));
      out.u32("bufaddr", rxq.bds.bufaddr[i]);
      if (ex) {
        out.u32("esc", rxq.bds.esc[i]).u32("prot", rxq.bds.prot[i]).u32("bdu", rxq.bds.bdu[i]);
      }
      out.put("page", rxq.page[i]);
      if (loop) {
        out.u32("offset", rxq.pageOffset[i]);
      }
    }
    rig.putStats();
    out.put("err_once", fep.buildSkbErrPrinted);
    return out.toString();
  }
}
