package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code nicsim trace compare} on a trace nicsim itself wrote (its default ftrace text):
 * every figure of the model's run is found in the trace and agrees with it (ratio 1.00 ±
 * 0.01) for every MAC and kind of traffic, and a trace of the same traffic on other costs
 * does not.
 */
class CompareRoundTripTest {
  static final List<String> CONFIG = List.of("--mac", "stmmac", "--kernel", "v6.7",
      "--patch", "+hrtimer-active", "--traffic", "iperf3 -u -b 8M -l 64 -t 0.5");

  @TempDir Path dir;

  @Test
  void nicsimsOwnTraceGivesEveryRatioOne() throws Exception {
    Path trace = dir.resolve("board.txt");
    Traces.model(trace, Traces.concat(List.of("--soc", "cyclone5"), CONFIG));
    Path plot = dir.resolve("compare.png");
    Traces.Result c = Traces.trace(Traces.concat(List.of("compare", "--trace",
        trace.toString(), "--soc", "cyclone5", "--json", "--plot", plot.toString()), CONFIG));
    assertThat(c.err()).isEmpty();
    Map<String, JsonNode> rows = rows(c.out());
    assertThat(rows.keySet()).contains("IRQ/s eth0", "IRQ/s arch_timer",
        "hrtimer_start/s stmmac_tx_timer", "hrtimer_cancel/s stmmac_tx_timer",
        "hrtimer expiries/s stmmac_tx_timer", "NAPI polls/s eth0", "NAPI work/poll eth0",
        "softirq time cpu0", "softirq time NET_RX", "xmit batch size",
        "TX completion latency p50", "TX completion latency p99",
        "inter-IRQ interval p50 eth0", "inter-IRQ interval p90 eth0", "packets/s TX eth0");
    for (Map.Entry<String, JsonNode> e : rows.entrySet()) {
      JsonNode r = e.getValue();
      assertThat(r.get("board").isNumber()).as(e.getKey()).isTrue();
      assertThat(r.get("ratio").asDouble()).as(e.getKey()).isBetween(0.99, 1.01);
    }
    // a real figure, not zeros agreeing: the flood's packet rate and its timer expiries
    assertThat(rows.get("packets/s TX eth0").get("board").asDouble()).isBetween(15000.0,
        16000.0);
    assertThat(rows.get("hrtimer expiries/s stmmac_tx_timer").get("board").asDouble())
        .isPositive();
    byte[] png = Files.readAllBytes(plot);
    assertThat(png).startsWith(0x89, 'P', 'N', 'G');
  }

  /** Every MAC with a board, each with traffic its coalescing answers to. */
  static Stream<List<String>> everyMacAndTrafficKind() {
    return Stream.of(
        List.of("--mac", "fec", "--soc", "imx8qxp", "--traffic", "ping -c 30 -i 0.01"),
        List.of("--mac", "fec", "--soc", "imx8qxp", "-C", "rx-usecs 100", "--traffic",
            "iperf3 -R -t 0.1"),
        List.of("--mac", "bcmgenet", "--soc", "bcm2711", "--traffic", "iperf3 -R -t 0.1"),
        List.of("--mac", "bcmgenet", "--soc", "bcm2711", "--traffic",
            "iperf3 -u -R -b 200M -t 0.1"),
        List.of("--mac", "stmmac", "--soc", "rk3588-yt6801", "--kernel", "v6.18", "--traffic",
            "iperf3 -t 0.1", "--path", "rtt=1ms,rate=1gbit"));
  }

  @ParameterizedTest
  @MethodSource("everyMacAndTrafficKind")
  void everyMacsOwnTraceGivesEveryRatioOne(List<String> config) throws Exception {
    Path trace = dir.resolve("board.txt");
    Traces.model(trace, config);
    Traces.Result c = Traces.trace(Traces.concat(List.of("compare", "--trace",
        trace.toString(), "--json"), config));
    assertThat(c.err()).isEmpty();
    Map<String, JsonNode> rows = rows(c.out());
    assertThat(rows.keySet()).anyMatch(k -> k.startsWith("IRQ/s eth0"))
        .contains("NAPI polls/s eth0", "NAPI work/poll eth0", "softirq time NET_RX",
            "packets/s RX eth0");
    for (Map.Entry<String, JsonNode> e : rows.entrySet()) {
      assertThat(e.getValue().get("board").isNumber()).as(e.getKey()).isTrue();
      assertThat(e.getValue().get("ratio").asDouble()).as(e.getKey()).isBetween(0.99, 1.01);
    }
    assertThat(rows.get("packets/s RX eth0").get("board").asDouble()).isPositive();
  }

  @Test
  void aTraceOfOtherCostsIsToldApart() throws Exception {
    Path slow = dir.resolve("slow.yaml");
    Files.writeString(slow, "name: slow\ninherits: cyclone5\ncosts:\n"
        + "  stmmac_tx_clean_desc: {value: 900, source: \"cyclone5 x2 (test)\", class: exact}\n"
        + "  skb_free: {value: 1800, source: \"cyclone5 x2 (test)\", class: exact}\n");
    Path trace = dir.resolve("slow.txt");
    Traces.model(trace, Traces.concat(List.of("--soc-file", slow.toString()), CONFIG));
    Traces.Result c = Traces.trace(Traces.concat(List.of("compare", "--trace",
        trace.toString(), "--soc", "cyclone5", "--json"), CONFIG));
    Map<String, JsonNode> rows = rows(c.out());
    // the board frees skbs at twice the cost: the model's NET_RX time is well below it
    assertThat(rows.get("softirq time NET_RX").get("ratio").asDouble()).isLessThan(0.8);
    assertThat(rows.get("packets/s TX eth0").get("ratio").asDouble()).isBetween(0.99, 1.01);
  }

  static Map<String, JsonNode> rows(String json) throws Exception {
    JsonNode root = new ObjectMapper().readTree(json);
    Map<String, JsonNode> m = new LinkedHashMap<>();
    List<String> fields = new ArrayList<>();
    for (JsonNode r : root.get("rows")) {
      m.put(r.get("figure").asText(), r);
      r.fieldNames().forEachRemaining(fields::add);
    }
    assertThat(fields).containsOnly("figure", "unit", "board", "model", "ratio");
    return m;
  }
}
