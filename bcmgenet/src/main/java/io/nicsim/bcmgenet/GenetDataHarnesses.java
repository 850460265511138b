package io.nicsim.bcmgenet;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s64;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.HarnessKernel;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code port-check --execute} harnesses for bcmgenet's interrupt handler and NAPI polls:
 * {@code bcmgenet_isr1}, {@code bcmgenet_rx_poll}, {@code __bcmgenet_tx_reclaim} and
 * {@code bcmgenet_tx_poll}, run whole with the tree's INTRL2 accessors, ring interrupt helpers and
 * {@code bcmgenet_free_tx_cb}; the kernel functions they call are recording stubs on both sides
 * ({@code portexec/bcmgenet/data.c}, {@link GenetHarnessKernel}).
 */
public final class GenetDataHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/bcmgenet/";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(GenetSources.MAIN_C, GenetSources.MAIN_H,
        "include/linux/dim.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  /** GENET_INTRL2_1_OFF and the INTRL2 register offsets (bcmgenet.h). */
  static final int INTRL2_1_OFF = 0x240;

  private static final String NOTE = "one TX and one RX ring (hw_params tx_queues = rx_queues ="
      + " 0, the rings the model has); NAPI, DIM, BQL, DMA and skb calls are recording stubs";

  @Override
  public List<PortHarness> harnesses() {
    return List.of(isr1(), rxPoll(), txReclaim(), txPoll(), getTxcb());
  }

  private static PortHarness.Builder harness(String function) {
    return PortHarness.of(GenetSources.MAIN_C, function).sources(SOURCES)
        .program(PortHarness.resource(GenetDataHarnesses.class, DIR + "data.c") + "\n"
            + PortHarness.resource(GenetDataHarnesses.class, DIR + function + ".c"))
        .notes(NOTE);
  }

  /** The driver's state for one record; register writes and kernel calls append to one Out. */
  static final class Rig {
    final Out out = new Out();
    final HarnessKernel hk = new HarnessKernel(names(GenetOps.all()));
    final GenetHw hw;
    final PatchSet patches;
    final GenetHarnessKernel k = new GenetHarnessKernel(out);
    final SkbLedger skbs = new SkbLedger();
    BcmgenetPriv priv;

    Rig(String kernel) {
      try {
        patches = GenetPatches.CATALOG.select(KernelVersion.parse(kernel), List.of());
      } catch (BadInputException e) {
        throw new NotRunnable(e.getMessage());
      }
      hw = new GenetHw(hk.sim, new Link(hk.sim, 1_000_000_000L, 0),
          new IrqLine(hk.kernel, "genet", 40, hk.cpu.core(0)), 256, 256, 0);
      // INTRL2 writes as the C's writel on the register file, ring registers by accessor and
      // the enum's name (rx.c's and rings.c's accessors)
      hw.writes = (accessor, reg, index, value) -> {
        if (accessor.equals("intrl2_1_writel")) {
          out.call("writel", INTRL2_1_OFF + intrl2Offset(reg), Integer.toUnsignedLong(value));
        } else {
          out.call(accessor + ":" + reg, Integer.toUnsignedLong(index),
              Integer.toUnsignedLong(value));
        }
      };
      k.rxNapi = new Napi(hk.kernel, "eth0-rx0", "eth0", (n, b) -> 0, 64);
      k.txNapi = new Napi(hk.kernel, "eth0-tx0", "eth0", (n, b) -> 0, 64);
    }

    /** A fresh priv on the same hardware: empty registers, the record's answers reset. */
    void reset() {
      out.reset();
      k.skbNumber.clear();
      priv = new BcmgenetPriv(hw, patches, hk.cpu);
      priv.k = k;
      priv.rx.napi = k.rxNapi;
      priv.tx.napi = k.txNapi;
      hw.intrl2.setEnable(0);
      hw.intrl2.ack(-1);
    }

    String run(Function<Rig, String> body) {
      String[] r = new String[1];
      hk.inTask(() -> r[0] = body.apply(this));
      return r[0];
    }
  }

  private static String[] names(CostOp[] ops) {
    String[] n = new String[ops.length];
    for (int i = 0; i < ops.length; i++) {
      n[i] = ops[i].name();
    }
    return n;
  }

  static int intrl2Offset(String reg) {
    return switch (reg) {
      case "INTRL2_CPU_CLEAR" -> 0x08;
      case "INTRL2_CPU_MASK_SET" -> 0x10;
      case "INTRL2_CPU_MASK_CLEAR" -> 0x14;
      default -> throw new IllegalArgumentException("an INTRL2 register the port does not write: "
          + reg);
    };
  }

  // ---------------------------------------------------------------- bcmgenet_isr1

  private static PortHarness isr1() {
    return harness("bcmgenet_isr1")
        .inputs(List.of(
            u32("INTRL2_CPU_STAT").withEdges(GenetHw.RX0_BIT, GenetHw.TX0_BIT,
                GenetHw.RX0_BIT | GenetHw.TX0_BIT, 0x1E, 0x2_0000),
            u32("INTRL2_CPU_MASK_STATUS").withEdges(GenetHw.RX0_BIT, GenetHw.TX0_BIT,
                0xFFFF_FFFFL),
            bool("rx napi_schedule_prep"), bool("tx napi_schedule_prep"),
            u16("dim.event_ctr")))
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            rig.reset();
            BcmgenetNapi ports = new BcmgenetNapi(rig.priv);
            rig.hw.intrl2.set((int) r[0]);
            rig.hw.intrl2.setEnable(~(int) r[1]); // MASK_STATUS reads back ~enable
            rig.k.ansPrep[0] = r[2] != 0;
            rig.k.ansPrep[1] = r[3] != 0;
            rig.priv.rx.dim.eventCtr = (int) r[4];
            return rig.run(g -> {
              boolean handled = ports.isr1(rig.hw.intrl2.line());
              return g.out.put("ret", handled ? 1 : 0)
                  .put("dim.event_ctr", g.priv.rx.dim.eventCtr).toString();
            });
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- bcmgenet_rx_poll

  private static PortHarness rxPoll() {
    return harness("bcmgenet_rx_poll")
        .inputs(List.of(range("budget", 0, 64).withEdges(1, 63, 64),
            range("work_done", 0, 64).withEdges(0, 1, 63, 64), u64("dim.bytes"),
            bool("napi_complete_done"), range("dim.use_dim", 0, 1), u16("dim.event_ctr"),
            s64("ktime_get")))
        // bcmgenet_desc_rx stops at the budget: it never returns more
        .admit(r -> {
          r[1] = Math.min(r[1], r[0]);
          return r;
        })
        .notes(NOTE + "; bcmgenet_desc_rx is a recording stub whose frames (at most the budget)"
            + " and bytes come from the record; ktime_get answers from it (dim_update_sample's"
            + " time, which net_dim's stub prints)")
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            rig.reset();
            int work = (int) r[1];
            long bytes = r[2];
            BcmgenetNapi ports = new BcmgenetNapi(rig.priv) {
              @Override
              int descRx(BcmgenetPriv.RxRing ring, int budget) {
                rig.out.call("bcmgenet_desc_rx", Integer.toUnsignedLong(budget));
                ring.dim.packets = work;
                ring.dim.bytes = bytes;
                return work;
              }
            };
            rig.k.ansComplete = r[3] != 0;
            rig.priv.rx.dim.useDim = (int) r[4];
            rig.priv.rx.dim.eventCtr = (int) r[5];
            rig.k.ansKtime = r[6];
            return rig.run(g -> g.out.put("ret", ports.rxPoll(rig.k.rxNapi, (int) r[0]))
                .toString());
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- TX reclaim and poll

  private static final int TX_FIELDS = 8;
  private static final int TX_SLOTS = 8;
  /** bcmgenet_tx_poll's budget in its record. */
  static final int TX_BUDGET = TX_FIELDS + 2 * TX_SLOTS;
  /**
   * Where bcmgenet_tx_poll's window starts in the loop's record (bcmgenet_tx_poll.c with
   * NICSIM_IN_LOOP): a record longer than port-check's holds, after the budget, per BD the
   * reclaim walks from clean_ptr, whether its control block holds an skb and its bytes_sent.
   */
  static final int TX_LOOP_WINDOW = TX_BUDGET + 1;

  private static List<InputField> txInputs() {
    List<InputField> in = new ArrayList<>(List.of(
        u32("TDMA_CONS_INDEX").withEdges(0xFFFF, 0x1_0000, 0x1_0001),
        u16("c_index"),
        u32("free_bds").withEdges(BcmgenetPriv.MAX_SKB_FRAGS, BcmgenetPriv.MAX_SKB_FRAGS + 1,
            BcmgenetPriv.MAX_SKB_FRAGS + 2, 0x7FFF_FFFFL, 0x8000_0000L),
        range("cb_ptr", 0, 248).withEdges(0, 32, 64, 248),
        range("size", 1, TX_SLOTS),
        range("clean_ptr - cb_ptr", 0, TX_SLOTS - 1),
        u64("stats64.packets"), u64("stats64.bytes")));
    for (int i = 0; i < TX_SLOTS; i++) {
      in.add(bool("cb[" + i + "].skb"));
      in.add(u32("cb[" + i + "].bytes_sent").withEdges(60, 1514, 0x8000_0000L));
    }
    return in;
  }

  /** clean_ptr lies in the ring (between cb_ptr and end_ptr). */
  private static long[] admitTx(long[] r) {
    r[5] = r[5] % r[4];
    return r;
  }

  /** The record's TX ring 0 into the port's ring and the TDMA's CBs. */
  private static void txSet(Rig rig, long[] r) {
    BcmgenetPriv.TxRing ring = rig.priv.tx;
    DescRing bd = rig.hw.txRing;
    rig.hw.tdmaConsIndex = (int) r[0];
    ring.index = 0;
    ring.cIndex = (int) r[1];
    ring.freeBds = (int) r[2];
    ring.cbPtr = (int) r[3];
    ring.endPtr = ring.cbPtr + (int) r[4] - 1;
    ring.cleanPtr = ring.cbPtr + (int) r[5];
    ring.packets = r[6];
    ring.bytes = r[7];
    for (int i = 0; i < bd.size(); i++) {
      bd.reset(i);
    }
    for (int i = 0; i < TX_SLOTS && i < r[4]; i++) {
      int s = TX_FIELDS + 2 * i;
      if (r[s] != 0) {
        Skb skb = rig.skbs.alloc((int) r[s + 1], 0);
        rig.k.skbNumber.put(skb.id(), i + 1);
        bd.setSkb(ring.cbPtr + i, skb);
      }
    }
  }

  private static String txPut(Rig rig, long[] r, Out out) {
    BcmgenetPriv.TxRing ring = rig.priv.tx;
    out.u32("free_bds", ring.freeBds).u32("c_index", ring.cIndex)
        .u32("clean_ptr", ring.cleanPtr).u("stats64.packets", ring.packets)
        .u("stats64.bytes", ring.bytes);
    for (int i = 0; i < TX_SLOTS && i < r[4]; i++) {
      Skb skb = rig.hw.txRing.skb(ring.cbPtr + i);
      out.put("cb.skb", skb == null ? 0 : rig.k.skbNumber.get(skb.id()));
    }
    return out.toString();
  }

  /**
   * The loop's window (a record longer than port-check's): from clean_ptr, one slot per BD the
   * TDMA sent since c_index, at most the ring; the control blocks it names, in order.
   */
  private static int[] txLoopWindow(Rig rig, long[] r) {
    BcmgenetPriv.TxRing ring = rig.priv.tx;
    int n = Math.min(((int) r[0] - ring.cIndex) & BcmgenetPriv.DMA_INDEX_MASK, (int) r[4]);
    int[] cbs = new int[n];
    int cb = ring.cleanPtr;
    for (int k = 0; k < n; k++) {
      int s = TX_LOOP_WINDOW + 2 * k;
      cbs[k] = cb;
      if (r[s] != 0) {
        Skb skb = rig.skbs.alloc((int) r[s + 1], 0);
        rig.k.skbNumber.put(skb.id(), k + 1);
        rig.hw.txRing.setSkb(cb, skb);
      }
      cb = cb < ring.endPtr ? cb + 1 : ring.cbPtr;
    }
    return cbs;
  }

  private static String txLoopPut(Rig rig, int[] window, Out out) {
    BcmgenetPriv.TxRing ring = rig.priv.tx;
    out.u32("free_bds", ring.freeBds).u32("c_index", ring.cIndex)
        .u32("clean_ptr", ring.cleanPtr).u("stats64.packets", ring.packets)
        .u("stats64.bytes", ring.bytes);
    for (int cb : window) {
      Skb skb = rig.hw.txRing.skb(cb);
      out.put("cb.skb", skb == null ? 0 : rig.k.skbNumber.get(skb.id()));
    }
    return out.toString();
  }

  private static PortHarness txReclaim() {
    return harness("__bcmgenet_tx_reclaim")
        .inputs(txInputs())
        .admit(GenetDataHarnesses::admitTx)
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            rig.reset();
            BcmgenetNapi ports = new BcmgenetNapi(rig.priv);
            txSet(rig, r);
            return rig.run(g -> txPut(g, r,
                g.out.u32("ret", ports.txReclaim(g.priv.tx))));
          };
        })
        .build();
  }

  private static PortHarness txPoll() {
    List<InputField> in = new ArrayList<>(txInputs());
    in.add(range("budget", 0, 64).withEdges(1, 64));
    return harness("bcmgenet_tx_poll")
        .inputs(in)
        .admit(GenetDataHarnesses::admitTx)
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            rig.reset();
            BcmgenetNapi ports = new BcmgenetNapi(rig.priv);
            txSet(rig, r);
            int budget = (int) r[TX_BUDGET];
            if (r.length > TX_LOOP_WINDOW) {
              int[] window = txLoopWindow(rig, r);
              return rig.run(g -> txLoopPut(g, window,
                  g.out.put("ret", ports.txPoll(rig.k.txNapi, budget))));
            }
            return rig.run(g -> txPut(g, r,
                g.out.put("ret", ports.txPoll(rig.k.txNapi, budget))));
          };
        })
        .build();
  }

  private static PortHarness getTxcb() {
    return harness("bcmgenet_get_txcb")
        .inputs(List.of(range("cb_ptr", 0, 255).withEdges(0, 32, 64, 128),
            range("size", 1, 256).withEdges(1, 32, 64, 128, 256),
            range("write_ptr - cb_ptr", 0, 255)))
        // the ring lies in the 256 control blocks and write_ptr in the ring
        .admit(r -> {
          r[1] = Math.min(r[1], 256 - r[0]);
          r[2] = r[2] % r[1];
          return r;
        })
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            rig.reset();
            BcmgenetPriv.TxRing ring = rig.priv.tx;
            ring.cbPtr = (int) r[0];
            ring.endPtr = ring.cbPtr + (int) r[1] - 1;
            ring.writePtr = ring.cbPtr + (int) r[2];
            int cb = new BcmgenetXmit(rig.priv).getTxcb(ring);
            return rig.out.put("cb", cb).u32("write_ptr", ring.writePtr).toString();
          };
        })
        .build();
  }
}
