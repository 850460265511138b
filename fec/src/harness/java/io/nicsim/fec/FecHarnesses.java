package io.nicsim.fec;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for fec's coalescing code (fec_main.c): the ITR tick
 * conversion, RXIC/TXIC programming and the ethtool get/set handlers, with every register write
 * compared. The C drivers are {@code src/main/resources/nicsim/portexec/fec/}.
 */
public final class FecHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/fec/";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(FecSources.MAIN_C, FecSources.FEC_H,
        "include/uapi/linux/ethtool.h", "include/linux/ethtool.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  /** The ITR clock rates of the SoCs nicsim models, and the wrap points of the u32 product. */
  private static final long[] CLOCKS = {66_000_000L, 132_000_000L, 200_000_000L,
      266_666_666L, 333_333_333L, 64_000L, 63_999L, 128_000L};

  /** struct fec_enet_private's coalescing fields. */
  static final List<InputField> FEP_FIELDS = List.of(
      bool("quirks&HAS_COALESCE"), bool("quirks&HAS_MULTI_QUEUES"),
      u32("itr_clk_rate").withEdges(CLOCKS),
      u32("rx_time_itr").withEdges(0, 1, 1000, 0xFFFF), u32("rx_pkts_itr").withEdges(0, 1, 2, 255, 256),
      u32("tx_time_itr").withEdges(0, 1, 1000, 0xFFFF), u32("tx_pkts_itr").withEdges(0, 1, 2, 255, 256));

  private static List<InputField> ec(String p) {
    return List.of(u32(p + "rx_coalesce_usecs").withEdges(1000, 12_000, 12_001, 0xFFFF),
        u32(p + "rx_max_coalesced_frames").withEdges(255, 256),
        u32(p + "tx_coalesce_usecs").withEdges(1000, 12_000, 12_001, 0xFFFF),
        u32(p + "tx_max_coalesced_frames").withEdges(255, 256));
  }

  @Override
  public List<PortHarness> harnesses() {
    return List.of(usToItrClock(), itrCoalSet(), setCoalesce(), getCoalesce());
  }

  private static String program(String driver) {
    return PortHarness.resource(FecHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(FecHarnesses.class, DIR + driver);
  }

  /** The patch set a tree's release has, as {@code --kernel} would select it. */
  static PatchSet patches(String kernel) {
    try {
      return FecPatches.select(KernelVersion.parse(kernel), List.of());
    } catch (BadInputException e) {
      throw new NotRunnable(e.getMessage());
    }
  }

  /** A fep whose register writes append to {@code out}. */
  private static final class Rig {
    final Out out = new Out();
    final FecEnetPrivate fep;
    final FecCoalesce coal;

    Rig(String kernel) {
      FecRegisters regs = new FecRegisters();
      regs.listener((offset, value) -> out.call("writel", offset, Integer.toUnsignedLong(value)));
      fep = new FecEnetPrivate(regs, patches(kernel));
      coal = new FecCoalesce(fep);
    }

    Out set(long[] r) {
      out.reset();
      fep.quirks = (r[0] != 0 ? FecQuirk.HAS_COALESCE : 0)
          | (r[1] != 0 ? FecQuirk.HAS_MULTI_QUEUES : 0);
      fep.itrClkRate = (int) r[2];
      fep.rxTimeItr = (int) r[3];
      fep.rxPktsItr = (int) r[4];
      fep.txTimeItr = (int) r[5];
      fep.txPktsItr = (int) r[6];
      return out;
    }

    Out putFep() {
      return out.u32("rx_time_itr", fep.rxTimeItr).u32("rx_pkts_itr", fep.rxPktsItr)
          .u32("tx_time_itr", fep.txTimeItr).u32("tx_pkts_itr", fep.txPktsItr);
    }
  }

  private static PortHarness usToItrClock() {
    List<InputField> in = new ArrayList<>(FEP_FIELDS);
    in.add(s32("us").withEdges(1000, 12_000, 12_001, 12_884_901L));
    return PortHarness.of(FecSources.MAIN_C, "fec_enet_us_to_itr_clock")
        .sources(SOURCES)
        .program(program("fec_enet_us_to_itr_clock.c"))
        .inputs(in)
        .admit(FecHarnesses::nonzeroClock)
        .notes("itr_clk_rate is the ahb clock (never 0: probe fails without it)")
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> rig.set(r).put("ret", rig.coal.usToItrClock((int) r[7])).toString();
        })
        .build();
  }

  private static PortHarness itrCoalSet() {
    return PortHarness.of(FecSources.MAIN_C, "fec_enet_itr_coal_set")
        .sources(SOURCES)
        .program(program("fec_enet_itr_coal_set.c"))
        .inputs(FEP_FIELDS)
        .admit(FecHarnesses::nonzeroClock)
        .notes("itr_clk_rate never 0; the RXICn/TXICn writes are compared in order")
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            rig.set(r);
            rig.coal.itrCoalSet();
            return rig.putFep().toString();
          };
        })
        .build();
  }

  private static PortHarness setCoalesce() {
    List<InputField> in = new ArrayList<>(FEP_FIELDS);
    in.addAll(ec("ec."));
    return PortHarness.of(FecSources.MAIN_C, "fec_enet_set_coalesce")
        .sources(SOURCES)
        .program(program("fec_enet_set_coalesce.c"))
        .inputs(in)
        .admit(FecHarnesses::nonzeroClock)
        .notes("itr_clk_rate never 0; dev_err texts and register writes compared")
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            Out out = rig.set(r);
            EthtoolCoalesce ec = new EthtoolCoalesce().rxCoalesceUsecs(r[7])
                .rxMaxCoalescedFrames(r[8]).txCoalesceUsecs(r[9]).txMaxCoalescedFrames(r[10]);
            out.put("ret", call(out, () -> rig.coal.setCoalesce(ec)));
            return rig.putFep().toString();
          };
        })
        .build();
  }

  private static PortHarness getCoalesce() {
    List<InputField> in = new ArrayList<>(FEP_FIELDS);
    in.addAll(ec("ec_before."));
    return PortHarness.of(FecSources.MAIN_C, "fec_enet_get_coalesce")
        .sources(SOURCES)
        .program(program("fec_enet_get_coalesce.c"))
        .inputs(in)
        .java(kernel -> {
          Rig rig = new Rig(kernel);
          return r -> {
            Out out = rig.set(r);
            EthtoolCoalesce ec = new EthtoolCoalesce().rxCoalesceUsecs(r[7])
                .rxMaxCoalescedFrames(r[8]).txCoalesceUsecs(r[9]).txMaxCoalescedFrames(r[10]);
            out.put("ret", call(out, () -> rig.coal.getCoalesce(ec)));
            return out.u("ec.rx_coalesce_usecs", ec.rxCoalesceUsecs())
                .u("ec.rx_max_coalesced_frames", ec.rxMaxCoalescedFrames())
                .u("ec.tx_coalesce_usecs", ec.txCoalesceUsecs())
                .u("ec.tx_max_coalesced_frames", ec.txMaxCoalescedFrames()).toString();
          };
        })
        .build();
  }

  /** An ethtool op that may refuse. */
  interface Op {
    void run() throws KernelException;
  }

  /** 0, or the negative errno (after the dev_err the kernel prints with it). */
  static long call(Out out, Op op) {
    try {
      op.run();
      return 0;
    } catch (KernelException e) {
      if (e.kernelMessage() != null && !e.kernelMessage().isEmpty()) {
        out.message("dev_err", e.kernelMessage());
      }
      return -e.errno().number();
    }
  }

  private static long[] nonzeroClock(long[] r) {
    if (r[2] == 0) {
      r[2] = CLOCKS[(int) Math.floorMod(r[3], CLOCKS.length)];
    }
    return r;
  }
}
