package io.nicsim.testkit;

import static io.nicsim.hostkit.MacHosts.MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.apps.Ping;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.check.HostAudit;
import io.nicsim.core.check.Liveness;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.soc.SocCatalog;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.hostkit.PeerStream;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.traffic.TrafficParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every MAC model must do, whatever its hardware: a driver's suite joins by extending this
 * class and supplying the model and two lines of {@code ethtool -C}. The checks: the periodic
 * audit's invariants hold under every traffic kind on every SoC profile of the MAC; TX drains
 * after the queue stalled on a full ring and RX recovers after the ring overran; {@code -c}/{@code
 * -C} round-trips and refuses out-of-range and unsupported values; one seed gives one
 * {@code --json}, run twice or on several threads.
 */
public abstract class MacConformance {
  /** The traffic kinds every SoC runs: ping, UDP and TCP, each way. */
  protected static final List<String> TRAFFIC = List.of(
      "ping -c 5 -i 1ms",
      "iperf3 -u -b 0 -l 1400 -t 20ms",
      "iperf3 -u -R -b 0 -l 1400 -t 20ms",
      "iperf3 -t 20ms",
      "iperf3 -R -t 20ms");

  /** The model under test (a new instance: the suite may build many hosts with it). */
  protected abstract MacModel mac();

  /** {@code ethtool -C} arguments the MAC accepts and reads back unchanged ("" if it has none). */
  protected abstract String coalesceRoundTrip();

  /** {@code ethtool -C} arguments, each refused with EINVAL (none if the MAC supports none). */
  protected abstract List<String> coalesceOutOfRange();

  /**
   * Parameters the hardware stores in coarser units than ethtool's (stmmac's rx-usecs in RIWT
   * units): what {@code -c} reads back may differ from what was written, and a refused
   * {@code -C} may already have rewritten them, as the kernel's own set_coalesce does.
   */
  protected Set<CoalesceParam> roundedParams() {
    return Set.of();
  }

  /** The SoC profiles to run on: every profile on the class path made for this MAC. */
  protected List<String> socs() {
    String name = mac().name();
    List<String> out = new ArrayList<>();
    for (String soc : SocCatalog.names()) {
      if (name.equals(SocProfile.resolve(soc).mac())) {
        out.add(soc);
      }
    }
    return out;
  }

  /** The profile the host-level checks use: the first of {@link #socs}. */
  protected String soc() {
    return socs().get(0);
  }

  private MacHosts hosts() {
    return MacHosts.of(mac());
  }

  private Host host(String coalesce) {
    return hosts().host(mac().name(), soc(), coalesce, null);
  }

  private RunEngine engine() {
    return new RunEngine(hosts()::create, TrafficRunners.standard());
  }

  private RunRequest request(String soc, String traffic) {
    return RunRequest.of(mac().name(), soc, TrafficParser.parse(traffic));
  }

  @Test
  void everySocRunsEveryTrafficKindUnderTheAudit() {
    assertThat(socs()).as("SoC profiles whose mac is " + mac().name()).isNotEmpty();
    RunEngine engine = engine();
    for (String soc : socs()) {
      for (String traffic : TRAFFIC) {
        RunResult r = engine.run(request(soc, traffic));
        String what = soc + " / " + traffic;
        if (traffic.startsWith("ping")) {
          assertThat(r.metric("ping_loss_pct")).as(what).isZero();
        } else if (traffic.contains("-u")) {
          assertThat(r.metric("udp_mbps")).as(what).isPositive();
        } else {
          assertThat(r.metric("tcp_mbps")).as(what).isPositive();
        }
      }
    }
  }

  @Test
  void txDrainsAfterTheQueueStalledOnAFullRing() {
    Host h = host(null);
    Liveness live = HostAudit.attach(h).liveness().mode(Liveness.Mode.RECORD);
    assertThat(live.driverTakesPart()).as("the MAC answers for its TX rings (TxLiveness)")
        .isTrue();
    UdpFlood flood = MacHosts.udpFlood(h, 1400, MS, 20 * MS);
    h.run(21 * MS);
    assertThat(h.dev().queue(0).stopCount() + flood.blockedCount())
        .as("an unpaced flood fills the ring or the socket").isPositive();
    h.run(200 * MS);
    assertThat(flood.sent()).isPositive();
    assertThat(h.dev().queue(0).stopped()).as("queue 0 stopped after the flood").isFalse();
    // -1 ("the driver does not say") would switch the audit's skb conservation check off
    assertThat(h.driver().skbsHeld()).as("skbs the driver holds").isZero();
    assertThat(h.skbs().live()).as("live skbs").isZero();
    assertThat(live.episodes()).as("liveness episodes").noneMatch(Liveness.Episode::dead);
  }

  @Test
  void rxRecoversAfterTheRingOverran() {
    Host h = host(null);
    long[] received = new long[1];
    h.stack().register(UdpDatagram.class, (skb, core) -> {
      core.charge(KernelOps.UDP_RCV);
      received[0]++;
      skb.free();
    });
    PeerStream burst = new PeerStream(h, 18, 0, MS, 21 * MS); // minimum frames at line rate
    Ping ping = MacHosts.ping(h, 5, MS, 40 * MS);
    h.run(60 * MS);
    assertThat(received[0]).as("datagrams received of " + burst.sent() + " sent: the ring"
        + " overran, frames were dropped").isPositive().isLessThan(burst.sent());
    assertThat(ping.received()).as("pings answered after the burst").isEqualTo(5);
  }

