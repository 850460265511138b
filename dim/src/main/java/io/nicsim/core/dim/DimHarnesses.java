package io.nicsim.core.dim;

import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.s64;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.WorkItem;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import io.nicsim.core.kernel.HarnessKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code port-check --execute} harnesses for lib/dim: every function of dim.c and net_dim.c that
 * nicsim ports, and dim.h's dim_update_sample. The C drivers are
 * {@code src/main/resources/nicsim/portexec/dim/}; a struct dim travels as the 17 fields of
 * {@link #DIM_FIELDS}.
 */
public final class DimHarnesses implements PortHarnessProvider {

  private static final String DIR = "nicsim/portexec/dim/";
  private static final List<String> SOURCES_C;
  private static final List<String> SOURCES_NET;

  static {
    List<String> c = new ArrayList<>(List.of(DimSources.DIM_C, DimSources.DIM_H));
    c.addAll(KernelHeaders.ARITHMETIC);
    SOURCES_C = List.copyOf(c);
    List<String> n = new ArrayList<>(List.of(DimSources.NET_DIM_C, DimSources.DIM_H,
        DimSources.DIM_C));
    n.addAll(KernelHeaders.ARITHMETIC);
    SOURCES_NET = List.copyOf(n);
  }

  /**
   * The reachable domain of struct dim's u8 fields: the Java port keeps them as ints because
   * lib/dim never takes them outside these ranges (profile_ix 0..4, steps and tired at most
   * 2 × NET_DIM_PARAMS_NUM_PROFILES).
   */
  static final String DOMAIN_NOTE = "struct dim's u8 fields in their reachable ranges (state 0..2,"
      + " profile_ix 0..4, mode 0..1, tune_state 0..3, steps and tired 0..10, tired > 0 while"
      + " PARKING_TIRED)";

  /**
   * A record's struct dim brought into lib/dim's reachable states: PARKING_TIRED is entered
   * with tired at 2 × NET_DIM_PARAMS_NUM_PROFILES and left when it counts down to 0, so it never
   * holds tired 0 (where the C's u8 decrement would wrap).
   */
  static long[] reachable(long[] r) {
    if (r[3] == Dim.PARKING_TIRED && r[6] == 0) {
      r[6] = 1 + Math.floorMod(r[0] + r[1] + r[4] + r[5], 2 * NetDim.PARAMS_NUM_PROFILES);
    }
    return r;
  }

  /** A struct dim: its state fields, prev_stats, start_sample. */
  static final List<InputField> DIM_FIELDS = List.of(
      range("dim.state", 0, 2),
      range("dim.profile_ix", 0, NetDim.PARAMS_NUM_PROFILES - 1),
      range("dim.mode", 0, 1),
      range("dim.tune_state", 0, 3),
      range("dim.steps_right", 0, 2 * NetDim.PARAMS_NUM_PROFILES),
      range("dim.steps_left", 0, 2 * NetDim.PARAMS_NUM_PROFILES),
      range("dim.tired", 0, 2 * NetDim.PARAMS_NUM_PROFILES),
      s32("prev.ppms"), s32("prev.bpms"), s32("prev.epms"), s32("prev.cpms"),
      s32("prev.cpe_ratio"),
      s64("start.time"), u32("start.pkt_ctr"), u32("start.byte_ctr"), u16("start.event_ctr"),
      u32("start.comp_ctr"));

  private static List<InputField> stats(String p) {
    return List.of(s32(p + ".ppms"), s32(p + ".bpms"), s32(p + ".epms"), s32(p + ".cpms"),
        s32(p + ".cpe_ratio"));
  }

  /** End-sample deltas: wrap-around and the edges net_dim and dim_calc_stats test. */
  private static List<InputField> endDeltas() {
    return List.of(
        s64("end.time-start.time").withEdges(999, 1000, 1001, 999_999, 1_000_000,
            0xFFFF_FFFFL * 1000, 0x1_0000_0000L * 1000),
        u32("end.pkt_ctr-start.pkt_ctr"), u32("end.byte_ctr-start.byte_ctr"),
        u16("end.event_ctr-start.event_ctr").withEdges(63, 64, 65),
        u32("end.comp_ctr-start.comp_ctr"));
  }

  @Override
  public List<PortHarness> harnesses() {
    return all();
  }

  public static List<PortHarness> all() {
    List<PortHarness> out = new ArrayList<>();
    out.add(dimOnly(DimSources.DIM_C, "dim_on_top", dim -> new Out().put("ret",
        DimLib.onTop(dim))));
    out.add(dimOnly(DimSources.DIM_C, "dim_turn", dim -> {
      DimLib.turn(dim);
      return new Out();
    }));
    out.add(dimOnly(DimSources.DIM_C, "dim_park_on_top", dim -> {
      DimLib.parkOnTop(dim);
      return new Out();
    }));
    out.add(dimOnly(DimSources.DIM_C, "dim_park_tired", dim -> {
      DimLib.parkTired(dim);
      return new Out();
    }));
    out.add(dimOnly(DimSources.NET_DIM_C, "net_dim_step", dim -> new Out().put("ret",
        NetDim.step(dim))));
    out.add(dimOnly(DimSources.NET_DIM_C, "net_dim_exit_parking", dim -> {
      NetDim.exitParking(dim);
      return new Out();
    }));
    out.add(statsCompare());
    out.add(decision());
    out.add(calcStats());
    out.add(updateSample());
    out.add(netDim());
    out.add(getter("net_dim_get_rx_moderation", false, false));
    out.add(getter("net_dim_get_def_rx_moderation", false, true));
    out.add(getter("net_dim_get_tx_moderation", true, false));
    out.add(getter("net_dim_get_def_tx_moderation", true, true));
    return out;
  }

  private static String program(String driver) {
    return PortHarness.resource(DimHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(DimHarnesses.class, DIR + driver);
  }

  private static List<String> sources(String file) {
    return file.equals(DimSources.DIM_C) ? SOURCES_C : SOURCES_NET;
  }

  /** The era the Java port runs for a tree's release. */
  static DimEra era(String kernel) {
    try {
      return DimEra.of(KernelVersion.parse(kernel));
    } catch (BadInputException e) {
      throw new NotRunnable(e.getMessage());
    }
  }

  /** A function of a struct dim alone: the record is the struct; the output its result, then the struct. */
  private static PortHarness dimOnly(String file, String function, Function<Dim, Out> body) {
    return PortHarness.of(file, function)
        .sources(sources(file))
        .program(program(function + ".c"))
        .inputs(DIM_FIELDS)
        .admit(DimHarnesses::reachable)
        .notes(DOMAIN_NOTE)
        .java(kernel -> {
          era(kernel);
          return in -> {
            Dim dim = new Dim();
            setDim(dim, in, 0);
            Out out = body.apply(dim);
            return putDim(out, dim).toString();
          };
        })
        .build();
  }

  private static PortHarness statsCompare() {
    List<InputField> in = new ArrayList<>(stats("curr"));
    in.addAll(stats("prev"));
    return PortHarness.of(DimSources.NET_DIM_C, "net_dim_stats_compare")
        .sources(SOURCES_NET)
        .program(program("net_dim_stats_compare.c"))
        .inputs(in)
        .admit(DimHarnesses::nearbyStats)
        .java(kernel -> {
          era(kernel);
          return r -> {
            DimStats curr = new DimStats();
            DimStats prev = new DimStats();
            setStats(curr, r, 0);
            setStats(prev, r, 5);
            return new Out().put("ret", NetDim.statsCompare(curr, prev)).toString();
          };
        })
        .notes("a third of the records put curr within ±20 % of prev, where the 10 % test decides")
        .build();
  }

  /**
   * A third of the records move curr next to prev (±20 %), where IS_SIGNIFICANT_DIFF's 10 %
   * threshold is crossed, so every branch of the comparison runs.
   */
  private static long[] nearbyStats(long[] r) {
    if (Math.floorMod(r[0] ^ r[5], 3) == 0) {
      for (int i = 0; i < 5; i++) {
        long prev = r[5 + i];
        long span = Math.max(1, Math.abs(prev) / 5);
        r[i] = (int) (prev + Math.floorMod(r[i], 2 * span + 1) - span);
      }
    }
    return r;
  }

  private static PortHarness decision() {
    List<InputField> in = new ArrayList<>(DIM_FIELDS);
    in.addAll(stats("curr"));
    return PortHarness.of(DimSources.NET_DIM_C, "net_dim_decision")
        .sources(SOURCES_NET)
        .program(program("net_dim_decision.c"))
        .inputs(in)
        .admit(r -> {
          // as net_dim_stats_compare: a third of the records near prev_stats
          reachable(r);
          if (Math.floorMod(r[17] ^ r[7], 3) == 0) {
            for (int i = 0; i < 5; i++) {
              long prev = r[7 + i];
              long span = Math.max(1, Math.abs(prev) / 5);
              r[17 + i] = (int) (prev + Math.floorMod(r[17 + i], 2 * span + 1) - span);
            }
          }
          return r;
        })
        .notes(DOMAIN_NOTE)
        .java(kernel -> {
          era(kernel);
          return r -> {
            Dim dim = new Dim();
            setDim(dim, r, 0);
            DimStats curr = new DimStats();
            setStats(curr, r, 17);
            Out out = new Out().put("ret", NetDim.decision(curr, dim));
            return putDim(out, dim).toString();
          };
        })
        .build();
  }

  private static PortHarness calcStats() {
    List<InputField> in = new ArrayList<>(List.of(s64("start.time"), u32("start.pkt_ctr"),
        u32("start.byte_ctr"), u16("start.event_ctr"), u32("start.comp_ctr")));
    in.addAll(endDeltas());
    in.addAll(stats("curr"));
    return PortHarness.of(DimSources.DIM_C, "dim_calc_stats")
        .sources(SOURCES_C)
        .program(program("dim_calc_stats.c"))
        .inputs(in)
        .notes("the end sample is given as deltas from the start sample")
        .java(kernel -> {
          era(kernel);
          return r -> {
            DimSample start = new DimSample();
            setSample(start, r, 0);
            DimSample end = endSample(start, r, 5);
            DimStats curr = new DimStats();
            setStats(curr, r, 10);
            Out out = new Out().put("ret", DimLib.calcStats(start, end, curr));
            return putStats(out, "curr", curr).toString();
          };
        })
        .build();
  }

  private static PortHarness updateSample() {
    return PortHarness.of(DimSources.DIM_H, "dim_update_sample")
        .sources(SOURCES_C)
        .program(program("dim_update_sample.c"))
        .inputs(List.of(u16("event_ctr"), u64("packets"), u64("bytes"), s64("ktime_get")))
        .java(kernel -> {
          era(kernel);
          return r -> {
            DimSample s = new DimSample();
            DimLib.updateSample(r[3], (int) r[0], r[1], r[2], s);
            return putSample(new Out(), "s", s).toString();
          };
        })
        .build();
  }

  private static PortHarness netDim() {
    List<InputField> in = new ArrayList<>(DIM_FIELDS);
    in.addAll(endDeltas());
    in.add(s64("ktime_get"));
    return PortHarness.of(DimSources.NET_DIM_C, "net_dim")
        .sources(SOURCES_NET)
        .program(program("net_dim.c"))
        .inputs(in)
        .admit(DimHarnesses::reachable)
        .notes(DOMAIN_NOTE + "; the end sample as deltas from dim.start_sample;"
            + " schedule_work recorded from the work item's pending bit")
        .java(kernel -> {
          DimEra era = era(kernel);
          long[] now = new long[1];
          NetDim netDim = new NetDim(era, () -> now[0]);
          WorkItem work = new WorkItem(new HarnessKernel().kernel, "dim", () -> { });
          return (JavaPort) r -> {
            Dim dim = new Dim();
            setDim(dim, r, 0);
            work.cancelSync();
            dim.work = work;
            DimSample end = endSample(dim.startSample, r, 17);
            now[0] = r[22];
            netDim.netDim(dim, end);
            Out out = new Out();
            if (work.pending()) {
              out.call("schedule_work");
            }
            return putDim(out, dim).toString();
          };
        })
        .build();
  }

  private static PortHarness getter(String function, boolean tx, boolean def) {
    String prelude = "//@ prelude\n#define NICSIM_GET " + function + "\n"
        + (def ? "#define NICSIM_DEF 1\n" : "");
    return PortHarness.of(DimSources.NET_DIM_C, function)
        .sources(SOURCES_NET)
        .program(program("net_dim_get_moderation.c") + "\n" + prelude)
        .inputs(List.of(range("cq_period_mode", 0, Dim.CQ_PERIOD_NUM_MODES - 1),
            range("ix", 0, NetDim.PARAMS_NUM_PROFILES - 1)))
        .notes("every profile of both CQ period modes (an index outside the tables is undefined"
            + " in C)")
        .java(kernel -> {
          NetDim netDim = new NetDim(era(kernel), () -> 0);
          return r -> {
            int mode = (int) r[0];
            int ix = (int) r[1];
            DimCqModer m = tx
                ? (def ? netDim.getDefTxModeration(mode) : netDim.getTxModeration(mode, ix))
                : (def ? netDim.getDefRxModeration(mode) : netDim.getRxModeration(mode, ix));
            return new Out().put("usec", m.usec()).put("pkts", m.pkts()).put("comps", m.comps())
                .put("cq_period_mode", m.cqPeriodMode()).toString();
          };
        })
        .build();
  }

  static DimSample endSample(DimSample start, long[] r, int at) {
    DimSample end = new DimSample();
    end.time = start.time + r[at];
    end.pktCtr = start.pktCtr + (int) r[at + 1];
    end.byteCtr = start.byteCtr + (int) r[at + 2];
    end.eventCtr = (start.eventCtr + (int) r[at + 3]) & 0xFFFF;
    end.compCtr = start.compCtr + (int) r[at + 4];
    return end;
  }

  static void setDim(Dim d, long[] r, int at) {
    d.state = (int) r[at];
    d.profileIx = (int) r[at + 1];
    d.mode = (int) r[at + 2];
    d.tuneState = (int) r[at + 3];
    d.stepsRight = (int) r[at + 4];
    d.stepsLeft = (int) r[at + 5];
    d.tired = (int) r[at + 6];
    setStats(d.prevStats, r, at + 7);
    setSample(d.startSample, r, at + 12);
  }

  static Out putDim(Out o, Dim d) {
    o.put("state", d.state).put("profile_ix", d.profileIx).put("mode", d.mode)
        .put("tune_state", d.tuneState).put("steps_right", d.stepsRight)
        .put("steps_left", d.stepsLeft).put("tired", d.tired);
    putStats(o, "prev", d.prevStats);
    return putSample(o, "start", d.startSample);
  }

  static void setStats(DimStats s, long[] r, int at) {
    s.ppms = (int) r[at];
    s.bpms = (int) r[at + 1];
    s.epms = (int) r[at + 2];
    s.cpms = (int) r[at + 3];
    s.cpeRatio = (int) r[at + 4];
  }

  static Out putStats(Out o, String p, DimStats s) {
    return o.put(p + ".ppms", s.ppms).put(p + ".bpms", s.bpms).put(p + ".epms", s.epms)
        .put(p + ".cpms", s.cpms).put(p + ".cpe_ratio", s.cpeRatio);
  }

  static void setSample(DimSample s, long[] r, int at) {
    s.time = r[at];
    s.pktCtr = (int) r[at + 1];
    s.byteCtr = (int) r[at + 2];
    s.eventCtr = (int) r[at + 3] & 0xFFFF;
    s.compCtr = (int) r[at + 4];
  }

  static Out putSample(Out o, String p, DimSample s) {
    return o.put(p + ".time", s.time).u32(p + ".pkt_ctr", s.pktCtr)
        .u32(p + ".byte_ctr", s.byteCtr).put(p + ".event_ctr", s.eventCtr)
        .u32(p + ".comp_ctr", s.compCtr);
  }
}
