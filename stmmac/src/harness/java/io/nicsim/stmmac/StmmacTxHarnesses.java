package io.nicsim.stmmac;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * {@code port-check --execute} harnesses for stmmac_main.c's transmit side, each function run
 * whole from the tree: xmit and tso_xmit (with the tree's tx_avail, tso_allocator,
 * flush_tx_descriptors and tx_timer_arm inside), tso_allocator, the TSO helpers,
 * tx_avail, flush_tx_descriptors, tx_timer_arm, tx_timer, tx_clean and the TX NAPI poll (with
 * tx_clean stubbed). The C is {@code main.c} plus one driver per function; the Java side is
 * {@link TxHarnessRig}.
 */
public final class StmmacTxHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/stmmac/";
  private static final String MAIN_C = StmmacTx.FILE;
  static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(MAIN_C,
        "drivers/net/ethernet/stmicro/stmmac/stmmac.h",
        "drivers/net/ethernet/stmicro/stmmac/common.h",
        "drivers/net/ethernet/stmicro/stmmac/descs.h",
        "include/linux/stmmac.h", "include/linux/hrtimer.h", "include/linux/hrtimer_types.h",
        "kernel/time/time.c", "include/linux/time64.h", "include/vdso/time64.h",
        "include/linux/sizes.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  static final String NOTES = "no AF_XDP pool and no XDP program (every TX buffer is an skb's),"
      + " netif_msg debugging off; hwif callbacks, NAPI, hrtimer, BQL, DMA mapping and the"
      + " driver's EEE/VLAN/timestamp/error helpers are recording stubs answered from the record"
      + " (the k-th DMA mapping of a record is at 0x10000000 + k * 0x1000)";

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(txFunction("stmmac_xmit", "tx_xmit.c", TxHarnessRig.TX_FIELDS,
        (rig, r) -> {
          long[] ret = new long[1];
          rig.run(() -> ret[0] = rig.tx.xmit(rig.skb, rig.dev.queue(queue(r))));
          rig.calls.out.put("ret", ret[0]);
          rig.put(queue(r));
          rig.putSkb();
        }));
    out.add(txFunction("stmmac_tso_xmit", "tx_tso_xmit.c", TxHarnessRig.TX_FIELDS,
        (rig, r) -> {
          long[] ret = new long[1];
          rig.run(() -> ret[0] = rig.tx.tsoXmit(rig.skb, rig.dev.queue(queue(r))));
          rig.calls.out.put("ret", ret[0]);
          rig.put(queue(r));
          rig.putSkb();
        }));
    out.add(txFunction("stmmac_tx_avail", "tx_avail.c", TxHarnessRig.TX_FIELDS,
        (rig, r) -> rig.calls.out.u32("ret", rig.tx.txAvail(queue(r)))));
    out.add(txFunction("stmmac_flush_tx_descriptors", "tx_flush.c", TxHarnessRig.TX_FIELDS,
        (rig, r) -> {
          rig.tx.flushTxDescriptors(queue(r));
          rig.put(queue(r));
        }));
    List<InputField> alloc = new ArrayList<>(TxHarnessRig.TX_FIELDS);
    alloc.add(u64("des").withEdges(0x1000_0000L, 0xFFFF_FFFFL));
    // the head's payload or one fragment (at most 64 KiB), or 6.1's remainder after buffer 2
    alloc.add(range("total_len", -70_000, 70_000).withEdges(0, 1, 16382, 16383, 16384, 32766,
        32767, -16383, 65536));
    alloc.add(bool("last_segment"));
    out.add(txFunction("stmmac_tso_allocator", "tx_tso_allocator.c", alloc,
        (rig, r) -> {
          int f = TxHarnessRig.FIELDS;
          int q = queue(r);
          int[] entry = {rig.priv.txQueue[q].ring.cur};
          rig.run(() -> entry[0] = rig.tx.tsoAllocator(entry[0], r[f], (int) r[f + 1],
              r[f + 2] != 0, q));
          if (rig.patches.has(StmmacPatches.TSO_ENTRY_LOCAL)) {
            rig.calls.out.u32("entry", entry[0]);
          }
          rig.put(q);
        }));
    out.add(txFunction("stmmac_tso_header_size", "tx_tso_header_size.c",
        TxHarnessRig.TX_FIELDS,
        (rig, r) -> rig.calls.out.u("ret", Integer.toUnsignedLong(
            StmmacTx.tsoHeaderSize(rig.skb)))));
    List<InputField> numDesc = new ArrayList<>(TxHarnessRig.TX_FIELDS);
    numDesc.add(u32("pay_len").withEdges(0, 1, 16382, 16383, 16384, 32766, 32767));
    out.add(txFunction("stmmac_tso_get_num_desc", "tx_tso_get_num_desc.c", numDesc,
        (rig, r) -> rig.calls.out.put("ret", StmmacTx.tsoGetNumDesc(
            rig.priv.txQueue[queue(r)], rig.skb, (int) r[TxHarnessRig.FIELDS]))));
    out.add(txFunction("stmmac_tx_timer_arm", "tx_timer_arm.c", TxHarnessRig.TX_FIELDS,
        (rig, r) -> rig.run(() -> rig.tx.txTimerArm(queue(r)))));
    out.add(txFunction("stmmac_tx_timer", "tx_timer.c", TxHarnessRig.TX_FIELDS,
        (rig, r) -> {
          long[] ret = new long[1];
          rig.run(() -> ret[0] = rig.tx.txTimer(rig.priv.txQueue[queue(r)]).ordinal());
          rig.calls.out.put("ret", ret[0]);
        }));
    out.add(txFunction("stmmac_tx_clean", "tx_clean.c", TxHarnessRig.cleanFields(),
        (rig, r) -> {
          int q = queue(r);
          setWindow(rig, r);
          long[] ret = new long[1];
          rig.tx.pendingPackets = false;
          rig.run(() -> ret[0] = rig.tx.txClean((int) r[TxHarnessRig.BUDGET], q));
          rig.calls.out.put("ret", ret[0]);
          if (rig.patches.has(StmmacPatches.ARM_AFTER_DMA_ENABLE)) {
            rig.calls.out.put("pending_packets", rig.tx.pendingPackets);
          }
          rig.put(q);
        }));
    out.add(hwUnits(PortHarness.of(MAIN_C, "stmmac_napi_poll_tx"))
        .sources(SOURCES)
        .program(program("tx_napi_poll.c"))
        .inputs(TxHarnessRig.TX_FIELDS)
        .admit(TxHarnessRig::admit)
        .notes(NOTES + "; stmmac_tx_clean is a stub (executed by its own harness)")
        .java(kernel -> {
          TxHarnessRig rig = new StubbedCleanRig(patches(kernel));
          return r -> {
            rig.set(r);
            int q = queue(r);
            long[] ret = new long[1];
            rig.run(() -> ret[0] = rig.tx.napiPollTx(rig.txNapi[q],
                (int) r[TxHarnessRig.BUDGET]));
            rig.calls.out.put("ret", ret[0]);
            rig.put(q);
            return rig.calls.out.toString();
          };
        })
        .build());
    return out;
  }

  /** The rig of the TX NAPI poll: stmmac_tx_clean answers from the record. */
  private static final class StubbedCleanRig extends TxHarnessRig {
    private long[] record;

    StubbedCleanRig(PatchSet patches) {
      super(patches);
    }

    @Override
    void set(long[] r) {
      record = r;
      super.set(r);
    }

    @Override
    StmmacTx newTx() {
      HarnessCalls calls = this.calls;
      long[] r = record;
      boolean pendingArg = patches.has(StmmacPatches.ARM_AFTER_DMA_ENABLE);
      return new StmmacTx(priv) {
        @Override
        int txClean(int budget, int queue) {
          calls.out.call("stmmac_tx_clean", budget, queue);
          if (pendingArg) {
            pendingPackets = r[TxHarnessRig.CLEAN_PENDING] != 0;
          }
          return (int) r[TxHarnessRig.CLEAN_RET];
        }
      };
    }
  }

  /**
   * tx_clean's window: entries from dirty_tx as the record gives them, the rest DMA-owned. A
   * record longer than port-check's is the loop's ({@code tx_clean.c} with NICSIM_IN_LOOP): its
   * window ends at cur_tx or after the first entry the DMA owns, up to the ring's size.
   */
  private static void setWindow(TxHarnessRig rig, long[] r) {
    int q = queue(r);
    StmmacTxQueue txQ = rig.priv.txQueue[q];
    int size = txQ.ring.size();
    for (int k = 0; k < size; k++) {
      rig.calls.txStatus[(txQ.ring.dirty + k) & (size - 1)] = StmmacHwif.TX_DMA_OWN;
    }
    boolean loop = r.length > TxHarnessRig.FIELDS + TxHarnessRig.WINDOW * TxHarnessRig.SLOT;
    for (int k = 0; k < (loop ? size : TxHarnessRig.WINDOW) && k < size; k++) {
      int w = TxHarnessRig.FIELDS + k * TxHarnessRig.SLOT;
      int e = (txQ.ring.dirty + k) & (size - 1);
      if (loop && e == txQ.ring.cur) {
        break;
      }
      rig.calls.txStatus[e] = (int) r[w];
      txQ.dmaBuf[e] = r[w + 1];
      txQ.mapAsPage[e] = r[w + 2] != 0;
      txQ.dmaLen[e] = (int) r[w + 3];
      txQ.lastSegment[e] = r[w + 4] != 0;
      txQ.isJumbo[e] = r[w + 5] != 0;
      txQ.bufType[e] = (int) r[w + 6];
      if (r[w + 7] > 0) {
        Skb s = rig.ledger.alloc((int) r[w + 7], 2048);
        rig.calls.skbIds.put(s, e);
        txQ.ring.setSkb(e, s);
      }
      if (loop && (r[w] & StmmacHwif.TX_DMA_OWN) != 0) {
        break;
      }
    }
  }

  private static int queue(long[] r) {
    return (int) r[TxHarnessRig.QUEUE];
  }

  /** One TX function's harness: the shared record, the function's driver, its Java call. */
  private static PortHarness txFunction(String function, String driver,
      List<InputField> inputs, BiConsumer<TxHarnessRig, long[]> port) {
    return hwUnits(PortHarness.of(MAIN_C, function))
        .sources(SOURCES)
        .program(program(driver))
        .inputs(inputs)
        .admit(TxHarnessRig::admit)
        .notes(NOTES)
        .java(kernel -> {
          TxHarnessRig rig = new TxHarnessRig(patches(kernel));
          return r -> {
            rig.set(r);
            port.accept(rig, r);
            return rig.calls.out.toString();
          };
        })
        .build();
  }

  private static final String ST = "drivers/net/ethernet/stmicro/stmmac/";

  /**
   * The tree's dwmac callbacks, compiled into a main.c program in the loop as units of their own
   * (main.c's ops tables point at them): dwmac_lib.c's and dwmac4_lib.c's DMA ops (the RX
   * descriptor ops, enh_desc.c's and dwmac4_descs.c's, are still main.c's recording stubs).
   */
  static PortHarness.Builder hwUnits(PortHarness.Builder b) {
    return b.inLoopUnit(ST + "dwmac_lib.c", hw("dwmac_dma.h", "common.h", "descs.h"),
            "dwmac_dma_interrupt", "dwmac_enable_dma_transmission")
        .inLoopUnit(ST + "dwmac4_lib.c", hw("dwmac4_dma.h", "dwmac4.h", "common.h"),
            "dwmac4_dma_interrupt", "dwmac4_set_tx_tail_ptr");
  }

  /** A unit's headers (not the arithmetic ones: nicsim_kernel.h's GENMASK and BIT serve). */
  private static List<String> hw(String... headers) {
    List<String> s = new ArrayList<>();
    for (String h : headers) {
      s.add(ST + h);
    }
    return s;
  }

  private static String program(String driver) {
    return PortHarness.resource(StmmacTxHarnesses.class, DIR + "main.c") + "\n"
        + PortHarness.resource(StmmacTxHarnesses.class, DIR + driver) + "\n";
  }

  /** The tree's patch set; the timer_list era (before d5a05e69ac6e) is not harnessed. */
  static PatchSet patches(String kernel) {
    PatchSet p = StmmacHarnesses.patches(kernel);
    if (!p.has(StmmacPatches.HRTIMER)) {
      throw new NotRunnable("the timer_list era (before v5.11) is not harnessed");
    }
    return p;
  }
}
