package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * UDP into the host with iperf3's {@code -O} (seconds not measured): the receiver's figures
 * cover the measured window only, as the sender's do, so neither the bytes nor the rate it
 * reports can exceed the sender's or the link's; and the run equals the same run without -O
 * in its measured figures' order of magnitude. On hostkit's example MAC (example-a72).
 */
class ReceiverFiguresTest {
  @ParameterizedTest
  @CsvSource({"iperf3 -u -b 100M -l 1000 -t 0.2 -O 1 -R", "iperf3 -u -b 0 -l 64 -t 0.1 -O 5 -R",
      "iperf3 -u -b 300M -l 1400 -t 0.1 -O 0.3 -P 2 -R"})
  void noReceiverFigureAboveTheSendersOrTheLinks(String traffic) throws Exception {
    String json = RunText.json(Runs.run("--mac", "example", "--soc", "example-a72",
        "--traffic", traffic));
    JsonNode root = new ObjectMapper().readTree(json);
    JsonNode s = root.path("summary");
    double link = root.path("config").path("link_bps").asDouble(-1) / 1e6;
    double recv = s.path("udp_mbps").asDouble(-1);
    double sent = s.path("udp_sender_mbps").asDouble(-1);
    assertThat(link).isGreaterThan(0);
    assertThat(recv).as(json).isGreaterThan(0).isLessThanOrEqualTo(sent * 1.0001)
        .isLessThanOrEqualTo(link);
    assertThat(s.path("udp_lost_pct").asDouble(-1)).isBetween(0.0, 100.0);
  }
}
