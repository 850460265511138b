package io.nicsim.scenarios.seeds;

import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seeds 000/002: stmmac skips hrtimer_start when the TX timer is already active (edceeba4af3d).
 * A 64-byte UDP flood on Cyclone V and on Agilex5, v6.7 with and without the patch, and a
 * 10-packet burst showing where the timer now expires (Andrew Lunn's question).
 */
public final class StmmacHrtimerActive implements Scenario {
  static final String PATCH = "+hrtimer-active";
  private static final String FLOOD = "iperf3 -u -b 0 -l 64 -t 1";

  @Override
  public String name() {
    return "stmmac-hrtimer-active";
  }

  @Override
  public String title() {
    return "stmmac: skip hrtimer_start when the TX timer is active (edceeba4af3d)";
  }

  @Override
  public List<String> seeds() {
    return List.of("000_e259f3fef5275bf2.txt", "002_77d54a6243966d70.txt");
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    LinkedHashMap<String, String> a = new LinkedHashMap<>();
    a.put("traffic", "iperf3 -u -b 0 -l 64 -t 1 from the board to a sink on a 1 Gbit/s link;"
        + " the seed names the command, not the duration");
    a.put("kernel", "v6.7 (napi-aware arm, 5 ms tx-usecs, 25 tx-frames) as the patch's base;"
        + " the patch was posted against net-next 2026, whose TX timer code equals v6.7's");
    a.put("cores", "iperf3 on the last core, the NIC interrupt on core 0 (GIC default)");
    a.put("agilex5 calibration", "one factor on every hrtimer cost, fitted so that hrtimer work"
        + " is 8% of busy CPU before the patch (the seed's Agilex5 'before'); 0.6% after and the"
        + " UDP gain are predictions");
    a.put("cyclone5 calibration", "hrtimer costs = Agilex5's fitted ones scaled by the A55/A9"
        + " ratio (0.45) used for every Agilex5 estimate; then udp_sendmsg fitted to 45200 pps"
        + " before (the seed's Cyclone V 'before'); 52300 pps after is a prediction");
    a.put("hrtimer CPU", "hrtimer_start/reprogram/cancel/expire and the hrtimer_active check,"
        + " as a share of busy CPU time (what perf's cycle samples show)");
    a.put("burst", "ten 64-byte datagrams 100 us apart, fewer than tx-frames: only the timer"
        + " completes them; expiry measured from the first and last frame on the wire");
    return a;
  }

  @Override
  public List<Row> run(ReproContext ctx) {
    List<RunRequest> reqs = new ArrayList<>();
    for (String soc : List.of("cyclone5", "agilex5")) {
      reqs.add(flood(ctx, soc, List.of()));
      reqs.add(flood(ctx, soc, List.of(PATCH)));
    }
    List<RunResult> res = ctx.runAll(reqs);
    RunResult cycBefore = res.get(0);
    RunResult cycAfter = res.get(1);
    RunResult agxBefore = res.get(2);
    RunResult agxAfter = res.get(3);

    List<Row> rows = new ArrayList<>();
    rows.add(row("cyclone5 v6.7", "cyclone5", List.of(), "pps", "pkt/s", 45_200.0,
        cycBefore.metric("pps"), Role.CALIBRATION).withCpu(cycBefore));
    rows.add(row("cyclone5 +patch", "cyclone5", List.of(PATCH), "pps", "pkt/s", 52_300.0,
        cycAfter.metric("pps"), Role.PREDICTION).withCpu(cycAfter));
    for (int i = 0; i < 2; i++) {
      RunResult r = res.get(i);
      List<String> p = i == 0 ? List.of() : List.of(PATCH);
      String c = i == 0 ? "cyclone5 v6.7" : "cyclone5 +patch";
      rows.add(row(c, "cyclone5", p, "hrtimer_start_per_s", "1/s", null,
          r.metric("hrtimer_start_per_s"), Role.EXTRA).withCpu(r));
      rows.add(row(c, "cyclone5", p, "hrtimer_cpu_pct", "% busy", null, hrtimerShare(r),
          Role.EXTRA).withCpu(r));
    }
    rows.add(row("agilex5 v6.7", "agilex5", List.of(), "hrtimer_cpu_pct", "% busy", 8.0,
        hrtimerShare(agxBefore), Role.CALIBRATION).withCpu(agxBefore));
    rows.add(row("agilex5 +patch", "agilex5", List.of(PATCH), "hrtimer_cpu_pct", "% busy", 0.6,
        hrtimerShare(agxAfter), Role.PREDICTION).withCpu(agxAfter));
    rows.add(row("agilex5 +patch", "agilex5", List.of(PATCH), "udp_mbps", "% vs v6.7", 10.0,
        100.0 * (agxAfter.metric("udp_mbps") / agxBefore.metric("udp_mbps") - 1), Role.PREDICTION)
        .withCpu(agxAfter));
    rows.add(row("agilex5 v6.7", "agilex5", List.of(), "pps", "pkt/s", null,
        agxBefore.metric("pps"), Role.EXTRA).withCpu(agxBefore));
    rows.add(row("agilex5 +patch", "agilex5", List.of(PATCH), "pps", "pkt/s", null,
        agxAfter.metric("pps"), Role.EXTRA).withCpu(agxAfter));

    for (int i = 0; i < 2; i++) {
      List<String> p = i == 0 ? List.of() : List.of(PATCH);
      String c = i == 0 ? "burst v6.7" : "burst +patch";
      TimerBurstProbe.Result b =
          TimerBurstProbe.run(ctx.hosts(), "cyclone5", "v6.7", p, ctx.seed());
      rows.add(row(c, "cyclone5", p, "expiry_first_ms", "ms", null,
          b.expiryAfterFirstMs(), Role.EXTRA));
      rows.add(row(c, "cyclone5", p, "expiry_last_ms", "ms", null,
          b.expiryAfterLastMs(), Role.EXTRA));
      ctx.plotTimeline("cyclone5 " + (i == 0 ? "v6.7" : "v6.7 + edceeba4af3d")
              + ": ten frames 100 us apart, then the TX timer", b.timeline(),
          TimerBurstProbe.BURST_AT_NS - 200_000L, TimerBurstProbe.BURST_AT_NS + 6_500_000L);
    }
    double lastBefore = rows.get(rows.size() - 3).simulated();
    Row lastAfter = rows.get(rows.size() - 1);
    rows.add(Row.claim(lastAfter, "Andrew Lunn (seed 000): 'Doesn't that change the meaning of"
        + " the timer. It now actually goes off sooner?' - the author agreed in v3. After the"
        + " last of ten frames 100 us apart the timer expires "
        + String.format(Locale.ROOT, "%.3f", lastBefore) + " ms later without the"
        + " patch (the window slides with every frame) and "
        + String.format(Locale.ROOT, "%.3f", lastAfter.simulated()) + " ms with it"
        + " (tx-usecs after the first frame)", lastAfter.simulated() < lastBefore
            ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
    Map<String, double[][]> series = new LinkedHashMap<>();
    series.put("cyclone5", new double[][] {{0, cycBefore.metric("pps")},
        {1, cycAfter.metric("pps")}});
    series.put("agilex5 / 3", new double[][] {{0, agxBefore.metric("pps") / 3},
        {1, agxAfter.metric("pps") / 3}});
    ctx.plotCategories("UDP flood without and with edceeba4af3d", "patch",
        "packets per second", List.of("v6.7", "v6.7 + edceeba4af3d"), series);
    return rows;
  }

  private static RunRequest flood(ReproContext ctx, String soc, List<String> patches) {
    return RunRequest.of("stmmac", soc, TrafficParser.parse(FLOOD)).withKernel("v6.7")
        .withPatches(patches).withSeed(ctx.seed());
  }

  /** hrtimer work as a share of busy CPU time, percent. */
  static double hrtimerShare(RunResult r) {
    return 100.0 * r.metric("hrtimer_cpu_pct") / r.metric("cpu_pct");
  }

  private static Row row(String caseName, String soc, List<String> patches, String metric,
      String unit, Double published, double simulated, Role role) {
    Map<String, Long> coalesce = new LinkedHashMap<>();
    coalesce.put("tx-usecs", 5000L);
    coalesce.put("tx-frames", 25L);
    return new Row(caseName, soc, "v6.7", patches, coalesce, metric, unit, published, simulated,
        role);
  }
}
