package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.MacDiscovery;
import io.nicsim.core.soc.SocCatalog;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.runs.options.RunArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shipped SoC profile runs every shipped traffic kind for one simulated second under the
 * invariant audit (a normal run has it on), on hosts built as the command builds them (every
 * MAC model on the class path): no profile refuses traffic for want of a cost.
 */
class EverySocRunsEveryTrafficTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();
  private static final List<String> TRAFFIC = List.of(
      "iperf3 -u -b 50M -l 1000 -t 1", "ping -c 4 -i 0.2", "iperf3 -t 1");

  static Stream<Arguments> pairs() {
    List<Arguments> out = new ArrayList<>();
    for (String soc : SocCatalog.names()) {
      String mac = SocProfile.load(soc).mac();
      if (MacDiscovery.classPath().byName().containsKey(mac)) { // the test fixtures' MACs aren't
        for (String t : TRAFFIC) {
          out.add(Arguments.of(soc, mac, t));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} ({1}): {2}")
  @MethodSource("pairs")
  void runsUnderTheAudit(String soc, String mac, String traffic) {
    RunResult r = ENGINE.run(RunArgs.request(List.of("--mac", mac, "--soc", soc, "--traffic",
        traffic, "--path", "rtt=2ms,rate=1gbit")));
    assertThat(RunText.format(r)).as(soc + " " + traffic).containsPattern(
        traffic.startsWith("ping") ? "4 packets transmitted, 4 received" : "receiver");
  }

  @org.junit.jupiter.api.Test
  void everyShippedSocIsCovered() {
    // the shipped profiles of the drivers' modules (stmmac, fec, ideal, …) are all here
    assertThat(pairs().map(a -> a.get()[0]).distinct())
        .contains("cyclone5", "agilex5", "ipq806x", "rk3588-yt6801", "cyclone5-ring64", "imx6q",
            "imx6sx", "imx6ul", "imx8mp", "imx8mq", "imx8qxp", "ideal", "ideal-notso");
  }
}
