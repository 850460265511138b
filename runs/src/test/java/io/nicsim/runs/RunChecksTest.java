package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.host.Host;
import io.nicsim.core.sim.Event;
import io.nicsim.formats.pcap.FrameSynth;
import io.nicsim.formats.pcap.PcapWriter;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.runs.options.RunArgs;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run audits the host while traffic flows (on by default, off with {@code --no-check}): a
 * broken driver stops the run with one line naming the simulated time, the component and the
 * state (the command prints it after {@code nicsim run: }, exits 2 and leaves no output file:
 * cli's RunFailureCommandTest). A ping stalled in stmmac's queue is loss, not a failed check:
 * stmmac's StalledQueuePingTest.
 */
class RunChecksTest {
  static final RunEngine FAULTY = new RunEngine(MacHosts.of(ExampleMac.faulty())::create, TrafficRunners.standard());

  static RunRequest request(String bug, String traffic, String... more) {
    List<String> args = new ArrayList<>(List.of("--mac", "faulty", "--soc", "faultysoc",
        "--traffic", traffic));
    if (bug != null) {
      args.add("--patch");
      args.add("+" + bug);
    }
    args.addAll(List.of(more));
    return RunArgs.request(args);
  }

  static RunResult run(String bug, String traffic, String... more) {
    return FAULTY.run(request(bug, traffic, more));
  }

  @Test
  void aCorrectDriverPassesAndTheAuditChangesNothing() {
    String a = RunText.json(run(null, "iperf3 -u -b 0 -l 1400 -t 20ms"));
    String b = RunText.json(run(null, "iperf3 -u -b 0 -l 1400 -t 20ms", "--no-check"));
    assertThat(a).contains("\"summary\"");
    assertThat(a).isEqualTo(b);
  }

  @Test
  void aLeakStopsTheRunWithOneLine() {
    ByteArrayOutputStream pcap = new ByteArrayOutputStream();
    assertThatThrownBy(() -> FAULTY.run(request("leak", "iperf3 -u -b 0 -l 1400 -t 20ms"),
        new RunSinks(null, new PcapWriter(pcap, new FrameSynth()))))
        .isInstanceOf(RunFailure.class)
        .hasMessageMatching("invariant violated at 0\\.001000000 s in skb: \\d+"
            + " skbs allocated and not freed; the driver holds \\d+, the qdiscs \\d+: \\d+ leaked"
            + " \\(never freed, held by nobody\\)");
  }

  @Test
  void withNoCheckALeakGoesUnreported() {
    assertThat(run("leak", "iperf3 -u -b 0 -l 1400 -t 20ms", "--no-check").metric("udp_mbps"))
        .isPositive();
  }

  @Test
  void socketMemoryThatNeverReturnsIsCaughtWhileTheFloodRuns() {
    assertThatThrownBy(() -> run("no-destructor", "iperf3 -u -b 0 -l 1400 -t 20ms"))
        .isInstanceOf(RunFailure.class)
        .satisfies(e -> {
          assertThat(e.getMessage()).startsWith("invariant violated at 0.001000000 s in udp"
              + " sockets: sk_wmem_alloc totals ").contains(" live datagrams of truesize ");
          assertThat(e.getMessage().lines()).hasSize(1);
        });
  }

  @Test
  void withNoCheckNeitherTheAuditNorTheEndOfRunCheckRuns() {
    assertThat(run("no-destructor", "iperf3 -u -b 0 -l 1400 -t 20ms", "--no-check")
        .metric("udp_mbps")).isPositive();
  }

  @Test
  void aLostNapiIsNamed() {
    assertThatThrownBy(() -> run("napi-lost", "ping -c 3 -i 0.01"))
        .isInstanceOf(RunFailure.class)
        .hasMessageStartingWith("invariant violated at 0.001000000 s in napi"
            + " faulty: scheduled but on no poll list");
  }

  @Test
  void anInlineViolationCarriesItsOwnTime() {
    assertThatThrownBy(() -> run("bql-over", "ping -c 3 -i 0.01"))
        .isInstanceOf(RunFailure.class)
        .hasMessageMatching("invariant violated at 0\\.0000\\d+ s in bql:"
            + " dql_completed of 99 bytes with only 98 in flight");
  }

  @Test
  void socketMemoryOffItsBaseOnAnIdleTcpFlowIsCaught() {
    // a slow CUBIC flow is idle between segments; 30 ms in, its sk_wmem_alloc is bumped
    TrafficRunner tampering = new TrafficRunner() {
      final TcpBulkRunner tcp = new TcpBulkRunner();

      @Override
      public boolean accepts(TrafficSpec spec) {
        return tcp.accepts(spec);
      }

      @Override
      public TrafficRun start(Host host, TrafficSpec spec, PathSpec path) {
        TcpBulkRun run = (TcpBulkRun) tcp.start(host, spec, path);
        host.sim().schedule(Event.of(
            () -> run.flows().get(0).flow().sock().skWmemAlloc += 7), 30_000_000L);
        return run;
      }
    };
    RunEngine engine = new RunEngine(MacHosts.of(new ExampleMac())::create, List.of(tampering));
    assertThatThrownBy(() -> Runs.run(engine, "--mac", "example", "--soc", "example-a72",
        "--traffic", "iperf3 -C cubic -b 1M -t 100ms", "--path", "rtt=1ms"))
        .isInstanceOf(RunFailure.class)
        .hasMessageMatching("invariant violated at 0\\.0\\d+ s in tcp flow 0:"
            + " sk_wmem_alloc \\d+ with 0 skbs below TCP \\(base [12] when none\\)");
  }
}
