package io.nicsim.bcmgenet;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for bcmgenet's RX path, run whole with the tree's
 * {@code bcmgenet_rx_refill}, {@code bcmgenet_free_rx_cb} and {@code dmadesc_set_addr}:
 * {@code bcmgenet_desc_rx}. The C is {@code rx.c} (record layout at its top) and one driver
 * file per function; the Java side is the port on {@link GenetDataHarnesses.Rig}'s hardware with
 * {@link GenetHarnessKernel}'s RX stubs.
 */
public final class GenetRxHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/bcmgenet/";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(GenetSources.MAIN_C, GenetSources.MAIN_H));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  private static final int N = GenetHarnessKernel.RX_FIELDS
      + GenetHarnessKernel.RX_SLOT * GenetHarnessKernel.RX_SLOTS;

  @Override
  public List<PortHarness> harnesses() {
    return List.of(descRx(), allocRxBuffers(), initRxRing());
  }

  private static PortHarness.Builder harness(String function) {
    return PortHarness.of(GenetSources.MAIN_C, function).sources(SOURCES)
        .program(PortHarness.resource(GenetRxHarnesses.class, DIR + "rx.c") + "\n"
            + PortHarness.resource(GenetRxHarnesses.class, DIR + function + ".c"));
  }

  /** rx.c's common part: RX ring 0's place, features, and the slots. */
  private static List<InputField> rxInputs() {
    List<InputField> in = new ArrayList<>(List.of(
        range("cb_ptr", 0, 255).withEdges(0, 1, 128, 248, 255),
        range("size", 1, 256).withEdges(1, 2, 8, 64, 65, 256),
        range("read_ptr - cb_ptr", 0, 255).withEdges(0, 1, 7),
        bool("NETIF_F_RXCSUM"), bool("crc_fwd_en"), bool("GENET_HAS_40BITS")));
    for (int i = 0; i < GenetHarnessKernel.RX_SLOTS; i++) {
      String p = "slot[" + i + "].";
      in.add(bool(p + "cb.skb"));
      in.add(bool(p + "cb.dma_addr"));
      // length in the upper half (RX_BUF_LENGTH and the 66 bytes of RSB and alignment around
      // it), flags below: SOP|EOP, each error bit, multicast, broadcast
      in.add(u32(p + "length_status").withEdges(0x0800_6000L, 0x0801_6000L, 0x0042_6000L,
          0x0041_6000L, 0x05EA_6020L, 0x05EA_6040L, 0x05EA_6001L, 0x05EA_6002L, 0x05EA_6004L,
          0x05EA_6008L, 0x05EA_6010L, 0x05EA_601FL, 0x05EA_4000L, 0x05EA_2000L, 0x05EA_6000L,
          0xFFFF_FFFFL));
      in.add(u32(p + "rx_csum").withEdges(0, 1, 0xFFFF, 0x1_0000L, 0x1234));
      in.add(bool(p + "alloc_fail"));
      in.add(bool(p + "map_error"));
    }
    return in;
  }

  /** The control blocks lie in the 256 (cb_ptr + size <= 256), read_ptr in the ring. */
  private static long[] admitRx(long[] r) {
    r[1] = Math.min(r[1], 256 - r[0]);
    r[2] = r[2] % r[1];
    return r;
  }

  /** Record -> objects: rx.c's nicsim_rx_set on the Java side. */
  static void rxSet(GenetDataHarnesses.Rig rig, long[] r) {
    rig.reset();
    BcmgenetPriv priv = rig.priv;
    GenetHarnessKernel k = rig.k;
    k.rx = r;
    k.allocs = 0;
    k.heldLengthStatus = null;
    k.heldRxCsum = null;
    k.cbSkb0 = null;
    k.wordsPerBd = 3;
    priv.wordsPerBd = 3;
    priv.has40bits = r[5] != 0;
    priv.rxCsum = r[3] != 0;
    priv.crcFwdEn = r[4] != 0;
    priv.rxBufLen = BcmgenetPriv.RX_BUF_LENGTH;
    BcmgenetPriv.RxRing ring = priv.rx;
    ring.index = 0;
    ring.cbPtr = (int) r[0];
    ring.size = (int) r[1];
    ring.endPtr = ring.cbPtr + ring.size - 1;
    ring.readPtr = ring.cbPtr + (int) r[2];
    ring.cbs = ring.cbPtr;
    for (int i = 0; i < ring.size; i++) {
      int c = ring.cbPtr + i;
      int s = GenetHarnessKernel.RX_FIELDS
          + GenetHarnessKernel.RX_SLOT * (i % GenetHarnessKernel.RX_SLOTS);
      priv.rxCbSkb[c] = r[s] != 0 ? i + 1 : 0;
      priv.rxCbDmaAddr[c] = r[s + 1] != 0 ? GenetHarnessKernel.heldDma(c) : 0;
      priv.rxCbDmaLen[c] = r[s + 1] != 0 ? BcmgenetPriv.RX_BUF_LENGTH : 0;
    }
  }

  /** Objects -> output: the control blocks that changed and the MIB counters (rx.c's). */
  static Out rxCbsPut(GenetDataHarnesses.Rig rig, long[] r, Out out) {
    BcmgenetPriv priv = rig.priv;
    BcmgenetPriv.RxRing ring = priv.rx;
    for (int c = ring.cbPtr; c <= ring.endPtr; c++) {
      int i = c - ring.cbPtr;
      int s = GenetHarnessKernel.RX_FIELDS
          + GenetHarnessKernel.RX_SLOT * (i % GenetHarnessKernel.RX_SLOTS);
      long skb0 = r[s] != 0 ? i + 1 : 0;
      long dma0 = r[s + 1] != 0 ? GenetHarnessKernel.heldDma(c) : 0;
      int len0 = r[s + 1] != 0 ? BcmgenetPriv.RX_BUF_LENGTH : 0;
      if (rig.k.cbSkb0 != null) { // the loop's: as its window set them
        skb0 = rig.k.cbSkb0[c];
        dma0 = rig.k.cbDma0[c];
        len0 = rig.k.cbLen0[c];
      }
      if (priv.rxCbSkb[c] != skb0 || priv.rxCbDmaAddr[c] != dma0 || priv.rxCbDmaLen[c] != len0) {
        out.call("cb", c, priv.rxCbSkb[c], priv.rxCbDmaAddr[c],
            Integer.toUnsignedLong(priv.rxCbDmaLen[c]));
      }
    }
    return out.u("mib.alloc_rx_buff_failed", priv.allocRxBuffFailed & 0xFFFF_FFFFL)
        .u("mib.rx_dma_failed", priv.rxDmaFailed & 0xFFFF_FFFFL);
  }

  private static GenetDataHarnesses.Rig rig(String kernel) {
    return new GenetDataHarnesses.Rig(kernel);
  }

  // ---------------------------------------------------------------- bcmgenet_alloc_rx_buffers

  private static PortHarness allocRxBuffers() {
    return harness("bcmgenet_alloc_rx_buffers")
        .inputs(rxInputs())
        .admit(GenetRxHarnesses::admitRx)
        .notes("RX ring 0 anywhere in the 256 control blocks, each holding an skb and a mapping"
            + " or not as the record says (a ring being re-filled); allocation k fails or its"
            + " mapping errs as slot k % 8 says")
        .java(kernel -> {
          GenetDataHarnesses.Rig rig = rig(kernel);
          return r -> {
            rxSet(rig, r);
            return rig.run(g -> {
              int ret = BcmgenetDriver.allocRxBuffers(g.priv, g.priv.rx);
              return rxCbsPut(g, r, g.out.put("ret", ret)).toString();
            });
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- bcmgenet_init_rx_ring

  private static PortHarness initRxRing() {
    List<InputField> in = new ArrayList<>(rxInputs());
    in.add(range("index", 0, 4));
    return harness("bcmgenet_init_rx_ring")
        .inputs(in)
        .admit(GenetRxHarnesses::admitRx)
        .notes("the ring's BDs are cb_ptr .. cb_ptr + size - 1 of the 256, as"
            + " bcmgenet_init_rx_queues hands them out; words_per_bd 3 (GENET v4, v5);"
            + " bcmgenet_alloc_rx_buffers runs as the tree's C, bcmgenet_init_dim and"
            + " bcmgenet_init_rx_coalesce (executed on their own) and netif_napi_add are"
            + " recording stubs")
        .java(kernel -> {
          GenetDataHarnesses.Rig rig = rig(kernel);
          BcmgenetDriver.RxRingCoalesce calls = new BcmgenetDriver.RxRingCoalesce() {
            @Override
            public void initDim(BcmgenetPriv.RxRing ring) {
              rig.out.call("bcmgenet_init_dim", Integer.toUnsignedLong(ring.index));
            }

            @Override
            public void initRxCoalesce(BcmgenetPriv.RxRing ring) {
              rig.out.call("bcmgenet_init_rx_coalesce", Integer.toUnsignedLong(ring.index));
            }

            @Override
            public void setRxCoalesce(BcmgenetPriv.RxRing ring, long usecs, long pkts) {
              throw new IllegalStateException("adaptive-rx is in every tree's era");
            }
          };
          return r -> {
            rxSet(rig, r);
            int start = (int) r[0];
            int size = (int) r[1];
            return rig.run(g -> {
              int ret = BcmgenetDriver.initRxRing(g.priv, calls, (int) r[N], size, start,
                  start + size);
              return initRxRingPut(g, r, ret).toString();
            });
          };
        })
        .build();
  }

  /** Objects -> output for bcmgenet_init_rx_ring: the ring's fields, then rx.c's common part. */
  static Out initRxRingPut(GenetDataHarnesses.Rig rig, long[] r, int ret) {
    BcmgenetPriv.RxRing ring = rig.priv.rx;
    Out out = rig.out.put("ret", ret).u32("index", ring.index).put("cbs", ring.cbs)
        .u32("size", ring.size).u32("c_index", ring.cIndex).u32("read_ptr", ring.readPtr)
        .u32("cb_ptr", ring.cbPtr).u32("end_ptr", ring.endPtr);
    return rxCbsPut(rig, r, out);
  }

  // ---------------------------------------------------------------- bcmgenet_desc_rx

  private static PortHarness descRx() {
    List<InputField> in = new ArrayList<>(rxInputs());
    in.add(range("budget", 0, 64).withEdges(0, 1, 63, 64));
    // discard count above, producer index below
    in.add(u32("RDMA_PROD_INDEX").withEdges(0xC000_0000L, 0xBFFF_0000L, 0xFFFF_0000L,
        0x0001_0000L, 0xFFFF, 0x0000_0040L, 0x0001_0041L));
    in.add(range("c_index", 0, 0xFFFF).withEdges(0, 1, 0xFFFF, 0xFFC0));
    in.add(u32("old_discards").withEdges(0, 1, 0xBFFF, 0xC000, 0xFFFF, 0x1_0000L));
    return harness("bcmgenet_desc_rx")
        .inputs(in)
        .admit(GenetRxHarnesses::admitRx)
        .notes("RX ring 0 anywhere in the 256 control blocks; the RDMA's status blocks, the"
            + " refill's allocation and mapping failures and the held skbs come from the"
            + " record (8 slots, repeated over the ring); napi_gro_receive, the skb calls and"
            + " the DMA API are recording stubs")
        .java(kernel -> {
          GenetDataHarnesses.Rig rig = rig(kernel);
          return r -> {
            descRxSet(rig, r);
            BcmgenetNapi ports = new BcmgenetNapi(rig.priv);
            return rig.run(g -> {
              int ret = ports.descRx(g.priv.rx, (int) r[N]);
              return descRxPut(g, r, ret).toString();
            });
          };
        })
        .build();
  }

  /**
   * Where bcmgenet_desc_rx's window starts in the loop's record (bcmgenet_desc_rx.c with
   * NICSIM_IN_LOOP): a record longer than port-check's holds, per control block the walk takes
   * from read_ptr, whether it holds an skb, whether it is mapped, and that skb's
   * rsb.length_status and rsb.rx_csum.
   */
  static final int RX_LOOP = N + 4;
  static final int RX_LOOP_SLOT = 4;

  /** Record -> objects for bcmgenet_desc_rx: the common part, RDMA_PROD_INDEX, the ring's. */
  static void descRxSet(GenetDataHarnesses.Rig rig, long[] r) {
    rxSet(rig, r);
    BcmgenetPriv.RxRing ring = rig.priv.rx;
    rig.hw.setRdmaProdIndexRead((int) r[N + 1]);
    ring.cIndex = (int) r[N + 2];
    ring.oldDiscards = (int) r[N + 3];
    if (r.length > RX_LOOP) {
      loopWindow(rig, r);
    }
  }

  /**
   * The loop's control blocks: only the ones the walk takes hold anything (the window's), the
   * allocations and mappings all succeed.
   */
  private static void loopWindow(GenetDataHarnesses.Rig rig, long[] r) {
    BcmgenetPriv priv = rig.priv;
    BcmgenetPriv.RxRing ring = priv.rx;
    Arrays.fill(priv.rxCbSkb, 0);
    Arrays.fill(priv.rxCbDmaAddr, 0);
    Arrays.fill(priv.rxCbDmaLen, 0);
    rig.k.heldLengthStatus = new long[GenetTxPollBridge.CBS + 1];
    rig.k.heldRxCsum = new long[GenetTxPollBridge.CBS + 1];
    int window = Math.min(Math.min((int) (r[N + 1] - ring.cIndex) & BcmgenetPriv.DMA_INDEX_MASK,
        (int) r[N]), ring.size);
    int c = ring.readPtr;
    for (int k = 0; k < window; k++) {
      int s = RX_LOOP + RX_LOOP_SLOT * k;
      int i = c - ring.cbPtr;
      if (r[s] != 0) {
        priv.rxCbSkb[c] = i + 1;
        rig.k.heldLengthStatus[i + 1] = r[s + 2];
        rig.k.heldRxCsum[i + 1] = r[s + 3];
      }
      if (r[s + 1] != 0) {
        priv.rxCbDmaAddr[c] = GenetHarnessKernel.heldDma(c);
        priv.rxCbDmaLen[c] = BcmgenetPriv.RX_BUF_LENGTH;
      }
      c = c < ring.endPtr ? c + 1 : ring.cbPtr;
    }
    rig.k.cbSkb0 = priv.rxCbSkb.clone();
    rig.k.cbDma0 = priv.rxCbDmaAddr.clone();
    rig.k.cbLen0 = priv.rxCbDmaLen.clone();
  }

  /** Objects -> output for bcmgenet_desc_rx (the driver's prints, in its order). */
  static Out descRxPut(GenetDataHarnesses.Rig rig, long[] r, int ret) {
    BcmgenetPriv.RxRing ring = rig.priv.rx;
    Out out = rig.out.u32("ret", ret).u32("read_ptr", ring.readPtr).u32("c_index", ring.cIndex)
        .u32("old_discards", ring.oldDiscards).u("dim.bytes", ring.dim.bytes)
        .u("dim.packets", ring.dim.packets).u("bytes", ring.bytes).u("packets", ring.packets)
        .u("errors", ring.errors).u("dropped", ring.dropped).u("multicast", ring.multicast)
        .u("length_errors", ring.lengthErrors).u("over_errors", ring.overErrors)
        .u("crc_errors", ring.crcErrors).u("frame_errors", ring.frameErrors);
    if (rig.patches.has(GenetPatches.RX_MISSED_STAT)) {
      out.u("missed", ring.missed).u("broadcast", ring.broadcast)
          .u("fragmented_errors", ring.fragmentedErrors);
    }
    return rxCbsPut(rig, r, out);
  }
}
