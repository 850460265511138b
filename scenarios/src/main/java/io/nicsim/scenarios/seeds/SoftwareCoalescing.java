package io.nicsim.scenarios.seeds;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.formats.text.Num;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.options.NapiArgs;
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
 * The kernel's own software coalescing against each seed's hardware coalescing. On
 * the seed situations — the YT6801's BBR and CUBIC upload (003), the Cyclone V's 64-byte flood
 * (000), the i.MX8QXP's ping and bulk receive (004) and the Pi 4's ping and bulk receive
 * (bcmgenet) — the shipped hardware coalescing runs beside hardware coalescing off plus
 * napi_defer_hard_irqs with gro_flush_timeout, threaded NAPI, and a busy-polling reader.
 * Rows are extras and claims; a plot per seed.
 */
public final class SoftwareCoalescing implements Scenario {
  /** The netdev documentation's example (Documentation/networking/napi.rst). */
  static final String DEFER = "napi_defer_hard_irqs=2 gro_flush_timeout=200000";
  static final String THREADED = "threaded=1";
  /** SO_BUSY_POLL in µs: longer than a ping's RTT, so the reply is found by polling. */
  static final int BUSY_US = 2000;

  static final String YT_SOC = "rk3588-yt6801";
  static final String YT_KERNEL = "v6.18";
  static final String YT_PATH = StmmacXmitMore.PATH;
  static final String YT_IPERF = "-O 0.5 -t 0.5";
  static final String C5_SOC = "cyclone5";
  static final String C5_KERNEL = "v6.7";
  static final String C5_FLOOD = "iperf3 -u -b 0 -l 64 -t 0.2";
  static final String QXP_SOC = "imx8qxp";
  static final String QXP_KERNEL = "v6.17";
  static final String PI_SOC = "bcm2711";
  static final String PING = "ping -c 20 -i 0.1";
  static final String BULK_RX = "iperf3 -R -t 0.2";
  static final String STMMAC_OFF = "tx-frames 1";
  static final String FEC_OFF = "rx-usecs 0 rx-frames 1";
  static final String FEC_FIX = "+napi-complete-done-return";

  @Override
  public String name() {
    return "software-coalescing";
  }

  @Override
  public String title() {
    return "The kernel's software coalescing (deferred hard IRQs, gro_flush_timeout, threaded"
        + " NAPI, busy polling) against each seed's hardware coalescing";
  }

  @Override
  public List<String> seeds() {
    return List.of("000_e259f3fef5275bf2.txt", "003_55d7a8cd0e725948.txt",
        "004_6dafa293d102676a.txt");
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    LinkedHashMap<String, String> a = new LinkedHashMap<>();
    a.put("cases", "shipped: the driver's ethtool -C defaults; hw off: " + STMMAC_OFF
        + " on stmmac (an IC bit per frame), '" + FEC_OFF + "' on fec; +defer: hw off plus"
        + " --sysfs '" + DEFER + "' (napi.rst's example); threaded: --sysfs " + THREADED
        + " with the shipped coalescing; busy: the reader's SO_BUSY_POLL " + BUSY_US + " us"
        + " (--busy-poll) with the shipped coalescing");
    a.put("yt6801", YT_SOC + " " + YT_KERNEL + ", iperf3 -C bbr|cubic " + YT_IPERF + " over "
        + YT_PATH + " (stmmac-xmit-more's path; no busy poll: the uploading host only reads"
        + " ACKs)");
    a.put("cyclone5", C5_SOC + " " + C5_KERNEL + ", " + C5_FLOOD + " (stmmac-hrtimer-active's"
        + " flood, shorter; TX only, no busy poll)");
    a.put("imx8qxp", "fec " + QXP_SOC + " " + QXP_KERNEL + ", " + PING + " and " + BULK_RX
        + " (TCP from the peer); fec_enet_rx_napi unmasks whatever napi_complete_done returns,"
        + " so +defer also runs with fec's what-if " + FEC_FIX + " (+fix)");
    a.put("pi4", "bcmgenet " + PI_SOC + ": v6.12, and v6.18 whose probe turns software"
        + " coalescing on (078bb22cfc65: gro_flush_timeout 20 us, defer 1) and whose rx_poll"
        + " unmasks only on true (28ed9bed5fb2); sw off writes both back to 0");
    a.put("metrics", "goodput, ping p50/p99, interrupts per second (all NIC and timer IRQs),"
        + " rx_wakeups (RX interrupts plus watchdog re-polls), CPU: the busy time of all cores in"
        + " % of their total (a busy-polling reader spins one core)");
    return a;
  }

