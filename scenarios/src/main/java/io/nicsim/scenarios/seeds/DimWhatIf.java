package io.nicsim.scenarios.seeds;

import static io.nicsim.scenarios.seeds.TcpScenarioRows.row;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpPeerSource;
import io.nicsim.core.apps.UdpServer;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.sim.Event;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What would lib/dim do where the seeds' static defaults hurt? fec on i.MX8QXP (seed 004: ping
 * latency against bulk interrupts) and bcmgenet on a Raspberry Pi 4, each with a ping phase and
 * a bulk phase in one run; stmmac on YT6801 (seed 003: BBR starved by held TX completions) with
 * adaptive TX moderation. DIM is core's lib/dim port; fec and stmmac use it through their
 * {@code +dim} what-if variants, bcmgenet through its own (ported) hooks. Every number is a
 * prediction of the model: no row has a published figure.
 */
public final class DimWhatIf implements Scenario {
  private static final long MS = 1_000_000L;
  private static final long SEC = 1_000 * MS;
  /** Ping phase: 100 pings 10 ms apart from 10 ms. */
  private static final long PING_START = 10 * MS;
  private static final int PINGS = 100;
  /** Bulk phase: 1472-byte datagrams back to back, measured over one second. */
  private static final long BULK_START = 1_100 * MS;
  private static final long MEASURE_FROM = 1_150 * MS;
  private static final long MEASURE_TO = 2_150 * MS;
  /** The DIM profile index is sampled this often for the plot. */
  private static final long SAMPLE_EVERY = 5 * MS;
  static final String YT_SOC = "rk3588-yt6801";
  static final String YT_KERNEL = "v6.18";
  static final String YT_PATH = StmmacXmitMore.PATH;
  static final String YT_IPERF = StmmacXmitMore.IPERF;

  /** One ping+bulk run: mean RTT, bulk RX IRQ/s and CPU, DIM's profile over time. */
  record Phases(double rttMs, double rxIrqPerSec, double cpuPct, double[][] profile) {}

  @Override
  public String name() {
    return "dim-what-if";
  }

  @Override
  public String title() {
    return "what-if: adaptive moderation (lib/dim) against the static defaults of seeds 003,"
        + " 004 and the Pi 4";
  }

  @Override
  public List<String> seeds() {
    return List.of("003_55d7a8cd0e725948.txt", "004_6dafa293d102676a.txt");
  }

  /** Run by name only: it is a what-if, not a seed reproduction. */
  @Override
  public boolean byNameOnly() {
    return true;
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    LinkedHashMap<String, String> a = new LinkedHashMap<>();
    a.put("dim", "core's lib/dim port (net_dim, EQE profiles 1/8/64/128/256 us RX, 1/8/32/64/128"
        + " us TX); 'DIM' rows turn it on with ethtool adaptive-rx (adaptive-tx for stmmac);"
        + " fec and stmmac need --patch +dim (a what-if: the drivers have no DIM), bcmgenet has"
        + " it upstream");
    a.put("fec, bcmgenet", "one run each: " + PINGS + " pings 10 ms apart (RTT averaged), then"
        + " from 1.1 s 1472-byte UDP back to back at 1 Gbit/s into an iperf3-like reader,"
        + " interrupts and CPU (all cores, % of one) over 1.15-2.15 s");
    a.put("fec", "imx8qxp, v6.17, static default rx-usecs 1000 rx-frames 200; RXIC0 from DIM's"
        + " profile through coal_set's conversion (ICFT clamped to 255)");
    a.put("bcmgenet", "bcm2711 (cycle-estimate costs), v6.12, static default rx-frames 1"
        + " rx-usecs 0; DIM as the driver feeds it: per-poll counts, not running totals");
    a.put("stmmac", "as stmmac-xmit-more (YT6801, " + YT_KERNEL + ", path " + YT_PATH
        + ", iperf3 " + YT_IPERF + "); DIM drives tx-usecs/tx-frames per TX queue");
    a.put("path", "fec and bcmgenet: a peer on the cable answering pings in params.peer_echo_ns;"
        + " stmmac: " + YT_PATH + " as stmmac-xmit-more");
    a.put("calibration", "none here: every row is a prediction; the profiles' fitted numbers"
        + " (imx8qxp's deep-idle exit, the YT6801 path) come from the seed scenarios");
    a.put("roles", "every row is 'extra' (the claim row kind is not in this tree)");
    return a;
  }

