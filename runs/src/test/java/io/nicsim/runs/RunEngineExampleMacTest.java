package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.HostConfig;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The run engine on a MAC of its own tests: the host kit's example MAC (hostkit sits below
 * runs, so runs' tests need no driver and no conformance kit).
 */
class RunEngineExampleMacTest {
  private final List<HostConfig> built = new ArrayList<>();
  private final MacHosts macs = MacHosts.of(new ExampleMac());
  private final HostFactory hosts = c -> {
    built.add(c);
    return macs.create(c);
  };

  private RunResult run(String traffic, long seed) {
    RunRequest req = RunRequest.of("example", "example-a72", TrafficParser.parse(traffic))
        .withSeed(seed);
    return new RunEngine(hosts, TrafficRunners.standard()).run(req);
  }

  @Test
  void aPingRunBuildsTheRequestedHostAndAnswersEveryPing() {
    RunResult r = run("ping -c 5 -i 1ms", 7);
    assertThat(built).isNotEmpty();
    assertThat(built).allSatisfy(c -> {
      assertThat(c.mac()).isEqualTo("example");
      assertThat(c.soc()).isEqualTo("example-a72");
      assertThat(c.seed()).isEqualTo(7);
    });
    assertThat(r.config()).containsEntry("mac", "example").containsEntry("soc", "example-a72");
    assertThat(r.metric("ping_loss_pct")).isZero();
  }

  @Test
  void aUdpFloodMovesDataAndOneSeedGivesOneJson() {
    RunResult a = run("iperf3 -u -b 0 -l 1400 -t 20ms", 3);
    assertThat(a.metric("udp_mbps")).isPositive();
    assertThat(RunText.json(run("iperf3 -u -b 0 -l 1400 -t 20ms", 3)))
        .isEqualTo(RunText.json(a));
  }

  @Test
  void anExplorationIsItsOwnEntryPointAndOneSeedGivesOneRun() {
    RunRequest req = RunRequest.of("example", "example-a72",
        TrafficParser.parse("iperf3 -u -b 0 -l 1400 -t 20ms")).withSeed(5);
    RunEngine engine = new RunEngine(hosts, TrafficRunners.standard());
    ExploreRequest x = new ExploreRequest(req, Exploration.parse("30"));
    ExploreResult a = engine.explore(x);
    ExploreResult b = engine.explore(x);
    assertThat(a.failure()).isNull();
    assertThat(a.result()).isNotNull();
    assertThat(a.packets()).isPositive();
    assertThat(a.endNs()).isPositive();
    assertThat(RunText.json(b.result())).isEqualTo(RunText.json(a.result()));
    assertThat(b.episodes()).isEqualTo(a.episodes());
    assertThat(b.packets()).isEqualTo(a.packets());
    // the perturbation moves the run: its CPU costs are jittered by up to 30 %
    assertThat(RunText.json(a.result())).isNotEqualTo(RunText.json(engine.run(req)));
  }
}
