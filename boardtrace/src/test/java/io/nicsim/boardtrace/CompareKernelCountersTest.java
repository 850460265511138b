package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.core.config.BadInputException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trace compare --stat-before F --stat-after F}: the board's /proc/stat captured beside
 * the trace (the board guide's commands) gives one {@code kernel %CTX cpuN} row per CPU and
 * context, the kernel's split beside the model's CPU by context for the same CPU; one capture
 * without the other is refused, naming the missing one, before anything is printed.
 */
class CompareKernelCountersTest {
  @TempDir Path dir;

  List<String> args() throws Exception {
    Path f = dir.resolve("ping.txt");
    if (!Files.exists(f)) {
      try (InputStream in = CompareKernelCountersTest.class.getResourceAsStream(
          "/fixtures/ping-veth.trace.txt")) {
        Files.copy(in, f);
      }
    }
    return new ArrayList<>(List.of("compare", "--trace", f.toString(), "--map",
        "nsb-va=eth0", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "iperf3 -u -b 2M -l 256 -t 0.1"));
  }

  @Test
  void theKernelsSplitSitsBesideTheModels() throws Exception {
    Path before = dir.resolve("stat.before");
    Path after = dir.resolve("stat.after");
    Files.writeString(before, "cpu  3 0 5 100 0 0 2 0 0 0\ncpu0 1 0 2 50 0 0 1 0 0 0\n"
        + "cpu1 2 0 3 50 0 0 1 0 0 0\n");
    // cpu0: 10 user, 20 system, 60 idle, 4 irq, 6 softirq of 100 ticks; cpu1: all idle
    Files.writeString(after, "cpu  13 0 25 210 0 4 8 0 0 0\ncpu0 11 0 22 110 0 4 7 0 0 0\n"
        + "cpu1 2 0 3 150 0 0 1 0 0 0\n");
    List<String> a = args();
    a.addAll(List.of("--stat-before", before.toString(), "--stat-after", after.toString(),
        "--json"));
    Traces.Result r = Traces.trace(a);
    Map<String, JsonNode> rows = new HashMap<>();
    for (JsonNode n : new ObjectMapper().readTree(r.out()).get("rows")) {
      rows.put(n.get("figure").asText(), n);
    }
    assertThat(rows.get("kernel %usr cpu0").get("board").asDouble()).isCloseTo(10, within(1e-6));
    assertThat(rows.get("kernel %sys cpu0").get("board").asDouble()).isCloseTo(20, within(1e-6));
    assertThat(rows.get("kernel %irq cpu0").get("board").asDouble()).isCloseTo(4, within(1e-6));
    assertThat(rows.get("kernel %soft cpu0").get("board").asDouble()).isCloseTo(6, within(1e-6));
    assertThat(rows.get("kernel %idle cpu0").get("board").asDouble()).isCloseTo(60, within(1e-6));
    assertThat(rows.get("kernel %idle cpu1").get("board").asDouble()).isCloseTo(100, within(1e-6));
    // the model's side of a kernel row is the model's own CPU by context for that CPU
    for (String ctx : List.of("usr", "sys", "irq", "soft", "idle")) {
      for (int cpu = 0; cpu < 2; cpu++) {
        JsonNode k = rows.get("kernel %" + ctx + " cpu" + cpu);
        JsonNode t = rows.get("CPU %" + ctx + " cpu" + cpu);
        double model = t == null ? 0 : t.get("model").asDouble();
        assertThat(k.get("model").asDouble()).as(ctx + " cpu" + cpu).isEqualTo(model);
      }
    }
    // without the captures, no kernel rows
    Traces.Result plain = Traces.trace(args());
    assertThat(plain.out()).contains("CPU %").doesNotContain("kernel %");
  }

  @Test
  void oneCaptureWithoutTheOtherIsRefused() throws Exception {
    Path before = dir.resolve("stat.before");
    Files.writeString(before, "cpu0 1 0 2 50 0 0 1 0 0 0\n");
    List<String> a = args();
    a.addAll(List.of("--stat-before", before.toString()));
    assertThatThrownBy(() -> Traces.trace(a)).isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--stat-after: is missing");
  }
}
