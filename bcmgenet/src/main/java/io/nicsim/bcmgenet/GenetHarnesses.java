package io.nicsim.bcmgenet;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.dim.DimEra;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.HarnessKernel;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.WorkItem;
import io.nicsim.core.nic.Link;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for bcmgenet's coalescing paths: ethtool get/set, the
 * RX ring programming and the DIM work function, every register write compared by register
 * name. The C drivers are {@code src/main/resources/nicsim/portexec/bcmgenet/}. The rings are
 * those the port models (hw_params tx_queues = rx_queues = 0: TX ring 0 and RX ring 0).
 */
public final class GenetHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/bcmgenet/";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(GenetSources.MAIN_C, GenetSources.MAIN_H,
        "include/linux/dim.h", "lib/dim/net_dim.c", "include/uapi/linux/ethtool.h",
        "include/linux/ethtool.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  private static final String NOTE = "one TX and one RX ring (hw_params tx_queues = rx_queues ="
      + " 0: rings 1-4 are not modelled); use_adaptive_rx_coalesce 0/1 as ethtool's netlink"
      + " flag carries it";

  /** Registers before the call, and the RX ring's coalescing and DIM state. */
  static final List<InputField> HW_FIELDS = List.of(
      u32("TDMA ring0 MBUF_DONE_THRESH"), u32("RDMA ring0 MBUF_DONE_THRESH"),
      u32("RDMA DMA_RING0_TIMEOUT").withEdges(0xFFFF, 0x1_0000, 0x7_FFFF, 0x8_0000,
          0xFFFF_0000L),
      u32("ring.rx_coalesce_usecs"), u32("ring.rx_max_coalesced_frames"),
      bool("ring.dim.use_dim"), range("ring.dim.dim.mode", 0, 1),
      range("ring.dim.dim.profile_ix", 0, NetDim.PARAMS_NUM_PROFILES - 1),
      range("ring.dim.dim.state", 0, 2));

  private static final List<InputField> EC = List.of(
      u32("ec.rx_coalesce_usecs").withEdges(524_281, 524_282, 8, 9, 4_294_968, 4_294_959),
      u32("ec.rx_max_coalesced_frames").withEdges(0x1FF, 0x200),
      u32("ec.tx_max_coalesced_frames").withEdges(0x1FF, 0x200),
      bool("ec.use_adaptive_rx_coalesce"));

  @Override
  public List<PortHarness> harnesses() {
    return List.of(setRxCoalesce(), ec("bcmgenet_set_coalesce", 0),
        ec("bcmgenet_set_ring_rx_coalesce", 1), ec("bcmgenet_get_coalesce", 2), dimWork(),
        initRxCoalesce(), initDim());
  }

  private static String program(String driver, String prelude) {
    return PortHarness.resource(GenetHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(GenetHarnesses.class, DIR + driver) + "\n//@ prelude\n"
        + prelude + "\n";
  }

  /** The driver's state for one record; its register reads and writes append to {@link #out}. */
  private static final class Rig {
    final Out out = new Out();
    final GenetHw hw;
    final PatchSet patches;
    final NetDim netDim;
    BcmgenetPriv priv;
    BcmgenetCoalesce coal;
    /** The DIM work item INIT_WORK made (the Java side makes it once). */
    final WorkItem dimWork;

    Rig(String kernel) {
      KernelVersion v;
      try {
        v = KernelVersion.parse(kernel);
        patches = GenetPatches.CATALOG.select(v, List.of());
      } catch (BadInputException e) {
        throw new NotRunnable(e.getMessage());
      }
      HarnessKernel hk = new HarnessKernel();
      hw = new GenetHw(hk.sim, new Link(hk.sim, 1_000_000_000L, 0),
          new IrqLine(hk.kernel, "genet", 40, hk.cpu.core(0)), 256, 128, 0);
      hw.writes = (accessor, reg, index, value) ->
          out.call(accessor + ":" + reg, index, Integer.toUnsignedLong(value));
      hw.reads = (accessor, reg, index) -> out.call(accessor + ":" + reg, index);
      netDim = new NetDim(DimEra.of(v), () -> 0);
      this.priv = new BcmgenetPriv(hw, patches, hk.cpu);
      dimWork = new WorkItem(hk.kernel, "eth0-dim", () -> { });
    }

    void set(long[] r) {
      out.reset();
      priv = new BcmgenetPriv(hw, patches, priv.cpu);
      priv.netDim = netDim;
      coal = new BcmgenetCoalesce(priv);
      hw.tdmaDoneThresh = (int) r[0];
      hw.rdmaDoneThresh = (int) r[1];
      hw.rdmaTimeout = (int) r[2];
      priv.rx.index = 0;
      priv.rx.rxCoalesceUsecs = r[3];
      priv.rx.rxMaxCoalescedFrames = r[4];
      priv.rx.dim.useDim = (int) r[5];
      priv.rx.dim.dim.mode = (int) r[6];
      priv.rx.dim.dim.profileIx = (int) r[7];
      priv.rx.dim.dim.state = (int) r[8];
    }

    Out putRing() {
      return out.u("ring.rx_coalesce_usecs", priv.rx.rxCoalesceUsecs)
          .u("ring.rx_max_coalesced_frames", priv.rx.rxMaxCoalescedFrames)
          .put("ring.dim.use_dim", priv.rx.dim.useDim)
          .put("ring.dim.dim.state", priv.rx.dim.dim.state);
    }
  }

  private static PortHarness setRxCoalesce() {
    List<InputField> in = new ArrayList<>(HW_FIELDS);
    in.add(u32("usecs").withEdges(4_294_967, 4_294_968, 524_281));
    in.add(u32("pkts"));
    return PortHarness.of(GenetSources.MAIN_C, "bcmgenet_set_rx_coalesce")
        .sources(SOURCES)
        .program(program("bcmgenet_set_rx_coalesce.c", ""))
        .inputs(in)
        .notes(NOTE)
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return (JavaPort) r -> {
            rig.set(r);
            rig.coal.setRxCoalesce(rig.priv.rx, r[9], r[10]);
            return rig.putRing().toString();
          };
        })
        .build();
  }

  private static PortHarness ec(String function, int kind) {
    List<InputField> in = new ArrayList<>(HW_FIELDS);
    in.addAll(EC);
    return PortHarness.of(GenetSources.MAIN_C, function)
        .sources(SOURCES)
        .program(program("ec.c", "#define NICSIM_KIND " + kind))
        .inputs(in)
        .notes(NOTE)
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return (JavaPort) r -> {
            rig.set(r);
            EthtoolCoalesce ec = new EthtoolCoalesce().rxCoalesceUsecs(r[9])
                .rxMaxCoalescedFrames(r[10]).txMaxCoalescedFrames(r[11])
                .set(CoalesceParam.USE_ADAPTIVE_RX, r[12]);
            switch (kind) {
              case 0 -> {
                long ret = 0;
                try {
                  rig.coal.setCoalesce(ec);
                } catch (KernelException e) {
                  ret = -e.errno().number();
                }
                rig.out.put("ret", ret);
                return rig.putRing().toString();
              }
              case 1 -> {
                rig.coal.setRingRxCoalesce(rig.priv.rx, ec);
                return rig.putRing().toString();
              }
              default -> {
                rig.coal.getCoalesce(ec);
                return rig.out.put("ret", 0).u("ec.rx_coalesce_usecs", ec.rxCoalesceUsecs())
                    .u("ec.rx_max_coalesced_frames", ec.rxMaxCoalescedFrames())
                    .u("ec.tx_max_coalesced_frames", ec.txMaxCoalescedFrames())
                    .u("ec.use_adaptive_rx_coalesce", ec.get(CoalesceParam.USE_ADAPTIVE_RX))
                    .toString();
              }
            }
          };
        })
        .build();
  }

  private static PortHarness dimWork() {
    return PortHarness.of(GenetSources.MAIN_C, "bcmgenet_dim_work")
        .sources(SOURCES)
        .program(program("bcmgenet_dim_work.c", ""))
        .inputs(HW_FIELDS)
        .notes(NOTE)
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return (JavaPort) r -> {
            rig.set(r);
            rig.coal.dimWork(rig.priv.rx);
            return rig.putRing().toString();
          };
        })
        .build();
  }

  private static PortHarness initRxCoalesce() {
    return PortHarness.of(GenetSources.MAIN_C, "bcmgenet_init_rx_coalesce")
        .sources(SOURCES)
        .program(program("bcmgenet_init_rx_coalesce.c", ""))
        .inputs(HW_FIELDS)
        .notes(NOTE)
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return (JavaPort) r -> {
            rig.set(r);
            rig.coal.initRxCoalesce(rig.priv.rx);
            return rig.putRing().toString();
          };
        })
        .build();
  }

  private static PortHarness initDim() {
    List<InputField> in = new ArrayList<>(HW_FIELDS);
    in.add(InputField.u16("dim.event_ctr"));
    in.add(InputField.u64("dim.packets"));
    in.add(InputField.u64("dim.bytes"));
    return PortHarness.of(GenetSources.MAIN_C, "bcmgenet_init_dim")
        .sources(SOURCES)
        .program(program("bcmgenet_init_dim.c", ""))
        .inputs(in)
        .notes(NOTE + "; INIT_WORK sets the work's function (the Java side's work item exists"
            + " already: it is made once)")
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return (JavaPort) r -> {
            rig.set(r);
            BcmgenetPriv.NetDimCtx dim = rig.priv.rx.dim;
            dim.dim.work = rig.dimWork;
            dim.eventCtr = (int) r[HW_FIELDS.size()];
            dim.packets = r[HW_FIELDS.size() + 1];
            dim.bytes = r[HW_FIELDS.size() + 2];
            rig.coal.initDim(rig.priv.rx);
            rig.out.put("work", dim.dim.work == rig.dimWork).put("dim.dim.mode", dim.dim.mode)
                .put("dim.event_ctr", dim.eventCtr).u("dim.packets", dim.packets)
                .u("dim.bytes", dim.bytes);
            return rig.putRing().toString();
          };
        })
        .build();
  }
}
