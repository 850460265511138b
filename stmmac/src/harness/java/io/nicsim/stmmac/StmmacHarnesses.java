package io.nicsim.stmmac;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import io.nicsim.core.kernel.HarnessKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for stmmac_ethtool.c's coalescing code: the RIWT
 * conversions and the ethtool get/set entries (per queue and for all queues) with every
 * stmmac_rx_watchdog call. The C drivers are {@code src/main/resources/nicsim/portexec/stmmac/};
 * stmmac_main.c's are in {@link StmmacTxHarnesses} and its siblings.
 */
public final class StmmacHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/stmmac/";
  private static final String ETHTOOL_C = "drivers/net/ethernet/stmicro/stmmac/stmmac_ethtool.c";
  private static final String MAIN_C = StmmacTx.FILE;
  private static final List<String> HEADERS = List.of(
      "drivers/net/ethernet/stmicro/stmmac/stmmac.h",
      "drivers/net/ethernet/stmicro/stmmac/common.h",
      "include/linux/stmmac.h", "include/linux/hrtimer.h", "include/linux/hrtimer_types.h",
      "include/uapi/linux/ethtool.h", "include/linux/ethtool.h");

  private static List<String> sources(String file) {
    List<String> s = new ArrayList<>();
    s.add(file);
    s.addAll(HEADERS);
    s.addAll(KernelHeaders.ARITHMETIC);
    return s;
  }

  /** Clock rates of the glue profiles nicsim models, and the conversion's edges. */
  private static final long[] CLOCKS = {0, 1_000_000, 999_999, 25_000_000, 50_000_000,
      62_500_000, 125_000_000, 250_000_000, 300_000_000};

  /** struct stmmac_priv's coalescing state and the platform's clocks and queue counts. */
  static final List<InputField> PRIV_FIELDS;

  static {
    List<InputField> f = new ArrayList<>(List.of(
        u32("plat.stmmac_clk").withEdges(CLOCKS), u32("plat.clk_ref_rate").withEdges(CLOCKS),
        bool("use_riwt"), range("plat.rx_queues_to_use", 1, 8),
        range("plat.tx_queues_to_use", 1, 8)));
    for (String a : List.of("tx_coal_frames", "tx_coal_timer", "rx_coal_frames", "rx_riwt")) {
      for (int i = 0; i < 8; i++) {
        f.add(u32(a + "[" + i + "]").withEdges(0xff, 0x10, 25, 1000, 5000));
      }
    }
    PRIV_FIELDS = List.copyOf(f);
  }

  private static final List<InputField> EC = List.of(
      u32("ec.rx_coalesce_usecs").withEdges(1, 8, 16, 20, 100, 1000, 2048),
      u32("ec.rx_max_coalesced_frames").withEdges(25, 256),
      u32("ec.tx_coalesce_usecs").withEdges(100_000, 100_001, 1000, 5000),
      u32("ec.tx_max_coalesced_frames").withEdges(256, 257, 25));

  private static final String NOTE = "C unsigned long is 64-bit (arm64 glue); a clock below"
      + " 1 MHz makes riwt2usec divide by zero on both sides (1 record in 50)";

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(conversion("stmmac_usec2riwt", true));
    out.add(conversion("stmmac_riwt2usec", false));
    out.add(setCoalesce("__stmmac_set_coalesce", 0));
    out.add(setCoalesce("stmmac_set_coalesce", 1));
    out.add(setCoalesce("stmmac_set_per_queue_coalesce", 2));
    out.add(getCoalesce("__stmmac_get_coalesce", 0));
    out.add(getCoalesce("stmmac_get_coalesce", 1));
    out.add(getCoalesce("stmmac_get_per_queue_coalesce", 2));
    out.add(checkIfRunning());
    return out;
  }

  private static String program(String driver, String prelude) {
    return PortHarness.resource(StmmacHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(StmmacHarnesses.class, DIR + driver) + "\n//@ prelude\n"
        + prelude + "\n";
  }

  static PatchSet patches(String kernel) {
    try {
      return StmmacPatches.select("v" + kernel, List.of());
    } catch (BadInputException e) {
      throw new NotRunnable(e.getMessage());
    }
  }

  /** A priv as the record gives it (a GMAC4 at SNPSVER 5.10; use_riwt through riwt_off). */
  static StmmacPriv priv(PatchSet patches, long[] r, Out out) {
    StmmacPlat plat = new StmmacPlat(DwmacCore.GMAC4, 0x51, (int) r[4], (int) r[3], r[0], r[1],
        r[2] == 0, false, false, 64);
    StmmacPriv p = new StmmacPriv(plat, patches);
    p.rxWatchdog = (riwt, queue) -> out.call("rx_watchdog", Integer.toUnsignedLong(riwt), queue);
    for (int i = 0; i < 8; i++) {
      p.txCoalFrames[i] = (int) r[5 + i];
      p.txCoalTimer[i] = (int) r[13 + i];
      p.rxCoalFrames[i] = (int) r[21 + i];
      p.rxRiwt[i] = (int) r[29 + i];
    }
    return p;
  }

  static Out putPriv(Out o, StmmacPriv p) {
    for (int i = 0; i < 8; i++) {
      o.u32("tx_coal_frames[" + i + "]", p.txCoalFrames[i])
          .u32("tx_coal_timer[" + i + "]", p.txCoalTimer[i])
          .u32("rx_coal_frames[" + i + "]", p.rxCoalFrames[i])
          .u32("rx_riwt[" + i + "]", p.rxRiwt[i]);
    }
    return o;
  }

  /** Clocks below 1 MHz (riwt2usec divides by zero) in one record of 50 only. */
  private static long[] usableClocks(long[] r) {
    for (int c = 0; c < 2; c++) {
      if (r[c] > 0 && r[c] < 1_000_000 && Math.floorMod(r[5] ^ r[13], 50) != 0) {
        r[c] += 1_000_000;
      }
    }
    return r;
  }

  private static PortHarness conversion(String function, boolean toRiwt) {
    List<InputField> in = new ArrayList<>(PRIV_FIELDS);
    in.add(u32(toRiwt ? "usec" : "riwt").withEdges(0xff, 0x10, 0xFFFF_FFFFL / 256,
        0xFFFF_FFFFL / 256 + 1, 16_777_216));
    return PortHarness.of(ETHTOOL_C, function)
        .sources(sources(ETHTOOL_C))
        .program(program("riwt.c", "#define NICSIM_CONV " + function))
        .inputs(in)
        .admit(StmmacHarnesses::usableClocks)
        .notes(NOTE)
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          return r -> {
            Out out = new Out();
            StmmacEthtool e = new StmmacEthtool(priv(patches, r, out));
            long v = r[PRIV_FIELDS.size()];
            return out.u("ret", toRiwt ? e.usec2riwt(v) : e.riwt2usec(v)).toString();
          };
        })
        .build();
  }

  private static EthtoolCoalesce ec(long[] r, int at) {
    return new EthtoolCoalesce().rxCoalesceUsecs(r[at]).rxMaxCoalescedFrames(r[at + 1])
        .txCoalesceUsecs(r[at + 2]).txMaxCoalescedFrames(r[at + 3]);
  }

  /** An ethtool op that may refuse. */
  interface Op {
    void run() throws KernelException;
  }

  static long call(Op op) {
    try {
      op.run();
      return 0;
    } catch (KernelException e) {
      return -e.errno().number();
    }
  }

  private static List<InputField> withEc(boolean queue) {
    List<InputField> in = new ArrayList<>(PRIV_FIELDS);
    in.addAll(EC);
    in.add(queue ? range("queue", -1, 9) : range("queue (unused)", 0, 0));
    return in;
  }

  private static PortHarness setCoalesce(String function, int kind) {
    return PortHarness.of(ETHTOOL_C, function)
        .sources(sources(ETHTOOL_C))
        .program(program("set_coalesce.c", "#define NICSIM_SET_KIND " + kind))
        .inputs(withEc(kind != 1))
        .admit(r -> {
          usableClocks(r);
          if (kind == 2 && r[PRIV_FIELDS.size() + 4] < 0) {
            r[PRIV_FIELDS.size() + 4] = 0; // ethtool's per-queue op takes a u32 queue
          }
          return r;
        })
        .notes(NOTE)
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          return r -> {
            Out out = new Out();
            StmmacPriv p = priv(patches, r, out);
            StmmacEthtool e = new StmmacEthtool(p);
            EthtoolCoalesce ec = ec(r, PRIV_FIELDS.size());
            int queue = (int) r[PRIV_FIELDS.size() + 4];
            long ret = call(() -> {
              switch (kind) {
                case 0 -> e.setCoalesce(ec, queue);
                case 1 -> e.setCoalesce(ec);
                default -> e.setPerQueueCoalesce(queue, ec);
              }
            });
            return putPriv(out.put("ret", ret), p).toString();
          };
        })
        .build();
  }

  private static PortHarness getCoalesce(String function, int kind) {
    return PortHarness.of(ETHTOOL_C, function)
        .sources(sources(ETHTOOL_C))
        .program(program("get_coalesce.c", "#define NICSIM_GET_KIND " + kind))
        .inputs(withEc(kind != 1))
        .admit(r -> {
          usableClocks(r);
          if (kind == 2 && r[PRIV_FIELDS.size() + 4] < 0) {
            r[PRIV_FIELDS.size() + 4] = 0;
          }
          return r;
        })
        .notes(NOTE)
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          return r -> {
            Out out = new Out();
            StmmacPriv p = priv(patches, r, out);
            StmmacEthtool e = new StmmacEthtool(p);
            EthtoolCoalesce ec = ec(r, PRIV_FIELDS.size());
            int queue = (int) r[PRIV_FIELDS.size() + 4];
            long ret = call(() -> {
              switch (kind) {
                case 0 -> e.getCoalesce(ec, queue);
                case 1 -> e.getCoalesce(ec);
                default -> e.getPerQueueCoalesce(queue, ec);
              }
            });
            return out.put("ret", ret).u("ec.rx_coalesce_usecs", ec.rxCoalesceUsecs())
                .u("ec.rx_max_coalesced_frames", ec.rxMaxCoalescedFrames())
                .u("ec.tx_coalesce_usecs", ec.txCoalesceUsecs())
                .u("ec.tx_max_coalesced_frames", ec.txMaxCoalescedFrames()).toString();
          };
        })
        .build();
  }

  /** stmmac_check_if_running: the ethtool .begin until ethtool-no-begin (v6.12). */
  private static PortHarness checkIfRunning() {
    List<InputField> in = new ArrayList<>(PRIV_FIELDS);
    in.add(bool("netif_running"));
    return PortHarness.of(ETHTOOL_C, "stmmac_check_if_running")
        .sources(sources(ETHTOOL_C))
        .program(program("check_if_running.c", ""))
        .inputs(in)
        .notes("netif_running answers from the record")
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          return r -> {
            Out out = new Out();
            StmmacPriv p = priv(patches, r, out);
            p.netifRunning = r[PRIV_FIELDS.size()] != 0;
            StmmacEthtool e = new StmmacEthtool(p);
            return out.put("ret", call(e::checkIfRunning)).toString();
          };
        })
        .build();
  }
}