  /** One case of one seed: its label and request. */
  private record Case(String label, RunRequest req) {}

  @Override
  public List<Row> run(ReproContext ctx) {
    long seed = ctx.seed();
    List<Case> cases = new ArrayList<>();
    // YT6801 upload: BBR and CUBIC
    for (String cc : List.of("bbr", "cubic")) {
      RunRequest r = RunRequest.of("stmmac", YT_SOC,
          TrafficParser.parse("iperf3 -C " + cc + " " + YT_IPERF)).withKernel(YT_KERNEL)
          .withPath(ctx.path(YT_PATH)).withSeed(seed);
      String p = "yt " + cc.toUpperCase(Locale.ROOT) + " ";
      cases.add(new Case(p + "shipped", r));
      cases.add(new Case(p + "hw off", off(r, STMMAC_OFF)));
      cases.add(new Case(p + "+defer", sysfs(off(r, STMMAC_OFF), DEFER)));
      cases.add(new Case(p + "threaded", sysfs(r, THREADED)));
    }
    // Cyclone V flood
    RunRequest c5 = RunRequest.of("stmmac", C5_SOC, TrafficParser.parse(C5_FLOOD))
        .withKernel(C5_KERNEL).withSeed(seed);
    cases.add(new Case("c5 shipped", c5));
    cases.add(new Case("c5 hw off", off(c5, STMMAC_OFF)));
    cases.add(new Case("c5 +defer", sysfs(off(c5, STMMAC_OFF), DEFER)));
    cases.add(new Case("c5 threaded", sysfs(c5, THREADED)));
    // i.MX8QXP and Pi 4: ping and bulk receive
    for (String t : List.of(PING, BULK_RX)) {
      String k = t.startsWith("ping") ? "ping" : "bulk";
      RunRequest q = RunRequest.of("fec", QXP_SOC, TrafficParser.parse(t))
          .withKernel(QXP_KERNEL).withSeed(seed);
      cases.add(new Case("qxp " + k + " shipped", q));
      cases.add(new Case("qxp " + k + " hw off", off(q, FEC_OFF)));
      cases.add(new Case("qxp " + k + " +defer", sysfs(off(q, FEC_OFF), DEFER)));
      cases.add(new Case("qxp " + k + " +fix", sysfs(off(q, FEC_OFF), DEFER)
          .withPatches(List.of(FEC_FIX))));
      cases.add(new Case("qxp " + k + " threaded", sysfs(q, THREADED)));
      cases.add(new Case("qxp " + k + " busy", busy(q, t)));
    }
    for (String t : List.of(PING, BULK_RX)) {
      String k = t.startsWith("ping") ? "ping" : "bulk";
      RunRequest v618 = RunRequest.of("bcmgenet", PI_SOC, TrafficParser.parse(t))
          .withKernel("v6.18").withSeed(seed);
      cases.add(new Case("pi " + k + " v6.12", v618.withKernel("v6.12")));
      cases.add(new Case("pi " + k + " v6.18", v618));
      cases.add(new Case("pi " + k + " sw off",
          sysfs(v618, "napi_defer_hard_irqs=0 gro_flush_timeout=0")));
      cases.add(new Case("pi " + k + " threaded", sysfs(v618, THREADED)));
      cases.add(new Case("pi " + k + " busy", busy(v618, t)));
    }
    List<RunRequest> reqs = new ArrayList<>();
    for (Case c : cases) {
      reqs.add(c.req());
    }
    List<RunResult> res = ctx.runAll(reqs);
    Map<String, RunResult> by = new LinkedHashMap<>();
    for (int i = 0; i < cases.size(); i++) {
      by.put(cases.get(i).label(), res.get(i));
    }

    List<Row> rows = new ArrayList<>();
    for (Case c : cases) {
      RunResult r = by.get(c.label());
      List<String> metrics = c.label().startsWith("yt")
          ? List.of("tcp_mbps", "tcp_srtt_ms", "irq_per_s", "cpu_pct")
          : c.label().startsWith("c5") ? List.of("pps", "irq_per_s", "cpu_pct")
          : c.label().contains(" ping ") ? List.of("ping_rtt_p50_ms", "ping_rtt_p99_ms",
              "irq_per_s")
          : List.of("tcp_mbps", "irq_per_s", "rx_wakeups", "cpu_pct");
      for (String m : metrics) {
        rows.add(TcpScenarioRows.row(c.label(), r, m, null, value(r, m), Role.EXTRA));
      }
    }
    claims(rows, by);
    plots(ctx, cases, by);
    return rows;
  }

