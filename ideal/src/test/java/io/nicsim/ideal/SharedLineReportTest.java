package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.nicsim.formats.text.Num;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import org.junit.jupiter.api.Test;

/**
 * The rule for a NIC whose one line carries TX and RX causes (the ideal MAC, found on the class
 * path like a consumer's), in a run's report: the report's NIC IRQs/s counts each
 * assertion of the line once; the causes it carried are shown beside it and add up to more.
 */
class SharedLineReportTest {
  @Test
  void eachAssertionCountsOnceAndTheCausesAreShownBesideIt() {
    // TCP: data out (TX completions) and ACKs in (RX) on one line, throttled to one
    // assertion per 200 us, so most assertions carry both causes
    RunResult r = IdealRuns.run("--mac", "ideal", "-C", "rx-usecs 200", "--traffic",
        "iperf3 -t 1", "--path", "rtt=2ms,rate=1gbit");
    JsonNode s = IdealRuns.summary(r);
    double line = s.get("nic_irq_per_s").asDouble();
    double tx = s.get("tx_irq_per_s").asDouble();
    double rx = s.get("rx_irq_per_s").asDouble();
    assertThat(line).isBetween(1_000.0, 5_000.0 + 2); // one line, at most every 200 us
    assertThat(Math.max(tx, rx)).isLessThanOrEqualTo(line);
    assertThat(tx + rx).as("causes of a shared line add up to more").isGreaterThan(1.2 * line); // seed 1: 4976 and 6756
    assertThat(RunText.format(r)).contains("NIC IRQs/s: " + Num.human(line) + "   causes: tx "
        + Num.human(tx) + "  rx " + Num.human(rx) + "   ");
  }
}
