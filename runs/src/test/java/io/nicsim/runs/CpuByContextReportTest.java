package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run reports CPU as mpstat does: per CPU, %usr + %sys + %irq + %soft + %idle is
 * 100; the all row is the CPUs' mean and its busy part is cpu_pct; %irq and %soft are the
 * hardirq and softirq contexts. The share of the figure resting on estimated costs follows the
 * profile's classes: every cost of an estimate-only profile is an estimate. On hostkit's example
 * MAC: example-a72 is estimate-only; the two-core profile below measures one of its costs.
 */
class CpuByContextReportTest {
  /** example-a72 on two cores, the example MAC's transmit cost measured (the rest estimates). */
  private static final String PARTLY_MEASURED = "schema: 2\nname: example-2core\n"
      + "title: example-a72 on two cores, one cost measured\ninherits: example-a72\n"
      + "cpu:\n  cores: {value: 2, source: \"test fixture\", class: exact}\n"
      + "costs:\n  example_xmit: {value: 700, source: \"test: a measured cost\","
      + " class: measured}\n";

  @TempDir Path dir;

  private static JsonNode summary(String... args) {
    return Runs.summary(Runs.run(args));
  }

  @Test
  void perCpuColumnsAddUpAndTheAllRowIsTheirMean() throws Exception {
    Path soc = dir.resolve("example-2core.yaml");
    Files.writeString(soc, PARTLY_MEASURED);
    JsonNode s = summary("--mac", "example", "--soc-file", soc.toString(), "--kernel", "v6.7",
        "--traffic", "iperf3 -u -b 0 -l 64 -t 0.2");
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
    // the profile states one cost measured, the rest are estimates
    assertThat(s.get("cpu_from_estimates_pct").asDouble()).isBetween(1.0, 99.0);
  }

  @Test
  void anEstimateOnlyProfileRestsWhollyOnEstimates() {
    JsonNode s = summary("--mac", "example", "--soc", "example-a72", "--traffic",
        "iperf3 -u -b 100M -l 1400 -t 0.1");
    assertThat(s.get("cpu_from_estimates_pct").asDouble()).isEqualTo(100.0);
  }

  @Test
  void theTextPrintsTheMpstatTable() {
    String out = RunText.format(Runs.run("--mac", "example", "--soc", "example-a72",
        "--traffic", "iperf3 -u -b 100M -l 1400 -t 0.1"));
    assertThat(out).containsPattern("(?m)^  CPU +%usr +%sys +%irq +%soft +%idle +\\(as mpstat")
        .containsPattern("(?m)^  all +\\S+ +\\S+ +\\S+ +\\S+ +\\S+$")
        .containsPattern("(?m)^  1 +\\S+ +\\S+ +\\S+ +\\S+ +\\S+$")
        .contains("% of the figure from estimated costs");
  }
}
