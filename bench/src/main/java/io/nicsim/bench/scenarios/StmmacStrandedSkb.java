package io.nicsim.bench.scenarios;

import io.nicsim.bench.repro.ReproContext;
import io.nicsim.bench.repro.Role;
import io.nicsim.bench.repro.Row;
import io.nicsim.bench.repro.Scenario;
import io.nicsim.bench.run.Exploration;
import io.nicsim.bench.run.RunRequest;
import io.nicsim.bench.traffic.TrafficParser;
import io.nicsim.core.check.Liveness;
import io.nicsim.core.ethtool.CoalesceArgs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The stmmac TX-timer window (issue 18): since 2d1a42cf7f77 an xmit on one CPU that lands
 * between another CPU's stmmac_tx_clean (pending_packets computed, lock dropped) and its
 * napi_complete_done only tries to cancel the timer, and the poll does not arm it: the
 * descriptors just queued have nothing that will clean them until a later transmit. Each case
 * runs several perturbed seeds ({@code run --jitter}) and counts the stranded spells the
 * liveness check sees. bench/README.md ("The stmmac TX-timer window") is the write-up.
 */
public final class StmmacStrandedSkb implements Scenario {
  static final String SOC = "rk3588-yt6801";
  /**
   * A UDP stream from iperf3 on one CPU while the TX interrupt is taken on another: the ring
   * drains between the coalesced completions, so most TX polls find no pending work, and the
   * next datagram's xmit often lands inside the poll.
   */
  static final String TRAFFIC = "iperf3 -u -b 400M -l 1400 -t 1";
  /** Perturbed seeds per case. */
  static final int SEEDS = 3;
  static final double JITTER = 20;

  /** One case: a label, a kernel, patch edits and ethtool -C. */
  record Case(String name, String kernel, List<String> patches, String coalesce) {}

  static final List<Case> CASES = List.of(
      new Case("v6.6 (control)", "v6.6", List.of(), null),
      new Case("v6.7", "v6.7", List.of(), null),
      new Case("v6.12", "v6.12", List.of(), null),
      new Case("v6.18", "v6.18", List.of(), null),
      new Case("v6.12.y (d21a374995df)", "v6.12", List.of("+burst-end-ic"), null),
      new Case("v6.12.y tx-frames 0", "v6.12", List.of("+burst-end-ic"), "tx-frames 0"),
      new Case("v6.18 + fix", "v6.18", List.of("+tx-arm-recheck"), null));

  @Override
  public String name() {
    return "stmmac-stranded-skb";
  }

  @Override
  public String title() {
    return "the stmmac TX-timer window: an skb no interrupt, timer or poll will clean"
        + " (2d1a42cf7f77 on; d21a374995df narrows it; a candidate fix closes it)";
  }

  @Override
  public List<String> seeds() {
    return List.of("003_55d7a8cd0e725948.txt");
  }

  @Override
  public boolean byNameOnly() {
    return true;
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    LinkedHashMap<String, String> a = new LinkedHashMap<>();
    a.put("host", SOC + ": GMAC4 behind PCIe, per-channel MSI vectors (no shared-line TBU"
        + " rescue; the model has no TBU cause), 8 cores; exploration places each interrupt"
        + " vector on a CPU drawn from the seed, iperf3 on CPU 7");
    a.put("traffic", TRAFFIC + ": datagrams every ~28 us from one CPU; the TX interrupt comes"
        + " every 25 descriptors (tx-frames 25) and its poll usually empties the ring");
    a.put("perturbation", SEEDS + " seeds per case, --jitter " + (long) JITTER + " (every CPU"
        + " cost within +-20%, new work up to 500 ns late); figures are the seeds' total");
    a.put("window", "a stranded spell: the ring holds descriptors while no IC is pending, no"
        + " status latched, no timer queued and no poll scheduled (the liveness check's"
        + " TxLiveness answer), observed every 10 us");
    a.put("v6.12.y", "d21a374995df added to v6.12 with +burst-end-ic (Debian's 6.12.117 has"
        + " it: netdev_xmit_more() in stmmac_xmit)");
    a.put("fix", "tx-arm-recheck (what-if): re-check dirty_tx != cur_tx after"
        + " napi_complete_done and arm; a full barrier in xmit before napi_is_scheduled");
    a.put("roles", "every row is an extra: no published figure exists; the claim is the C's");
    return a;
  }

  @Override
  public List<Row> run(ReproContext ctx) {
    Exploration x = Exploration.of(JITTER);
    List<Supplier<Exploration.Run>> jobs = new ArrayList<>();
    for (Case c : CASES) {
      for (int s = 0; s < SEEDS; s++) {
        RunRequest req = RunRequest.of("stmmac", SOC, TrafficParser.parse(TRAFFIC))
            .withKernel(c.kernel()).withPatches(c.patches()).withSeed(ctx.seed() + s)
            .withCoalesce(c.coalesce() == null ? CoalesceArgs.none()
                : CoalesceArgs.parse(c.coalesce()));
        jobs.add(() -> ctx.explore(req, x));
      }
    }
    List<Exploration.Run> runs = ctx.parallel(jobs);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < CASES.size(); i++) {
      Case c = CASES.get(i);
      long packets = 0;
      List<Long> stranded = new ArrayList<>();
      List<Long> held = new ArrayList<>();
      int neverFreed = 0;
      int dead = 0;
      int failed = 0;
      for (Exploration.Run r : runs.subList(i * SEEDS, (i + 1) * SEEDS)) {
        packets += r.packets();
        if (r.failure() != null) {
          failed++;
        }
        for (Liveness.Episode e : r.episodes()) {
          if (!e.component().startsWith("stmmac")) {
            continue;
          }
          stranded.add(e.strandedNs(r.endNs()));
          held.add(e.heldNs(r.endNs()));
          if (e.freedNs() < 0) {
            neverFreed++;
          }
          if (e.dead()) {
            dead++;
          }
        }
      }
      Map<String, Long> coal = new LinkedHashMap<>();
      if (c.coalesce() != null) {
        String[] kv = c.coalesce().split(" ");
        coal.put(kv[0], Long.parseLong(kv[1]));
      }
      rows.add(row(c, coal, "window_openings_per_mpkt", "/Mpkt",
          packets == 0 ? 0 : stranded.size() * 1e6 / packets));
      rows.add(row(c, coal, "stranded_us_p50", "us", pct(stranded, 50) / 1e3));
      rows.add(row(c, coal, "stranded_us_max", "us", pct(stranded, 100) / 1e3));
      rows.add(row(c, coal, "skb_held_ms_p50", "ms", pct(held, 50) / 1e6));
      rows.add(row(c, coal, "skb_held_ms_max", "ms", pct(held, 100) / 1e6));
      rows.add(row(c, coal, "spells_never_freed", "", neverFreed));
      rows.add(row(c, coal, "spells_dead", "", dead));
      rows.add(row(c, coal, "runs_failed", "", failed));
    }
    return rows;
  }

  private static Row row(Case c, Map<String, Long> coal, String metric, String unit, double v) {
    return new Row(c.name(), SOC, c.kernel(), c.patches(), coal, metric, unit, null, v,
        Role.EXTRA);
  }

  static double pct(List<Long> xs, int p) {
    if (xs.isEmpty()) {
      return 0;
    }
    List<Long> s = new ArrayList<>(xs);
    s.sort(null);
    int i = (int) Math.min(s.size() - 1, Math.ceil(p / 100.0 * s.size()) - 1);
    return s.get(Math.max(0, i));
  }
}
