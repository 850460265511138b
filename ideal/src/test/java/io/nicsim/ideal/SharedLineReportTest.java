package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.formats.text.Num;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.scenarios.ScenarioRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rule for a NIC whose one line carries TX and RX causes (the ideal MAC, found on the class
 * path like a consumer's), through {@code nicsim run}: the report's NIC IRQs/s counts each
 * assertion of the line once; the causes it carried are shown beside it and add up to more.
 */
class SharedLineReportTest {
  private static final CliEnv ENV = new CliEnv(NicsimHost.FACTORY, TrafficRunners.standard(),
      new ScenarioRegistry(List.of()), 1);

  @Test
  void eachAssertionCountsOnceAndTheCausesAreShownBesideIt() throws Exception {
    // TCP: data out (TX completions) and ACKs in (RX) on one line, throttled to one
    // assertion per 200 us, so most assertions carry both causes
    String[] args = {"run", "--mac", "ideal", "-C", "rx-usecs 200", "--traffic",
        "iperf3 -t 1", "--path", "rtt=2ms,rate=1gbit"};
    Cli.Result json = Cli.run(ENV, concat(args, "--json"));
    assertThat(json.exit()).as(json.err()).isZero();
    JsonNode s = new ObjectMapper().readTree(json.out()).get("summary");
    double line = s.get("nic_irq_per_s").asDouble();
    double tx = s.get("tx_irq_per_s").asDouble();
    double rx = s.get("rx_irq_per_s").asDouble();
    assertThat(line).isBetween(1_000.0, 5_000.0 + 2); // one line, at most every 200 us
    assertThat(Math.max(tx, rx)).isLessThanOrEqualTo(line);
    assertThat(tx + rx).as("causes of a shared line add up to more").isGreaterThan(1.2 * line); // seed 1: 4976 and 6756
    Cli.Result text = Cli.run(ENV, args);
    assertThat(text.out()).contains("NIC IRQs/s: " + Num.human(line) + "   causes: tx "
        + Num.human(tx) + "  rx " + Num.human(rx) + "   ");
  }

  private static String[] concat(String[] a, String b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + 1);
    out[a.length] = b;
    return out;
  }
}
