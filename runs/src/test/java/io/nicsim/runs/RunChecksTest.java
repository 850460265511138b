package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.cli.testkit.DaggerFaultyBenchHost;
import io.nicsim.scenarios.ScenarioRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nicsim run} audits the host while traffic flows (on by default, off with
 * {@code --no-check}): a broken driver stops the run with one line naming the simulated time,
 * the component and the state, exit 2, and no output file.
 */
class RunChecksTest {
  static final CliEnv FAULTY = new CliEnv(c -> DaggerFaultyBenchHost.factory().create(c),
      TrafficRunners.standard(), new ScenarioRegistry(List.of()), 1);

  static Cli.Result run(String bug, String traffic, String... more) {
    String[] base = {"run", "--mac", "faulty", "--soc", "faultysoc", "--traffic", traffic};
    String[] args = new String[base.length + more.length + (bug == null ? 0 : 2)];
    System.arraycopy(base, 0, args, 0, base.length);
    int i = base.length;
    if (bug != null) {
      args[i++] = "--patch";
      args[i++] = "+" + bug;
    }
    System.arraycopy(more, 0, args, i, more.length);
    return Cli.run(FAULTY, args);
  }

  @Test
  void aCorrectDriverPassesAndTheAuditChangesNothing() {
    Cli.Result a = run(null, "iperf3 -u -b 0 -l 1400 -t 20ms", "--json");
    Cli.Result b = run(null, "iperf3 -u -b 0 -l 1400 -t 20ms", "--json", "--no-check");
    assertThat(a.exit()).as(a.err()).isZero();
    assertThat(a.out()).isEqualTo(b.out());
  }

  @Test
  void aLeakStopsTheRunWithOneLine(@TempDir Path dir) throws Exception {
    Cli.Result r = run("leak", "iperf3 -u -b 0 -l 1400 -t 20ms", "--pcap",
        dir.resolve("x.pcap").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).matches("nicsim run: invariant violated at 0\\.001000000 s in skb: \\d+"
        + " skbs allocated and not freed; the driver holds \\d+, the qdiscs \\d+: \\d+ leaked"
        + " \\(never freed, held by nobody\\)\n");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void withNoCheckALeakGoesUnreported() {
    Cli.Result r = run("leak", "iperf3 -u -b 0 -l 1400 -t 20ms", "--no-check");
    assertThat(r.exit()).as(r.err()).isZero();
  }

  @Test
  void socketMemoryThatNeverReturnsIsCaughtWhileTheFloodRuns() {
    Cli.Result r = run("no-destructor", "iperf3 -u -b 0 -l 1400 -t 20ms");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).startsWith("nicsim run: invariant violated at 0.001000000 s in udp"
        + " sockets: sk_wmem_alloc totals ").contains(" live datagrams of truesize ");
    assertThat(r.err().lines()).hasSize(1);
  }

  @Test
  void withNoCheckNeitherTheAuditNorTheEndOfRunCheckRuns() {
    Cli.Result r = run("no-destructor", "iperf3 -u -b 0 -l 1400 -t 20ms", "--no-check");
    assertThat(r.exit()).as(r.err()).isZero();
  }

  @Test
  void aLostNapiIsNamed() {
    Cli.Result r = run("napi-lost", "ping -c 3 -i 0.01");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).startsWith("nicsim run: invariant violated at 0.001000000 s in napi"
        + " faulty: scheduled but on no poll list");
  }

  @Test
  void anInlineViolationCarriesItsOwnTime() {
    Cli.Result r = run("bql-over", "ping -c 3 -i 0.01");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).matches("nicsim run: invariant violated at 0\\.0000\\d+ s in bql:"
        + " dql_completed of 99 bytes with only 98 in flight\n");
  }

  @Test
  void aPingStuckInAStalledQueueIsLossNotAFailedCheck() {
    // stmmac v6.6 with tx-usecs 0: no timer, IC every 25 frames; BQL stops the queue after the
    // first request and nothing ever completes it: the second request stays in the qdisc
    Cli.Result r = Cli.run(io.nicsim.cli.env.CliEnv.standard(), "run", "--mac", "stmmac",
        "--soc", "cyclone5", "--kernel", "v6.6", "-C", "tx-usecs 0", "--traffic",
        "ping -c 2 -i 100us -s 0");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("2 packets transmitted, 1 received, 50% packet loss");
  }

  @Test
  void socketMemoryOffItsBaseOnAnIdleTcpFlowIsCaught() {
    // a slow CUBIC flow is idle between segments; 30 ms in, its sk_wmem_alloc is bumped
    TrafficRunner tampering = new TrafficRunner() {
      final TcpBulkRunner tcp = new TcpBulkRunner();

      @Override
      public boolean accepts(io.nicsim.runs.traffic.TrafficSpec spec) {
        return tcp.accepts(spec);
      }

      @Override
      public TrafficRun start(io.nicsim.core.host.Host host,
          io.nicsim.runs.traffic.TrafficSpec spec, io.nicsim.runs.path.PathSpec path) {
        TcpBulkRun run = (TcpBulkRun) tcp.start(host, spec, path);
        host.sim().schedule(io.nicsim.core.sim.Event.of(
            () -> run.flows().get(0).flow().sock().skWmemAlloc += 7), 30_000_000L);
        return run;
      }
    };
    CliEnv env = new CliEnv(CliEnv.standard().hosts(), List.of(tampering),
        new ScenarioRegistry(List.of()), 1);
    Cli.Result r = Cli.run(env, "run", "--mac", "stmmac", "--soc", "rk3588-yt6801",
        "--traffic", "iperf3 -C cubic -b 1M -t 100ms", "--path", "rtt=1ms");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).matches("nicsim run: invariant violated at 0\\.0\\d+ s in tcp flow 0:"
        + " sk_wmem_alloc \\d+ with 0 skbs below TCP \\(base [12] when none\\)\n");
  }
}