  @Override
  public List<Row> run(ReproContext ctx) {
    HostFactory hosts = ctx.hosts();
    long seed = ctx.seed();
    List<Supplier<Phases>> jobs = List.of(
        () -> phases(hosts, "fec", "imx8qxp", "v6.17", List.of(), null, seed),
        () -> phases(hosts, "fec", "imx8qxp", "v6.17", List.of("+dim"), "adaptive-rx on", seed),
        () -> phases(hosts, "bcmgenet", "bcm2711", "v6.12", List.of(), null, seed),
        () -> phases(hosts, "bcmgenet", "bcm2711", "v6.12", List.of(), "adaptive-rx on", seed));
    List<Phases> ph = ctx.parallel(jobs);

    RunRequest bbr = tcp(ctx, "bbr");
    RunRequest cubic = tcp(ctx, "cubic");
    List<String> dim = List.of("+dim");
    CoalesceArgs adaptiveTx = CoalesceArgs.parse("adaptive-tx on");
    List<RunResult> tcp = ctx.runAll(List.of(bbr, bbr.withPatches(dim).withCoalesce(adaptiveTx),
        cubic, cubic.withPatches(dim).withCoalesce(adaptiveTx)));

    List<Row> rows = new ArrayList<>();
    String[] macCase = {"fec static", "fec DIM", "genet static", "genet DIM"};
    String[] soc = {"imx8qxp", "imx8qxp", "bcm2711", "bcm2711"};
    String[] kernel = {"v6.17", "v6.17", "v6.12", "v6.12"};
    for (int i = 0; i < 4; i++) {
      List<String> patches = i == 1 ? dim : List.of();
      Map<String, Long> coalesce = new LinkedHashMap<>();
      if (i % 2 == 1) {
        coalesce.put("adaptive-rx", 1L);
      }
      Phases p = ph.get(i);
      rows.add(new Row(macCase[i], soc[i], kernel[i], patches, coalesce, "ping_rtt_ms", "ms",
          null, p.rttMs(), Role.EXTRA));
      rows.add(new Row(macCase[i], soc[i], kernel[i], patches, coalesce, "rx_irq_per_s", "1/s",
          null, p.rxIrqPerSec(), Role.EXTRA));
      rows.add(new Row(macCase[i], soc[i], kernel[i], patches, coalesce, "cpu_pct",
          "% 1 core", null, p.cpuPct(), Role.EXTRA));
    }
    String[] tcpCase = {"BBR static", "BBR DIM-tx", "CUBIC static", "CUBIC DIM-tx"};
    for (int i = 0; i < 4; i++) {
      RunResult r = tcp.get(i);
      rows.add(row(tcpCase[i], r, "tcp_mbps", null, Role.EXTRA));
      rows.add(row(tcpCase[i], r, "nic_irq_per_s", null, Role.EXTRA));
      rows.add(row(tcpCase[i], r, "cpu_pct", null, Role.EXTRA));
    }

    Map<String, double[][]> series = new LinkedHashMap<>();
    series.put("fec +dim (imx8qxp)", ph.get(1).profile());
    series.put("bcmgenet (bcm2711)", ph.get(3).profile());
    ctx.plotKnob("DIM RX profile over time: pings to 1.01 s, bulk from 1.1 s", "time (ms)",
        "profile index", series);
    return rows;
  }

  private static RunRequest tcp(ReproContext ctx, String cc) {
    return RunRequest.of("stmmac", YT_SOC, TrafficParser.parse("iperf3 -C " + cc + " "
        + YT_IPERF)).withKernel(YT_KERNEL).withPath(ctx.path(YT_PATH))
        .withSeed(ctx.seed());
  }

  /** The ping phase, then the bulk phase, on one host; DIM's profile sampled throughout. */
  static Phases phases(HostFactory hosts, String mac, String soc, String kernel,
      List<String> patches, String coalesce, long seed) {
    HostConfig cfg = HostConfig.of(mac, soc).withKernel(kernel).withPatches(patches)
        .withSeed(seed).withKernelConfig(KernelConfig.defaults().withTick(false));
    if (coalesce != null) {
      cfg = cfg.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    Host h = hosts.create(cfg).host();
    h.peer().register(IcmpEcho.class,
        new EchoPeer(h.sim(), h.link(), h.soc().param("peer_echo_ns").asLong()));
    Ping ping = new Ping(h.sim(), h.dev(), PINGS, 10 * MS, 56, PING_START);
    h.stack().register(IcmpEcho.class, ping);
    ping.start(h.appCore());
    UdpServer server = new UdpServer(UdpServer.RMEM_DEFAULT);
    h.appCore().attach(server);
    h.stack().register(UdpDatagram.class, server);
    new UdpPeerSource(h.sim(), h.link(), new UdpDatagram(1), 1472, 0, BULK_START,
        MEASURE_TO + 10 * MS);

    int samples = (int) (MEASURE_TO / SAMPLE_EVERY);
    double[][] profile = new double[samples][];
    Event sampler = new Event() {
      int n;

      @Override
      protected void fire() {
        Long ix = h.driver().counters().get("dim_profile_ix");
        profile[n] = new double[] {h.sim().now() / (double) MS, ix == null ? 0 : ix};
        if (++n < samples) {
          h.sim().schedule(this, h.sim().now() + SAMPLE_EVERY);
        }
      }
    };
    h.sim().schedule(sampler, SAMPLE_EVERY);

    h.run(MEASURE_FROM);
    if (ping.received() != PINGS) {
      throw new IllegalStateException(mac + " ping: " + ping.received() + " of " + PINGS);
    }
    long rx0 = h.driver().counters().getOrDefault("rx_irq", 0L);
    long busy0 = busy(h);
    h.run(MEASURE_TO - MEASURE_FROM);
    double rxIrq = (h.driver().counters().getOrDefault("rx_irq", 0L) - rx0)
        / ((MEASURE_TO - MEASURE_FROM) / (double) SEC);
    double cpu = 100.0 * (busy(h) - busy0) / (MEASURE_TO - MEASURE_FROM);
    return new Phases(ping.summaryNs()[1] / 1e6, rxIrq, cpu, profile);
  }

  private static long busy(Host h) {
    long sum = 0;
    for (int i = 0; i < h.cpu().cores(); i++) {
      sum += h.cpu().core(i).busyNs();
    }
    return sum;
  }
}
