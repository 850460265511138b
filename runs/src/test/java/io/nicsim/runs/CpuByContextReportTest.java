package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.scenarios.ScenarioRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code nicsim run} reports CPU as mpstat does: per CPU, %usr + %sys + %irq + %soft + %idle is
 * 100; the all row is the CPUs' mean and its busy part is cpu_pct; %irq and %soft are the
 * hardirq and softirq contexts. The share of the figure resting on estimated costs follows the
 * profile's classes: every cost of an estimate-only profile is an estimate.
 */
class CpuByContextReportTest {
  private static final CliEnv ENV = new CliEnv(NicsimHost.FACTORY, TrafficRunners.standard(),
      new ScenarioRegistry(List.of()), 1);

  private static JsonNode summary(String... args) throws Exception {
    Cli.Result r = Cli.run(ENV, args);
    assertThat(r.exit()).as(r.err()).isZero();
    return new ObjectMapper().readTree(r.out()).get("summary");
  }

  @Test
  void perCpuColumnsAddUpAndTheAllRowIsTheirMean() throws Exception {
    JsonNode s = summary("run", "--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v6.7",
        "--traffic", "iperf3 -u -b 0 -l 64 -t 0.2", "--json");
    int cpus = 2;
    String[] cols = {"usr", "sys", "irq", "soft", "idle"};
    for (String col : cols) {
      double mean = 0;
      for (int c = 0; c < cpus; c++) {
        mean += s.get("cpu" + c + "_" + col + "_pct").asDouble() / cpus;
      }
      assertThat(s.get("cpu_" + col + "_pct").asDouble()).as(col).isCloseTo(mean, within(1e-9));
    }
    for (int c = 0; c < cpus; c++) {
      double sum = 0;
      for (String col : cols) {
        sum += s.get("cpu" + c + "_" + col + "_pct").asDouble();
      }
      assertThat(sum).as("cpu" + c).isCloseTo(100, within(1e-9));
    }
    assertThat(s.get("cpu_irq_pct").asDouble()).isEqualTo(s.get("hardirq_cpu_pct").asDouble());
    assertThat(s.get("cpu_soft_pct").asDouble()).isEqualTo(s.get("softirq_cpu_pct").asDouble());
    assertThat(s.get("cpu_usr_pct").asDouble() + s.get("cpu_sys_pct").asDouble())
        .isCloseTo(s.get("task_cpu_pct").asDouble(), within(1e-9));
    assertThat(100 - s.get("cpu_idle_pct").asDouble())
        .isCloseTo(s.get("cpu_pct").asDouble(), within(1e-9));
    // the flood's sender sits on the last CPU, in its write(2)s: kernel time
    assertThat(s.get("cpu1_sys_pct").asDouble()).isGreaterThan(50);
    // cyclone5 states some costs calibrated to the seed's figure, the rest are estimates
    assertThat(s.get("cpu_from_estimates_pct").asDouble()).isBetween(1.0, 99.0);
  }

  @Test
  void anEstimateOnlyProfileRestsWhollyOnEstimates() throws Exception {
    JsonNode s = summary("run", "--mac", "ideal", "--traffic", "iperf3 -u -b 100M -l 1400 -t 0.1",
        "--json");
    assertThat(s.get("cpu_from_estimates_pct").asDouble()).isEqualTo(100.0);
  }

  @Test
  void theTextPrintsTheMpstatTable() {
    Cli.Result r = Cli.run(ENV, "run", "--mac", "ideal", "--traffic",
        "iperf3 -u -b 100M -l 1400 -t 0.1");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).containsPattern("(?m)^  CPU +%usr +%sys +%irq +%soft +%idle +\\(as mpstat")
        .containsPattern("(?m)^  all +\\S+ +\\S+ +\\S+ +\\S+ +\\S+$")
        .containsPattern("(?m)^  1 +\\S+ +\\S+ +\\S+ +\\S+ +\\S+$")
        .contains("% of the figure from estimated costs");
  }
}