  /** {@code rx_wakeups}: RX interrupts plus watchdog re-polls (RX interrupts without any). */
  static double value(RunResult r, String metric) {
    if (metric.equals("rx_wakeups")) {
      double w = r.metric("rx_wakeups_per_s");
      return Double.isNaN(w) ? r.metric("rx_irq_per_s") : w;
    }
    return TcpScenarioRows.value(r, metric);
  }

  /** The software-coalescing, the seed's and bcmgenet's statements, decided by the runs. */
  private static void claims(List<Row> rows, Map<String, RunResult> by) {
    // 003: "does tx coalescing do any good in this driver?" and its author's answer
    double cubicShipped = by.get("yt CUBIC shipped").metric("irq_per_s");
    double cubicDefer = by.get("yt CUBIC +defer").metric("irq_per_s");
    double bbrShipped = by.get("yt BBR shipped").metric("tcp_mbps");
    double bbrOff = by.get("yt BBR hw off").metric("tcp_mbps");
    Row yt = TcpScenarioRows.row("yt CUBIC shipped", by.get("yt CUBIC shipped"),
        "irq_vs_sw_ratio", null, cubicShipped / cubicDefer, Role.EXTRA);
    rows.add(Row.claim(yt, "\"It does, but today only for traffic that queues deeply enough\""
        + " (Johan Alvarado, 003, answering \"does tx coalescing do any good in this"
        + " driver?\"): the shipped tx-frames 25 / tx-usecs 5000 takes fewer interrupts than"
        + " tx-frames 1 with napi_defer_hard_irqs 2 and gro_flush_timeout 200 us on CUBIC ("
        + num(cubicShipped) + " vs " + num(cubicDefer) + "/s), and starves BBR ("
        + num(bbrShipped) + " vs " + num(bbrOff) + " Mbit/s)",
        cubicShipped < cubicDefer && bbrShipped < 0.1 * bbrOff ? Row.Verdict.SUPPORTED
            : Row.Verdict.REFUTED));
    // deferred hard IRQs give fec the hardware default's IRQ rate and 0-us RTT
    double shippedWake = by.get("qxp bulk shipped").metric("rx_irq_per_s");
    double offRtt = by.get("qxp ping hw off").metric("ping_rtt_p50_ms");
    for (String c : List.of("+defer", "+fix")) {
      RunResult bulk = by.get("qxp bulk " + c);
      double ratio = value(bulk, "rx_wakeups") / shippedWake;
      double rtt = by.get("qxp ping " + c).metric("ping_rtt_p50_ms");
      Row ev = TcpScenarioRows.row("qxp bulk " + c, bulk, "wakeups_vs_shipped", null, ratio,
          Role.EXTRA);
      boolean near = ratio <= 5 && rtt <= 1.2 * offRtt;
      rows.add(Row.claim(ev, "With rx-usecs 0 rx-frames 1, napi_defer_hard_irqs 2 and"
          + " gro_flush_timeout 200 us give bulk RX about the shipped coalescing's interrupt"
          + " rate and ping the 0-us RTT (near: at most 5x the shipped RX"
          + " interrupts, 1.2x the RTT). " + (c.equals("+defer")
              ? "Mainline fec_enet_rx_napi unmasks whatever napi_complete_done returns: "
              : "With fec's what-if " + FEC_FIX + ": ")
          + num(ratio) + "x the RX wakeups, ping p50 " + num(rtt) + " vs " + num(offRtt)
          + " ms", near ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
    }
    // bcmgenet v6.17: the default-on software coalescing cuts bulk RX wakeups
    RunResult v612 = by.get("pi bulk v6.12");
    RunResult v618 = by.get("pi bulk v6.18");
    double r = value(v618, "rx_wakeups") / value(v612, "rx_wakeups");
    double mbps = v618.metric("tcp_mbps") / v612.metric("tcp_mbps");
    double ping = by.get("pi ping v6.18").metric("ping_rtt_p50_ms")
        / by.get("pi ping v6.12").metric("ping_rtt_p50_ms");
    Row ev = TcpScenarioRows.row("pi bulk v6.18", v618, "wakeups_vs_v6.12", null, r, Role.EXTRA);
    rows.add(Row.claim(ev, "bcmgenet's probe turning software IRQ coalescing on"
        + " (078bb22cfc65, gro_flush_timeout 20 us, defer 1) with rx_poll unmasking only on"
        + " true (28ed9bed5fb2) wakes the Pi 4 less under bulk RX at the same goodput and ping"
        + " RTT: " + num(r) + "x v6.12's RX wakeups, goodput " + num(mbps)
        + "x, ping " + num(ping) + "x", r < 1 && Math.abs(mbps - 1) < 0.01
            && Math.abs(ping - 1) < 0.1 ? Row.Verdict.SUPPORTED : Row.Verdict.REFUTED));
  }

  private static String num(double v) {
    return Num.human(v);
  }

  /** A plot per seed: the figure each seed argues about, by case. */
  private static void plots(ReproContext ctx, List<Case> cases, Map<String, RunResult> by) {
    List<String> yt = List.of("shipped", "hw off", "+defer", "threaded");
    Map<String, double[][]> s = new LinkedHashMap<>();
    for (String cc : List.of("BBR", "CUBIC")) {
      s.put(cc, series(by, "yt " + cc + " ", yt, "tcp_mbps"));
    }
    ctx.plotCategories("YT6801 upload (003): goodput by coalescing", "coalescing",
        "TCP goodput (Mbit/s)", yt, s);
    s = new LinkedHashMap<>();
    s.put("interrupts", series(by, "c5 ", yt, "irq_per_s"));
    ctx.plotCategories("Cyclone V 64-byte flood (000): interrupts by coalescing", "coalescing",
        "interrupts per second", yt, s);
    List<String> qxp = List.of("shipped", "hw off", "+defer", "+fix", "threaded", "busy");
    s = new LinkedHashMap<>();
    s.put("bulk RX", series(by, "qxp bulk ", qxp, "rx_wakeups"));
    ctx.plotCategories("i.MX8QXP bulk RX (004): RX interrupts + watchdog re-polls",
        "coalescing", "RX wakeups per second", qxp, s);
    List<String> pi = List.of("v6.12", "v6.18", "sw off", "threaded", "busy");
    s = new LinkedHashMap<>();
    s.put("bulk RX", series(by, "pi bulk ", pi, "rx_wakeups"));
    ctx.plotCategories("Pi 4 bulk RX: RX interrupts + watchdog re-polls", "kernel / setting",
        "RX wakeups per second", pi, s);
  }

  private static double[][] series(Map<String, RunResult> by, String prefix, List<String> cs,
      String metric) {
    double[][] out = new double[cs.size()][];
    for (int i = 0; i < cs.size(); i++) {
      out[i] = new double[] {i, value(by.get(prefix + cs.get(i)), metric)};
    }
    return out;
  }

  private static RunRequest off(RunRequest r, String coalesce) {
    return r.withCoalesce(CoalesceArgs.parse(coalesce));
  }

  private static RunRequest sysfs(RunRequest r, String writes) {
    return r.withNapi(NapiArgs.parse(List.of(writes), null));
  }

  private static RunRequest busy(RunRequest r, String traffic) {
    return r.withTraffic(TrafficParser.parse(traffic + " --busy-poll " + BUSY_US));
  }
}