  /**
   * A driver without get_coalesce (ravb): the ethtool core answers -c with -EOPNOTSUPP, and -C
   * too (it reads before it writes). Such a MAC lists no parameters and names none to write.
   */
  private boolean withoutCoalesceOps(EthtoolOps ops) {
    try {
      Ethtool.getCoalesce(ops);
      return false;
    } catch (KernelException e) {
      assertThat(e.errno()).as("-c refused").isEqualTo(Errno.EOPNOTSUPP);
      assertThat(ops.supportedCoalesceParams()).as("a MAC without get_coalesce").isZero();
      assertThat(coalesceRoundTrip()).isEmpty();
      assertThat(coalesceOutOfRange()).isEmpty();
      assertThatThrownBy(() -> Ethtool.applyArgs(ops, CoalesceArgs.parse("rx-usecs 1")))
          .isInstanceOfSatisfying(KernelException.class,
              x -> assertThat(x.errno()).isEqualTo(Errno.EOPNOTSUPP));
      return true;
    }
  }

  @Test
  void coalesceReadsBackWhatWasWritten() throws KernelException {
    EthtoolOps ops = host(null).driver().ethtool();
    if (withoutCoalesceOps(ops)) {
      return;
    }
    EthtoolCoalesce before = Ethtool.getCoalesce(ops);
    if (ops.supportedCoalesceParams() != 0) {
      Ethtool.setCoalesce(ops, new EthtoolCoalesce(before)); // ethtool -C with its own -c
      assertThat(values(Ethtool.getCoalesce(ops))).isEqualTo(values(before));
    }
    if (!coalesceRoundTrip().isEmpty()) {
      CoalesceArgs args = CoalesceArgs.parse(coalesceRoundTrip());
      EthtoolCoalesce after = Ethtool.applyArgs(ops, args);
      args.values().forEach((p, v) -> {
        if (!roundedParams().contains(p)) {
          assertThat(after.get(p)).as(p.cliName()).isEqualTo(v);
        }
      });
    } else {
      assertThat(ops.supportedCoalesceParams()).as("a MAC with knobs names values to write")
          .isZero();
    }
  }

  @Test
  void coalesceRefusesOutOfRangeAndUnsupportedValues() throws KernelException {
    EthtoolOps ops = host(null).driver().ethtool();
    if (withoutCoalesceOps(ops)) {
      return;
    }
    List<Long> before = values(Ethtool.getCoalesce(ops));
    if (ops.supportedCoalesceParams() != 0) {
      assertThat(coalesceOutOfRange()).as("out-of-range -C arguments to try").isNotEmpty();
    }
    for (String bad : coalesceOutOfRange()) {
      assertThatThrownBy(() -> Ethtool.applyArgs(ops, CoalesceArgs.parse(bad))).as(bad)
          .isInstanceOfSatisfying(KernelException.class,
              e -> assertThat(e.errno()).isEqualTo(Errno.EINVAL));
      assertThat(values(Ethtool.getCoalesce(ops))).as("after " + bad).isEqualTo(before);
    }
    for (CoalesceParam p : CoalesceParam.values()) {
      if ((ops.supportedCoalesceParams() & p.bit()) == 0) {
        EthtoolCoalesce req = new EthtoolCoalesce(Ethtool.getCoalesce(ops)).set(p, 1);
        assertThatThrownBy(() -> Ethtool.setCoalesce(ops, req)).as(p.cliName())
            .isInstanceOfSatisfying(KernelException.class,
                e -> assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP));
      }
    }
    assertThat(values(Ethtool.getCoalesce(ops))).isEqualTo(before);
  }

  @Test
  void oneSeedGivesOneJsonRunTwice() {
    RunRequest req = request(soc(), "iperf3 -u -b 0 -l 1400 -t 20ms").withSeed(7);
    assertThat(RunText.json(engine().run(req))).isEqualTo(RunText.json(engine().run(req)));
  }

  @Test
  void seedsGiveTheSameJsonOnOneThreadOrTwo() throws Exception {
    List<RunRequest> reqs = new ArrayList<>();
    for (long seed = 1; seed <= 4; seed++) {
      reqs.add(request(soc(), seed % 2 == 0 ? "iperf3 -t 20ms" : "ping -c 5 -i 1ms")
          .withSeed(seed));
    }
    RunEngine engine = engine();
    List<String> sequential = new ArrayList<>();
    for (RunRequest r : reqs) {
      sequential.add(RunText.json(engine.run(r)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> parallel = new ArrayList<>();
      for (RunRequest r : reqs) {
        parallel.add(pool.submit(() -> RunText.json(engine.run(r))));
      }
      for (int i = 0; i < reqs.size(); i++) {
        assertThat(parallel.get(i).get()).as("seed " + (i + 1)).isEqualTo(sequential.get(i));
      }
    } finally {
      pool.shutdown();
    }
  }

  private List<Long> values(EthtoolCoalesce c) {
    List<Long> v = new ArrayList<>();
    for (CoalesceParam p : CoalesceParam.values()) {
      v.add(roundedParams().contains(p) ? -1 : c.get(p));
    }
    return v;
  }

  /** A host config of this MAC on {@code soc} without the periodic tick. */
  protected HostConfig config(String soc) {
    return HostConfig.of(mac().name(), soc)
        .withKernelConfig(KernelConfig.defaults().withTick(false));
  }
}
