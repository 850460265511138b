package io.nicsim.scenarios.seeds;

import io.nicsim.core.check.Liveness;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.runs.Exploration;
import io.nicsim.runs.ExploreResult;
import io.nicsim.runs.RunRequest;
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
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The stmmac TX-timer window: since 2d1a42cf7f77 an xmit on one CPU that lands
 * between another CPU's stmmac_tx_clean (pending_packets computed, lock dropped) and its
 * napi_complete_done only tries to cancel the timer, and the poll does not arm it: the
 * descriptors just queued have nothing that will clean them until a later transmit. The xmit
 * must take the TX lock after the clean dropped it and read SCHED before napi_complete_done
 * clears it: a window of the completion's length, open only when that CPU is held there (an
 * interrupt). Each window case runs several perturbed seeds ({@code run --jitter ranges
 * --preempt kcsan}: each CPU cost within its own documented range, and KCSAN's delays injected
 * at the preemption points) of a UDP stream and counts the stranded spells the liveness check
 * sees; v6.18 also runs without injected delays. A second part stops a flow at the moment its
 * last skb is stranded and looks at what follows. cli/README.md ("The stmmac TX-timer
 * window") is the write-up.
 */
public final class StmmacStrandedSkb implements Scenario {
  static final String SOC = "rk3588-yt6801";
  /**
   * A UDP stream from iperf3 on one CPU while the TX interrupt is taken on another: the ring
   * drains between the coalesced completions, so most TX polls find no pending work, and the
   * next datagram's xmit (one skb per sendmsg) often lands inside the poll. The stopped-flow
   * part cuts this flow at the moment the window first opens.
   */
  static final String UDP = "iperf3 -u -b 400M -l 1400 -t 1";
  /** Perturbed seeds per window case. */
  static final int SEEDS = 3;
  /**
   * The perturbation: explore's default, each CPU cost within its own documented range and
   * KCSAN's delays injected at the preemption points (up to 20 us in interrupt context, 80 us
   * in a task, with chance 1/8 at each).
   */
  static final Exploration PERTURBATION = Exploration.ranges().withKcsanPreempt();
  /** The same timing without injected delays: the window as the cost ranges alone open it. */
  static final Exploration NATURAL = Exploration.ranges();

  /** One case: a label, a kernel, patch edits and ethtool -C. */
  record Case(String name, String kernel, List<String> patches, String coalesce) {}

  static final List<Case> CASES = List.of(
      new Case("v6.6 (control)", "v6.6", List.of(), null),
      new Case("v6.7", "v6.7", List.of(), null),
      new Case("v6.12", "v6.12", List.of(), null),
      new Case("v6.18", "v6.18", List.of(), null),
      new Case("v6.12.117", "v6.12.117", List.of(), null),
      new Case("v6.12.117 tx-frames 0", "v6.12.117", List.of(), "tx-frames 0"),
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
        + " rescue: cli/README 'The stmmac TX-timer window'), 8 cores; exploration places"
        + " each interrupt vector on a CPU drawn from the seed, iperf3 on CPU 7");
    a.put("traffic", UDP + ": datagrams every ~28 us from CPU 7; the TX interrupt comes every"
        + " 25 descriptors (tx-frames 25) and its poll usually empties the ring. A CUBIC upload"
        + " opens the window far more rarely (cli/README: explore figures)");
    a.put("perturbation", SEEDS + " seeds per case, --jitter " + PERTURBATION.spelling()
        + " --preempt " + PERTURBATION.preemptSpelling()
        + " (every CPU cost within its own documented range: " + costRanges()
        + "; new work up to " + PERTURBATION.skewNs() + " ns late; at each preemption point"
        + " -- dev_queue_xmit, a TX-lock release, napi_complete_done before SCHED clears -- the"
        + " CPU held with chance 1/8 for up to 20 us in interrupt context and 80 us in a task,"
        + " KCSAN's delay bounds); figures are the seeds' total. Injected delays make the"
        + " window common enough to study: its openings per million packets are an exploration"
        + " rate, not a hardware one; the 'natural' row (no injected delay) is the timing the"
        + " cost ranges alone give");
    a.put("locking", "an xmit takes the queue's _xmit_lock (HARD_TX_LOCK) that tx_clean holds:"
        + " in exploration a CPU whose cursor reaches a held lock spins until its release, so"
        + " an xmit cannot land inside the clean, only after its unlock");
    a.put("window", "a stranded spell: the ring holds descriptors while no IC is pending, no"
        + " status latched, no timer queued and no poll scheduled (the liveness check's"
        + " TxLiveness answer), observed every 10 us");
    a.put("v6.12.117", "the stable release: d21a374995df is a backport in the patch catalog"
        + " (read in Debian's linux-source-6.12 6.12.117); v6.12 mainline has no IC at a burst's"
        + " end");
    a.put("fix", "tx-arm-recheck (what-if): re-check dirty_tx != cur_tx after"
        + " napi_complete_done and arm; a full barrier in xmit before napi_is_scheduled");
    a.put("stopped flow", UDP + " on v6.18: the first seed from " + "the scenario seed on whose"
        + " run the window opens is run again with iperf3's -t cut at the first stranded"
        + " spell's start, so that the stranded datagram is the flow's last transmit");
    a.put("BQL stop", CUBIC_LONG + " on v6.18 with byte_queue_limits/limit_max " + BQL_LIMIT_MAX
        + " (--bql-limit-max; below one TSO skb, as a low-latency setup may set it): the first"
        + " seed from the scenario seed whose run strands a ring behind a BQL stop (up to "
        + BQL_SEEDS + " seeds); the times come from its dmesg");
    a.put("roles", "claims: the qualitative statements about the window, with the model's verdict and"
        + " the figure that decides it; extras: the model's figures (no published ones)");
    return a;
  }

  @Override
  public List<Row> run(ReproContext ctx) {
    Exploration x = PERTURBATION;
    List<Supplier<ExploreResult>> jobs = new ArrayList<>();
    for (Case c : CASES) {
      for (int s = 0; s < SEEDS; s++) {
        RunRequest req = RunRequest.of("stmmac", SOC, TrafficParser.parse(UDP))
            .withKernel(c.kernel()).withPatches(c.patches()).withSeed(ctx.seed() + s)
            .withCoalesce(c.coalesce() == null ? CoalesceArgs.none()
                : CoalesceArgs.parse(c.coalesce()));
        jobs.add(() -> ctx.explore(req, x));
      }
    }
    List<ExploreResult> runs = ctx.parallel(jobs);
    List<Row> rows = new ArrayList<>();
    Map<String, Row> openings = new LinkedHashMap<>();
    for (int i = 0; i < CASES.size(); i++) {
      Case c = CASES.get(i);
      long packets = 0;
      List<Long> stranded = new ArrayList<>();
      List<Long> held = new ArrayList<>();
      int dead = 0;
      int failed = 0;
      for (ExploreResult r : runs.subList(i * SEEDS, (i + 1) * SEEDS)) {
        packets += r.packets();
        if (r.failure() != null) {
          failed++;
        }
        for (Liveness.Episode e : ringSpells(r)) {
          stranded.add(e.strandedNs(r.endNs()));
          held.add(e.heldNs(r.endNs()));
          if (e.dead()) {
            dead++;
          }
        }
      }
      Row open = row(c, "window_openings_per_mpkt", "/Mpkt",
          packets == 0 ? 0 : stranded.size() * 1e6 / packets);
      openings.put(c.name(), open);
      rows.add(open);
      rows.add(row(c, "stranded_ms_p50", "ms", pct(stranded, 50) / 1e6));
      rows.add(row(c, "stranded_ms_max", "ms", pct(stranded, 100) / 1e6));
      rows.add(row(c, "skb_held_ms_p50", "ms", pct(held, 50) / 1e6));
      rows.add(row(c, "skb_held_ms_max", "ms", pct(held, 100) / 1e6));
      rows.add(row(c, "spells_dead", "", dead));
      rows.add(row(c, "runs_failed", "", failed));
    }
    rows.addAll(claims(openings));
    rows.addAll(natural(ctx));
    rows.addAll(stoppedFlow(ctx, x));
    rows.addAll(bqlStop(ctx, x));
    return rows;
  }

  /**
   * v6.18 with the cost jitter alone (no injected delay): how often the window opens when only
   * the real interrupts of the run can hold the completing CPU there.
   */
  static List<Row> natural(ReproContext ctx) {
    Case c = new Case("v6.18 natural", "v6.18", List.of(), null);
    List<Supplier<ExploreResult>> jobs = new ArrayList<>();
    for (int s = 0; s < SEEDS; s++) {
      RunRequest req = RunRequest.of("stmmac", SOC, TrafficParser.parse(UDP))
          .withKernel(c.kernel()).withSeed(ctx.seed() + s);
      jobs.add(() -> ctx.explore(req, NATURAL));
    }
    long packets = 0;
    int spells = 0;
    for (ExploreResult r : ctx.parallel(jobs)) {
      packets += r.packets();
      spells += ringSpells(r).size();
    }
    List<Row> rows = new ArrayList<>();
    rows.add(row(c, "window_openings_per_mpkt", "/Mpkt",
        packets == 0 ? 0 : spells * 1e6 / packets));
    rows.add(row(c, "packets", "", packets));
    return rows;
  }

  /**
   * The host profile's cost ranges, as the perturbation uses them: "47 costs, all estimate
   * +-30%", or one count per class and range.
   */
  static String costRanges() {
    Map<String, Integer> byRange = new TreeMap<>();
    Map<String, Quantity> costs = SocProfile.resolve(SOC).costs();
    for (Quantity q : costs.values()) {
      String k = q.uncertainty().spelling() + " +-" + String.format(Locale.ROOT, "%.0f%%",
          q.range() * 100);
      byRange.merge(k, 1, Integer::sum);
    }
    if (byRange.size() == 1) {
      return SOC + "'s " + costs.size() + " costs, all " + byRange.keySet().iterator().next();
    }
    StringJoiner sj = new StringJoiner(", ", SOC + "'s costs: ", "");
    byRange.forEach((k, n) -> sj.add(n + " " + k));
    return sj.toString();
  }

  /** The statements about where the window is open, each decided by its openings row. */
  static List<Row> claims(Map<String, Row> openings) {
    List<Row> out = new ArrayList<>();
    out.add(claim(openings.get("v6.6 (control)"), "before 2d1a42cf7f77 (v6.6) the TX timer is"
        + " armed whatever the NAPI state: no window", false));
    for (String k : List.of("v6.7", "v6.12", "v6.18")) {
      out.add(claim(openings.get(k), "since 2d1a42cf7f77 (" + k + ") an xmit between"
          + " tx_clean and napi_complete_done on another CPU leaves its skb with nothing to"
          + " clean it", true));
    }
    Row narrowed = openings.get("v6.12.117");
    Row mainline = openings.get("v6.12");
    out.add(Row.claim(narrowed, "d21a374995df (in 6.12.117) narrows the window: IC at the end"
        + " of each xmit burst", narrowed.simulated() < mainline.simulated()
            ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
    Row zero = openings.get("v6.12.117 tx-frames 0");
    out.add(Row.claim(zero, "with d21a374995df the window stays open at tx-frames 0 (no IC"
        + " at all; not testable on one sending CPU: the timer fires on the CPU that armed it)",
        zero.simulated() > 0 ? Row.Verdict.SUPPORTED : Row.Verdict.NOT_TESTABLE));
    out.add(claim(openings.get("v6.18 + fix"), "the candidate fix (re-check and arm after"
        + " napi_complete_done, full barrier in xmit) closes the window", false));
    return out;
  }

  /** A claim that the window opens ({@code opens}) or does not, decided by openings. */
  private static Row claim(Row openings, String statement, boolean opens) {
    boolean seen = openings.simulated() > 0;
    return Row.claim(openings, statement, seen == opens ? Row.Verdict.SUPPORTED
        : opens ? Row.Verdict.NOT_TESTABLE : Row.Verdict.REFUTED);
  }

  /**
   * A flow that stops with its last skb stranded: the first seed whose UDP run opens the
   * window, run again with the flow cut at the first spell's start.
   */
  static List<Row> stoppedFlow(ReproContext ctx, Exploration x) {
    Case c = new Case("v6.18 flow stops", "v6.18", List.of(), null);
    List<Row> rows = new ArrayList<>();
    for (long seed = ctx.seed(); seed < ctx.seed() + 8; seed++) {
      RunRequest req = RunRequest.of("stmmac", SOC, TrafficParser.parse(UDP))
          .withKernel(c.kernel()).withSeed(seed);
      ExploreResult first = ctx.explore(req, x);
      List<Liveness.Episode> spells = ringSpells(first);
      if (spells.isEmpty()) {
        continue;
      }
      long cut = spells.get(0).startNs();
      String cutFlow = UDP.replace("-t 1", "-t " + String.format(Locale.ROOT, "%d.%06d",
          cut / 1_000_000_000L, (cut / 1000) % 1_000_000));
      ExploreResult stopped = ctx.explore(req.withTraffic(TrafficParser.parse(cutFlow)), x);
      Liveness.Episode last = null;
      for (Liveness.Episode e : ringSpells(stopped)) {
        if (e.startNs() == cut) {
          last = e;
        }
      }
      rows.add(row(c, "cut_at_ms", "ms", cut / 1e6));
      boolean neverFreed = last != null && last.freedNs() < 0;
      Row held = row(c, "last_skb_held_ms", "ms",
          last == null ? 0 : last.heldNs(stopped.endNs()) / 1e6);
      rows.add(held);
      rows.add(row(c, "spells_never_freed", "", neverFreed ? 1 : 0));
      rows.add(Row.claim(held, "if the flow simply stops, nothing frees the stranded skb"
          + " (seed " + seed + ": held to the end of the run, through the 1 s drain)",
          neverFreed && last.dead()
              ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
      return rows;
    }
    rows.add(Row.claim(row(c, "cut_at_ms", "ms", 0), "if the flow simply stops, nothing frees"
        + " the stranded skb", Row.Verdict.NOT_TESTABLE));
    return rows;
  }

  /** The CUBIC upload, long enough for dev_watchdog's 5 s after a stop. */
  static final String CUBIC_LONG = "iperf3 -C cubic -t 8";
  /** byte_queue_limits/limit_max for the BQL part: below one TSO skb (~45 segments). */
  static final long BQL_LIMIT_MAX = 30_000;
  /** Seeds searched for the BQL part, from the scenario seed on, in batches. */
  static final int BQL_SEEDS = 40;
  static final int BQL_BATCH = 8;

  /**
   * A stranded skb whose bytes exceed BQL's limit stops the queue behind it: no xmit follows,
   * dev_watchdog fires 5 s later and the driver resets the adapter. The CUBIC upload with
   * limit_max below one TSO skb; the first seed whose run strands a ring behind a BQL stop.
   */
  static List<Row> bqlStop(ReproContext ctx, Exploration x) {
    Case c = new Case("v6.18 BQL limit_max " + BQL_LIMIT_MAX, "v6.18", List.of(), null);
    String statement = "if the stranded skb's bytes exceed BQL's limit the queue stops, no"
        + " xmit follows, dev_watchdog fires after 5 s and the adapter is reset";
    for (long from = ctx.seed(); from < ctx.seed() + BQL_SEEDS; from += BQL_BATCH) {
      List<Supplier<ExploreResult>> jobs = new ArrayList<>();
      for (long seed = from; seed < from + BQL_BATCH; seed++) {
        RunRequest req = RunRequest.of("stmmac", SOC, TrafficParser.parse(CUBIC_LONG))
            .withKernel(c.kernel()).withSeed(seed).withBqlLimitMax(BQL_LIMIT_MAX);
        jobs.add(() -> ctx.explore(req, x));
      }
      List<ExploreResult> runs = ctx.parallel(jobs);
      for (int i = 0; i < runs.size(); i++) {
        ExploreResult r = runs.get(i);
        Liveness.Episode stop = null;
        for (Liveness.Episode e : ringSpells(r)) {
          if (e.dead() && e.state().contains("queue stopped by BQL")) {
            stop = e;
            break;
          }
        }
        if (stop == null || r.result() == null) {
          continue;
        }
        long seed = from + i;
        double watchdog = dmesgAt(r.result().dmesg(), "NETDEV WATCHDOG", stop.startNs());
        double reset = dmesgAt(r.result().dmesg(), "Reset adapter", stop.startNs());
        List<Row> rows = new ArrayList<>();
        rows.add(row(c, "seed", "", seed));
        rows.add(row(c, "bql_stop_at_s", "s", stop.startNs() / 1e9));
        rows.add(row(c, "watchdog_at_s", "s", watchdog));
        rows.add(row(c, "reset_at_s", "s", reset));
        Row held = row(c, "skb_held_s", "s", stop.heldNs(r.endNs()) / 1e9);
        rows.add(held);
        boolean sequence = watchdog > 0 && reset >= watchdog
            && watchdog - stop.startNs() / 1e9 >= 5.0;
        rows.add(Row.claim(held, statement + " (seed " + seed + ", limit_max " + BQL_LIMIT_MAX
            + ", " + CUBIC_LONG + ")", sequence ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
        return rows;
      }
    }
    return List.of(Row.claim(row(c, "seed", "", 0), statement + " (no stop behind a stranded"
        + " skb in seeds " + ctx.seed() + ".." + (ctx.seed() + BQL_SEEDS - 1) + ")",
        Row.Verdict.NOT_TESTABLE));
  }

  /** The time (s) of the first dmesg line containing {@code what} at or after {@code fromNs}. */
  static double dmesgAt(List<String> dmesg, String what, long fromNs) {
    for (String line : dmesg) {
      int close = line.indexOf(']');
      if (!line.startsWith("[") || close < 0 || !line.contains(what)) {
        continue;
      }
      double t = Double.parseDouble(line.substring(1, close).trim());
      if (t * 1e9 >= fromNs) {
        return t;
      }
    }
    return -1;
  }

  /** The stmmac ring's stranded spells of a run (the qdisc's are not this window). */
  static List<Liveness.Episode> ringSpells(ExploreResult r) {
    List<Liveness.Episode> out = new ArrayList<>();
    for (Liveness.Episode e : r.episodes()) {
      if (e.component().startsWith("stmmac")) {
        out.add(e);
      }
    }
    return out;
  }

  private static Row row(Case c, String metric, String unit, double v) {
    Map<String, Long> coal = new LinkedHashMap<>();
    if (c.coalesce() != null) {
      String[] kv = c.coalesce().split(" ");
      coal.put(kv[0], Long.parseLong(kv[1]));
    }
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
